import { memberStanding } from '@commons/domain';
import { Button, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership } from '../../../lib/hub-membership';
import { useDirectory } from '../api/search-directory';
import { FacetGroup } from '../components/facet-group';
import { PersonCard } from '../components/person-card';
import { useWideViewport } from '../../../lib/wide-viewport';

/** Wait after typing before searching. */
const SEARCH_DEBOUNCE_MS = 300;

/** From the md breakpoint the filters sit beside the results; below it they fold away behind a button. */

/**
 * {hubPath}/person (spec 2, issue #4 item 6): search the hub's approved, visible members by name,
 * headline, company, school, major, industry and more (typos tolerated), narrow with facets and
 * load more with the cursor.
 */
export function DirectoryPage() {
  const { identifier = '' } = useParams();
  usePageTitle('People');
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const [userType, setUserType] = useState<string[]>([]);
  const [industry, setIndustry] = useState<string[]>([]);
  const [graduationYear, setGraduationYear] = useState<string[]>([]);
  const directory = useDirectory(identifier, { q: debouncedQuery, userType, industry, graduationYear });
  const areFiltersBeside = useWideViewport();
  // On a phone the first people show on the first screen; the filters open on demand (issue #16 item 14).
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);
  const selectedFilterCount = userType.length + industry.length + graduationYear.length;
  const me = useCurrentUser().data;
  const membership = me === undefined ? undefined : findMembership(me, identifier);
  const isLight = membership !== undefined && memberStanding(membership) === 'light';

  const people = directory.data?.pages.flatMap((page) => page.items) ?? [];
  const facets = directory.data?.pages[0]?.facets;
  const isSearching = directory.isFetching && !directory.isFetchingNextPage;

  let results;
  if (directory.isPending) {
    results = <LoadingState label="Finding people…" />;
  } else if (directory.isError && directory.data === undefined) {
    results =
      isApiError(directory.error) && directory.error.status === 403 ? (
        <EmptyState title="The directory is not open to you yet">
          {isLight
            ? 'People appear here once you complete your profile and become a full member.'
            : 'People appear here once your membership is approved.'}
        </EmptyState>
      ) : (
        <ErrorState error={directory.error} onRetry={() => void directory.refetch()} />
      );
  } else if (people.length === 0) {
    results = (
      <EmptyState title="No people found">Try another spelling, fewer words or fewer filters.</EmptyState>
    );
  } else {
    results = (
      <Stack gap="md">
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="People"
        >
          {people.map((person) => (
            <li key={person.id}>
              <PersonCard person={person} hubIdentifier={identifier} />
            </li>
          ))}
        </SimpleGrid>
        {directory.hasNextPage ? (
          <Group justify="center">
            <Button
              variant="outline"
              onClick={() => void directory.fetchNextPage()}
              loading={directory.isFetchingNextPage}
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
      <Title order={1}>People</Title>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          label="Search people"
          description="Name, headline, company, school, major, industry, help topics or location"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </form>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          {areFiltersBeside ? null : (
            <Button
              variant="default"
              aria-expanded={areFiltersOpen}
              aria-controls="directory-filters"
              onClick={() => setAreFiltersOpen(!areFiltersOpen)}
              mb={areFiltersOpen ? 'md' : 0}
            >
              {selectedFilterCount === 0 ? 'Filters' : `Filters (${selectedFilterCount} selected)`}
            </Button>
          )}
          <Stack
            component="section"
            id="directory-filters"
            aria-label="Filters"
            gap="lg"
            display={!areFiltersBeside && !areFiltersOpen ? 'none' : undefined}
          >
            {facets === undefined ? null : (
              <>
                <FacetGroup
                  label="Member type"
                  options={facets.userType}
                  selected={userType}
                  onChange={setUserType}
                />
                <FacetGroup
                  label="Industry"
                  options={facets.industry}
                  selected={industry}
                  onChange={setIndustry}
                />
                <FacetGroup
                  label="Graduation year"
                  options={facets.graduationYear}
                  selected={graduationYear}
                  onChange={setGraduationYear}
                />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Text size="sm" c="dimmed" role="status" aria-live="polite" mb="sm">
            {isSearching ? 'Searching…' : `${people.length}${directory.hasNextPage ? '+' : ''} people shown`}
          </Text>
          {results}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
