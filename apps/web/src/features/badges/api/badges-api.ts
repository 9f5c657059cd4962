import { BADGE_ENDPOINTS, type TSaveBadgeRequest, type TUpdateBadgeRequest } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { badgesKeys } from './badges-keys';

/** GET /api/badges: the hub's badges (all of them for admins with manage-badges), newest first. */
export function hubBadgesQueryOptions(hubIdentifier: string) {
  return infiniteQueryOptions({
    queryKey: badgesKeys.hub(hubIdentifier),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(BADGE_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        query: { cursor: pageParam ?? undefined, limit: 50 },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The hub's badges. */
export function useHubBadges(hubIdentifier: string, isEnabled = true) {
  return useInfiniteQuery({ ...hubBadgesQueryOptions(hubIdentifier), enabled: isEnabled });
}

/** POST /api/badges or PATCH /api/badges/{id}; every badge list reloads after. */
export function useSaveBadge(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TSaveBadgeRequest | TUpdateBadgeRequest }) =>
      input.id === null
        ? callEndpoint(BADGE_ENDPOINTS.create, {
            hubId: hubIdentifier,
            body: input.body as TSaveBadgeRequest,
            isErrorToastSuppressed: true,
          })
        : callEndpoint(BADGE_ENDPOINTS.update, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.body,
            isErrorToastSuppressed: true,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: badgesKeys.all }),
  });
}

/** DELETE /api/badges/{id}: the badge and every earned copy of it. */
export function useDeleteBadge(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(BADGE_ENDPOINTS.remove, { hubId: hubIdentifier, params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: badgesKeys.all }),
  });
}
