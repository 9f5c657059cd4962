#!/usr/bin/env node
/**
 * `npm run test:e2e`: makes sure Debian's chromium is installed (apt-get when running as root,
 * otherwise a clear message naming the package), then runs the E2E suite with vitest.
 * Extra arguments are passed on to vitest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (!existsSync(chromiumPath)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `E2E tests need a chromium browser at ${chromiumPath}, and it is missing.\n` +
        'Install the Debian package "chromium" (sudo apt-get install -y chromium), ' +
        'or set CHROMIUM_PATH to another chromium binary, then run the tests again.',
    );
    process.exit(1);
  }
  console.info('[e2e] chromium is missing: installing the Debian package "chromium" with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', 'chromium'], { env }) !== 0
  ) {
    console.error(
      'Installing the Debian package "chromium" failed; install it by hand and run the tests again.',
    );
    process.exit(1);
  }
}

process.exit(run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)]));
