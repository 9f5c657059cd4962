import {
  ACTION_ITEM_ENDPOINTS,
  type TActionItemAdminListResponse,
  type TUpdateActionItemSettingRequest,
} from '@commons/contract';
import type { TActionItemType } from '@commons/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * Query keys of the admins' list; under the 'action-items' prefix, so a saved edit also refetches the
 * members' banners on the home.
 */
export const actionItemSettingsKeys = {
  all: ['action-items'] as const,
  list: (hubId: string) => ['action-items', hubId, 'settings'] as const,
};

/** The items the hub can offer with its admins' edits (GET /api/action-items/settings). */
export function actionItemSettingsQueryOptions(hubId: string) {
  return queryOptions({
    queryKey: actionItemSettingsKeys.list(hubId),
    queryFn: ({ signal }): Promise<TActionItemAdminListResponse> =>
      callEndpoint(ACTION_ITEM_ENDPOINTS.listSettings, { signal, hubId, isErrorToastSuppressed: true }),
  });
}

export function useActionItemSettings(hubId: string) {
  return useQuery(actionItemSettingsQueryOptions(hubId));
}

/** Saves an item's edits (PUT /api/action-items/:type/settings); field errors are the form's to show. */
export function useUpdateActionItemSetting(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { type: TActionItemType; setting: TUpdateActionItemSettingRequest }) =>
      callEndpoint(ACTION_ITEM_ENDPOINTS.updateSetting, {
        params: { type: options.type },
        body: options.setting,
        hubId,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionItemSettingsKeys.all }),
  });
}
