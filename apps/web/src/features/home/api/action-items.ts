import {
  ACCOUNT_ENDPOINTS,
  ACTION_ITEM_ENDPOINTS,
  PROFILE_ENDPOINTS,
  type TActionItemsResponse,
  type TEmailDigestFrequency,
} from '@commons/contract';
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

/** Answers (or, with null, skips) the reflection prompt of an item the viewer completed; the list refetches. */
export function useSaveActionItemReflection(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { type: TActionItemType; reflection: string | null }) =>
      callEndpoint(ACTION_ITEM_ENDPOINTS.saveReflection, {
        params: { type: options.type },
        body: { reflection: options.reflection },
        hubId,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionItemKeys.all }),
  });
}

/** The viewer's help topics, for the offer_expertise dialog (GET /api/profiles/me). */
export function useMyHelpTopics(hubId: string, isEnabled: boolean) {
  return useQuery({
    // Under the profiles' key prefix, so saving the profile anywhere refreshes it.
    queryKey: ['profiles', 'me', hubId, 'help-topics'],
    queryFn: async ({ signal }) => {
      const { profile } = await callEndpoint(PROFILE_ENDPOINTS.profile, {
        params: { identifier: 'me' },
        signal,
        hubId,
      });
      return profile.sections.help?.helpTopics ?? [];
    },
    enabled: isEnabled,
  });
}

/**
 * Saves the viewer's help topics (PATCH /api/profiles/me), which completes offer_expertise on the server;
 * the profiles and action items refetch.
 */
export function useSaveHelpTopics(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (helpTopics: string[]) =>
      callEndpoint(PROFILE_ENDPOINTS.updateMe, { body: { helpTopics }, hubId, isErrorToastSuppressed: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
      await queryClient.invalidateQueries({ queryKey: actionItemKeys.all });
    },
  });
}

/** The viewer's email notification frequency, for the get_notified dialog (GET /api/me/settings). */
export function useMyEmailDigestFrequency(isEnabled: boolean) {
  return useQuery({
    // Under the account settings' key prefix, so saving the settings anywhere refreshes it.
    queryKey: ['account', 'settings', 'email-digest'],
    queryFn: async ({ signal }) => {
      const { settings } = await callEndpoint(ACCOUNT_ENDPOINTS.settings, { signal });
      return settings.emailDigestFrequency;
    },
    enabled: isEnabled,
  });
}

/**
 * Saves how often the viewer is emailed about unread messages (PATCH /api/me/settings); anything but never
 * completes get_notified on the server. The account settings and action items refetch.
 */
export function useSaveEmailDigestFrequency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailDigestFrequency: TEmailDigestFrequency) =>
      callEndpoint(ACCOUNT_ENDPOINTS.updateSettings, {
        body: { emailDigestFrequency },
        isErrorToastSuppressed: true,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      await queryClient.invalidateQueries({ queryKey: actionItemKeys.all });
    },
  });
}
