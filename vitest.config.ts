import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
// Fails a test that sends a query on a pg client while another runs on it (pg's deprecation, issue #14).
const serverSetupFiles = ['apps/server/test/pg-overlap-guard.ts'];

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: serverSetupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
