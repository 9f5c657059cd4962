import { TOKEN_CHECK_INTERVAL_MS, tokenCheckAction } from '@commons/domain';
import { useEffect } from 'react';
import { refreshAccessToken } from './api-client';
import { endSession } from './end-session';
import { session, useSession } from './session';
import { tokenExpiresAt } from './token-payload';

/** One session check (spec 4 Session): expired → sign out; 5 minutes or less left → refresh. */
export function checkSessionToken(now: Date): void {
  const token = session.getToken();
  if (token === null) return;
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return;
  const action = tokenCheckAction(expiresAt, now);
  if (action === 'signOut') endSession();
  else if (action === 'refresh') void refreshAccessToken('timer');
}

/** Runs the session check every 60 s while signed in (spec 9 Session). */
export function useSessionTimer(): void {
  const isSignedIn = useSession().token !== null;
  useEffect(() => {
    if (!isSignedIn) return undefined;
    const id = window.setInterval(() => checkSessionToken(new Date()), TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [isSignedIn]);
}
