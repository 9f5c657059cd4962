import { MODERATION_ENDPOINTS, type TModerationAction, type TReportTargetKind } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

export type TQueueStatus = 'open' | 'hidden' | 'closed';

/** Reported content of the hub (GET /api/moderation/reports), a page at a time. */
export function moderationQueueQueryOptions(status: TQueueStatus) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(MODERATION_ENDPOINTS.queue, { signal, query: { status, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useModerationQueue(status: TQueueStatus) {
  return useInfiniteQuery(moderationQueueQueryOptions(status));
}

/** A moderator's decision; the queues, feeds and boards refetch because hidden content leaves them at once. */
export function useModerationDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: TReportTargetKind; id: string; action: TModerationAction }) =>
      callEndpoint(MODERATION_ENDPOINTS.decide, { params: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
