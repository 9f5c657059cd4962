import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './global-setup';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Options of both projects. Not `extends: true`: a project inheriting the global setup starts its own server. */
const shared = {
  // Hang guards, not speed targets: a loaded 2-core CI machine is slow (performance lives in npm run bench).
  testTimeout: 180_000,
  hookTimeout: 180_000,
  // expect.poll's own default (1 s) is shorter than an autosave's debounce and round trip on such a machine;
  // a poll that must see a change waits up to 15 s (a poll for something that must NOT happen sets its own).
  expect: { poll: { timeout: 15_000 } },
  // One file per worker at a time; each worker has its own server (global-setup.ts), so files never share data.
  maxWorkers: E2E_WORKERS,
  pool: 'forks',
} as const;

/**
 * E2E: real servers, real browser (issue #2 item 8). Run through `npm run test:e2e` (e2e/run.mjs). Two
 * projects share the servers of the global setup: `e2e` in a desktop window, `e2e-phone` (e2e/phone) on
 * a touch phone at 390×844 (issue #16: the app shell on a phone). E2E_WORKERS=1 runs one file at a time.
 */
export default defineConfig({
  root,
  test: {
    globalSetup: ['e2e/global-setup.ts'],
    ...shared,
    reporters: ['default'],
    projects: [
      {
        root,
        test: {
          ...shared,
          name: 'e2e',
          include: ['e2e/specs/**/*.e2e.test.ts'],
          provide: { device: 'desktop' },
        },
      },
      {
        root,
        test: {
          ...shared,
          name: 'e2e-phone',
          include: ['e2e/phone/**/*.e2e.test.ts'],
          provide: { device: 'phone' },
        },
      },
    ],
  },
});
