import { JOB_ENDPOINTS } from '@commons/contract';
import { Button, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { JobPostCard } from '../../../components/job-post/job-post-card';
import { isApiError } from '../../../lib/api-error';
import { callEndpoint } from '../../../lib/api-client';

/**
 * The profile section jobPosts (spec 2 Profile sections; issue #19 item 6): the jobs and projects a member
 * posted in the hub, newest first. Others see the listed ones; the member (and admins) also see pending,
 * closed and expired posts with their standing. Left out when there are none or the viewer may not see it.
 */
export function JobPostsSection(props: {
  identifier: string;
  hubIdentifier: string;
  isOwner: boolean;
  timeZone: string;
}) {
  // The key starts with the job board's ('jobs', hub), so saving or closing a post there refreshes it.
  const posts = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['jobs', props.hubIdentifier, 'profile-posts', props.identifier],
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(JOB_ENDPOINTS.profilePosts, {
          hubId: props.hubIdentifier,
          params: { identifier: props.identifier },
          query: { cursor: pageParam ?? undefined },
          signal,
          isErrorToastSuppressed: true,
          isNotFoundHandled: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
  if (posts.isPending) return null;
  if (posts.isError && isApiError(posts.error) && [403, 404].includes(posts.error.status)) return null;
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  if (!posts.isError && items.length === 0) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="profile-job-posts-heading"
      withBorder
      p="lg"
      radius="md"
      id="profile-job-posts"
    >
      <Title order={2} size="h3" id="profile-job-posts-heading" mb="sm">
        Job and project posts
      </Title>
      {posts.isError ? (
        <ErrorAlert error={posts.error} />
      ) : (
        <Stack gap="sm">
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items.map((post) => (
              <li key={post.id}>
                <JobPostCard
                  post={post}
                  hubIdentifier={props.hubIdentifier}
                  timeZone={props.timeZone}
                  isOwnerView={props.isOwner}
                />
              </li>
            ))}
          </SimpleGrid>
          {posts.hasNextPage ? (
            <Button
              variant="subtle"
              onClick={() => void posts.fetchNextPage()}
              loading={posts.isFetchingNextPage}
            >
              Show more posts
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
