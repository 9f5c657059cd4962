import type { TPathwaySummary } from '@commons/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { pathwaysOf, usePathways, type TPathwayListScope } from '../api/pathways';
import { useCopyPathway } from '../api/pathways-admin';
import { AdminHeading } from '../components/admin-heading';
import { estimatedTimeLabel } from '../pathway-steps';
import { useCanManagePathways } from '../use-pathway-rights';

/** Sections, steps and the estimate of a pathway on one line. */
function sizeLine(pathway: TPathwaySummary): string {
  return [
    pathway.sectionCount === 1 ? '1 section' : `${pathway.sectionCount} sections`,
    pathway.stepCount === 1 ? '1 step' : `${pathway.stepCount} steps`,
    estimatedTimeLabel(pathway.estimatedCompletionTime),
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

/** One pathway of the hub: its title (to the builder), id, status, library flag and size. */
function HubPathwayRow({ hubIdentifier, pathway }: { hubIdentifier: string; pathway: TPathwaySummary }) {
  const titleId = `admin-pathway-${pathway.id}`;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Anchor
            component={Link}
            to={paths.hub.siteAdminPathway(hubIdentifier, pathway.id)}
            id={titleId}
            fw={700}
            style={{ overflowWrap: 'anywhere' }}
          >
            {pathway.title}
          </Anchor>
          <Group gap="xs">
            <Badge
              color={pathway.status === 'published' ? 'teal.9' : 'gray.8'}
              variant="filled"
              radius="sm"
              tt="none"
            >
              {pathway.status === 'published' ? 'Published' : 'Draft'}
            </Badge>
            {pathway.isLibraryPathway ? (
              <Badge color="blue.8" variant="filled" radius="sm" tt="none">
                In the library
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="gray.7">
            ID{' '}
            <Text span ff="monospace">
              {pathway.displayId}
            </Text>{' '}
            · {sizeLine(pathway)}
          </Text>
          {pathway.copiedFrom === null ? null : (
            <Text size="sm" c="gray.7">
              Copied from {pathway.copiedFrom.title}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="outline"
            component={Link}
            to={paths.hub.siteAdminPathway(hubIdentifier, pathway.id)}
            aria-label={`Edit ${pathway.title}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={paths.hub.pathway(hubIdentifier, pathway.slug)}
            aria-label={`Open ${pathway.title} as members see it`}
          >
            Open
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** One library pathway of another hub, with Copy to this hub (a draft copy opens in the builder). */
function LibraryRow({ hubIdentifier, pathway }: { hubIdentifier: string; pathway: TPathwaySummary }) {
  const copy = useCopyPathway(hubIdentifier);
  const navigate = useNavigate();
  const titleId = `library-pathway-${pathway.id}`;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Text fw={700} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {pathway.title}
            </Text>
            <Text size="sm" c="gray.7">
              From {pathway.hub.name} · {sizeLine(pathway)}
            </Text>
          </Stack>
          {pathway.can.copy ? (
            <Button
              size="compact-sm"
              loading={copy.isPending}
              aria-label={`Copy ${pathway.title} to this hub`}
              onClick={() =>
                copy.mutate(
                  { id: pathway.id },
                  {
                    onSuccess: (copied) => {
                      notifications.show({
                        color: 'green',
                        message: `“${copied.title}” is copied as a draft: review it, assign it and publish it.`,
                      });
                      void navigate(paths.hub.siteAdminPathway(hubIdentifier, copied.id));
                    },
                  },
                )
              }
            >
              Copy to this hub
            </Button>
          ) : null}
        </Group>
        {pathway.description === '' ? null : (
          <Text size="sm" lineClamp={3}>
            {pathway.description}
          </Text>
        )}
        <ErrorAlert error={copy.error} title="The pathway was not copied" />
      </Stack>
    </Paper>
  );
}

/** A list of the admin screen: the hub's pathways or the library, with its states. */
function AdminList({
  hubIdentifier,
  scope,
}: {
  hubIdentifier: string;
  scope: Extract<TPathwayListScope, 'manage' | 'library'>;
}) {
  const list = usePathways(hubIdentifier, scope);
  if (list.isPending) return <LoadingState label="Loading pathways…" />;
  if (list.isError)
    return isApiError(list.error) && list.error.status === 403 ? (
      <EmptyState title="You cannot manage pathways here">
        Building pathways and copying them from the library needs the “manage pathways” right in this hub.
      </EmptyState>
    ) : (
      <ErrorState error={list.error} onRetry={() => void list.refetch()} />
    );
  const pathways = pathwaysOf(list.data);
  if (pathways.length === 0)
    return scope === 'manage' ? (
      <EmptyState title="No pathways yet">Create one, or copy one from the library.</EmptyState>
    ) : (
      <EmptyState title="The library is empty">
        Pathways other hubs of your community share in the library show here, ready to copy.
      </EmptyState>
    );
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {pathways.map((pathway) =>
          scope === 'manage' ? (
            <HubPathwayRow key={pathway.id} hubIdentifier={hubIdentifier} pathway={pathway} />
          ) : (
            <LibraryRow key={pathway.id} hubIdentifier={hubIdentifier} pathway={pathway} />
          ),
        )}
      </Stack>
      {list.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * {hubPath}/site-admin/pathways (issue #20 item 1, right manage-pathways): the hub's pathways, to create and edit
 * with the builder, and the library (spec 3 settings.isLibraryPathway: pathways the cluster's other hubs share)
 * to copy from; the review queue is a link away.
 */
export function PathwaysAdminPage() {
  const { identifier = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'library' ? 'library' : 'hub';
  const canManage = useCanManagePathways(identifier);
  usePageTitle('Pathways administration');
  return (
    <Stack gap="lg">
      <AdminHeading
        hubIdentifier={identifier}
        title="Pathways"
        isPathwaysLinked={false}
        end={
          <Group gap="sm">
            <Anchor component={Link} to={paths.hub.pathwayReviews(identifier)}>
              Review queue
            </Anchor>
            {canManage ? (
              <Button component={Link} to={paths.hub.siteAdminPathwayNew(identifier)}>
                New pathway
              </Button>
            ) : null}
          </Group>
        }
      />
      <Tabs
        value={view}
        onChange={(value) => setSearch(value === 'library' ? { view: 'library' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="hub">This hub’s pathways</Tabs.Tab>
          <Tabs.Tab value="library">Library</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="hub" pt="md">
          <AdminList hubIdentifier={identifier} scope="manage" />
        </Tabs.Panel>
        <Tabs.Panel value="library" pt="md">
          <AdminList hubIdentifier={identifier} scope="library" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
