import { AUTH_ENDPOINTS, type TAuthResponse } from '@commons/contract';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/auth/magic-link/verify `{ token }` → `{ token, user }` for a `?magic_link=` URL. */
export function verifyMagicLink(token: string): Promise<TAuthResponse> {
  return callEndpoint(AUTH_ENDPOINTS.magicLinkVerify, {
    body: { token },
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
}
