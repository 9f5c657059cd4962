import { LOGIN_AS_ENDPOINTS, type TAuthResponse, type TLoginAsStartResponse } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { returnToOwnSession, switchSession } from '../../../lib/login-as-session';

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

/** 'Return to my account': ends the member's session and gives the admin their own back. */
export function returnToMyAccount(): Promise<TAuthResponse> {
  return returnToOwnSession({ isSwitched: true });
}
