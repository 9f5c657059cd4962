import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/**
 * An admin's members list (explore-users, issue #22 item 6; an organisation's, spec 6 Organisation admins): its
 * loading, error and empty states, the table that scrolls sideways on a phone, and "Show more members".
 */
export function MembersTableFrame(props: {
  members: UseInfiniteQueryResult<InfiniteData<unknown>>;
  rowCount: number;
  minWidth: number;
  /** The header row's cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  const { members } = props;
  if (members.isPending) return <LoadingState label="Loading members…" />;
  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  if (props.rowCount === 0) return <EmptyState title="No members match these filters" />;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer
        minWidth={props.minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Members"
      >
        <Table striped withTableBorder verticalSpacing="xs" aria-busy={members.isFetching}>
          <Table.Thead>
            <Table.Tr>{props.head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{props.children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {members.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void members.fetchNextPage()}
          loading={members.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show more members
        </Button>
      ) : null}
    </Stack>
  );
}

/** A member's name with their role badges (admin of the hub, of the organisation…). */
export function MemberNameCell(props: {
  fullName: string;
  badges: ReadonlyArray<{ label: string; color: string }>;
}) {
  return (
    <Table.Td>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500}>
          {props.fullName}
        </Text>
        {props.badges.map((badge) => (
          <Badge
            key={badge.label}
            size="xs"
            variant="outline"
            color={badge.color}
            tt="none"
            style={{ overflow: 'visible' }}
          >
            {badge.label}
          </Badge>
        ))}
      </Group>
    </Table.Td>
  );
}

/** The link to a member's profile in the hub, named for screen readers. */
export function MemberProfileLink(props: { identifier: string; fullName: string; hubIdentifier: string }) {
  return (
    <Anchor
      component={Link}
      to={paths.profile(props.identifier, { hubId: props.hubIdentifier })}
      size="sm"
      aria-label={`Open ${props.fullName}’s profile`}
    >
      Profile
    </Anchor>
  );
}
