import type { TGroupDetail, TGroupMember, TProgramRole } from '@commons/contract';
import { Button, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { downloadMembersCsv, useMemberAction } from '../api/group-admin-api';
import { useGroupMembers } from '../api/groups-api';
import { roleText } from './member-card';

type TStatusFilter = 'approved' | 'pending' | 'invited' | 'rejected';

/** The admin controls of one member row: approve or decline a request; role, admin level and removal of members. */
function MemberActions({ group, member }: { group: TGroupDetail; member: TGroupMember }) {
  const action = useMemberAction(group.identifier);
  const name = member.user.fullName;
  const run = (input: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(input, {
      onSuccess: () => notifications.show({ message: done }),
      onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
    });
  if (!group.can.manage) return <Text size="sm">View only</Text>;
  const userId = member.user.id;
  if (member.status === 'pending') {
    return (
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => run({ userId, kind: 'approve' }, `${name} approved.`)}
          aria-label={`Approve ${name}`}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          onClick={() => run({ userId, kind: 'reject' }, `${name} declined.`)}
          aria-label={`Decline ${name}`}
        >
          Decline
        </Button>
      </Group>
    );
  }
  const level = member.isViewOnlyAdmin ? 'viewOnly' : member.isAdmin ? 'admin' : 'member';
  return (
    <Group gap="xs" wrap="wrap">
      {group.groupType === 'mentorshipProgram' ? (
        <Select
          size="xs"
          aria-label={`Role of ${name}`}
          allowDeselect={false}
          value={member.role === 'admin' || member.role === null ? 'none' : member.role}
          data={[
            { value: 'none', label: 'No role' },
            { value: 'mentee', label: group.roleLabels.mentee },
            { value: 'mentor', label: group.roleLabels.mentor },
            { value: 'both', label: 'Both' },
          ]}
          onChange={(value) =>
            run(
              {
                userId,
                kind: 'update',
                changes: { role: value === 'none' || value === null ? null : (value as TProgramRole) },
              },
              `Role of ${name} changed.`,
            )
          }
        />
      ) : null}
      {member.status === 'approved' || member.status === 'admin' ? (
        <Select
          size="xs"
          aria-label={`Admin level of ${name}`}
          allowDeselect={false}
          value={level}
          data={[
            { value: 'member', label: 'Member' },
            { value: 'admin', label: 'Admin' },
            { value: 'viewOnly', label: 'View-only admin' },
          ]}
          onChange={(value) =>
            run(
              {
                userId,
                kind: 'update',
                changes:
                  value === 'viewOnly'
                    ? { isViewOnlyAdmin: true }
                    : { isAdmin: value === 'admin', isViewOnlyAdmin: false },
              },
              `Admin level of ${name} changed.`,
            )
          }
        />
      ) : null}
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        onClick={() => run({ userId, kind: 'remove' }, `${name} removed.`)}
        aria-label={`Remove ${name}`}
      >
        Remove
      </Button>
    </Group>
  );
}

/** Members by status with approve, decline, role, admin level and removal, and the CSV export (issue #6 Group admin). */
export function ManageMembers({ group }: { group: TGroupDetail }) {
  const [status, setStatus] = useState<TStatusFilter>('approved');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const members = useGroupMembers(group.identifier, { status, q: debounced });
  const [isExporting, setIsExporting] = useState(false);
  const items = members.data?.pages.flatMap((p) => p.items) ?? [];
  const handleExport = () => {
    setIsExporting(true);
    downloadMembersCsv(group.identifier)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setIsExporting(false));
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Member status"
          value={status}
          onChange={(value) => setStatus(value as TStatusFilter)}
          data={[
            { value: 'approved', label: 'Members' },
            { value: 'pending', label: 'Requests' },
            { value: 'invited', label: 'Invited' },
            { value: 'rejected', label: 'Declined' },
          ]}
        />
        {group.can.exportMembers ? (
          <Button variant="outline" onClick={handleExport} loading={isExporting}>
            Export members CSV
          </Button>
        ) : null}
      </Group>
      <TextInput
        label="Search members"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {members.isPending ? (
        <LoadingState />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="Nobody here yet" />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table aria-label="Members" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((member) => (
                <Table.Tr key={member.user.id}>
                  <Table.Th scope="row" fw={500}>
                    {member.user.fullName}
                  </Table.Th>
                  <Table.Td>
                    {[
                      roleText(member.role, group.roleLabels),
                      member.isViewOnlyAdmin ? 'View-only admin' : member.isAdmin ? 'Admin' : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </Table.Td>
                  <Table.Td>
                    <MemberActions group={group} member={member} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {members.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void members.fetchNextPage()}
          loading={members.isFetchingNextPage}
        >
          Show more
        </Button>
      ) : null}
    </Stack>
  );
}
