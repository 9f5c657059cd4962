import type { THubMemberRow, TMembersPage } from '@commons/contract';
import { Button, Checkbox, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { MembersTableFrame, MemberNameCell, MemberProfileLink } from '../../../components/members-table';
import { MemberFiltersForm, memberStatusLabel } from '../../../components/member-filters-form';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../../lib/hub-membership';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useHubMembers, useSwitchUserType, type TMemberFilters } from '../api/members';

const NO_FILTERS: TMemberFilters = {
  q: '',
  userTypeId: '',
  status: '',
  joinedFrom: '',
  joinedTo: '',
  sort: 'joined-desc',
};

const SORT_LABELS: Record<TMemberFilters['sort'], string> = {
  'joined-desc': 'Newest members first',
  'joined-asc': 'Oldest members first',
  'name-asc': 'Name A–Z',
};

/** Choose a user type and switch the chosen members to it (one or several). */
function SwitchTypeModal(props: {
  hubIdentifier: string;
  members: THubMemberRow[];
  userTypes: TMembersPage['userTypes'];
  onClose: () => void;
  onDone: () => void;
}) {
  const switchType = useSwitchUserType(props.hubIdentifier);
  const [userTypeId, setUserTypeId] = useState<string | null>(null);
  const single = props.members.length === 1 ? props.members[0] : undefined;
  const title = single
    ? `Change ${single.fullName}’s user type`
    : `Change the user type of ${props.members.length} members`;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (userTypeId === null) return;
    switchType.mutate(
      { userIds: props.members.map((m) => m.userId), userTypeId },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'green',
            message:
              answer.changed === 1
                ? `1 member is now ${answer.userType.title}.`
                : `${answer.changed} members are now ${answer.userType.title}.`,
          });
          props.onDone();
        },
      },
    );
  };
  return (
    <Modal opened onClose={props.onClose} title={title}>
      <form onSubmit={handleSubmit}>
        <Stack>
          {single ? (
            <Text size="sm">Now: {single.userType?.title ?? 'no user type'}</Text>
          ) : (
            <Text size="sm">{props.members.map((m) => m.fullName).join(', ')}</Text>
          )}
          <Select
            label="New user type"
            placeholder="Choose a user type"
            data={props.userTypes.filter((t) => !t.isDisabled).map((t) => ({ value: t.id, label: t.title }))}
            value={userTypeId}
            onChange={setUserTypeId}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="xs" c="gray.7">
            What members see and can do follows their user type. The change is recorded in the audit log.
          </Text>
          <ErrorAlert error={switchType.error} title="The user type was not changed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={switchType.isPending} disabled={userTypeId === null}>
              Change user type
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * {hubPath}/site-admin/explore-users (issue #22 item 6, right explore-users): the hub's members with filters
 * (name or email, user type, status, joined days), sorted and paged; each opens its profile, and admins with
 * switch-user-types change the user type of one member or of the selected ones.
 */
export function ExploreUsersPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Explore users');
  const me = useCurrentUser();
  const timeZone = useViewerTimeZone();
  const [filters, setFilters] = useState<TMemberFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [switching, setSwitching] = useState<THubMemberRow[] | null>(null);
  const members = useHubMembers(identifier, filters);
  if (me.data === undefined) return <LoadingState />;
  const isAllowed =
    mayOpenAnyHub(me.data) ||
    (findMembership(me.data, identifier)?.accessRights ?? []).includes('explore-users');
  if (!isAllowed)
    return (
      <EmptyState title="Only admins with the explore-users right can list members">
        Ask an admin of this hub who manages admins for the right.
      </EmptyState>
    );
  const rows = members.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = members.data?.pages[0];
  const userTypes = firstPage?.userTypes ?? [];
  const canSwitch = firstPage?.can.switchUserType ?? false;
  const chosen = rows.filter((row) => selected.has(row.userId));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (userId: string, isChecked: boolean) => {
    const next = new Set(selected);
    if (isChecked) next.add(userId);
    else next.delete(userId);
    setSelected(next);
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Explore users</Title>
        <Text c="gray.7">
          Every member of this hub, whatever their status. Filter, open a profile or change user types.
        </Text>
      </Stack>
      <MemberFiltersForm
        initialFilters={NO_FILTERS}
        userTypes={userTypes}
        onShow={(next) => {
          setSelected(new Set());
          setFilters(next);
        }}
        hasStatusFilter
        joinedLabel="Joined"
        sortLabels={SORT_LABELS}
      />
      {canSwitch && chosen.length > 0 ? (
        <Paper withBorder p="sm" radius="md" role="region" aria-label="Selected members">
          <Group justify="space-between">
            <Text fw={500}>
              {chosen.length === 1 ? '1 member selected' : `${chosen.length} members selected`}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
              <Button size="xs" onClick={() => setSwitching(chosen)}>
                Change user type
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <MembersTableFrame
        members={members}
        rowCount={rows.length}
        minWidth={820}
        head={
          <>
            {canSwitch ? (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label="Select every member shown"
                  checked={allChosen}
                  indeterminate={chosen.length > 0 && !allChosen}
                  onChange={(event) =>
                    setSelected(event.currentTarget.checked ? new Set(rows.map((r) => r.userId)) : new Set())
                  }
                />
              </Table.Th>
            ) : null}
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">User type</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </>
        }
      >
        {rows.map((row) => (
          <Table.Tr key={row.userId}>
            {canSwitch ? (
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${row.fullName}`}
                  checked={selected.has(row.userId)}
                  onChange={(event) => toggle(row.userId, event.currentTarget.checked)}
                />
              </Table.Td>
            ) : null}
            <MemberNameCell
              fullName={row.fullName}
              badges={row.isAdmin ? [{ label: 'Admin', color: 'blue.9' }] : []}
            />
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
            <Table.Td>{row.userType?.title ?? '—'}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={row.status === 'approved' ? 400 : 600}>
                {memberStatusLabel(row.status)}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatInZone(row.joinedAt, 'medium', timeZone)}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <MemberProfileLink
                  identifier={row.identifier}
                  fullName={row.fullName}
                  hubIdentifier={identifier}
                />
                {canSwitch ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setSwitching([row])}
                    aria-label={`Change ${row.fullName}’s user type`}
                  >
                    Change type
                  </Button>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </MembersTableFrame>
      {switching ? (
        <SwitchTypeModal
          hubIdentifier={identifier}
          members={switching}
          userTypes={userTypes}
          onClose={() => setSwitching(null)}
          onDone={() => {
            setSwitching(null);
            setSelected(new Set());
          }}
        />
      ) : null}
    </Stack>
  );
}
