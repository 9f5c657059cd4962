#!/usr/bin/env node
// The whole suite in one command (README quick start, .ci/run): every step runs, then a summary.
import { spawnSync } from 'node:child_process';

const steps = [
  // First because it is cheap: a lockfile that disagrees with package.json breaks `npm ci` on a fresh clone (issue #14).
  {
    name: 'lockfile in sync with package.json, allowScripts complete',
    command: 'node',
    args: ['scripts/check-lockfile.mjs'],
  },
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'formatting (Prettier)', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
  {
    name: 'unit (domain, contract, web) with domain coverage',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'domain', '--project', 'contract', '--project', 'web', '--coverage'],
  },
  // Both engines side by side, one worker each: PostgreSQL tests wait on the server while PGlite ones compute,
  // so the pair takes 8 minutes instead of 10.5 one after the other on a 2-core machine.
  {
    name: 'integration on PGlite and PostgreSQL',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'server-pglite', '--project', 'server-postgres', '--maxWorkers=2'],
  },
  // Builds the web app (E2E then reuses the fresh build) and fails when the initial JavaScript passes 200 kB gzip (issue #8).
  { name: 'web build and initial JavaScript budget', command: 'npm', args: ['run', 'build'] },
  { name: 'end-to-end in Chromium', command: 'node', args: ['e2e/run.mjs'] },
];

const only = process.argv.slice(2);
// `npm test` starts this file through scripts/node24.mjs; say which node the steps run on.
console.info(`Node ${process.version} (${process.execPath})`);
const results = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.startsWith(o))) continue;
  console.info(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { stdio: 'inherit', env: process.env });
  results.push({ name: step.name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.info('\nSummary');
for (const r of results) console.info(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.info(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
