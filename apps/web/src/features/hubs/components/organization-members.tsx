import { MEMBER_SORTS } from '@commons/contract';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';

import {
  downloadOrganizationMembersCsv,
  useOrganizationMembers,
  type TOrganizationMemberFilters,
} from '../api/organization-admin';

const NO_FILTERS: TOrganizationMemberFilters = {
  q: '',
  userTypeId: '',
  status: '',
  joinedFrom: '',
  joinedTo: '',
  sort: 'name-asc',
};

const ROLE_LABELS = { admin: 'Organization admin', viewOnlyAdmin: 'View-only admin' } as const;

const SORT_LABELS: Record<TOrganizationMemberFilters['sort'], string> = {
  'joined-desc': 'Newest in the hub first',
  'joined-asc': 'Oldest in the hub first',
  'name-asc': 'Name A–Z',
};

/**
 * explore-users of one organisation (spec 6 Organisation admins): its approved members, filtered by name or
 * email, user type and the days they joined the hub, paged, each opening their profile; the same list as CSV.
 */
export function OrganizationMembers(props: { hubIdentifier: string; organization: string }) {
  const timeZone = useViewerTimeZone();
  const [draft, setDraft] = useState<TOrganizationMemberFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<TOrganizationMemberFilters>(NO_FILTERS);
  const [isDownloading, setDownloading] = useState(false);
  const members = useOrganizationMembers(props.hubIdentifier, props.organization, filters);
  const rows = members.data?.pages.flatMap((page) => page.items) ?? [];
  const userTypes = members.data?.pages[0]?.userTypes ?? [];
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const download = () => {
    setDownloading(true);
    downloadOrganizationMembersCsv(props.organization, filters)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setDownloading(false));
  };
  return (
    <Stack gap="md">
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
              ...userTypes.map((type) => ({ value: type.id, label: type.title })),
            ]}
            value={draft.userTypeId}
            onChange={(value) => setDraft({ ...draft, userTypeId: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
          <TextInput
            type="date"
            label="Joined the hub from"
            value={draft.joinedFrom}
            onChange={(event) => setDraft({ ...draft, joinedFrom: event.currentTarget.value })}
            w={{ base: '47%', sm: 170 }}
          />
          <TextInput
            type="date"
            label="Joined the hub to"
            value={draft.joinedTo}
            onChange={(event) => setDraft({ ...draft, joinedTo: event.currentTarget.value })}
            w={{ base: '47%', sm: 170 }}
          />
          <Select
            label="Sort"
            data={MEMBER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
            value={draft.sort}
            onChange={(value) =>
              setDraft({ ...draft, sort: (value ?? 'name-asc') as TOrganizationMemberFilters['sort'] })
            }
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <Button type="submit">Show members</Button>
          <Button variant="outline" onClick={download} loading={isDownloading}>
            Download as CSV
          </Button>
        </Group>
      </form>
      {members.isPending ? (
        <LoadingState label="Loading members…" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No members match these filters" />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={680} type="native" tabIndex={0} role="region" aria-label="Members">
            <Table striped withTableBorder verticalSpacing="xs" aria-busy={members.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">User type</Table.Th>
                  <Table.Th scope="col">Joined the hub</Table.Th>
                  <Table.Th scope="col">Profile</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.userId}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" fw={500}>
                          {row.fullName}
                        </Text>
                        {row.organizationRole === 'member' ? null : (
                          <Badge
                            size="xs"
                            variant="outline"
                            color="teal.9"
                            tt="none"
                            style={{ overflow: 'visible' }}
                          >
                            {ROLE_LABELS[row.organizationRole]}
                          </Badge>
                        )}
                        {row.isAdmin ? (
                          <Badge
                            size="xs"
                            variant="outline"
                            color="blue.9"
                            tt="none"
                            style={{ overflow: 'visible' }}
                          >
                            Hub admin
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td>{row.userType?.title ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatInZone(row.joinedAt, 'medium', timeZone)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.profile(row.identifier, { hubId: props.hubIdentifier })}
                        size="sm"
                        aria-label={`Open ${row.fullName}’s profile`}
                      >
                        Profile
                      </Anchor>
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
    </Stack>
  );
}
