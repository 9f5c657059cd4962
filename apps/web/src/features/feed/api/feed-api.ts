import {
  FEED_PATHS,
  ZAnnouncementResponse,
  ZFeedResponse,
  type TCreateAnnouncementRequest,
} from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/build-url';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';

const feedKey = ['feed'] as const;

/** Cursor-paged feed of the hub, or of one group (GET /api/feed). */
export function feedQueryOptions(groupId: string | null, hubId?: string) {
  return infiniteQueryOptions({
    queryKey: [...feedKey, groupId, hubId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(FEED_PATHS.feed, {
        schema: ZFeedResponse,
        signal,
        ...contentHubOption(hubId),
        query: { groupId: groupId ?? undefined, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useFeed(groupId: string | null) {
  const hubId = useContentHub();
  return useInfiniteQuery(feedQueryOptions(groupId, hubId));
}

/** Every feed mutation refreshes the feeds: the new order is the server's. */
function useFeedMutation<TInput, TOutput>(
  run: (input: TInput, hubId: string | undefined) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  const hubId = useContentHub();
  return useMutation({
    mutationFn: (input: TInput) => run(input, hubId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

export function useCreateAnnouncement() {
  return useFeedMutation((input: TCreateAnnouncementRequest, hubId) =>
    apiRequest(FEED_PATHS.announcements, {
      method: 'POST',
      body: input,
      schema: ZAnnouncementResponse,
      isErrorToastSuppressed: true,
      ...contentHubOption(hubId),
    }),
  );
}

export function usePinAnnouncement() {
  return useFeedMutation((input: { id: string; isPinned: boolean }, hubId) =>
    apiRequest(fillPath(FEED_PATHS.pin, { id: input.id }), {
      method: 'POST',
      body: { isPinned: input.isPinned },
      schema: ZAnnouncementResponse,
      ...contentHubOption(hubId),
    }),
  );
}

export function useDeleteAnnouncement() {
  return useFeedMutation((id: string, hubId) =>
    apiRequest(fillPath(FEED_PATHS.announcement, { id }), {
      method: 'DELETE',
      schema: z.object({ ok: z.literal(true) }),
      ...contentHubOption(hubId),
    }),
  );
}
