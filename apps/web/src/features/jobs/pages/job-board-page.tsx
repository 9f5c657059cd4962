import type { TJobFacets } from '@commons/contract';
import { DEFAULT_PROJECTS_TAB_NAME, type TJobEmploymentType } from '@commons/domain';
import { Button, Group, Radio, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBell, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { jobPaths } from '../../../config/job-paths';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import {
  postsOf,
  useJobSearch,
  useJobSettings,
  useProfileJobPosts,
  useRecommendedJobs,
  useSavedJobs,
} from '../api/job-board';
import { CreateAlertModal } from '../components/create-alert-modal';
import { FacetCheckboxes } from '../components/facet-checkboxes';
import { JobAlertsList } from '../components/job-alerts-list';
import { JobPostCard } from '../../../components/job-post/job-post-card';
import { MyApplicationsList } from '../components/my-applications-list';
import { PostList } from '../components/post-list';
import {
  EMPTY_JOB_SEARCH,
  searchFromParams,
  searchToParams,
  selectedFilterCount,
  tabFromParams,
  type TJobSearch,
} from '../job-search';
import layout from './job-layout.module.css';
import { useWideViewport } from '../../../lib/wide-viewport';

/** Wait after typing before searching. */
const SEARCH_DEBOUNCE_MS = 300;
/** From the md breakpoint the filters sit beside the results; below it they fold away behind a button. */
/** How many recommended posts show above the search results. */
const RECOMMENDED_COUNT = 4;

/** A yes/no facet (paid, remote) as one choice: either, yes, or no. */
function BooleanFacet(props: {
  label: string;
  options: TJobFacets['paid'];
  value: 'true' | 'false' | null;
  onChange: (value: 'true' | 'false' | null) => void;
}) {
  const countOf = (value: string) => props.options.find((o) => o.value === value)?.count ?? 0;
  const labelOf = (value: string, fallback: string) =>
    props.options.find((o) => o.value === value)?.label ?? fallback;
  if (props.options.length === 0 && props.value === null) return null;
  return (
    <Radio.Group
      label={props.label}
      value={props.value ?? 'any'}
      onChange={(value) => props.onChange(value === 'true' || value === 'false' ? value : null)}
    >
      <Stack gap={6} mt="xs">
        <Radio value="any" label="Any" />
        {(['true', 'false'] as const).map((value) => (
          <Radio
            key={value}
            value={value}
            label={
              <>
                {labelOf(value, value === 'true' ? 'Yes' : 'No')}{' '}
                <Text span c="dimmed" size="sm">
                  ({countOf(value)})
                </Text>
              </>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The facets of the current search, beside the results (desktop) or behind "Filters" (phone). */
function Filters(props: {
  facets: TJobFacets | undefined;
  search: TJobSearch;
  onChange: (search: TJobSearch) => void;
  flows: { jobs: boolean; projects: boolean; projectsName: string };
}) {
  const { facets, search, onChange } = props;
  return (
    <>
      {props.flows.jobs && props.flows.projects ? (
        <Radio.Group
          label="Show"
          value={search.jobFlow ?? 'all'}
          onChange={(value) =>
            onChange({ ...search, jobFlow: value === 'job' || value === 'project' ? value : null })
          }
        >
          <Stack gap={6} mt="xs">
            <Radio value="all" label="Jobs and projects" />
            <Radio value="job" label="Jobs" />
            <Radio value="project" label={props.flows.projectsName} />
          </Stack>
        </Radio.Group>
      ) : null}
      {facets === undefined ? null : (
        <>
          <FacetCheckboxes
            label="Industry"
            options={facets.industry}
            selected={search.industry}
            onChange={(industry) => onChange({ ...search, industry })}
          />
          <FacetCheckboxes
            label="Job function"
            options={facets.jobFunction}
            selected={search.jobFunction}
            onChange={(jobFunction) => onChange({ ...search, jobFunction })}
          />
          <FacetCheckboxes
            label="Type"
            options={facets.employmentType}
            selected={search.employmentType}
            onChange={(values) => onChange({ ...search, employmentType: values as TJobEmploymentType[] })}
          />
          <BooleanFacet
            label="Pay"
            options={facets.paid}
            value={search.paid}
            onChange={(paid) => onChange({ ...search, paid })}
          />
          <FacetCheckboxes
            label="Location"
            options={facets.location}
            selected={search.location}
            onChange={(location) => onChange({ ...search, location })}
          />
          <BooleanFacet
            label="Remote"
            options={facets.remote}
            value={search.remote}
            onChange={(remote) => onChange({ ...search, remote })}
          />
        </>
      )}
    </>
  );
}

/**
 * /hub/{id}/job/list/all-job (spec 2, issue #19 item 4): the hub's job and project board. Search (typos
 * forgiven) with facets and "Load more", "Recommended for you", and the viewer's saved posts, applications,
 * job alerts and own posts as tabs. The search lives in the address, so Back and shared links keep it.
 */
export function JobBoardPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Job board');
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);
  const search = useMemo(() => searchFromParams(params), [params]);
  const [query, setQuery] = useState(search.q);
  const [debouncedQuery] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  /** The text last written to or read from the address, so each side only follows the other's changes. */
  const syncedQuery = useRef(search.q);
  const me = useCurrentUser().data;
  const timeZone = useViewerTimeZone();
  const settings = useJobSettings(identifier);
  const projectsName = settings.data?.settings.projectsTabName ?? DEFAULT_PROJECTS_TAB_NAME;
  const flows = {
    jobs: settings.data?.settings.areJobsShown ?? true,
    projects: settings.data?.settings.areProjectsShown ?? true,
    projectsName,
  };
  const board = useJobSearch(identifier, search, tab === 'all');
  const recommended = useRecommendedJobs(identifier, tab === 'all');
  const saved = useSavedJobs(identifier, tab === 'saved');
  const mine = useProfileJobPosts(identifier, me?.identifier ?? '', tab === 'mine' && me !== undefined);
  const areFiltersBeside = useWideViewport();
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);
  const [isAlertOpen, setIsAlertOpen] = useState(false);
  const canPost = settings.data?.can.postJob === true || settings.data?.can.postProject === true;

  // The typed text reaches the address once typing pauses (replacing the entry: no history per keystroke).
  useEffect(() => {
    if (debouncedQuery === syncedQuery.current) return;
    syncedQuery.current = debouncedQuery;
    setParams((current) => searchToParams({ ...searchFromParams(current), q: debouncedQuery }, current), {
      replace: true,
    });
  }, [debouncedQuery, setParams]);
  // A search opened from a link (an alert's "Show matching posts", Back) fills the box.
  useEffect(() => {
    if (search.q === syncedQuery.current) return;
    syncedQuery.current = search.q;
    setQuery(search.q);
  }, [search.q]);

  const setSearch = (next: TJobSearch) => setParams(searchToParams(next, params));
  const setTab = (next: string | null) => {
    const nextParams = new URLSearchParams(params);
    if (next === null || next === 'all') nextParams.delete('tab');
    else nextParams.set('tab', next);
    setParams(nextParams);
  };

  const facets = board.data?.pages[0]?.facets;
  const labelOf = (value: string) => {
    const all = facets === undefined ? [] : [...facets.industry, ...facets.jobFunction];
    return all.find((option) => option.value === value)?.label ?? value;
  };
  const posts = postsOf(board.data);
  const total = board.data?.pages[0]?.total ?? 0;
  const isSearching = board.isFetching && !board.isFetchingNextPage;
  const filterCount = selectedFilterCount(search);
  const hasSearch = search.q.trim() !== '' || filterCount > 0;
  const recommendedPosts = (recommended.data?.items ?? []).slice(0, RECOMMENDED_COUNT);

  if (settings.isError && isApiError(settings.error) && settings.error.status === 403) {
    return (
      <Stack gap="lg">
        <Title order={1}>Job board</Title>
        <EmptyState title="The job board is not open to you yet">
          Jobs and projects appear here once your membership is approved.
        </EmptyState>
      </Stack>
    );
  }

  const searchPanel = (
    <Stack gap="lg">
      {!hasSearch && recommendedPosts.length > 0 ? (
        <Stack component="section" aria-labelledby="recommended-heading" gap="sm">
          <Title order={2} size="h3" id="recommended-heading">
            Recommended for you
          </Title>
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Recommended for you"
          >
            {recommendedPosts.map((post) => (
              <li key={post.id}>
                <JobPostCard post={post} hubIdentifier={identifier} timeZone={timeZone} />
              </li>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
      <div className={layout.board}>
        <div>
          {areFiltersBeside ? null : (
            <Button
              variant="default"
              aria-expanded={areFiltersOpen}
              aria-controls="job-filters"
              onClick={() => setAreFiltersOpen(!areFiltersOpen)}
              mb={areFiltersOpen ? 'md' : 0}
            >
              {filterCount === 0 ? 'Filters' : `Filters (${filterCount} selected)`}
            </Button>
          )}
          <Stack
            component="section"
            id="job-filters"
            aria-label="Filters"
            gap="lg"
            display={!areFiltersBeside && !areFiltersOpen ? 'none' : undefined}
          >
            <Filters facets={facets} search={search} onChange={setSearch} flows={flows} />
            {filterCount > 0 ? (
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setSearch({ ...EMPTY_JOB_SEARCH, q: search.q })}
                >
                  Clear filters
                </Button>
              </Group>
            ) : null}
          </Stack>
        </div>
        <div>
          <Stack gap="sm">
            <Group justify="space-between" align="center" gap="xs">
              <Title order={2} size="h3">
                {hasSearch ? 'Results' : 'All posts'}
              </Title>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconBell size={16} aria-hidden="true" />}
                onClick={() => setIsAlertOpen(true)}
              >
                Create job alert
              </Button>
            </Group>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {isSearching ? 'Searching…' : `${total} ${total === 1 ? 'post' : 'posts'} found`}
            </Text>
            <PostList
              label="Job board results"
              posts={posts}
              hubIdentifier={identifier}
              timeZone={timeZone}
              projectName={projectsName}
              isPending={board.isPending}
              error={board.error}
              onRetry={() => void board.refetch()}
              hasNextPage={board.hasNextPage}
              isFetchingNextPage={board.isFetchingNextPage}
              onLoadMore={() => void board.fetchNextPage()}
              emptyTitle={hasSearch ? 'No posts match' : 'No posts yet'}
              emptyText={
                hasSearch
                  ? 'Try another spelling, fewer words or fewer filters, or create a job alert to hear when one is posted.'
                  : 'New jobs and projects will show here.'
              }
              loadingLabel="Finding posts…"
            />
          </Stack>
        </div>
      </div>
      <CreateAlertModal
        hubIdentifier={identifier}
        search={search}
        projectsName={projectsName}
        labelOf={labelOf}
        opened={isAlertOpen}
        onClose={() => setIsAlertOpen(false)}
        onCreated={() => setIsAlertOpen(false)}
      />
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Job board</Title>
        {canPost ? (
          <Group gap="xs">
            {settings.data?.can.postJob === true && flows.jobs ? (
              <Button
                component={Link}
                to={jobPaths.post(identifier)}
                leftSection={<IconPlus size={16} aria-hidden="true" />}
              >
                Post a job
              </Button>
            ) : null}
            {settings.data?.can.postProject === true && flows.projects ? (
              <Button
                component={Link}
                variant={settings.data.can.postJob && flows.jobs ? 'outline' : 'filled'}
                to={jobPaths.post(identifier, { isProject: true })}
                leftSection={<IconPlus size={16} aria-hidden="true" />}
              >
                Post a project
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          label="Search jobs and projects"
          description="Title, organisation, description, industry, function or place; small typos are fine"
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            if (tab !== 'all') setTab('all');
          }}
        />
      </form>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label="Job board sections">
          <Tabs.Tab value="all">Search</Tabs.Tab>
          <Tabs.Tab value="saved">Saved</Tabs.Tab>
          <Tabs.Tab value="applied">Applied</Tabs.Tab>
          <Tabs.Tab value="alerts">Alerts</Tabs.Tab>
          {canPost ? <Tabs.Tab value="mine">My posts</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="all" pt="lg">
          {settings.isPending ? <LoadingState /> : searchPanel}
        </Tabs.Panel>
        <Tabs.Panel value="saved" pt="lg">
          <PostList
            label="Saved posts"
            posts={postsOf(saved.data)}
            hubIdentifier={identifier}
            timeZone={timeZone}
            projectName={projectsName}
            isPending={saved.isPending}
            error={saved.error}
            onRetry={() => void saved.refetch()}
            hasNextPage={saved.hasNextPage}
            isFetchingNextPage={saved.isFetchingNextPage}
            onLoadMore={() => void saved.fetchNextPage()}
            emptyTitle="No saved posts"
            emptyText="Choose Save on a job or project to keep it here."
          />
        </Tabs.Panel>
        <Tabs.Panel value="applied" pt="lg">
          <MyApplicationsList hubIdentifier={identifier} timeZone={timeZone} />
        </Tabs.Panel>
        <Tabs.Panel value="alerts" pt="lg">
          <JobAlertsList hubIdentifier={identifier} timeZone={timeZone} projectsName={projectsName} />
        </Tabs.Panel>
        {canPost ? (
          <Tabs.Panel value="mine" pt="lg">
            {me === undefined ? (
              <LoadingState />
            ) : (
              <PostList
                label="Your posts"
                posts={postsOf(mine.data)}
                hubIdentifier={identifier}
                timeZone={timeZone}
                projectName={projectsName}
                isPending={mine.isPending}
                error={mine.error}
                onRetry={() => void mine.refetch()}
                hasNextPage={mine.hasNextPage}
                isFetchingNextPage={mine.isFetchingNextPage}
                onLoadMore={() => void mine.fetchNextPage()}
                emptyTitle="You have not posted yet"
                emptyText="Post a job or a project: members of the hub find it on this board."
                isOwnerView
              />
            )}
          </Tabs.Panel>
        ) : null}
      </Tabs>
      {settings.isError && !(isApiError(settings.error) && settings.error.status === 403) ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : null}
    </Stack>
  );
}
