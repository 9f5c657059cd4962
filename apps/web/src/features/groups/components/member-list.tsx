import type { TGroupDetail, TGroupMember, TGroupMembersQuery } from '@commons/contract';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useGroupMembers } from '../api/groups-api';
import { MemberCard } from './member-card';

/** A paged list of a group's members for the filters; `renderActions` adds buttons per member. */
export function MemberList(props: {
  group: TGroupDetail;
  filters: Omit<TGroupMembersQuery, 'cursor' | 'limit'>;
  label: string;
  emptyTitle: string;
  renderActions?: (member: TGroupMember) => ReactNode;
}) {
  const members = useGroupMembers(props.group.identifier, props.filters);
  if (members.isPending) return <LoadingState label="Loading members…" />;
  if (members.isError && members.data === undefined) {
    return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  }
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {members.isFetching && !members.isFetchingNextPage
          ? 'Searching…'
          : `${items.length}${members.hasNextPage ? '+' : ''} shown`}
      </Text>
      {items.length === 0 ? (
        <EmptyState title={props.emptyTitle} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          aria-label={props.label}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((member) => (
            <li key={member.user.id}>
              <MemberCard
                member={member}
                labels={props.group.roleLabels}
                hubId={props.group.hub.id}
                actions={props.renderActions?.(member)}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      {members.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void members.fetchNextPage()}
            loading={members.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
