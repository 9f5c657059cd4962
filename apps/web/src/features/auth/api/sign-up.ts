import { AUTH_PATHS, ZAuthResponse, type TAuthResponse, type TSignUpRequest } from '@commons/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from './sign-in';

/** POST /api/auth/sign-up; the form shows failures itself. */
export function signUp(input: TSignUpRequest): Promise<TAuthResponse> {
  return apiRequest(AUTH_PATHS.signUp, {
    method: 'POST',
    body: input,
    schema: ZAuthResponse,
    hubId: input.hubIdentifier,
    isErrorToastSuppressed: true,
  });
}

/** Sign-up mutation that starts the session on success. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp, onSuccess: startSession });
}
