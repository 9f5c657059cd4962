/**
 * `npx tsx bench/explain-analyze.ts [--scenario name] [--file bench/results/statements-postgres.json]`: runs
 * EXPLAIN (ANALYZE, BUFFERS) of every statement a scenario's request ran (captured by
 * `npm run bench -- --keep-statements`) as the app role inside the request's tenant settings, and prints each
 * statement's execution time with its slowest plan nodes (`--plans`: each statement's whole plan too). This is how
 * a missed target gets its cause.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { APP_DB_ROLE } from '../apps/server/src/config.js';
import type { TStatement } from '../apps/server/test/explain/hot-paths.js';
import { DEFAULT_BENCH_URL, parseArgs } from './lib/common.js';

type TPlan = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: TPlan[];
};

const args = parseArgs(process.argv.slice(2));
const file = args.get('file') ?? 'bench/results/statements-postgres.json';
const only = args.get('scenario');
// --plans: also print every statement and its whole text plan, for reading a slow one in full.
const fullPlans = args.has('plans');
const captured = JSON.parse(readFileSync(file, 'utf8')) as Record<string, TStatement[][]>;
const url = new URL(process.env.DATABASE_URL ?? DEFAULT_BENCH_URL);
url.username = APP_DB_ROLE;
url.password = '';

function nodes(plan: TPlan, depth = 0, out: Array<{ depth: number; plan: TPlan }> = []) {
  out.push({ depth, plan });
  for (const child of plan.Plans ?? []) nodes(child, depth + 1, out);
  return out;
}

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
for (const [scenario, variants] of Object.entries(captured)) {
  if (only && !scenario.includes(only)) continue;
  const statements = variants[0] ?? [];
  console.info(`\n## ${scenario}`);
  await client.query('BEGIN');
  let total = 0;
  for (const s of statements) {
    // The request context opens its transaction and sets the tenant in one statement ('BEGIN; SELECT
    // app_begin_request(…)'): run what follows the BEGIN, or every statement would see no rows.
    if (/^\s*begin\s*;\s*\S/i.test(s.sql)) {
      await client.query(s.sql.replace(/^\s*begin\s*;/i, ''), s.params);
      continue;
    }
    if (/^\s*(begin|commit|rollback)\b/i.test(s.sql)) continue;
    if (/set_config\(/i.test(s.sql)) {
      await client.query(s.sql, s.params);
      continue;
    }
    // A union opens with a parenthesis: '(select …) union all (select …)' is a read too.
    if (!/^\s*\(?\s*(select|with)\b/i.test(s.sql)) {
      console.info(`  (write, not analysed) ${s.sql.replace(/\s+/g, ' ').slice(0, 100)}`);
      continue;
    }
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.sql}`, s.params);
    const [root] = (result.rows[0] as { 'QUERY PLAN': Array<{ Plan: TPlan; 'Execution Time': number }> })[
      'QUERY PLAN'
    ];
    if (!root) continue;
    total += root['Execution Time'];
    if (fullPlans) {
      const text = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
      console.info(
        `\n${s.sql}\n${text.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`,
      );
    }
    console.info(
      `  ${root['Execution Time'].toFixed(1).padStart(8)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
    const slow = nodes(root.Plan)
      .filter(
        (n) =>
          (n.plan['Actual Total Time'] ?? 0) * (n.plan['Actual Loops'] ?? 1) >
          Math.max(1, root['Execution Time'] * 0.2),
      )
      .slice(0, 8);
    for (const n of slow) {
      const p = n.plan;
      console.info(
        `  ${''.padStart(12)}${'  '.repeat(n.depth)}${p['Node Type']}${p['Relation Name'] ? ` on ${p['Relation Name']}` : ''}${p['Index Name'] ? ` using ${p['Index Name']}` : ''}: ${((p['Actual Total Time'] ?? 0) * (p['Actual Loops'] ?? 1)).toFixed(1)} ms, ${p['Actual Rows']} rows × ${p['Actual Loops']} loops`,
      );
    }
  }
  await client.query('ROLLBACK');
  console.info(`  total SQL execution ${total.toFixed(1)} ms`);
}
await client.end();
