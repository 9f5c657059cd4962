import { Button, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorText } from '../../../components/error-state';
import { MembersTableFrame, MemberNameCell, MemberProfileLink } from '../../../components/members-table';
import { MemberFiltersForm } from '../../../components/member-filters-form';
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
  const [filters, setFilters] = useState<TOrganizationMemberFilters>(NO_FILTERS);
  const [isDownloading, setDownloading] = useState(false);
  const members = useOrganizationMembers(props.hubIdentifier, props.organization, filters);
  const rows = members.data?.pages.flatMap((page) => page.items) ?? [];
  const userTypes = members.data?.pages[0]?.userTypes ?? [];
  const download = () => {
    setDownloading(true);
    downloadOrganizationMembersCsv(props.organization, filters)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setDownloading(false));
  };
  return (
    <Stack gap="md">
      <MemberFiltersForm
        initialFilters={NO_FILTERS}
        userTypes={userTypes}
        onShow={setFilters}
        hasStatusFilter={false}
        joinedLabel="Joined the hub"
        sortLabels={SORT_LABELS}
        actions={
          <Button variant="outline" onClick={download} loading={isDownloading}>
            Download as CSV
          </Button>
        }
      />
      <MembersTableFrame
        members={members}
        rowCount={rows.length}
        minWidth={680}
        head={
          <>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">User type</Table.Th>
            <Table.Th scope="col">Joined the hub</Table.Th>
            <Table.Th scope="col">Profile</Table.Th>
          </>
        }
      >
        {rows.map((row) => (
          <Table.Tr key={row.userId}>
            <MemberNameCell
              fullName={row.fullName}
              badges={[
                ...(row.organizationRole === 'member'
                  ? []
                  : [{ label: ROLE_LABELS[row.organizationRole], color: 'teal.9' }]),
                ...(row.isAdmin ? [{ label: 'Hub admin', color: 'blue.9' }] : []),
              ]}
            />
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
            <Table.Td>{row.userType?.title ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatInZone(row.joinedAt, 'medium', timeZone)}
            </Table.Td>
            <Table.Td>
              <MemberProfileLink
                identifier={row.identifier}
                fullName={row.fullName}
                hubIdentifier={props.hubIdentifier}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </MembersTableFrame>
    </Stack>
  );
}
