import type { TCareerPath } from '@commons/contract';
import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useAdminCareerPaths, useArchiveCareerPath, useCareerPath } from '../api/career-paths';
import { CareerPathFormModal } from '../components/career-path-form-modal';

/** One row of the managing list: title, salary, and Edit with Archive or Restore. */
function AdminRow(props: { hubIdentifier: string; careerPath: TCareerPath; onEdit: () => void }) {
  const { careerPath } = props;
  const archive = useArchiveCareerPath(props.hubIdentifier);
  const isArchived = careerPath.isArchived;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Anchor component={Link} to={paths.hub.careerPath(props.hubIdentifier, careerPath.id)} fw={600}>
            {careerPath.title}
          </Anchor>
          <Text size="sm" c="gray.7">
            {[careerPath.salaryText, careerPath.typicalRoles.slice(0, 2).join(', ')]
              .filter((part) => part !== null && part !== '')
              .join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="outline" size="sm" onClick={props.onEdit} aria-label={`Edit ${careerPath.title}`}>
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            color={isArchived ? undefined : 'red.9'}
            loading={archive.isPending}
            aria-label={`${isArchived ? 'Restore' : 'Archive'} ${careerPath.title}`}
            onClick={() =>
              archive.mutate(
                { id: careerPath.id, isArchived: !isArchived },
                {
                  onSuccess: () =>
                    notifications.show({
                      message: isArchived
                        ? `${careerPath.title} is back in the catalogue.`
                        : `${careerPath.title} is archived; members no longer see it.`,
                    }),
                },
              )
            }
          >
            {isArchived ? 'Restore' : 'Archive'}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The path named by ?edit= (a career path page's Edit), loaded for the form. */
function EditFromAddress(props: { hubIdentifier: string; id: string; onClose: () => void }) {
  const query = useCareerPath(props.hubIdentifier, props.id);
  if (query.data === undefined) return null;
  return (
    <CareerPathFormModal
      hubIdentifier={props.hubIdentifier}
      careerPath={query.data.careerPath}
      isOpen
      onClose={props.onClose}
      onSaved={(saved) => {
        notifications.show({ message: `${saved.title} is saved.` });
        props.onClose();
      }}
    />
  );
}

/**
 * {hubPath}/site-admin/career-paths (issue #20 item 2; manage-career-paths): the cluster's career paths, active
 * or archived, searched; add, edit, archive and restore them.
 */
export function CareerPathsAdminPage() {
  usePageTitle('Manage career paths');
  const { identifier = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<'active' | 'archived'>('active');
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<TCareerPath | 'new' | null>(null);
  const list = useAdminCareerPaths(identifier, { status, q });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const editId = params.get('edit');
  const closeEditFromAddress = () => {
    const search = new URLSearchParams(params);
    search.delete('edit');
    setParams(search, { replace: true });
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading the career paths…" />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState title={status === 'active' ? 'No career paths' : 'No archived career paths'}>
        {q !== ''
          ? 'No career path matches your search.'
          : status === 'active'
            ? 'Add the first one.'
            : 'Archived career paths appear here.'}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((careerPath) => (
            <AdminRow
              key={careerPath.id}
              hubIdentifier={identifier}
              careerPath={careerPath}
              onEdit={() => setEditing(careerPath)}
            />
          ))}
        </Stack>
        {list.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="outline"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </Group>
        ) : null}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.hub.siteAdmin(identifier)} size="sm">
          ← Site administration
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>Career paths</Title>
          <Button onClick={() => setEditing('new')}>Add a career path</Button>
        </Group>
        <Text c="gray.7">
          The career paths every hub of your community shares. Members browse them at{' '}
          <Anchor component={Link} to={paths.hub.careerPaths(identifier)}>
            Career Paths
          </Anchor>{' '}
          once the hub’s career paths feature is on.
        </Text>
      </Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <form onSubmit={handleSearch} role="search" style={{ flex: '1 1 280px' }}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Search"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={200}
            />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </Group>
        </form>
        <SegmentedControl
          aria-label="Which career paths"
          value={status}
          onChange={(value) => setStatus(value === 'archived' ? 'archived' : 'active')}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </Group>
      {body}
      {editing === null ? null : (
        <CareerPathFormModal
          hubIdentifier={identifier}
          careerPath={editing === 'new' ? null : editing}
          isOpen
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            notifications.show({ message: `${saved.title} is saved.` });
            setEditing(null);
          }}
        />
      )}
      {editId === null ? null : (
        <EditFromAddress hubIdentifier={identifier} id={editId} onClose={closeEditFromAddress} />
      )}
    </Stack>
  );
}
