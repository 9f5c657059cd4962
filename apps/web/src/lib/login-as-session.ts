import { AUTH_PATHS, type TAuthResponse } from '@commons/contract';
import { apiRequest } from './api-client';
import { ME_QUERY_KEY } from './current-user';
import { queryClient } from './query-client';
import { session } from './session';

/**
 * Switches the browser to another session (the member's on login-as, or the admin's own on return): the new
 * token, and nothing cached from the other account survives.
 */
export function switchSession(response: TAuthResponse): void {
  queryClient.clear();
  session.start(response.token);
  queryClient.setQueryData(ME_QUERY_KEY, response.user);
}

/**
 * POST /api/auth/login-as/return (issue #22 item 6): ends the member's session and brings back the admin's
 * own, kept aside in a cookie only the return receives. `isSwitched: false` keeps the cache as it is (the
 * sign-out that follows clears it).
 */
export async function returnToOwnSession(options: { isSwitched: boolean }): Promise<TAuthResponse> {
  const response = await apiRequest<TAuthResponse>(AUTH_PATHS.loginAsReturn, {
    method: 'POST',
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
  if (options.isSwitched) switchSession(response);
  else session.setToken(response.token);
  return response;
}
