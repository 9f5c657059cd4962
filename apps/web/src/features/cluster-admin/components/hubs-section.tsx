import type { TClusterHubAdmin } from '@commons/contract';
import { Anchor, Badge, Button, Card, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useClusterHubs } from '../api/cluster-admin';

/** Super and cluster admins hold every right wherever they are admin; hub admins are counted by their rights. */
const ADMIN_LEVEL_LABELS: Partial<Record<TClusterHubAdmin['level'], string>> = {
  superAdmin: 'super admin, every right',
  clusterAdmin: 'cluster admin, every right',
};

/** The cluster's hubs, each with its admins and a link to its Site administration. */
export function HubsSection() {
  const hubs = useClusterHubs();
  return (
    <Stack gap="sm" component="section" aria-labelledby="hubs-title" id="hubs">
      <Title order={2} id="hubs-title">
        Hubs
      </Title>
      <Text c="gray.7">The hubs of your cluster and the admins of each one.</Text>
      {hubs.isPending ? (
        <LoadingState label="Loading hubs…" />
      ) : hubs.isError ? (
        <ErrorState error={hubs.error} onRetry={() => void hubs.refetch()} />
      ) : (
        <>
          {hubs.data.pages
            .flatMap((page) => page.items)
            .map((hub) => (
              <Card withBorder key={hub.id} component="article" aria-labelledby={`hub-${hub.id}-name`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="xs" wrap="wrap">
                      <Title order={3} size="h4" id={`hub-${hub.id}-name`}>
                        {hub.name}
                      </Title>
                      <Text size="sm" c="gray.7">
                        {hub.identifier}
                      </Text>
                      {hub.isDefault ? (
                        <Badge variant="outline" color="indigo.8">
                          Default hub
                        </Badge>
                      ) : null}
                    </Group>
                    <Anchor component={Link} to={paths.hub.siteAdmin(hub.identifier)}>
                      Site administration<VisuallyHidden> of {hub.name}</VisuallyHidden>
                    </Anchor>
                  </Group>
                  {hub.adminCount === 0 ? (
                    <Text size="sm" c="gray.7">
                      No hub admins yet.
                    </Text>
                  ) : (
                    <>
                      <Text size="sm" fw={600}>
                        {hub.adminCount === 1 ? '1 admin' : `${hub.adminCount} admins`}
                      </Text>
                      <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
                        {hub.admins.map((admin) => (
                          <List.Item key={admin.userId} style={{ overflowWrap: 'anywhere' }}>
                            {admin.firstName} {admin.lastName} · {admin.email} ·{' '}
                            {ADMIN_LEVEL_LABELS[admin.level] ??
                              (admin.rightCount === 1 ? '1 right' : `${admin.rightCount} rights`)}
                          </List.Item>
                        ))}
                      </List>
                      {hub.adminCount > hub.admins.length ? (
                        <Text size="sm" c="gray.7">
                          And {hub.adminCount - hub.admins.length} more: see Manage admins in the hub&apos;s
                          Site administration.
                        </Text>
                      ) : null}
                    </>
                  )}
                </Stack>
              </Card>
            ))}
          {hubs.hasNextPage ? (
            <Group>
              <Button
                variant="default"
                onClick={() => void hubs.fetchNextPage()}
                loading={hubs.isFetchingNextPage}
              >
                Show more hubs
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
