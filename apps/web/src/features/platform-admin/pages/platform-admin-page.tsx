import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { tenantErasurePaths } from '../../../config/tenant-erasure-paths';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { usePlatformClusters } from '../api/platform-admin';
import { ClusterCard } from '../components/cluster-card';
import { CreateClusterModal } from '../components/cluster-forms';

function Clusters() {
  const clusters = usePlatformClusters();
  if (clusters.isPending) return <LoadingState label="Loading clusters…" />;
  if (clusters.isError) return <ErrorState error={clusters.error} onRetry={() => void clusters.refetch()} />;
  const items = clusters.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <EmptyState title="No clusters yet">Create the first cluster from a tenant type.</EmptyState>;
  return (
    <Stack gap="md">
      {items.map((cluster) => (
        <ClusterCard key={cluster.id} cluster={cluster} />
      ))}
      {clusters.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            loading={clusters.isFetchingNextPage}
            onClick={() => void clusters.fetchNextPage()}
          >
            More clusters
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * /super-admin (issue #23 item 1): every cluster (tenant) with its hubs, data regions and usage; create a
 * cluster or a hub from a tenant type, edit a cluster, request its deletion or cancel the request.
 */
export function PlatformAdminPage() {
  usePageTitle('Super admin');
  const me = useCurrentUser();
  const [isCreating, setIsCreating] = useState(false);
  if (me.data === undefined) return <LoadingState />;
  if (!me.data.isAdmin)
    return (
      <EmptyState title="Only super admins can open the super admin console">
        Ask a super admin of Commons for what you need.
      </EmptyState>
    );
  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Super admin</Title>
          <Text c="gray.7">Every cluster on this Commons, its hubs, data regions and usage.</Text>
        </Stack>
        <Group gap="md" wrap="wrap">
          <Anchor component={Link} to={tenantErasurePaths.failedJobs()}>
            Failed jobs
          </Anchor>
          <Button onClick={() => setIsCreating(true)}>New cluster</Button>
        </Group>
      </Group>
      <Clusters />
      <CreateClusterModal opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
