import { APPROVAL_PATHS, ZApprovalDecisionResponse, ZApprovalQueueResponse } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/hub/approvals: members of the hub waiting for approval (spec 4 Approval), oldest first. */
export function approvalQueueQueryOptions(hubIdentifier: string) {
  return infiniteQueryOptions({
    queryKey: ['approvals', hubIdentifier],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(APPROVAL_PATHS.queue, {
        hubId: hubIdentifier,
        schema: ZApprovalQueueResponse,
        signal,
        query: { cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The approval queue of a hub. */
export function useApprovalQueue(hubIdentifier: string, isEnabled = true) {
  return useInfiniteQuery({ ...approvalQueueQueryOptions(hubIdentifier), enabled: isEnabled });
}

/** POST /api/hub/approvals/{userId} with approve or reject; the queue is reloaded after. */
export function useDecideApproval(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; decision: 'approve' | 'reject' }) =>
      apiRequest(APPROVAL_PATHS.decide.replace(':userId', encodeURIComponent(input.userId)), {
        method: 'POST',
        hubId: hubIdentifier,
        body: { decision: input.decision },
        schema: ZApprovalDecisionResponse,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['approvals', hubIdentifier] }),
  });
}
