import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership } from '../../../lib/hub-membership';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useApprovalQueue, useDecideApproval } from '../api/approvals';

/** The access right that lets a hub admin approve members (spec 1 access rights). */
const APPROVE_USERS_RIGHT = 'approve-users';

/** {hubPath}/site-admin/approvals: hub admins with approve-users approve or reject waiting members (spec 4 Approval). */
export function ApprovalsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Membership approvals');
  const me = useCurrentUser();
  const timeZone = useViewerTimeZone();
  const membership = me.data === undefined ? undefined : findMembership(me.data, identifier);
  const mayApprove =
    membership?.accessRights.includes(APPROVE_USERS_RIGHT) === true || me.data?.isAdmin === true;
  const queue = useApprovalQueue(identifier, mayApprove);
  const decide = useDecideApproval(identifier);

  const heading = <Title order={1}>Membership approvals</Title>;
  if (me.isPending) return <LoadingState />;
  if (!mayApprove) {
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot approve members here">
          Approving members needs the “approve users” right in this hub.
        </EmptyState>
      </Stack>
    );
  }
  if (queue.isPending) return <LoadingState label="Loading the approval queue…" />;
  if (queue.isError) {
    return (
      <Stack>
        {heading}
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      </Stack>
    );
  }
  const items = queue.data.pages.flatMap((page) => page.items);

  const isBusy = (userId: string) => decide.isPending && decide.variables.userId === userId;
  const handleDecide = (userId: string, fullName: string, decision: 'approve' | 'reject') => {
    decide.mutate(
      { userId, decision },
      {
        onSuccess: () =>
          notifications.show({
            color: decision === 'approve' ? 'green' : 'gray',
            message: decision === 'approve' ? `${fullName} was approved.` : `${fullName} was rejected.`,
          }),
      },
    );
  };

  return (
    <Stack gap="lg">
      {heading}
      <Text c="dimmed">People who asked to join and wait for a decision. They get an email either way.</Text>
      {items.length === 0 ? (
        <EmptyState title="No one is waiting">New requests to join appear here.</EmptyState>
      ) : (
        <>
          {/* A table from 'sm' up; on a phone one card per person, so the buttons never leave the screen. */}
          <Table striped withTableBorder visibleFrom="sm">
            <Table.Caption>Members waiting for approval</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Member type</Table.Th>
                <Table.Th scope="col">Requested</Table.Th>
                <Table.Th scope="col">Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.userId}>
                  <Table.Th scope="row">{item.fullName}</Table.Th>
                  <Table.Td>{item.email}</Table.Td>
                  <Table.Td>{item.userType?.title ?? '—'}</Table.Td>
                  <Table.Td>{formatInZone(item.requestedAt, 'medium', timeZone)}</Table.Td>
                  <Table.Td>
                    <DecisionButtons item={item} isBusy={isBusy(item.userId)} onDecide={handleDecide} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack component="ul" hiddenFrom="sm" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Paper component="li" key={item.userId} withBorder p="md" radius="md">
                <Stack gap={4}>
                  <Text fw={600}>{item.fullName}</Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {item.userType?.title ?? 'No member type'} · requested{' '}
                    {formatInZone(item.requestedAt, 'medium', timeZone)}
                  </Text>
                  <DecisionButtons item={item} isBusy={isBusy(item.userId)} onDecide={handleDecide} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {queue.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void queue.fetchNextPage()}
            loading={queue.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

type TQueueItem = { userId: string; fullName: string };

/** Approve and Reject for one waiting member, named for screen readers. */
function DecisionButtons({
  item,
  isBusy,
  onDecide,
}: {
  item: TQueueItem;
  isBusy: boolean;
  onDecide: (userId: string, fullName: string, decision: 'approve' | 'reject') => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        disabled={isBusy}
        onClick={() => onDecide(item.userId, item.fullName, 'approve')}
        aria-label={`Approve ${item.fullName}`}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        disabled={isBusy}
        onClick={() => onDecide(item.userId, item.fullName, 'reject')}
        aria-label={`Reject ${item.fullName}`}
      >
        Reject
      </Button>
    </Group>
  );
}
