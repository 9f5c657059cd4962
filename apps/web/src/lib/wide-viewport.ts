/**
 * Whether the window is wide enough for the desktop header and side-by-side filters (62em). The server renders a
 * page for the width the browser last told it (PAGE_COOKIES.wideViewport, docs/adr/0007), and the browser's hydration
 * starts from the server's answer so both first renders agree; the real width applies right after.
 */
import { PAGE_COOKIES } from '@commons/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { writePageCookie } from './page-cookies';
import { requestScope } from './request-scope';

/** From this width the header is one row of tabs (spec 9 Layout breakpoint md, 992 px); below it, the phone header. */
export const WIDE_VIEWPORT_QUERY = '(min-width: 62em)';

/** The width the server assumed for the page being hydrated; null once hydrated, or for a page not rendered there. */
let hydrationAssumption: boolean | null = null;

/** Called before hydrating a server-rendered page, with the width its server render assumed. */
export function assumeWideViewportForHydration(isWide: boolean): void {
  hydrationAssumption = isWide;
}

/** Tells the server the window's width class with every page request, from now on and whenever it changes. */
export function rememberViewportWidth(): void {
  if (typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(WIDE_VIEWPORT_QUERY);
  const write = () => writePageCookie(PAGE_COOKIES.wideViewport, query.matches ? '1' : '0');
  write();
  query.addEventListener('change', write);
}

/** Whether the window is at least 62em wide, read at once (no first render at the wrong size) except when hydrating. */
export function useWideViewport(): boolean {
  const scope = requestScope();
  const assumed = scope === undefined ? hydrationAssumption : scope.isWideViewport;
  const matches = useMediaQuery(WIDE_VIEWPORT_QUERY, assumed ?? undefined, {
    getInitialValueInEffect: assumed !== null,
  });
  // Effects run once the whole hydrated tree is committed: every component has read the assumption by then.
  useEffect(() => {
    hydrationAssumption = null;
  }, []);
  return matches ?? assumed ?? false;
}
