#!/usr/bin/env node
// The whole suite in one command (README quick start, .ci/run): every step runs, then a summary.
import { spawn } from 'node:child_process';

const steps = [
  // First because it is cheap: a lockfile that disagrees with package.json breaks `npm ci` on a fresh clone (issue #14).
  {
    name: 'lockfile in sync with package.json, allowScripts complete',
    command: 'node',
    args: ['scripts/check-lockfile.mjs'],
  },
  // The three static checks are single-threaded: they run side by side (`parallel`), their output kept
  // until each ends so it reads as one block.
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'], parallel: 'static' },
  { name: 'formatting (Prettier)', command: 'npx', args: ['prettier', '--check', '.'], parallel: 'static' },
  { name: 'typecheck', command: 'npx', args: ['tsc', '-b'], parallel: 'static' },
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

/** Runs one step; with `isBuffered` its output is printed in one block when it ends. */
function runStep(step, isBuffered) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: isBuffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      if (isBuffered) {
        console.info(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const selected = steps.filter((step) => !only.length || only.some((o) => step.name.startsWith(o)));
for (let i = 0; i < selected.length;) {
  const step = selected[i];
  // A run of consecutive steps of one `parallel` group goes together.
  let end = i + 1;
  while (step.parallel && end < selected.length && selected[end].parallel === step.parallel) end++;
  const group = selected.slice(i, end);
  if (group.length === 1) console.info(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  else console.info(`\n▶ ${group.map((s) => s.name).join(', ')}: side by side`);
  results.push(...(await Promise.all(group.map((s) => runStep(s, group.length > 1)))));
  i += group.length;
}

console.info('\nSummary');
for (const r of results) console.info(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.info(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
