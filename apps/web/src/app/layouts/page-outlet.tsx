import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, type UIMatch } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { useSlowNavigation } from '../../lib/use-slow-navigation';
import { signalAppReady } from '../../server-render-payload';

/**
 * Route handle of a layout route whose own page stays while one of its child pages loads (a group's
 * header above its tabs): the skeleton then does not replace it.
 */
export const KEEP_LAYOUT_WHILE_LOADING = { keepsLayoutWhileLoading: true } as const;

function keepsLayout(match: UIMatch): boolean {
  const handle: unknown = match.handle;
  return typeof handle === 'object' && handle !== null && 'keepsLayoutWhileLoading' in handle;
}

/**
 * The current page, or its skeleton while a slow page change to another page loads (issue #16 item 16):
 * the old page does not linger under the progress bar. Changes within a kept layout, or of the query
 * string only, keep the page.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const pending = useSlowNavigation();
  // Once the page is live (on a server-rendered page: hydrated), public/start-app.js hands over the clicks it held.
  useEffect(signalAppReady, []);
  const isOtherPage =
    pending !== null &&
    pending.pathname !== pathname &&
    !matches.some(
      (match) =>
        keepsLayout(match) &&
        (pending.pathname === match.pathname || pending.pathname.startsWith(`${match.pathname}/`)),
    );
  return isOtherPage ? <PageSkeleton /> : <Outlet />;
}
