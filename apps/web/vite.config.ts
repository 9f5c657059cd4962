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
 * Two chunks for nearly all the code (issue #17 item 7): `app`, every module the entry needs (Rolldown's
 * `$initial` tag: reached by static imports from src/main.tsx after tree-shaking), and `lazy-shared`, every
 * other module two or more lazy pages share. Pages keep their own small chunks. Before, a walk of the entry's
 * `importedIds` kept out of the lazy group every module a barrel re-exports (all of @mantine/core, the whole
 * contract) although the entry uses few of them: those became ~75 chunks of 1–5 kB that every page, the sign-in
 * page too, fetched one level after another (124 requests on the hub home; a phone on HTTP/1.1 fetches six at a
 * time). The entry's chunk absorbs the `app` group, so the initial JavaScript is one file.
 */
const codeSplittingGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'app', tags: ['$initial'], priority: 2 },
  { name: 'lazy-shared', minShareCount: 2, priority: 1 },
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
