import { AUTH_ENDPOINTS } from '@commons/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/auth/magic-link: emails a one-time sign-in link (issue #2 Auth API). */
export function requestMagicLink(input: { email: string; hubIdentifier?: string }) {
  return callEndpoint(AUTH_ENDPOINTS.magicLink, { body: input, isErrorToastSuppressed: true });
}

/** Mutation for the "email me a sign-in link" button. */
export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
