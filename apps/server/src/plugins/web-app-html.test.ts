import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDb } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { routePreloads, webAppHtml, withPreloads } from './web-app-html.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Commons</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-R.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A Vite manifest shaped like the real build's (apps/web/dist/.vite/manifest.json). */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_runtime-R.js'],
    css: ['assets/index-A.css'],
  },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  '_lazy-shared-L.js': {
    file: 'assets/lazy-shared-L.js',
    imports: ['_runtime-R.js', 'index.html'],
    css: ['assets/lazy-shared-L.css'],
  },
  'src/app/layouts/signed-in-shell.tsx': {
    file: 'assets/signed-in-shell-S.js',
    isDynamicEntry: true,
    imports: ['_runtime-R.js', 'index.html', '_lazy-shared-L.js'],
    css: ['assets/signed-in-shell-S.css'],
  },
  'src/app/routing/hub-home-route.tsx': {
    file: 'assets/hub-home-route-H.js',
    isDynamicEntry: true,
    imports: ['_runtime-R.js', '_lazy-shared-L.js', 'index.html'],
  },
  'src/features/directory/pages/directory-page.tsx': {
    file: 'assets/directory-page-P.js',
    isDynamicEntry: true,
    imports: ['_runtime-R.js', 'index.html', '_lazy-shared-L.js'],
  },
  // In the manifest but not on disk (a build in progress, a file removed): never linked.
  'src/features/inbox/pages/inbox-page.tsx': {
    file: 'assets/inbox-page-gone.js',
    isDynamicEntry: true,
    imports: ['_lazy-shared-L.js'],
  },
};

const ON_DISK = new Set([
  'assets/index-A.js',
  'assets/index-A.css',
  'assets/runtime-R.js',
  'assets/lazy-shared-L.js',
  'assets/lazy-shared-L.css',
  'assets/signed-in-shell-S.js',
  'assets/signed-in-shell-S.css',
  'assets/hub-home-route-H.js',
  'assets/directory-page-P.js',
]);
const onDisk = (file: string) => ON_DISK.has(file);

describe('route preloads of the web app (issue #17 item 7)', () => {
  it("lists a page's chunks, the signed-in shell's and what they import, without the entry's own", () => {
    expect(routePreloads(MANIFEST, '/hub/northfield/', onDisk)).toEqual({
      scripts: ['assets/signed-in-shell-S.js', 'assets/lazy-shared-L.js', 'assets/hub-home-route-H.js'],
      styles: ['assets/signed-in-shell-S.css', 'assets/lazy-shared-L.css'],
    });
    for (const pathname of ['/hub/northfield', '/hub/northfield/home'])
      expect(routePreloads(MANIFEST, pathname, onDisk).scripts).toContain('assets/hub-home-route-H.js');
    expect(routePreloads(MANIFEST, '/hub/northfield/person', onDisk)).toEqual({
      scripts: ['assets/signed-in-shell-S.js', 'assets/lazy-shared-L.js', 'assets/directory-page-P.js'],
      styles: ['assets/signed-in-shell-S.css', 'assets/lazy-shared-L.css'],
    });
  });

  it('links only files that exist, and nothing for pages it does not know', () => {
    const inbox = routePreloads(MANIFEST, '/inbox', onDisk);
    expect(inbox.scripts).not.toContain('assets/inbox-page-gone.js');
    expect(inbox.scripts.every(onDisk)).toBe(true);
    expect(routePreloads(MANIFEST, '/hub/northfield/groups', onDisk)).toEqual({ scripts: [], styles: [] });
    expect(routePreloads(MANIFEST, '/terms', onDisk)).toEqual({ scripts: [], styles: [] });
    // The sign-in page is part of the entry (router.tsx).
    expect(routePreloads(MANIFEST, '/sign-in', onDisk)).toEqual({ scripts: [], styles: [] });
  });

  it("adds the links at the end of the head, crossorigin as Vite's own, and leaves a page without a head", () => {
    const html = withPreloads(INDEX_HTML, { scripts: ['assets/a.js'], styles: ['assets/a.css'] });
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/a.js">\n    <link rel="preload" as="style" crossorigin href="/assets/a.css">\n  </head>',
    );
    expect(html.indexOf('/assets/a.js')).toBeGreaterThan(html.indexOf('/assets/index-A.js'));
    expect(withPreloads('<title>x</title>', { scripts: ['assets/a.js'], styles: [] })).toBe(
      '<title>x</title>',
    );
    expect(withPreloads(INDEX_HTML, { scripts: [], styles: [] })).toBe(INDEX_HTML);
  });

  it('reads index.html and the manifest again after a rebuild, and serves index.html as is without a manifest', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    try {
      writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
      const page = webAppHtml(dist);
      expect(await page('/hub/northfield/')).toBe(INDEX_HTML);
      writeDist(dist);
      const html = await page('/hub/northfield/');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/hub-home-route-H.js">');
      expect(html).not.toContain('inbox-page-gone');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

/** Writes the manifest and the files on disk of the fake build into dist. */
function writeDist(dist: string): void {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const file of ON_DISK) writeFileSync(path.join(dist, file), '');
}

describeDb('page answers with route preloads', () => {
  it('sends the hub home with its chunks preloaded, under the same CSP and caching', async () => {
    const { openTestDatabase } = await import('../../test/test-app.js');
    const { buildApp } = await import('../app.js');
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeDist(dist);
    const database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: dist,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'd-')),
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const home = await app.inject({ method: 'GET', url: '/hub/northfield/?tab=all' });
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toContain('text/html');
      expect(home.headers['cache-control']).toBe('no-cache');
      const csp = String(home.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const linked = [
        ...home.body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="\/([^"]+)"/g),
      ].map((match) => match[1]);
      expect(linked).toEqual([
        'assets/runtime-R.js', // the entry's, in index.html already
        'assets/signed-in-shell-S.js',
        'assets/lazy-shared-L.js',
        'assets/hub-home-route-H.js',
        'assets/signed-in-shell-S.css',
        'assets/lazy-shared-L.css',
      ]);
      // Every linked file is served.
      for (const file of linked)
        expect((await app.inject({ method: 'GET', url: `/${file}` })).statusCode).toBe(200);
      // No inline script was added: the only script is the entry's.
      expect(home.body.match(/<script/g)).toHaveLength(1);
      const other = await app.inject({ method: 'GET', url: '/hub/northfield/groups' });
      expect(other.body).toBe(INDEX_HTML);
    } finally {
      await app.close();
      await database.close();
      await database.dropDatabase();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
