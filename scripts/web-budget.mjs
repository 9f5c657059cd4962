#!/usr/bin/env node
/**
 * Frontend budget (issue #8 item 4): the initial JavaScript of the web app, gzip-compressed, read from Vite's
 * manifest (apps/web/dist/.vite/manifest.json): the entry chunk plus every chunk it imports statically
 * (lazy routes are dynamic imports and are not counted). Prints the list and fails above the budget.
 *
 * Usage: node scripts/web-budget.mjs [--budget-kb 200]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const budgetArg = process.argv.indexOf('--budget-kb');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 200;

if (!existsSync(manifestPath)) {
  console.error(
    `No Vite manifest at ${path.relative(root, manifestPath)}: build the web app first (npm run build).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
for (const [key] of entries) visit(key);

const rows = [...seen]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const kb = (n) => (n / 1024).toFixed(1);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);

console.info('Initial JavaScript of the web app (entry chunk and its static imports):');
for (const r of rows)
  console.info(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(8)} kB  ${kb(r.gzip).padStart(7)} kB gzip`);
const isOver = total > budgetKb * 1024;
console.info(
  `  ${'total'.padEnd(48)} ${kb(totalRaw).padStart(8)} kB  ${kb(total).padStart(7)} kB gzip — budget ${budgetKb} kB: ${isOver ? 'OVER' : 'within'}`,
);
process.exit(isOver ? 1 : 0);
