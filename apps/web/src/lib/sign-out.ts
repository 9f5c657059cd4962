import { AUTH_PATHS } from '@commons/contract';
import { apiRequest } from './api-client';
import { endSession } from './end-session';

/** Signs out (POST /api/auth/sign-out, which revokes the refresh cookie), then ends the local session (spec 8 Sign-out). */
export async function signOut(): Promise<void> {
  try {
    await apiRequest(AUTH_PATHS.signOut, {
      method: 'POST',
      isErrorToastSuppressed: true,
      isNotFoundHandled: true,
    });
  } catch {
    // The browser session ends either way; the server session expires on its own.
  }
  endSession();
}
