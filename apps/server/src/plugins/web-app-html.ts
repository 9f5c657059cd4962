import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The web app's index.html for one page address, with `<link rel="modulepreload">` for the JavaScript that page
 * needs after the entry (issue #17 item 7). Without them the browser discovers the page's chunks only once the
 * entry has downloaded and run (React Router's lazy route, then the signed-in shell), one level after another;
 * with them it fetches them alongside the entry. The chunk files come from Vite's manifest
 * (dist/.vite/manifest.json, `build.manifest: true`), so a rebuild is picked up without a restart.
 */

/** Vite's manifest: source module → its chunk file, the chunks it imports statically and its CSS. */
type TViteManifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/** What a page request is answered with. */
export type TPageAnswer =
  { kind: 'html'; html: string; isPersonal: boolean } | { kind: 'redirect'; location: string };

/** The header, navigation and realtime connection of every signed-in page (app-layout.tsx loads it). */
const SIGNED_IN_SHELL = 'src/app/layouts/signed-in-shell.tsx';

/**
 * Page addresses (webPaths / apps/web/src/config/paths.ts) → the lazy modules apps/web/src/app/router.tsx loads
 * for them on a first load. Only the pages people open first are listed; any other address loads as before.
 * A signed-in page's modules are preloaded for a visitor too (the server does not know the session, which lives
 * in the browser): that visitor is sent to the sign-in page, part of the entry, and those downloads go unused.
 */
export const ROUTE_MODULES: readonly { pattern: RegExp; modules: readonly string[] }[] = [
  {
    pattern: /^\/hub\/[^/]+(\/|\/home\/?)?$/,
    modules: [SIGNED_IN_SHELL, 'src/app/routing/hub-home-route.tsx'],
  },
  {
    pattern: /^\/hub\/[^/]+\/person\/?$/,
    modules: [SIGNED_IN_SHELL, 'src/features/directory/pages/directory-page.tsx'],
  },
  {
    pattern: /^\/inbox(\/[^/]+)?\/?$/,
    modules: [SIGNED_IN_SHELL, 'src/features/inbox/pages/inbox-page.tsx'],
  },
  {
    pattern: /^\/profile\/[^/]+\/?$/,
    modules: [SIGNED_IN_SHELL, 'src/features/profiles/pages/profile-page.tsx'],
  },
];

/** The files a page needs beyond the entry's own: its chunks (and their static imports) and their stylesheets. */
export function routePreloads(
  manifest: TViteManifest,
  pathname: string,
  fileExists: (file: string) => boolean,
): { scripts: string[]; styles: string[] } {
  const route = ROUTE_MODULES.find(({ pattern }) => pattern.test(pathname));
  if (route === undefined) return { scripts: [], styles: [] };
  // The entry and its static imports are in index.html already.
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || manifest[key] === undefined) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry === true) visit(key, loaded);
  const needed = new Set<string>();
  for (const module of route.modules) visit(module, needed);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const key of needed) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) continue;
    if (chunk.file.endsWith('.js') && fileExists(chunk.file)) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (fileExists(css)) styles.add(css);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** index.html with the page's preload links at the end of its head (unchanged when it has no head). */
export function withPreloads(html: string, preloads: { scripts: string[]; styles: string[] }): string {
  const links = [
    // crossorigin as Vite's own modulepreload and stylesheet links, so the browser reuses these responses.
    ...preloads.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...preloads.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  const headEnd = html.indexOf('</head>');
  if (links.length === 0 || headEnd < 0) return html;
  return `${html.slice(0, headEnd)}    ${links.join('\n    ')}\n  ${html.slice(headEnd)}`;
}

/**
 * index.html whose preloaded stylesheets (withPreloads) apply at once: a page rendered on the server is drawn
 * before its scripts run, so the CSS of its lazy chunks must be in force at the first paint, not only downloaded.
 */
export function withPreloadedStylesApplied(html: string): string {
  return html.replaceAll('<link rel="preload" as="style" crossorigin', '<link rel="stylesheet" crossorigin');
}

/** The app's entry script and module preloads as Vite and withPreloads write them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * index.html whose scripts start after the first paint (public/start-app.js), for a page rendered on the server:
 * a phone then draws the page before it downloads and runs the app (Lighthouse counts every script requested
 * before the first paint in front of it). Returns the HTML without the entry and its preloads, and the script
 * that starts them, for the end of the body.
 */
export function withEntryAfterFirstPaint(html: string): { html: string; startScript: string } | null {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (entry === undefined) return null;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    startScript: `<script defer src="/start-app.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
  };
}

/**
 * Builds the index.html answer of a page address from the built web app in webDistDir; index.html and the
 * manifest are read again when they change (a rebuild needs no restart). Without a manifest, index.html as is.
 */
export function webAppHtml(webDistDir: string): (pathname: string) => Promise<string> {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  let cached: {
    key: string;
    html: string;
    manifest: TViteManifest | null;
    pages: Map<string, string>;
  } | null = null;
  const mtime = async (file: string) => (await stat(file).catch(() => null))?.mtimeMs ?? -1;

  const load = async () => {
    const key = `${await mtime(indexFile)}:${await mtime(manifestFile)}`;
    if (cached?.key === key) return cached;
    const html = await readFile(indexFile, 'utf8');
    const manifest = await readFile(manifestFile, 'utf8').then(
      (text) => JSON.parse(text) as TViteManifest,
      () => null,
    );
    cached = { key, html, manifest, pages: new Map() };
    return cached;
  };

  return async (pathname) => {
    const page = await load();
    if (page.manifest === null) return page.html;
    const route = ROUTE_MODULES.findIndex(({ pattern }) => pattern.test(pathname));
    const routeKey = String(route);
    const known = page.pages.get(routeKey);
    if (known !== undefined) return known;
    const html = withPreloads(
      page.html,
      routePreloads(page.manifest, pathname, (file) => existsSync(path.join(webDistDir, file))),
    );
    page.pages.set(routeKey, html);
    return html;
  };
}
