import { signOutDestination } from '@commons/domain';
import { notifyNativeAppSignedOut } from './native-bridge';
import { currentPath, navigateTo } from './navigation';
import { queryClient } from './query-client';
import { session } from './session';

/**
 * Ends the session in this browser: tells the native app (spec 7 LoggedOut), clears the token and cached
 * data, then goes to /sign-in when standard signup is on (unless already on a sign-in or create-account
 * page) or to / (spec 8 Sign-out, spec 4 Session 'once expired').
 */
export function endSession(): void {
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
