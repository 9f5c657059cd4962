import { SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ContactActions } from '../../../components/contact-actions';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { useCurrentGroup } from '../../../lib/current-group';
import { MemberList } from '../components/member-list';
import { capitalize } from '../group-labels';

type TRoleFilter = 'all' | 'mentor' | 'mentee';

/**
 * The members tab: the group's members in good standing, searchable, each with the ways to contact them
 * inside the group (its message types apply); programs filter by role.
 */
export function GroupMembersTab() {
  const group = useCurrentGroup();
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, 300);
  const [role, setRole] = useState<TRoleFilter>('all');
  if (group.data === undefined) return <LoadingState />;
  const data = group.data;
  if (!data.can.viewContent) {
    return <EmptyState title="Members are visible to members">Join to see who is here.</EmptyState>;
  }
  const isProgram = data.groupType === 'mentorshipProgram';
  return (
    <Stack gap="md">
      <Title order={2}>Members</Title>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          label="Search members"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </form>
      {isProgram ? (
        <SegmentedControl
          aria-label="Show"
          value={role}
          onChange={(value) => setRole(value as TRoleFilter)}
          data={[
            { value: 'all', label: 'Everyone' },
            { value: 'mentor', label: capitalize(data.roleLabels.mentors) },
            { value: 'mentee', label: capitalize(data.roleLabels.mentees) },
          ]}
        />
      ) : null}
      <MemberList
        group={data}
        label="Members"
        emptyTitle="No members found"
        filters={{ q: debouncedQuery, ...(role === 'all' ? {} : { role }) }}
        renderActions={(member) => (
          <ContactActions
            person={{ id: member.user.id, fullName: member.user.fullName }}
            scope={{ hubId: data.hub.identifier, groupId: data.id }}
            variant="compact"
          />
        )}
      />
    </Stack>
  );
}
