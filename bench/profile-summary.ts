/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 25]`: self time of a `node --cpu-prof` profile
 * (written by `npm run bench -- --profile`) by function and by package, to name the cause of a missed target.
 */
import { readFileSync } from 'node:fs';
import { numberArg, parseArgs } from './lib/common.js';

type TNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type TProfile = { nodes: TNode[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile> [--top 25]');
const top = numberArg(parseArgs(process.argv.slice(3)), 'top', 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as TProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
);
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

/** node_modules package (or app file area) of a frame. */
function area(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] ?? url;
  if (url.includes('/apps/server/src/'))
    return `app:${url.split('/apps/server/src/')[1]?.split('/').slice(0, 2).join('/')}`;
  if (url.includes('/packages/')) return `pkg:${url.split('/packages/')[1]?.split('/')[0]}`;
  return url.startsWith('node:') ? url : url ? 'other' : '(native/idle/gc)';
}

const functions = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + ms);
  areas.set(area(url), (areas.get(area(url)) ?? 0) + ms);
}
const print = (title: string, map: Map<string, number>) => {
  console.info(`\n${title}`);
  for (const [k, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.info(`  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${k}`);
};
console.info(`total sampled ${total.toFixed(0)} ms`);
print('self time by package / area', areas);
print('self time by function', functions);
