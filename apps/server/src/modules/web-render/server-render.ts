import { existsSync } from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_COOKIES } from '@commons/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_SESSION_COOKIE, pageSessionAccessToken } from '../auth/page-session.js';
import {
  ROUTE_MODULES,
  type TPageAnswer,
  withEntryAfterFirstPaint,
  withPreloadedStylesApplied,
} from '../../plugins/web-app-html.js';

/**
 * Server rendering of the pages people open first (issue #17 item 7, docs/adr/0007): for a page request that
 * carries the page-session cookie, the web app's server bundle (apps/web/dist-ssr/entry-server.js, built from
 * apps/web/src/entry-server.tsx) renders the page with the viewer's data, read through the API in-process (the
 * same routes, checks and row-level security as the browser's requests), and the browser hydrates that HTML.
 * Any page it does not render, or a render that fails, gets the app's index.html as before.
 */

/** The web app's server bundle (the types of apps/web/src/entry-server.tsx, kept here: the server does not import web sources). */
type TRenderOutcome =
  | { kind: 'page'; html: string; payloadScript: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'skip'; reason: string };
type TRenderRequest = {
  url: string;
  accessToken: string;
  currentHub: string | null;
  isWideViewport: boolean;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
};
type TServerBundle = {
  createPageRenderer: (
    storage: AsyncLocalStorage<unknown>,
  ) => (request: TRenderRequest) => Promise<TRenderOutcome>;
};

/** The hub the browser acts on (apps/web/src/lib/session.ts): a hub identifier, else ignored (the API checks membership). */
function currentHubOf(request: FastifyRequest): string | null {
  const value = request.cookies[PAGE_COOKIES.currentHub];
  return value !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

/** The window's width class the browser last told (apps/web/src/lib/wide-viewport.ts), else a guess from its name. */
function isWideViewportOf(request: FastifyRequest): boolean {
  const told = request.cookies[PAGE_COOKIES.wideViewport];
  if (told === '1' || told === '0') return told === '1';
  return !/Mobi|Android|iPhone|iPad/i.test(request.headers['user-agent'] ?? '');
}

/** The pages rendered on the server: those whose chunks index.html preloads (plugins/web-app-html.ts). */
export function isServerRenderedPage(pathname: string): boolean {
  return ROUTE_MODULES.some(({ pattern }) => pattern.test(pathname));
}

/** index.html with the rendered page in #root and its hydration payload after it. */
export function withRenderedPage(indexHtml: string, page: { html: string; payloadScript: string }): string {
  const entry = withEntryAfterFirstPaint(withPreloadedStylesApplied(indexHtml));
  if (entry === null) return indexHtml;
  const { html, startScript } = entry;
  const rootStart = html.indexOf('<div id="root">');
  const bodyEnd = html.lastIndexOf('</body>');
  if (rootStart < 0 || bodyEnd < rootStart) return indexHtml;
  return `${html.slice(0, rootStart)}<div id="root">${page.html}</div>\n    ${page.payloadScript}\n    ${startScript}\n  ${html.slice(bodyEnd)}`;
}

/** Calls the API in-process for a render, as the page's own viewer from the page request's address and host. */
function inProcessFetch(app: FastifyInstance, pageRequest: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (pageRequest.headers.host !== undefined) headers.host = pageRequest.headers.host;
    const userAgent = pageRequest.headers['user-agent'];
    if (userAgent !== undefined) headers['user-agent'] = userAgent;
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: pageRequest.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(name, one);
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * Renders at once per process at most. A render takes 60–300 ms of the process's main thread (measured on the demo
 * hub, docs/adr/0007); beyond this many, a page request gets index.html, as before server rendering, instead of
 * waiting behind the others and holding up the API answers the same process owes.
 */
export const MAX_CONCURRENT_RENDERS = 2;

/**
 * The server renderer, or null when the web app's server bundle was not built (the browser then renders every
 * page, as before).
 */
export function serverRenderer(options: {
  app: FastifyInstance;
  webDistDir: string;
  jwtSecret: Uint8Array;
  publicUrl: string;
}): ((request: FastifyRequest, indexHtml: string) => Promise<TPageAnswer>) | null {
  const bundleFile = path.join(options.webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(bundleFile)) {
    options.app.log.warn({ bundleFile }, 'web server bundle not built: pages render in the browser only');
    return null;
  }
  let render: Promise<(request: TRenderRequest) => Promise<TRenderOutcome>> | null = null;
  const loadRenderer = () => {
    render ??= (import(pathToFileURL(bundleFile).href) as Promise<TServerBundle>).then((bundle) =>
      bundle.createPageRenderer(new AsyncLocalStorage()),
    );
    return render;
  };
  // Loaded when the server starts listening, not by the first signed-in visitor (a second and a half on a phone's
  // first page); a test app that never listens never loads it.
  options.app.addHook('onListen', async () => {
    await loadRenderer().catch((error: unknown) => {
      render = null;
      options.app.log.error({ err: error, bundleFile }, 'web server bundle failed to load');
    });
  });

  let renders = 0;
  return async (request, indexHtml) => {
    const spa: TPageAnswer = { kind: 'html', html: indexHtml, isPersonal: false };
    const pathname = request.url.split('?')[0] ?? '/';
    const cookie = request.cookies[PAGE_SESSION_COOKIE];
    if (cookie === undefined || !isServerRenderedPage(pathname)) return spa;
    if (renders >= MAX_CONCURRENT_RENDERS) {
      request.log.info('server busy rendering: the browser renders the page');
      return spa;
    }
    renders += 1;
    try {
      const accessToken = await request.tenant({ auth: 'optional', hub: 'none' }, (ctx) =>
        pageSessionAccessToken(ctx, cookie, options.jwtSecret),
      );
      if (accessToken === null) return spa;
      const outcome = await (
        await loadRenderer()
      )({
        url: new URL(request.url, options.publicUrl).href,
        accessToken,
        currentHub: currentHubOf(request),
        isWideViewport: isWideViewportOf(request),
        fetch: inProcessFetch(options.app, request),
      });
      if (outcome.kind === 'redirect') return { kind: 'redirect', location: outcome.location };
      if (outcome.kind === 'skip') {
        request.log.info({ reason: outcome.reason }, 'page left to the browser to render');
        return spa;
      }
      return { kind: 'html', html: withRenderedPage(indexHtml, outcome), isPersonal: true };
    } catch (error) {
      request.log.warn({ err: error }, 'server render failed: the browser renders the page');
      return spa;
    } finally {
      renders -= 1;
    }
  };
}
