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
  session.clear();
  queryClient.clear();
  if (destination !== null) navigateTo(destination, { replace: true });
}
