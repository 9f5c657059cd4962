import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';

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

/** The packages whose top-level `Z…` schemas the web app builds on first use (lib/lazy-schema.ts). */
const schemaSources = ['../../packages/contract/src/', '../../packages/domain/src/'].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);
const lazySchemaModule = fileURLToPath(new URL('./src/lib/lazy-schema.ts', import.meta.url));

/** The ESTree nodes the transform below reads (Rolldown's `this.parse`, with offsets). */
type TNode = { type: string; start: number; end: number };
type TDeclarator = TNode & { id: TNode & { name?: string }; init: TNode | null };
type TStatement = TNode & {
  kind?: string;
  declarations?: TDeclarator[];
  declaration?: TStatement | null;
};

/**
 * Wraps each top-level `const Z… = <call>` of the contract and the domain in lazySchema(() => …) (issue #17 item 7):
 * a page's chunks declare about a thousand schemas, building them took 150 ms of a phone's main thread before the
 * first render, and the page parses with a dozen. Applies to the web app only (build and dev server); the server
 * and the tests build them as written. The `Z` prefix is the contract's naming rule for schemas.
 */
function lazyContractSchemas(): Plugin {
  return {
    name: 'commons-lazy-contract-schemas',
    enforce: 'post',
    transform(code, id) {
      if (!schemaSources.some((dir) => id.startsWith(dir)) || /\.test\.[jt]sx?$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: TStatement[] };
      const output = new MagicString(code);
      let wrapped = 0;
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { id: name, init } of declaration.declarations ?? []) {
          if (
            name.type !== 'Identifier' ||
            !/^Z[A-Z]/.test(name.name ?? '') ||
            init?.type !== 'CallExpression'
          )
            continue;
          output.prependRight(init.start, '__lazySchema(() => (');
          output.appendLeft(init.end, '))');
          wrapped += 1;
        }
      }
      if (wrapped === 0) return null;
      output.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(lazySchemaModule)};\n`);
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
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
 * The pages whose first load is measured (bench/lighthouse.ts: hub home, directory, inbox, profile), each with the
 * modules its route loader imports (app/router.tsx), and the signed-in shell every one of them renders in.
 */
const HOT_PAGES = [
  { name: 'shell', roots: ['app/layouts/signed-in-shell.tsx'] },
  {
    name: 'home',
    roots: [
      'app/routing/hub-home-route.tsx',
      'features/feed/api/feed-api.ts',
      'features/home/api/get-home.ts',
      'features/home/api/action-items.ts',
    ],
  },
  {
    name: 'directory',
    roots: [
      'features/directory/pages/directory-page.tsx',
      'features/directory/api/search-directory.ts',
      'lib/contact-options.ts',
    ],
  },
  { name: 'inbox', roots: ['features/inbox/pages/inbox-page.tsx', 'features/inbox/api/threads.ts'] },
  {
    name: 'profile',
    roots: [
      'features/profiles/pages/profile-page.tsx',
      'features/profiles/api/get-profile.ts',
      'lib/contact-options.ts',
    ],
  },
].map((page) => ({ name: page.name, roots: page.roots.map((file) => path.join(webSrc, file)) }));

const HOT_ROOTS = HOT_PAGES.flatMap((page) => page.roots);

/** The statements of a module's code, comments removed. */
function statementsOf(code: string): string[] {
  return code
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split(/;|\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/** A bare `import './x';`: the module is run for its side effects, none of its names is taken. */
const SIDE_EFFECT_IMPORT = /^import\s*['"]([^'"]+)['"]$/;

/**
 * A module that only re-exports (`export … from`), such as the contract's index or @mantine/core's, besides
 * importing modules for their side effects (@mantine/core's index imports its CSS variables' module so).
 */
function isBarrel(code: string | null): boolean {
  if (code === null) return false;
  const statements = statementsOf(code);
  return (
    statements.length > 0 &&
    statements.every(
      (statement) => /^export\b.*\bfrom\b/.test(statement) || SIDE_EFFECT_IMPORT.test(statement),
    )
  );
}

/** The modules a barrel imports for their side effects, as resolved ids. */
function sideEffectImports(id: string, code: string | null): Set<string> {
  const ids = new Set<string>();
  for (const statement of statementsOf(code ?? '')) {
    const specifier = SIDE_EFFECT_IMPORT.exec(statement)?.[1];
    if (specifier?.startsWith('.') === true) ids.add(path.resolve(path.dirname(id), specifier));
  }
  return ids;
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
      const sideEffects = sideEffectImports(id, info.code);
      for (const child of info.importedIds) {
        const childInfo = ctx.getModuleInfo(child);
        if (sideEffects.has(child)) visit(child, null);
        else if (childInfo !== null && childInfo.exports.some((name) => wanted.has(name)))
          visit(child, wanted);
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
  hotPages: Array<{ name: string; modules: Set<string> }>;
  parts: Array<{ name: string; modules: Set<string> }>;
} | null = null;

function groupsOf(ctx: Rolldown.ChunkingContext): NonNullable<typeof groupCache> {
  if (groupCache?.ctx !== ctx)
    groupCache = {
      ctx,
      hotPages: HOT_PAGES.map((page) => ({ name: page.name, modules: reachableModules(ctx, page.roots) })),
      parts: LAZY_PARTS.map((part) => ({ name: part.name, modules: reachableModules(ctx, part.roots) })),
    };
  return groupCache;
}

/**
 * `lazy-<page>` for a shared module that one hot page alone uses (a form control or a contract it shares with cold
 * pages only): in `lazy-shared`, every other hot page downloaded and evaluated it too. Null for the rest.
 */
function hotPageOnlyName(id: string, ctx: Rolldown.ChunkingContext): string | null {
  const users = groupsOf(ctx).hotPages.filter((page) => page.modules.has(id));
  const [onlyUser] = users;
  return users.length === 1 && onlyUser !== undefined && onlyUser.name !== 'shell'
    ? `lazy-${onlyUser.name}`
    : null;
}

const FEATURE_DIR = path.join(webSrc, 'features') + path.sep;

/**
 * `lazy-more-<feature>` for a shared module of one feature (src/features/<feature>/) that no hot page, the shell
 * or a lazy part uses: in `lazy-more`, every page outside the measured ones downloaded every feature's shared code
 * (advising's alone is 38 kB of code). Null for the rest, and a feature's group under minSize stays in `lazy-more`.
 */
function featureMoreName(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!id.startsWith(FEATURE_DIR)) return null;
  if (lazySharedName(id, ctx) !== 'lazy-more') return null;
  const feature = id.slice(FEATURE_DIR.length).split(path.sep)[0];
  return feature === undefined || feature === '' ? null : `lazy-more-${feature}`;
}

/**
 * The group of a shared module: `lazy-shared` when a hot page or the shell uses it (what hotPageOnlyName left),
 * else the first lazy part (LAZY_PARTS) that reaches it, else `lazy-more`.
 */
function lazySharedName(id: string, ctx: Rolldown.ChunkingContext): string {
  const groups = groupsOf(ctx);
  if (groups.hotPages.some((page) => page.modules.has(id))) return 'lazy-shared';
  return groups.parts.find((part) => part.modules.has(id))?.name ?? 'lazy-more';
}

/**
 * Fails the build when a measured page or the signed-in shell imports `lazy-more` or a `lazy-more-<feature>`, or
 * another page's `lazy-<page>`
 * chunk, statically: the chunking above decides from a walk of the imports, and a gap in it (a barrel it did not
 * recognise, say) would otherwise only show as a slower page.
 */
function measuredPagesSkipOthersChunks(): Plugin {
  return {
    name: 'commons-measured-pages-skip-others-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : [],
        ),
      );
      for (const chunk of chunks.values()) {
        const facade = chunk.facadeModuleId;
        if (facade === null || !HOT_ROOTS.includes(facade) || !chunk.isDynamicEntry) continue;
        const own = new Set(
          HOT_PAGES.filter((page) => page.roots.includes(facade)).map((page) => `lazy-${page.name}`),
        );
        const isForbidden = (name: string) =>
          name === 'lazy-more' ||
          name.startsWith('lazy-more-') ||
          (HOT_PAGES.some((page) => name === `lazy-${page.name}`) && !own.has(name));
        const seen = new Set<string>();
        const visit = (fileName: string): void => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const imported = chunks.get(fileName);
          if (imported !== undefined && isForbidden(imported.name))
            this.error(`${path.relative(webSrc, facade)} imports ${imported.name} (${fileName}).`);
          for (const next of imported?.imports ?? []) visit(next);
        };
        visit(chunk.fileName);
      }
    },
  };
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
  { name: 'app', tags: ['$initial'], priority: 3 },
  // Below minSize (bytes of the modules' code), a page's own group is not worth a request: lazy-shared takes it.
  { name: hotPageOnlyName, minShareCount: 2, minSize: 8000, priority: 2 },
  { name: featureMoreName, minShareCount: 2, minSize: 8000, priority: 1.5 },
  { name: lazySharedName, minShareCount: 2, priority: 1 },
];

/** The browser build: dist/, with its manifest (read by the server and scripts/web-budget.mjs) and the chunks above. */
const browserBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  // dist/.vite/manifest.json: scripts/web-budget.mjs sums the initial JavaScript from it (issue #8).
  manifest: true,
  sourcemap: true,
  target: 'es2022',
  rolldownOptions: {
    output: { codeSplitting: { includeDependenciesRecursively: false, groups: codeSplittingGroups } },
  },
};

/** The server-render build (`vite build --ssr`): dist-ssr/entry-server.js, which the server imports. */
const serverRenderBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  sourcemap: true,
  target: 'node22',
  rolldownOptions: { input: 'src/entry-server.tsx' },
};

/** Vite: React, dev server on 5173 proxying /api (with websockets) to the Commons server, build to dist/. */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    lazyContractSchemas(),
    // The server-render bundle (src/entry-server.tsx, dist-ssr/) is not sent to browsers: no chunk rules, no copies.
    ...(isSsrBuild === true ? [] : [measuredPagesSkipOthersChunks(), precompress()]),
  ],
  resolve: { alias: [zodJitless, ...(command === 'build' ? productionAliases : [])] },
  // lib/request-scope.ts IS_SERVER_BUNDLE: per-request session and query client in the server bundle only.
  define: { 'import.meta.env.COMMONS_SERVER_BUNDLE': isSsrBuild === true ? 'true' : 'false' },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  preview: { port: 4173 },
  build: isSsrBuild === true ? serverRenderBuild : browserBuild,
}));
