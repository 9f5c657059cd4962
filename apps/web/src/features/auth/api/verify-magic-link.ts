import { AUTH_PATHS, ZAuthResponse, type TAuthResponse } from '@commons/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/magic-link/verify `{ token }` → `{ token, user }` for a `?magic_link=` URL. */
export function verifyMagicLink(token: string): Promise<TAuthResponse> {
  return apiRequest(AUTH_PATHS.magicLinkVerify, {
    method: 'POST',
    body: { token },
    schema: ZAuthResponse,
    isErrorToastSuppressed: true,
    isNotFoundHandled: true,
  });
}
