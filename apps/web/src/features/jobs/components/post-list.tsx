import type { TJobPostSummary } from '@commons/contract';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { JobPostCard } from '../../../components/job-post/job-post-card';

/** A list of posts with its loading, error and empty states and "Load more" for the next cursor page. */
export function PostList(props: {
  label: string;
  posts: TJobPostSummary[];
  hubIdentifier: string;
  timeZone: string;
  projectName: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  emptyTitle: string;
  emptyText?: ReactNode;
  isOwnerView?: boolean;
  loadingLabel?: string;
}) {
  if (props.isPending) return <LoadingState label={props.loadingLabel ?? 'Loading posts…'} />;
  if (props.error !== null && props.posts.length === 0)
    return <ErrorState error={props.error} onRetry={props.onRetry} />;
  if (props.posts.length === 0) return <EmptyState title={props.emptyTitle}>{props.emptyText}</EmptyState>;
  return (
    <Stack gap="md">
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={props.label}
      >
        {props.posts.map((post) => (
          <li key={post.id}>
            <JobPostCard
              post={post}
              hubIdentifier={props.hubIdentifier}
              timeZone={props.timeZone}
              {...(props.isOwnerView === undefined ? {} : { isOwnerView: props.isOwnerView })}
            />
          </li>
        ))}
      </SimpleGrid>
      {props.hasNextPage ? (
        <Group justify="center">
          <Button variant="outline" onClick={props.onLoadMore} loading={props.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
