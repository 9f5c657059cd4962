import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** E2E: real server, real browser (issue #2 item 8). Run through `npm run test:e2e` (e2e/run.mjs). */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['e2e/specs/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Hang guards, not speed targets: a loaded 2-core CI machine is slow (performance lives in npm run bench).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default'],
  },
});
