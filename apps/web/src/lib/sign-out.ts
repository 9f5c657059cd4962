import { AUTH_PATHS } from '@commons/contract';
import { apiRequest } from './api-client';
import { endSession } from './end-session';
import { deleteNativePushToken } from './native-push-token';

/**
 * Signs out (spec 8 Sign-out): in the native app first deletes the device's push token (spec 7), then
 * POST /api/auth/sign-out, which revokes the refresh cookie, then ends the local session.
 */
export async function signOut(): Promise<void> {
  await deleteNativePushToken();
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
