import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn as signInThroughApi,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { PAGE_SESSION_COOKIE } from '../auth/page-session.js';
import { isServerRenderedPage, MAX_CONCURRENT_RENDERS, withRenderedPage } from './server-render.js';

/** index.html as Vite writes it, with a route's preloads as plugins/web-app-html.ts adds them. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Commons</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-R.js">
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
    <link rel="modulepreload" crossorigin href="/assets/hub-home-H.js">
    <link rel="preload" as="style" crossorigin href="/assets/shell-S.css">
  </head>
  <body>
    <div id="root"><p>Loading…</p></div>
  </body>
</html>`;

/**
 * A stand-in for apps/web's server bundle (dist-ssr/entry-server.js, built by the web app's `vite build --ssr`,
 * which runs after these tests in CI): it reads the viewer through the in-process API as the real one does, and
 * answers a redirect or fails where the address asks for it.
 */
const RENDER_BUNDLE = `
export function createPageRenderer(storage) {
  return (request) => storage.run({}, async () => {
    const url = new URL(request.url);
    if (url.searchParams.has('fail')) throw new Error('render failed');
    if (url.searchParams.has('redirect')) return { kind: 'redirect', status: 302, location: '/hub/elsewhere/' };
    if (url.searchParams.has('skip')) return { kind: 'skip', reason: 'a read failed' };
    if (url.searchParams.has('slow')) await new Promise((resolve) => setTimeout(resolve, 1000));
    const me = await request.fetch('/api/auth/me', {
      method: 'GET',
      headers: { authorization: 'Bearer ' + request.accessToken, 'x-platform-type': 'desktop' },
    });
    const body = await me.json();
    return {
      kind: 'page',
      html: '<h1>' + me.status + ' ' + body.user.email + ' hub=' + request.currentHub + ' wide=' + request.isWideViewport + '</h1>' + '<p>A page of some size.</p>'.repeat(60),
      payloadScript: '<script type="application/json" id="commons-server-render">{}</script>',
    };
  });
}
`;

describe('a rendered page in index.html', () => {
  it('fills #root, applies the preloaded styles and starts the scripts after the first paint', () => {
    const html = withRenderedPage(INDEX_HTML, {
      html: '<h1>Home</h1>',
      payloadScript: '<script type="application/json" id="p">{}</script>',
    });
    expect(html).toContain('<div id="root"><h1>Home</h1></div>');
    expect(html).not.toContain('Loading…');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-S.css">');
    // No script runs before the first paint: the entry and its preloads start from public/start-app.js.
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script defer src="/start-app.js" data-entry="/assets/index-A.js" data-preload="/assets/runtime-R.js /assets/hub-home-H.js"></script>',
    );
    expect(html.indexOf('id="p"')).toBeGreaterThan(html.indexOf('<h1>Home</h1>'));
    expect(html.indexOf('start-app.js')).toBeGreaterThan(html.indexOf('id="p"'));
    // An index.html it does not recognise is left as it is.
    expect(withRenderedPage('<html><body></body></html>', { html: 'x', payloadScript: '' })).toBe(
      '<html><body></body></html>',
    );
  });

  it('renders the pages people open first, and only those', () => {
    for (const pathname of [
      '/hub/northfield/',
      '/hub/northfield',
      '/hub/northfield/person',
      '/inbox',
      '/profile/alex/',
    ])
      expect(isServerRenderedPage(pathname), pathname).toBe(true);
    for (const pathname of ['/hub/northfield/groups', '/sign-in', '/events', '/inbox/thread/1'])
      expect(isServerRenderedPage(pathname), pathname).toBe(false);
  });
});

describeDb('server-rendered pages (issue #17 item 7, docs/adr/0007)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let user: TTestUser;
  let otherUser: TTestUser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-render-'));
    mkdirSync(path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'dist-ssr'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.js'), RENDER_BUNDLE);
    t = await getTestApp({ env: { WEB_DIST_DIR: path.join(dir, 'dist') } });
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const otherHub = await createHub(t.database.db, otherCluster);
    user = await createUser(t.database.db, cluster, { hub });
    otherUser = await createUser(t.database.db, otherCluster, { hub: otherHub });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(who: TTestUser, of: TTestCluster) {
    const session = await signInThroughApi(t.app, of, who);
    expect(session.pageCookie).not.toBe('');
    return session;
  }

  const getPage = (
    url: string,
    options: { of?: TTestCluster; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: (options.of ?? cluster).host, ...options.headers },
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });

  it("renders a measured page for the cookie's viewer, reading the API as them, privately and compressed", async () => {
    const { pageCookie } = await signIn(user, cluster);
    const page = await getPage(`/hub/${hub.identifier}/`, {
      cookies: { [PAGE_SESSION_COOKIE]: pageCookie, commons_hub: hub.identifier, commons_wide: '1' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div id="root"><h1>200 ${user.email} hub=${hub.identifier} wide=true</h1>`);
    expect(page.body).toContain('id="commons-server-render"');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers.vary)).toContain('cookie');

    const compressed = await getPage(`/hub/${hub.identifier}/`, {
      cookies: { [PAGE_SESSION_COOKIE]: pageCookie },
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    // Without the browser's hints: no hub, and the width guessed from a browser name that is not a phone's.
    expect(html).toContain(`${user.email} hub=null wide=true</h1>`);

    const phone = await getPage('/inbox', {
      cookies: { [PAGE_SESSION_COOKIE]: pageCookie, commons_hub: '<script>' },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' },
    });
    // A hub cookie that is no identifier is ignored.
    expect(phone.body).toContain('hub=null wide=false</h1>');
  });

  it('answers index.html as before without a live session, on other pages, and when the render fails or skips', async () => {
    const { token, pageCookie } = await signIn(user, cluster);
    const spa = (response: Awaited<ReturnType<typeof getPage>>) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    };
    spa(await getPage(`/hub/${hub.identifier}/`));
    spa(await getPage(`/hub/${hub.identifier}/`, { cookies: { [PAGE_SESSION_COOKIE]: 'not-a-token' } }));
    spa(await getPage(`/hub/${hub.identifier}/groups`, { cookies: { [PAGE_SESSION_COOKIE]: pageCookie } }));
    spa(await getPage(`/hub/${hub.identifier}/?fail=1`, { cookies: { [PAGE_SESSION_COOKIE]: pageCookie } }));
    spa(await getPage(`/hub/${hub.identifier}/?skip=1`, { cookies: { [PAGE_SESSION_COOKIE]: pageCookie } }));

    const redirect = await getPage(`/hub/${hub.identifier}/?redirect=1`, {
      cookies: { [PAGE_SESSION_COOKIE]: pageCookie },
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/hub/elsewhere/');

    // Signed out: the same cookie no longer renders anything.
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(signOut.statusCode).toBeLessThan(300);
    spa(await getPage(`/hub/${hub.identifier}/`, { cookies: { [PAGE_SESSION_COOKIE]: pageCookie } }));
  });

  it('answers index.html beyond MAX_CONCURRENT_RENDERS renders at once, and renders again after', async () => {
    const { pageCookie } = await signIn(user, cluster);
    const cookies = { [PAGE_SESSION_COOKIE]: pageCookie };
    const pages = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_RENDERS + 2 }, () =>
        getPage(`/hub/${hub.identifier}/?slow=1`, { cookies }),
      ),
    );
    const rendered = pages.filter((page) => page.body.includes('id="commons-server-render"'));
    expect(rendered).toHaveLength(MAX_CONCURRENT_RENDERS);
    expect(pages.filter((page) => page.body === INDEX_HTML)).toHaveLength(2);
    expect((await getPage(`/hub/${hub.identifier}/`, { cookies })).body).toContain('commons-server-render');
  });

  it("never renders one cluster's session on another cluster's host", async () => {
    const other = await signIn(otherUser, otherCluster);
    const mine = await signIn(user, cluster);
    const crossed = await getPage(`/hub/${hub.identifier}/`, {
      of: cluster,
      cookies: { [PAGE_SESSION_COOKIE]: other.pageCookie },
    });
    expect(crossed.body).toBe(INDEX_HTML);
    const back = await getPage('/inbox', {
      of: otherCluster,
      cookies: { [PAGE_SESSION_COOKIE]: mine.pageCookie },
    });
    expect(back.body).toBe(INDEX_HTML);
    // Each on its own host renders its own viewer.
    const own = await getPage('/inbox', {
      of: otherCluster,
      cookies: { [PAGE_SESSION_COOKIE]: other.pageCookie },
    });
    expect(own.body).toContain(`200 ${otherUser.email} `);
  });
});
