#!/usr/bin/env node
/**
 * First step of the suite (issue #14 item 1): package.json and package-lock.json agree, so `npm ci` installs a
 * fresh clone without touching the lockfile, and allowScripts names exactly the installed packages with
 * install scripts.
 *
 * 1. `npm ci --dry-run`: npm ci's own check that every package.json range is what the lockfile holds.
 * 2. `npm install --package-lock-only` on a copy of the package.json files and the lockfile leaves the
 *    lockfile byte for byte as it is: nothing missing (the optional platform packages of every OS included),
 *    nothing stale, so no later `npm install` rewrites it.
 * 3. `npm install-scripts ls` lists no package whose install scripts allowScripts does not cover, and
 *    `npm install-scripts prune --dry-run` would remove no entry (none names a package without scripts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const problems = [];

/** Runs npm quietly (its output is shown only when it fails). */
function npm(args, cwd) {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8' });
  return { ok: run.status === 0, stdout: run.stdout, output: `${run.stdout}${run.stderr}` };
}

const ci = npm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], root);
if (!ci.ok)
  problems.push(`npm ci --dry-run failed: package.json and package-lock.json disagree.\n${ci.output}`);

const lockfile = readFileSync(path.join(root, 'package-lock.json'), 'utf8');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const copy = mkdtempSync(path.join(tmpdir(), 'commons-lockfile-'));
try {
  const manifests = ['package.json', 'package-lock.json'];
  for (const pattern of rootPackage.workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const dir of readdirSync(path.join(root, parent))) {
      if (existsSync(path.join(root, parent, dir, 'package.json')))
        manifests.push(path.join(parent, dir, 'package.json'));
    }
  }
  for (const file of manifests) cpSync(path.join(root, file), path.join(copy, file), { recursive: true });
  const install = npm(
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'],
    copy,
  );
  if (!install.ok) problems.push(`npm install --package-lock-only failed:\n${install.output}`);
  else if (readFileSync(path.join(copy, 'package-lock.json'), 'utf8') !== lockfile) {
    const diff = spawnSync(
      'git',
      [
        'diff',
        '--no-index',
        '--stat',
        path.join(root, 'package-lock.json'),
        path.join(copy, 'package-lock.json'),
      ],
      { encoding: 'utf8' },
    );
    problems.push(
      `npm install would rewrite package-lock.json (run \`npm install\` and commit the lockfile):\n${diff.stdout}`,
    );
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

const pending = npm(['install-scripts', 'ls', '--json'], root);
const uncovered = pending.ok ? JSON.parse(pending.stdout).allowScripts : null;
if (uncovered === null) problems.push(`npm install-scripts ls failed:\n${pending.output}`);
else if (uncovered.length > 0) {
  problems.push(
    `Install scripts not covered by allowScripts in package.json (review them, then add the package): ${uncovered.map((entry) => entry.name).join(', ')}`,
  );
}
const stale = npm(['install-scripts', 'prune', '--dry-run', '--json'], root);
const removable = stale.ok ? JSON.parse(stale.stdout).allowScripts.removed : null;
if (removable === null) problems.push(`npm install-scripts prune --dry-run failed:\n${stale.output}`);
else if (removable.length > 0)
  problems.push(`allowScripts names packages that have no install script: ${JSON.stringify(removable)}`);

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}\n`);
  process.exit(1);
}
console.info(
  `✓ package-lock.json matches package.json (npm ci and npm install leave it unchanged); allowScripts: ${Object.keys(rootPackage.allowScripts).join(', ')}`,
);
