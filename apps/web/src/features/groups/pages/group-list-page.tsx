import type { TGroupTypeName } from '@commons/contract';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useGroupList } from '../api/groups-api';
import { CreateGroupModal } from '../components/create-group-modal';
import { GroupCard } from '../components/group-card';
import { GROUP_LIST_TITLES, GROUP_TYPE_LABELS } from '../group-labels';

/** Wait after typing before searching. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The Groups, Programs and Organizations navigation tabs (spec 2): the current hub's groups of one
 * type, searched by name and description, all or only mine, loaded page by page; hub admins with the
 * right create new ones.
 */
function GroupListPage({ groupType }: { groupType: TGroupTypeName }) {
  const title = GROUP_LIST_TITLES[groupType];
  usePageTitle(title);
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [scope, setScope] = useState<'all' | 'mine'>('all');
  const [isCreating, creating] = useDisclosure(false);
  const list = useGroupList({ type: groupType, q: debouncedQuery, isMine: scope === 'mine' });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const canCreate = list.data?.pages[0]?.canCreate === true;
  const noun = title.toLowerCase();

  let results;
  if (list.isPending) {
    results = <LoadingState label={`Loading ${noun}…`} />;
  } else if (list.isError && list.data === undefined) {
    results = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    results = (
      <EmptyState title={scope === 'mine' ? `You are not in any ${noun} yet` : `No ${noun} found`}>
        {debouncedQuery === '' ? undefined : 'Try another word or fewer words.'}
      </EmptyState>
    );
  } else {
    results = (
      <Stack gap="md">
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label={title}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} />
            </li>
          ))}
        </SimpleGrid>
        {list.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="outline"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              Load more
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {canCreate ? (
          <Button onClick={creating.open}>Create {GROUP_TYPE_LABELS[groupType].toLowerCase()}</Button>
        ) : null}
      </Group>
      <Group align="flex-end" gap="md">
        <form role="search" onSubmit={(event) => event.preventDefault()} style={{ flex: 1, minWidth: 240 }}>
          <TextInput
            label={`Search ${noun}`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
        </form>
        <SegmentedControl
          aria-label="Which ones"
          value={scope}
          onChange={(value) => setScope(value === 'mine' ? 'mine' : 'all')}
          data={[
            { value: 'all', label: `All ${noun}` },
            { value: 'mine', label: `My ${noun}` },
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {list.isFetching && !list.isFetchingNextPage
          ? 'Searching…'
          : `${items.length}${list.hasNextPage ? '+' : ''} shown`}
      </Text>
      {results}
      <CreateGroupModal groupType={groupType} isOpen={isCreating} onClose={creating.close} />
    </Stack>
  );
}

/** /groups. */
export function GroupsPage() {
  return <GroupListPage groupType="group" />;
}

/** /programs. */
export function ProgramsPage() {
  return <GroupListPage groupType="mentorshipProgram" />;
}

/** /organizations. */
export function OrganizationsPage() {
  return <GroupListPage groupType="organization" />;
}
