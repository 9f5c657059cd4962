/**
 * Server rendering of a signed-in page (issue #17 item 7, docs/adr/0007): the server's page handler
 * (apps/server/src/modules/web-render) calls renderPage with the viewer's access token and an in-process API
 * fetch; the answer is the page's HTML and what the browser needs to hydrate it (main.tsx) without a different
 * first render: the route loaders' answers and the query cache. Built by `vite build --ssr` into dist-ssr/.
 */
import { dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { decodeTokenPayload } from './lib/token-payload';
import { BrowserOnlyRead, setRequestScopeReader, type TRequestScope } from './lib/request-scope';
import type { TSessionState } from './lib/session';
import { SERVER_RENDER_PAYLOAD_ID, type TServerRenderPayload } from './server-render-payload';

/** Node's AsyncLocalStorage, given by the server (this bundle's sources are browser code without Node's types). */
export interface TScopeStorage {
  run<R>(scope: TRequestScope, callback: () => R): R;
  getStore(): TRequestScope | undefined;
}

/** Render passes at most: each fetches the reads the previous one asked for (a profile, then its sections). */
const MAX_PASSES = 4;

export type TRenderOutcome =
  | { kind: 'page'; html: string; payloadScript: string }
  | { kind: 'redirect'; status: number; location: string }
  /** The browser renders this page itself (why, for the server's log). */
  | { kind: 'skip'; reason: string };

export interface TRenderRequest {
  /** The page's absolute URL. */
  url: string;
  /** An access token of the viewer's session. */
  accessToken: string;
  /** Whether the viewer's window is at least 62em wide, as it last told the server (lib/wide-viewport.ts). */
  isWideViewport: boolean;
  /** The hub the viewer's browser acts on (PAGE_COOKIES.currentHub, lib/session.ts), if it told the server. */
  currentHub: string | null;
  /** The API, called in-process with the given headers. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

/** The page's HTML; a part that failed to render (the browser would redraw it, React error 419) fails the page. */
async function htmlOf(element: React.ReactElement): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(element, {
    // Every boundary in place: React would otherwise move large ones to the end with an inline script to put them
    // back, which the content security policy blocks (it allows no inline script).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  // An inline script would be blocked (CSP) and the page left half-drawn: the browser renders it instead.
  if (html.includes('<script')) throw new Error('The render wrote an inline script.');
  return html;
}

/** A read the render asked for that has not been fetched (useQuery only builds its query on the server). */
function isUnfetched(query: Query, browserOnly: ReadonlySet<string>): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return (
    isEnabled &&
    !browserOnly.has(query.queryHash) &&
    query.state.status === 'pending' &&
    query.state.fetchStatus === 'idle'
  );
}

/** The subject of an access token. */
function viewerIdOf(accessToken: string): string | null {
  const subject = decodeTokenPayload(accessToken)?.sub;
  return typeof subject === 'string' ? subject : null;
}

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page renderer: each render acts for its own request through `storage` (lib/request-scope.ts). */
export function createPageRenderer(
  storage: TScopeStorage,
): (request: TRenderRequest) => Promise<TRenderOutcome> {
  setRequestScopeReader(() => storage.getStore());
  return (request) => renderPage(storage, request);
}

/** Renders one page for one viewer. */
function renderPage(storage: TScopeStorage, request: TRenderRequest): Promise<TRenderOutcome> {
  const url = new URL(request.url);
  const session: TSessionState = {
    token: request.accessToken,
    hasRefreshFlag: true,
    currentHub: request.currentHub,
    isStandardSignupEnabled: true,
  };
  const queryClient = createQueryClient();
  const scope: TRequestScope = {
    session,
    queryClient,
    fetch: request.fetch,
    isWideViewport: request.isWideViewport,
    pathname: url.pathname,
  };
  return storage.run(scope, async (): Promise<TRenderOutcome> => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) {
      const location = context.headers.get('Location');
      return location === null
        ? { kind: 'skip', reason: `a loader answered ${context.status}` }
        : { kind: 'redirect', status: context.status, location };
    }
    if (context.errors !== null) return { kind: 'skip', reason: 'a route loader failed' };
    // Reads left to the browser (lib/request-scope.ts BrowserOnlyRead): rendered as loading, never fetched here.
    const browserOnly = new Set<string>();
    for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
      const router = createStaticRouter(handler.dataRoutes, context);
      const html = await htmlOf(
        <StrictMode>
          <AppProviders>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      );
      const queries = queryClient.getQueryCache().getAll();
      const failed = queries.find((query) => query.state.status === 'error');
      if (failed !== undefined)
        return {
          kind: 'skip',
          reason: `the read ${JSON.stringify(failed.queryKey)} failed: ${String(failed.state.error)}`,
        };
      const unfetched = queries.filter((query) => isUnfetched(query, browserOnly));
      if (unfetched.length === 0) {
        const payload: TServerRenderPayload = {
          queries: dehydrate(queryClient),
          viewerId: viewerIdOf(request.accessToken),
          isWideViewport: request.isWideViewport,
          loaderData: context.loaderData,
        };
        return {
          kind: 'page',
          html,
          payloadScript: `<script type="application/json" id="${SERVER_RENDER_PAYLOAD_ID}">${scriptSafeJson(payload)}</script>`,
        };
      }
      await Promise.all(unfetched.map((query) => query.fetch().catch(() => undefined)));
      for (const query of queryClient.getQueryCache().getAll()) {
        if (!(query.state.error instanceof BrowserOnlyRead)) continue;
        browserOnly.add(query.queryHash);
        queryClient.getQueryCache().remove(query);
      }
    }
    return { kind: 'skip', reason: `reads still missing after ${MAX_PASSES} passes` };
  });
}
