import { MEMBER_SORTS, MEMBER_STATUSES, type THubMemberRow, type TMembersPage } from '@commons/contract';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
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

const STATUS_LABELS: Record<THubMemberRow['status'], string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
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
  const [draft, setDraft] = useState<TMemberFilters>(NO_FILTERS);
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
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Set());
    setFilters(draft);
  };
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
      <form onSubmit={handleSubmit} aria-label="Member filters">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Name or email"
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            maxLength={100}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label="User type"
            data={[
              { value: '', label: 'All user types' },
              ...userTypes.map((t) => ({ value: t.id, label: t.title })),
            ]}
            value={draft.userTypeId}
            onChange={(value) => setDraft({ ...draft, userTypeId: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
          <Select
            label="Status"
            data={[
              { value: '', label: 'Any status' },
              ...MEMBER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
            ]}
            value={draft.status}
            onChange={(value) => setDraft({ ...draft, status: (value ?? '') as TMemberFilters['status'] })}
            allowDeselect={false}
            w={{ base: '100%', sm: 150 }}
          />
          <TextInput
            type="date"
            label="Joined from"
            value={draft.joinedFrom}
            onChange={(event) => setDraft({ ...draft, joinedFrom: event.currentTarget.value })}
            w={{ base: '47%', sm: 160 }}
          />
          <TextInput
            type="date"
            label="Joined to"
            value={draft.joinedTo}
            onChange={(event) => setDraft({ ...draft, joinedTo: event.currentTarget.value })}
            w={{ base: '47%', sm: 160 }}
          />
          <Select
            label="Sort"
            data={MEMBER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
            value={draft.sort}
            onChange={(value) =>
              setDraft({ ...draft, sort: (value ?? 'joined-desc') as TMemberFilters['sort'] })
            }
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <Button type="submit">Show members</Button>
        </Group>
      </form>
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
      {members.isPending ? (
        <LoadingState label="Loading members…" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No members match these filters" />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={820} type="native" tabIndex={0} role="region" aria-label="Members">
            <Table striped withTableBorder verticalSpacing="xs" aria-busy={members.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {canSwitch ? (
                    <Table.Th scope="col" w={40}>
                      <Checkbox
                        aria-label="Select every member shown"
                        checked={allChosen}
                        indeterminate={chosen.length > 0 && !allChosen}
                        onChange={(event) =>
                          setSelected(
                            event.currentTarget.checked ? new Set(rows.map((r) => r.userId)) : new Set(),
                          )
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
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" fw={500}>
                          {row.fullName}
                        </Text>
                        {row.isAdmin ? (
                          <Badge
                            size="xs"
                            variant="outline"
                            color="blue.9"
                            tt="none"
                            style={{ overflow: 'visible' }}
                          >
                            Admin
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td>{row.userType?.title ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={row.status === 'approved' ? 400 : 600}>
                        {STATUS_LABELS[row.status]}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatInZone(row.joinedAt, 'medium', timeZone)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={paths.profile(row.identifier, { hubId: identifier })}
                          size="sm"
                          aria-label={`Open ${row.fullName}’s profile`}
                        >
                          Profile
                        </Anchor>
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
              </Table.Tbody>
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
      )}
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
