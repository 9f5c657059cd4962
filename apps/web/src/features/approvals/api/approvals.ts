import { APPROVAL_ENDPOINTS } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { approvalsKeys } from './approvals-keys';

/** GET /api/hub/approvals: members of the hub waiting for approval (spec 4 Approval), oldest first. */
export function approvalQueueQueryOptions(hubIdentifier: string) {
  return infiniteQueryOptions({
    queryKey: approvalsKeys.queue(hubIdentifier),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(APPROVAL_ENDPOINTS.queue, {
        hubId: hubIdentifier,
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
      callEndpoint(APPROVAL_ENDPOINTS.decide, {
        params: { userId: input.userId },
        hubId: hubIdentifier,
        body: { decision: input.decision },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalsKeys.queue(hubIdentifier) }),
  });
}
