import { BADGE_ENDPOINTS } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/profiles/{identifier}/badges: the badges a member earned in the hub that decides their profile
 * (spec 2 profile section badges), newest first. The key starts with 'badges', the invalidation hint of
 * the realtime 'badge.earned' event, so a badge just earned shows at once. A 404 means the viewer may
 * not see the section.
 */
export function profileBadgesQueryOptions(identifier: string, hubId?: string) {
  return infiniteQueryOptions({
    queryKey: ['badges', 'profile', identifier, hubId ?? null],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(BADGE_ENDPOINTS.profileBadges, {
        params: { identifier },
        query: { cursor: pageParam ?? undefined, limit: 24 },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
        ...(hubId === undefined ? {} : { hubId }),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });
}

/** A member's earned badges. */
export function useProfileBadges(identifier: string, hubId?: string) {
  return useInfiniteQuery(profileBadgesQueryOptions(identifier, hubId));
}
