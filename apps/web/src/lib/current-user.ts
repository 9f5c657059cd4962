import { AUTH_PATHS, ZMeResponse, type TSessionUser } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { rememberDefaultHub } from './hub-membership';
import { useSession } from './session';

/** Query key of the signed-in user; sign-in and sign-up write it directly. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** GET /api/auth/me: the signed-in user with hub memberships (issue #2 Auth API). */
export function getMe(signal?: AbortSignal): Promise<TSessionUser> {
  return apiRequest(AUTH_PATHS.me, { schema: ZMeResponse, signal }).then((response) => {
    rememberDefaultHub(response.user);
    return response.user;
  });
}

/** Query options of the signed-in user, shared by loaders and components. */
export function meQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => getMe(signal) });
}

/** The signed-in user; idle while there is no token. */
export function useCurrentUser() {
  const isSignedIn = useSession().token !== null;
  return useQuery({ ...meQueryOptions(), enabled: isSignedIn });
}
