import { FEED_ENDPOINTS, type TCreateAnnouncementRequest } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';
import { feedKeys } from './feed-keys';

/** Cursor-paged feed of the hub, or of one group (GET /api/feed). */
export function feedQueryOptions(groupId: string | null, hubId?: string) {
  return infiniteQueryOptions({
    queryKey: feedKeys.feed(groupId, hubId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(FEED_ENDPOINTS.feed, {
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useCreateAnnouncement() {
  return useFeedMutation((input: TCreateAnnouncementRequest, hubId) =>
    callEndpoint(FEED_ENDPOINTS.createAnnouncement, {
      body: input,
      isErrorToastSuppressed: true,
      ...contentHubOption(hubId),
    }),
  );
}

export function usePinAnnouncement() {
  return useFeedMutation((input: { id: string; isPinned: boolean }, hubId) =>
    callEndpoint(FEED_ENDPOINTS.pinAnnouncement, {
      params: { id: input.id },
      body: { isPinned: input.isPinned },
      ...contentHubOption(hubId),
    }),
  );
}

export function useDeleteAnnouncement() {
  return useFeedMutation((id: string, hubId) =>
    callEndpoint(FEED_ENDPOINTS.deleteAnnouncement, { params: { id }, ...contentHubOption(hubId) }),
  );
}
