import {
  AUTH_ENDPOINTS,
  type TPasswordResetCompleteRequest,
  type TPasswordResetRequest,
} from '@commons/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/auth/password-reset: mails a reset link; the answer is the same for any email. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: TPasswordResetRequest) =>
      callEndpoint(AUTH_ENDPOINTS.passwordReset, { body: input, isErrorToastSuppressed: true }),
  });
}

/**
 * POST /api/auth/password-reset/check: whether the mailed link still works, and its account. Asked once
 * per page: a used or expired link stays so, and a retry would only repeat the answer.
 */
export function usePasswordResetLink(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset', token],
    queryFn: ({ signal }) =>
      callEndpoint(AUTH_ENDPOINTS.passwordResetCheck, {
        body: { token },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auth/password-reset/complete: sets the new password; every session of the account ends. */
export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (input: TPasswordResetCompleteRequest) =>
      callEndpoint(AUTH_ENDPOINTS.passwordResetComplete, {
        body: input,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
  });
}
