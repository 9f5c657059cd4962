import { Stack, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { PageShell } from '../../components/page-shell';
import { PageSkeleton } from '../../components/page-skeleton';
import { isApiError } from '../../lib/api-error';
import { useCurrentUser } from '../../lib/current-user';
import { endSession, pendingSignOutTarget } from '../../lib/end-session';
import { useSession } from '../../lib/session';
import { useNativeAppSession } from '../../lib/use-native-app-session';
import { decideRedirect } from '../routing/decide-redirect';
import { PageOutlet } from './page-outlet';
import type { SignedInShell as TSignedInShell } from './signed-in-shell';

/** The header, navigation, inbox, bell and realtime connection load after the sign-in page's own code (issue #8 budget). */
/** The shell's module once loaded: rendered directly then, without suspending the first render once more. */
let loadedShell: { SignedInShell: typeof TSignedInShell } | null = null;
const loadSignedInShell = () =>
  import('./signed-in-shell').then((module) => {
    loadedShell = module;
    return module;
  });
const LazySignedInShell = lazy(() => loadSignedInShell().then((m) => ({ default: m.SignedInShell })));

/** Starts loading the signed-in shell's code (the route loader calls it while the user loads). */
export function preloadSignedInShell(): Promise<unknown> {
  return loadSignedInShell().catch(() => undefined);
}

/**
 * Layout and guard of every signed-in page (spec 2 Redirect rules through decideRedirect): visitors
 * go to sign-in, unfinished signups to signup, unapproved members to pending-approval.
 */
export function AppLayout() {
  const { pathname, search } = useLocation();
  const { token, currentHub } = useSession();
  const me = useCurrentUser();
  const isSessionDead = isApiError(me.error) && me.error.status === 401;
  useNativeAppSession(me.data?.id ?? null);
  // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later render would
  // remount the whole shell, closing and reopening the realtime connection on the next page change.
  const [SignedInShell] = useState(() => loadedShell?.SignedInShell ?? LazySignedInShell);

  useEffect(() => {
    // The token was refused and could not be refreshed: the session is over.
    if (isSessionDead) endSession();
  }, [isSessionDead]);

  if (token === null) {
    const to =
      pendingSignOutTarget() ??
      decideRedirect({ pathname, search, user: null, sessionHubIdentifier: currentHub });
    return to === null ? null : <Navigate replace to={to} />;
  }
  if (me.isPending) {
    return (
      <PageShell>
        <PageSkeleton label="Loading your account…" />
      </PageShell>
    );
  }
  if (me.isError) {
    return (
      <PageShell>
        <Stack>
          <Title order={1}>We could not load your account</Title>
          <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        </Stack>
      </PageShell>
    );
  }
  const to = decideRedirect({ pathname, search, user: me.data, sessionHubIdentifier: currentHub });
  if (to !== null) return <Navigate replace to={to} />;
  return (
    <Suspense
      fallback={
        <PageShell>
          <PageSkeleton label="Loading your account…" />
        </PageShell>
      }
    >
      <SignedInShell user={me.data}>
        <PageOutlet />
      </SignedInShell>
    </Suspense>
  );
}
