import { webPaths } from '@commons/contract';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { hubQueryOptions } from '../../../lib/hub-query';
import { useCareerAssessmentTab, useCareerPaths } from '../api/career-paths';
import { CareerPathCard } from '../components/career-path-card';

/**
 * {hubPath}/career-paths (spec 2; issue #20 item 2): the cluster's career paths by title, searched in full text
 * (?q=), or only my favourites (?show=favorites), a page at a time; each with its favourite button.
 */
export function CareerPathsPage() {
  usePageTitle('Career Paths');
  const { identifier = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const isFavoritesOnly = params.get('show') === 'favorites';
  const [draft, setDraft] = useState(q);
  const list = useCareerPaths(identifier, { q, isFavoritesOnly });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const canManage = list.data?.pages[0]?.can.manage === true;
  const isAssessmentOffered =
    useQuery({
      ...hubQueryOptions(identifier),
      enabled: identifier !== '',
      select: (hub) =>
        hub.activeModules.find((m) => m.id === 'career-paths')?.enableCareerPathsPathwayUAssessments === true,
    }).data === true;
  const assessment = useCareerAssessmentTab(identifier, isAssessmentOffered);

  const setQuery = (patch: { q?: string; show?: string }) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === '') search.delete(key);
      else search.set(key, value);
    }
    setParams(search, { replace: true });
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: draft.trim() });
  };

  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading the career paths…" />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        title={
          q !== ''
            ? 'No career path matches your search'
            : isFavoritesOnly
              ? 'No favorites yet'
              : 'No career paths yet'
        }
      >
        {q !== ''
          ? 'Try other words, or clear the search.'
          : isFavoritesOnly
            ? 'Favorite the career paths you want to explore; alumni in them are recommended to you.'
            : 'Career paths appear here once admins add them.'}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((careerPath) => (
            <CareerPathCard key={careerPath.id} hubIdentifier={identifier} careerPath={careerPath} />
          ))}
        </SimpleGrid>
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
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>Career Paths</Title>
          <Text c="gray.7">
            Explore careers, favorite the ones you like and meet alumni who work in them.
          </Text>
        </Stack>
        {canManage ? (
          <Button component={Link} to={paths.hub.siteAdminCareerPaths(identifier)} variant="outline">
            Manage career paths
          </Button>
        ) : null}
      </Group>
      {assessment.data?.first ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="career-assessment-heading">
          <Group justify="space-between" align="center" gap="sm">
            <Stack gap={2} style={{ flex: '1 1 260px' }}>
              <Title order={2} size="h4" id="career-assessment-heading">
                {assessment.data.tabName}
              </Title>
              <Text size="sm">
                {assessment.data.first.latestResult
                  ? 'See your assessment results and the careers they suggest.'
                  : `Not sure where to start? Take ${assessment.data.first.name} to find careers that fit you.`}
              </Text>
            </Stack>
            <Button component={Link} to={webPaths.hub.careerAssessments(identifier)} variant="light">
              Open {assessment.data.tabName}
            </Button>
          </Group>
        </Paper>
      ) : null}
      <Group align="flex-end" gap="md" wrap="wrap">
        <form onSubmit={handleSearch} role="search" style={{ flex: '1 1 320px' }}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Search career paths"
              placeholder="Title, role, skill or industry"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={200}
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>
        <SegmentedControl
          aria-label="Which career paths"
          value={isFavoritesOnly ? 'favorites' : 'all'}
          onChange={(value) => setQuery({ show: value === 'favorites' ? 'favorites' : '' })}
          data={[
            { value: 'all', label: 'All career paths' },
            { value: 'favorites', label: 'My favorites' },
          ]}
        />
      </Group>
      {body}
    </Stack>
  );
}
