import { AUTH_PATHS } from '@commons/contract';
import { apiRequest } from './api-client';
import { endSession } from './end-session';
import { deleteNativePushToken } from './native-push-token';
import { session } from './session';
import { readTokenClaims } from './token-claims';

/**
 * Signs out (spec 8 Sign-out): in the native app first deletes the device's push token (spec 7), then
 * POST /api/auth/sign-out, which revokes the refresh cookie, then ends the local session. While an admin acts
 * as a member, both sessions end: the login-as return first, then the sign-out of the admin's own.
 */
export async function signOut(): Promise<void> {
  await deleteNativePushToken();
  if (readTokenClaims(session.getToken()).loginAsAdmin) {
    try {
      const { returnToOwnSession } = await import('./login-as-session');
      await returnToOwnSession({ isSwitched: false });
    } catch {
      // Signing out goes on: the member's session is revoked below, the admin's kept one expires.
    }
  }
  try {
    await apiRequest(AUTH_PATHS.signOut, {
      method: 'POST',
      isErrorToastSuppressed: true,
      isNotFoundHandled: true,
    });
  } catch {
    // The browser session ends either way; the server session expires on its own.
  }
  endSession({ isLoginAsReturnTried: false });
}
