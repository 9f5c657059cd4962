import { signOutDestination } from '@commons/domain';
import { notifications } from '@mantine/notifications';
import { loginAsPaths } from '../config/login-as-paths';
import { notifyNativeAppSignedOut } from './native-bridge';
import { currentPath, navigateTo } from './navigation';
import { queryClient } from './query-client';
import { session } from './session';
import { readTokenClaims } from './token-claims';

/**
 * Ends the session in this browser: tells the native app (spec 7 LoggedOut), clears the token and cached
 * data, then goes to /sign-in when standard signup is on (unless already on a sign-in or create-account
 * page) or to / (spec 8 Sign-out, spec 4 Session 'once expired').
 * When the session ending is an admin's login-as session (its 30 minutes ran out), the admin's own session
 * comes back instead, on the hub's login-as screen (issue #22 item 6); the browser is signed out only when
 * that fails. Signing out on purpose passes `isLoginAsReturnTried: false`.
 */
export function endSession(options: { isLoginAsReturnTried?: boolean } = {}): void {
  if ((options.isLoginAsReturnTried ?? true) && readTokenClaims(session.getToken()).loginAsAdmin) {
    void returnToAdminOrSignOut();
    return;
  }
  notifyNativeAppSignedOut();
  const destination = signOutDestination({
    isStandardSignupEnabled: session.get().isStandardSignupEnabled,
    currentPath: currentPath(),
  });
  signOutTarget = destination;
  session.clear();
  queryClient.clear();
  if (destination !== null) navigateTo(destination, { replace: true });
}

let signOutTarget: string | null = null;

/**
 * Where the last endSession() is taking the browser, until someone signs in again. The signed-in pages' guard
 * sees the token go at once and would send the visitor to the hub's sign-in while the sign-out navigation
 * still loads its page; it follows this target instead, so the two navigations never race.
 */
export function pendingSignOutTarget(): string | null {
  return session.get().token === null ? signOutTarget : null;
}

/** The sign-out navigation arrived: visitors are guarded as usual again. */
export function settleSignOut(pathname: string): void {
  if (signOutTarget !== null && signOutTarget.split('?')[0] === pathname) signOutTarget = null;
}

let isReturningToAdmin = false;

/** The login-as session is over: POST /api/auth/login-as/return with the admin's own session kept aside. */
async function returnToAdminOrSignOut(): Promise<void> {
  if (isReturningToAdmin) return;
  isReturningToAdmin = true;
  const hub = session.get().currentHub;
  try {
    const { returnToOwnSession } = await import('./login-as-session');
    await returnToOwnSession({ isSwitched: true });
    navigateTo(hub === null ? '/' : loginAsPaths.admin(hub), { replace: true });
    notifications.show({
      message: 'Your time signed in as the member is over: you are back in your own account.',
    });
  } catch {
    endSession({ isLoginAsReturnTried: false });
  } finally {
    isReturningToAdmin = false;
  }
}
