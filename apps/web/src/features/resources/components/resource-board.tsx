import { RESOURCE_TYPES, type TResourceType } from '@commons/contract';
import { formatCount } from '@commons/domain';
import { Button, Group, Modal, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useContentHub } from '../../../lib/content-hub';
import { useResourceList, useResourceSettings } from '../api/get-resources';
import { useCreateResource } from '../api/resource-mutations';
import { createRequest, emptyDraft, RESOURCE_TYPE_LABELS } from '../resource-rules';
import { ResourceCard } from './resource-card';
import { ResourceForm } from './resource-form';

const ALL = 'all';
/** The scope value of a hub-wide resource in the form's 'Post in' choice. */
const HUB_SCOPE = 'hub';

/**
 * Resources of the hub or a group, or the hub's business directory (isBusinessDirectory): filters by
 * type and category, search, cursor pages, and the post form in a dialog for those the server's
 * settings allow (resources right, group admins; listings need business directory V2 and a user type
 * with canCreateResource, spec 6 Resource creation).
 */
export function ResourceBoard(props: { groupId: string | null; isBusinessDirectory: boolean }) {
  const { isBusinessDirectory } = props;
  const hubId = useContentHub();
  const navigate = useNavigate();
  const settings = useResourceSettings(props.groupId);
  const create = useCreateResource(hubId);
  const [typeName, setTypeName] = useState<TResourceType | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [isCreating, setIsCreating] = useState(false);
  const list = useResourceList({
    isBusinessDirectory,
    typeName: isBusinessDirectory ? null : typeName,
    category,
    q,
    groupId: props.groupId,
  });

  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const categories = pages[0]?.categories ?? [];
  const postableGroups = settings.data?.groups ?? [];
  const hasHubScope = settings.data?.canCreate === true;
  const canCreate = isBusinessDirectory
    ? settings.data?.canCreateListing === true
    : hasHubScope || (props.groupId === null && postableGroups.length > 0);
  const scopes =
    isBusinessDirectory || props.groupId !== null
      ? undefined
      : [
          ...(hasHubScope ? [{ value: HUB_SCOPE, label: 'The whole hub' }] : []),
          ...postableGroups.map((group) => ({ value: group.id, label: group.name })),
        ];
  const noun = isBusinessDirectory ? 'listings' : 'resources';
  const isFiltered = q !== '' || category !== null || (!isBusinessDirectory && typeName !== null);
  const headingId = isBusinessDirectory ? 'directory-heading' : 'resources-heading';

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id={headingId}>
          {isBusinessDirectory ? 'Company listings' : 'All resources'}
        </Title>
        {canCreate ? (
          <Button
            onClick={() => {
              create.reset();
              setIsCreating(true);
            }}
          >
            {isBusinessDirectory ? 'Add a company listing' : 'Post a resource'}
          </Button>
        ) : null}
      </Group>
      <Group align="flex-end" wrap="wrap">
        {isBusinessDirectory ? null : (
          <SegmentedControl
            aria-label="Filter by type"
            value={typeName ?? ALL}
            onChange={(value) => setTypeName(value === ALL ? null : (value as TResourceType))}
            data={[
              { value: ALL, label: 'All types' },
              ...RESOURCE_TYPES.map((value) => ({ value, label: RESOURCE_TYPE_LABELS[value] })),
            ]}
          />
        )}
        <Select
          label="Category"
          value={category ?? ALL}
          onChange={(value) => setCategory(value === null || value === ALL ? null : value)}
          allowDeselect={false}
          data={[
            { value: ALL, label: 'All categories' },
            ...categories.map((c) => {
              const count = formatCount(c.count);
              return { value: c.category, label: count === '' ? c.category : `${c.category} (${count})` };
            }),
          ]}
          w={220}
        />
        <TextInput
          label={`Search ${noun}`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: '12rem' }}
        />
      </Group>
      {list.isPending ? (
        <LoadingState label={`Loading ${noun}…`} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={isFiltered ? `No ${noun} match` : `No ${noun} yet`}>
          {isFiltered
            ? 'Try other words, another type or another category.'
            : isBusinessDirectory
              ? 'Companies of the community appear here.'
              : 'Guides, links, files and videos shared here appear in this list.'}
        </EmptyState>
      ) : (
        <Stack gap="sm" aria-busy={list.isFetching}>
          {items.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} hubId={hubId} />
          ))}
          {list.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="outline"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                {`Load more ${noun}`}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
      <Modal
        opened={isCreating}
        onClose={() => setIsCreating(false)}
        title={isBusinessDirectory ? 'Add a company listing' : 'Post a resource'}
        size="lg"
      >
        {isCreating ? (
          <ResourceForm
            initial={emptyDraft(isBusinessDirectory ? 'link' : 'article')}
            isListing={isBusinessDirectory}
            categories={categories.map((c) => c.category)}
            submitLabel={isBusinessDirectory ? 'Add listing' : 'Post resource'}
            isSaving={create.isPending}
            error={create.error}
            hubId={hubId}
            onCancel={() => setIsCreating(false)}
            scopes={scopes}
            onSubmit={(draft, scope) =>
              create.mutate(
                createRequest(draft, {
                  isListing: isBusinessDirectory,
                  groupId: scope === null ? props.groupId : scope === HUB_SCOPE ? null : scope,
                }),
                {
                  onSuccess: (resource) => {
                    setIsCreating(false);
                    notifications.show({
                      message: isBusinessDirectory
                        ? 'Your listing is in the business directory.'
                        : 'Your resource is posted.',
                    });
                    void navigate(paths.resourcePost(resource.slug, { hubId }));
                  },
                },
              )
            }
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
