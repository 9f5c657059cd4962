import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { NavigationProgress } from '../../components/navigation-progress';
import { PageShell } from '../../components/page-shell';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { MAGIC_LINK_PARAM, MagicLinkGate } from '../../features/auth/components/magic-link-gate';
import { settleSignOut } from '../../lib/end-session';
import { registerNavigate } from '../../lib/navigation';
import { useSessionTimer } from '../../lib/use-session-timer';

/** After an in-app navigation, moves focus to the new page's main landmark so screen readers start there. */
function useFocusMainOnNavigation(pathname: string): void {
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The root of the route table: registers navigation for library code, runs the session timer,
 * shows page changes in progress, moves focus on navigation and handles `?magic_link=`.
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
  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
