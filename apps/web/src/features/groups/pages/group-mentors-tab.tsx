import { Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { useCurrentGroup } from '../../../lib/current-group';
import { MemberList } from '../components/member-list';
import { capitalize } from '../group-labels';

/** The mentors tab of a program: its mentors (and members who are both), searchable. */
export function GroupMentorsTab() {
  const group = useCurrentGroup();
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, 300);
  if (group.data === undefined) return <LoadingState />;
  const data = group.data;
  const title = capitalize(data.roleLabels.mentors);
  if (!data.can.viewContent) return <EmptyState title={`${title} are visible to members`}>Register to meet them.</EmptyState>;
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput label={`Search ${data.roleLabels.mentors}`} type="search" value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
      </form>
      <MemberList group={data} label={title} emptyTitle={`No ${data.roleLabels.mentors} found`} filters={{ role: 'mentor', q: debouncedQuery }} />
    </Stack>
  );
}
