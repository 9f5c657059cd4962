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

/**
 * The modules lazy pages share with each other (and the first page does not load), in one chunk rather than
 * one per combination of pages (issue #17 item 7). Code splitting alone cut them into ~100 chunks of 1–5 kB:
 * a phone on HTTP/1.1 fetches six at a time, so the hub home waited on a dozen round trips, and the entry
 * carried every chunk's name for its preload lists. The entry's static import graph stays out of the group
 * (and the group takes no dependencies with it), so the first page's JavaScript does not grow.
 */
function lazySharedChunk(): Rolldown.CodeSplittingGroup {
  const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  let initial: Set<string> | null = null;
  // The entry's static import graph, walked once: name() is called after the module graph is complete.
  const initialModules = (ctx: Rolldown.ChunkingContext): Set<string> => {
    if (initial) return initial;
    const found = new Set<string>();
    const pending = [entry];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    initial = found;
    return found;
  };
  return {
    name: (id, ctx) => (initialModules(ctx).has(id) ? null : 'lazy-shared'),
    minShareCount: 2,
  };
}

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
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [lazySharedChunk()] } },
    },
  },
}));
