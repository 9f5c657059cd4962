import { LOGIN_AS_ENDPOINTS, type TAuthResponse, type TLoginAsStartResponse } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';

/** GET /api/admin/login-as/candidates: the hub's members the admin may log in as, by name, a page at a time. */
export function useLoginAsCandidates(hubIdentifier: string, q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['login-as-candidates', hubIdentifier, q],
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(LOGIN_AS_ENDPOINTS.candidates, {
          query: { ...(q.trim() === '' ? {} : { q: q.trim() }), cursor: pageParam ?? undefined },
          hubId: hubIdentifier,
          signal,
          isErrorToastSuppressed: true,
          isNotFoundHandled: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
}

/** POST /api/admin/login-as: a one-time admin token for the member, and the URL that uses it. */
export function startLoginAs(hubIdentifier: string, userId: string): Promise<TLoginAsStartResponse> {
  return callEndpoint(LOGIN_AS_ENDPOINTS.start, {
    body: { userId },
    hubId: hubIdentifier,
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
}

/**
 * Switches the browser to another session (the member's, or the admin's own on return): the new token, and
 * nothing cached from the other account survives.
 */
function switchSession(response: TAuthResponse): void {
  queryClient.clear();
  session.start(response.token);
  queryClient.setQueryData(ME_QUERY_KEY, response.user);
}

/** POST /api/auth/login-as: exchanges the ?adminToken= for the member's session. */
export async function exchangeAdminToken(adminToken: string): Promise<TAuthResponse> {
  const response = await callEndpoint(LOGIN_AS_ENDPOINTS.exchange, {
    body: { adminToken },
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
  switchSession(response);
  return response;
}

/** POST /api/auth/login-as/return: ends the member's session and gives the admin their own back. */
export async function returnToMyAccount(): Promise<TAuthResponse> {
  const response = await callEndpoint(LOGIN_AS_ENDPOINTS.return, {
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
  switchSession(response);
  return response;
}
