import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.COMMONS_API_URL ?? 'http://localhost:3000';

/** Vite: React, dev server on 5173 proxying /api (with websockets) to the Commons server, build to dist/. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
  },
});
