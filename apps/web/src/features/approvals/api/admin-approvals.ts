import {
  ADMIN_APPROVAL_ENDPOINTS,
  type TAdminApprovalsQuery,
  type TApprovalKind,
  type TBulkApprovalRequest,
} from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { approvalsKeys } from './approvals-keys';

/** The approvals page's filters (empty text means no filter). */
export type TApprovalFilters = { kind: TApprovalKind; q: string; from: string; to: string };

/** Only the filters that are set, as the API's query. */
function queryOf(filters: TApprovalFilters): TAdminApprovalsQuery {
  return {
    kind: filters.kind,
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** GET /api/admin/approvals: the hub's items of one kind waiting for a decision, oldest first. */
export function pendingApprovalsQueryOptions(hubIdentifier: string, filters: TApprovalFilters) {
  const query = queryOf(filters);
  return infiniteQueryOptions({
    queryKey: approvalsKeys.pending(hubIdentifier, query),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ADMIN_APPROVAL_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        query: { ...query, cursor: pageParam ?? undefined },
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });
}

/** The pending items the filters select. */
export function usePendingApprovals(hubIdentifier: string, filters: TApprovalFilters, isEnabled: boolean) {
  return useInfiniteQuery({ ...pendingApprovalsQueryOptions(hubIdentifier, filters), enabled: isEnabled });
}

/** POST /api/admin/approvals/bulk: one decision on one or more items; every list of the hub is reloaded after. */
export function useBulkDecision(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TBulkApprovalRequest) =>
      callEndpoint(ADMIN_APPROVAL_ENDPOINTS.bulk, { hubId: hubIdentifier, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: approvalsKeys.all(hubIdentifier) }),
  });
}
