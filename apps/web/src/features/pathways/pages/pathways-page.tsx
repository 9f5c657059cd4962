import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { pathwaysOf, usePathways, type TPathwayListScope } from '../api/pathways';
import { usePathwayReviews } from '../api/pathways-admin';
import { PathwayCard } from '../components/pathway-card';
import { useCanManagePathways } from '../use-pathway-rights';

/** One list of pathways (assigned, or available to start) with its own loading, error and empty states. */
function PathwayList(props: {
  hubIdentifier: string;
  scope: TPathwayListScope;
  headingId: string;
  empty: ReactNode;
}) {
  const list = usePathways(props.hubIdentifier, props.scope);
  if (list.isPending) return <LoadingState label="Loading pathways…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const pathways = pathwaysOf(list.data);
  if (pathways.length === 0) return props.empty;
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={props.headingId}
      >
        {pathways.map((pathway) => (
          <li key={pathway.id}>
            <PathwayCard hubIdentifier={props.hubIdentifier} pathway={pathway} />
          </li>
        ))}
      </Stack>
      {list.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
          >
            Show more pathways
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The pathways others offer but nobody assigned to the viewer; the section only shows when there are some. */
function AvailablePathways({ hubIdentifier }: { hubIdentifier: string }) {
  const list = usePathways(hubIdentifier, 'available');
  if (list.isSuccess && pathwaysOf(list.data).length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="available-pathways">
      <Title order={2} size="h3" id="available-pathways">
        More pathways to explore
      </Title>
      <PathwayList
        hubIdentifier={hubIdentifier}
        scope="available"
        headingId="available-pathways"
        empty={null}
      />
    </Stack>
  );
}

/** Links of managers (the builder) and reviewers (the queue: hub admins and program mentors with steps to review). */
function ManageLinks({ hubIdentifier }: { hubIdentifier: string }) {
  const canManage = useCanManagePathways(hubIdentifier);
  const reviews = usePathwayReviews(hubIdentifier);
  const waiting = reviews.data?.pages[0]?.items.length ?? 0;
  if (!canManage && waiting === 0) return null;
  return (
    <Group gap="md" component="nav" aria-label="Pathway administration">
      {canManage ? (
        <Anchor component={Link} to={paths.hub.siteAdminPathways(hubIdentifier)}>
          Manage pathways
        </Anchor>
      ) : null}
      <Anchor component={Link} to={paths.hub.pathwayReviews(hubIdentifier)}>
        {waiting === 0
          ? 'Review queue'
          : `Review queue (${waiting}${reviews.hasNextPage ? '+' : ''} waiting)`}
      </Anchor>
    </Group>
  );
}

/**
 * {hubPath}/pathways (spec 2 navigation tab Pathways, issue #20 item 1): the viewer's pathways, assigned to their
 * user type or program role or started by them, each with its progress label, the spec 4 button (Accept & Start,
 * Continue, View), deadline and estimated time; below, published pathways they may take up.
 */
export function PathwaysPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Pathways');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Pathways</Title>
          <Text c="gray.7">Guided steps toward your goals. Your answers save as you go.</Text>
        </Stack>
        <ManageLinks hubIdentifier={identifier} />
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="my-pathways">
        <Title order={2} size="h3" id="my-pathways">
          Your pathways
        </Title>
        <PathwayList
          hubIdentifier={identifier}
          scope="assigned"
          headingId="my-pathways"
          empty={
            <EmptyState title="No pathways for you yet">
              When your community assigns you a pathway, or you start one, it shows here.
            </EmptyState>
          }
        />
      </Stack>
      <AvailablePathways hubIdentifier={identifier} />
    </Stack>
  );
}
