import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
// Fails a test that sends a query on a pg client while another runs on it (pg's deprecation, issue #14).
const serverSetupFiles = ['apps/server/test/pg-overlap-guard.ts'];

/**
 * Generous limits for the integration suites: they guard against hangs, never measure speed (benchmarks do).
 * A loaded 2-core CI machine once needed over a minute to build one file's database in a beforeAll.
 */
const TEST_TIMEOUT_MS = 60_000;
const HOOK_TIMEOUT_MS = 180_000;

/**
 * One module graph per worker instead of one per file: every file imports the whole app, and re-importing it
 * for each of the 60+ files cost more than the tests (PostgreSQL 6.2 → 3.5 min, PGlite 9 → 5.5 min). Files keep
 * their own database and app instance, so nothing but module state is shared, and modules keep none per test.
 */
const SERVER_POOL = { pool: 'forks', isolate: false } as const;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], passWithNoTests: true } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], passWithNoTests: true } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: serverSetupFiles,
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
          ...SERVER_POOL,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: serverSetupFiles,
          testTimeout: TEST_TIMEOUT_MS,
          hookTimeout: HOOK_TIMEOUT_MS,
          ...SERVER_POOL,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95 },
    },
  },
});
