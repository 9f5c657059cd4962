import { AUTH_ENDPOINTS, type TAuthResponse } from '@commons/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';
import { rememberDefaultHub } from '../../../lib/hub-membership';

/** What the sign-in form sends (issue #2: `{ loginMethod: 'email', email, password }`). */
export interface TSignInInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in; the form shows failures itself. */
export function signIn(input: TSignInInput): Promise<TAuthResponse> {
  return callEndpoint(AUTH_ENDPOINTS.signIn, {
    body: { loginMethod: 'email', email: input.email, password: input.password },
    isErrorToastSuppressed: true,
  });
}

/** Starts the browser session from an auth answer: token, refresh flag and the cached user. */
export function startSession(response: TAuthResponse): void {
  session.start(response.token);
  rememberDefaultHub(response.user);
  queryClient.setQueryData(ME_QUERY_KEY, response.user);
}

/** Sign-in mutation that starts the session on success. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: startSession });
}
