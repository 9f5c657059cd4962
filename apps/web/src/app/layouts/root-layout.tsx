import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { NavigationProgress } from '../../components/navigation-progress';
import { PageShell } from '../../components/page-shell';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { MAGIC_LINK_PARAM, MagicLinkGate } from '../../features/auth/components/magic-link-gate';
import { LoadingState } from '../../components/loading-state';
import { ADMIN_TOKEN_PARAM } from '../../config/login-as-paths';
import { settleSignOut } from '../../lib/end-session';
import { registerNavigate } from '../../lib/navigation';
import { useSessionTimer } from '../../lib/use-session-timer';

/**
 * After an in-app navigation, moves focus to the new page's main landmark so screen readers start there,
 * unless a modal dialog is open (a badge earned by the action that navigated): focus stays in the dialog.
 */
function useFocusMainOnNavigation(pathname: string): void {
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (document.querySelector('[role="dialog"][aria-modal="true"]') !== null) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The ?adminToken= exchange (issue #22 item 6), loaded only when a URL carries one. */
const AdminTokenGate = lazy(() =>
  import('../../features/login-as/components/admin-token-gate').then((module) => ({
    default: module.AdminTokenGate,
  })),
);

/**
 * The root of the route table: registers navigation for library code, runs the session timer,
 * shows page changes in progress, moves focus on navigation and handles `?magic_link=` and `?adminToken=`.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  useSessionTimer();
  useFocusMainOnNavigation(location.pathname);
  useEffect(() => settleSignOut(location.pathname), [location.pathname]);

  useEffect(() => {
    registerNavigate((to, options) => void navigate(to, options));
    return () => registerNavigate(null);
  }, [navigate]);

  const magicLinkToken = new URLSearchParams(location.search).get(MAGIC_LINK_PARAM);
  if (magicLinkToken !== null && magicLinkToken !== '') {
    return (
      <PageShell>
        <MagicLinkGate token={magicLinkToken} />
      </PageShell>
    );
  }
  const adminToken = new URLSearchParams(location.search).get(ADMIN_TOKEN_PARAM);
  if (adminToken !== null && adminToken !== '') {
    return (
      <PageShell>
        <Suspense fallback={<LoadingState />}>
          <AdminTokenGate token={adminToken} />
        </Suspense>
      </PageShell>
    );
  }
  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
