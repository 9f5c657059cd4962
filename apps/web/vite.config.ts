import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.COMMONS_API_URL ?? 'http://localhost:3000';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes a .br and a .gz next to every text file of the build, once, at the highest levels: the server
 * sends them as they are (@fastify/static preCompressed), so no request pays for compression (issue #17).
 */
function precompress(): Plugin {
  return {
    name: 'commons-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const texts = Object.values(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file.fileName));
      await Promise.all(
        texts.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          if (source.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            compressBrotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
            compressGzip(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/*
 * react-router's package exports point every bundler at its development build (dev-only warnings and checks,
 * 96 kB): the production build of the web app takes its production build instead (issue #17).
 */
const reactRouterDist = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/', import.meta.url),
);
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

/** Every `import … from 'zod'` of the app, the contract and the domain gets Zod with JIT off (lib/zod-jitless.ts). */
const zodJitless = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
};

const webSrc = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The pages whose first load is measured (bench/lighthouse.ts: hub home, directory, inbox, profile), the signed-in
 * shell, and the modules their route loaders import (app/router.tsx).
 */
const HOT_ROOTS = [
  'app/layouts/signed-in-shell.tsx',
  'app/routing/hub-home-route.tsx',
  'features/directory/pages/directory-page.tsx',
  'features/inbox/pages/inbox-page.tsx',
  'features/profiles/pages/profile-page.tsx',
  'features/feed/api/feed-api.ts',
  'features/home/api/get-home.ts',
  'features/home/api/action-items.ts',
  'features/directory/api/search-directory.ts',
  'features/inbox/api/threads.ts',
  'features/profiles/api/get-profile.ts',
  'lib/contact-options.ts',
].map((file) => path.join(webSrc, file));

/** A module that only re-exports (`export … from`), such as the contract's index or @mantine/core's. */
function isBarrel(code: string | null): boolean {
  if (code === null) return false;
  const statements = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split(/;|\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
  return statements.length > 0 && statements.every((statement) => /^export\b.*\bfrom\b/.test(statement));
}

/** The names a module imports (`import { a, b as c } from …`), in its code after the TypeScript transform. */
function importedNames(code: string | null): Set<string> {
  const names = new Set<string>();
  for (const match of (code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from/g))
    for (const part of (match[1] ?? '').split(','))
      names.add(
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.replace(/^type\s+/, '') ?? '',
      );
  return names;
}

/**
 * Every module the hot pages reach by static imports, where a barrel counts only for the modules that export the
 * names the importer takes from it (a walk through the contract's or Mantine's index would reach everything).
 */
function reachableModules(ctx: Rolldown.ChunkingContext, roots: readonly string[]): Set<string> {
  const hot = new Set<string>();
  const visit = (id: string, wanted: Set<string> | null): void => {
    const info = ctx.getModuleInfo(id);
    if (info === null) return;
    if (wanted !== null && isBarrel(info.code)) {
      // The barrel itself is hot (tiny): its importers keep their import of its chunk.
      hot.add(id);
      for (const child of info.importedIds) {
        const childInfo = ctx.getModuleInfo(child);
        if (childInfo !== null && childInfo.exports.some((name) => wanted.has(name))) visit(child, wanted);
      }
      return;
    }
    if (hot.has(id)) return;
    hot.add(id);
    const names = importedNames(info.code);
    for (const child of info.importedIds) visit(child, names);
  };
  for (const root of roots) visit(root, null);
  return hot;
}

/**
 * What measured pages load after their first paint, each with a chunk of its own for the shared modules it reaches
 * and the hot pages do not: in `lazy-more` they made the page fetch that whole chunk (150 kB brotli, issue #17
 * item 7). The sign-in page's single sign-on buttons (lazy in sign-in-form.tsx; they use nothing of `lazy-shared`
 * either: they draw their 'or' rule instead of Mantine's Divider, so that page fetches no other script), and a
 * profile's job posts section (lazy in profile-page.tsx: the job board's contract and cards).
 */
const LAZY_PARTS = [
  { name: 'sign-in-lazy', roots: ['features/auth/components/sso-buttons.tsx'] },
  { name: 'profile-lazy', roots: ['features/profiles/components/job-posts-section.tsx'] },
].map((part) => ({ name: part.name, roots: part.roots.map((file) => path.join(webSrc, file)) }));

let groupCache: {
  ctx: Rolldown.ChunkingContext;
  hot: Set<string>;
  parts: Array<{ name: string; modules: Set<string> }>;
} | null = null;

/**
 * The group of a shared module: `lazy-shared` when a hot page uses it, else the first lazy part (LAZY_PARTS) that
 * reaches it, else `lazy-more`.
 */
function lazySharedName(id: string, ctx: Rolldown.ChunkingContext): string {
  if (groupCache?.ctx !== ctx)
    groupCache = {
      ctx,
      hot: reachableModules(ctx, HOT_ROOTS),
      parts: LAZY_PARTS.map((part) => ({ name: part.name, modules: reachableModules(ctx, part.roots) })),
    };
  if (groupCache.hot.has(id)) return 'lazy-shared';
  return groupCache.parts.find((part) => part.modules.has(id))?.name ?? 'lazy-more';
}

/**
 * Three chunks for nearly all the code (issue #17 item 7): `app`, every module the entry needs (Rolldown's
 * `$initial` tag: reached by static imports from src/main.tsx after tree-shaking); of the other modules two or
 * more lazy pages share, `lazy-shared` takes those the hot pages use (hotModules) and `lazy-more` the rest (other
 * features' contract schemas, forms and components), which the hot pages neither download nor evaluate (309 ->
 * 262 kB brotli on the hub home). Pages keep their own small chunks. Before, a walk of the entry's `importedIds`
 * kept out of the lazy group every module a barrel re-exports (all of @mantine/core, the whole contract) although
 * the entry uses few of them: those became ~75 chunks of 1–5 kB that every page, the sign-in page too, fetched one
 * level after another (124 requests on the hub home; a phone on HTTP/1.1 fetches six at a time). The entry's
 * chunk absorbs the `app` group, so the initial JavaScript is one file.
 */
const codeSplittingGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'app', tags: ['$initial'], priority: 2 },
  { name: lazySharedName, minShareCount: 2, priority: 1 },
];

/** Vite: React, dev server on 5173 proxying /api (with websockets) to the Commons server, build to dist/. */
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: { alias: [zodJitless, ...(command === 'build' ? productionAliases : [])] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/web-budget.mjs sums the initial JavaScript from it (issue #8).
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: codeSplittingGroups } },
    },
  },
}));
