import {
  AUTH_ENDPOINTS,
  type TAuthResponse,
  type TSignUpRequest,
  type TSignUpResponse,
} from '@commons/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/viewer-time';

/**
 * POST /api/auth/sign-up: mails a link that confirms the address (the account is created from it); the
 * answer is the same whether or not the email already has an account. The form shows failures itself.
 */
export function signUp(input: TSignUpRequest): Promise<TSignUpResponse> {
  return callEndpoint(AUTH_ENDPOINTS.signUp, {
    body: input,
    hubId: input.hubIdentifier,
    isErrorToastSuppressed: true,
  });
}

/** Sign-up mutation: on success the page asks the person to open the mailed link. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/**
 * POST /api/auth/sign-up/confirm with the mailed token and this browser's zone (the account's time zone):
 * creates the account and answers the session.
 */
export function confirmSignUp(token: string): Promise<TAuthResponse> {
  return callEndpoint(AUTH_ENDPOINTS.signUpConfirm, {
    body: { token, timezone: browserTimeZone() },
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
}
