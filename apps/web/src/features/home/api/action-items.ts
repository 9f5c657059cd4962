import { ACTION_ITEM_ENDPOINTS, type TActionItemsResponse } from '@commons/contract';
import type { TActionItemType } from '@commons/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * Query keys of the action items; they start with 'action-items', the prefix the realtime
 * 'action-item.completed' event invalidates (contract REALTIME_INVALIDATIONS).
 */
export const actionItemKeys = {
  all: ['action-items'] as const,
  list: (hubId: string) => ['action-items', hubId] as const,
};

/** My open action items in the hub (GET /api/action-items). */
export function actionItemsQueryOptions(hubId: string) {
  return queryOptions({
    queryKey: actionItemKeys.list(hubId),
    queryFn: ({ signal }): Promise<TActionItemsResponse> =>
      callEndpoint(ACTION_ITEM_ENDPOINTS.list, { signal, hubId, isErrorToastSuppressed: true }),
  });
}

export function useActionItems(hubId: string) {
  return useQuery(actionItemsQueryOptions(hubId));
}

/** Marks a manual action item done; the list refetches (the realtime event does too). */
export function useCompleteActionItem(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: TActionItemType) =>
      callEndpoint(ACTION_ITEM_ENDPOINTS.complete, { params: { type }, hubId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionItemKeys.all }),
  });
}
