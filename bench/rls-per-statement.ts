/**
 * `npx tsx bench/rls-per-statement.ts [database url]`: prints the ALTER POLICY statements of
 * migration 0026_rls-per-statement (issue #17 item 2), generated from pg_policies of a database migrated up
 * to 0025 (default postgres://postgres@127.0.0.1:5432/commons_bench) so that no policy is missed. The rules
 * are in apps/server/src/db/rls-per-statement.ts.
 */
import pg from 'pg';
import { hasPerRowHelperCall, rewritePolicyExpression } from '../apps/server/src/db/rls-per-statement.js';

type TPolicy = {
  tablename: string;
  policyname: string;
  qual: string | null;
  with_check: string | null;
};

async function main() {
  const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/commons_bench';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<TPolicy>(
    `SELECT tablename, policyname, qual, with_check FROM pg_policies
     WHERE schemaname = 'public' ORDER BY tablename, policyname`,
  );
  await client.end();
  const statements: string[] = [];
  for (const p of rows) {
    const using = p.qual === null ? null : rewritePolicyExpression(p.qual);
    const check = p.with_check === null ? null : rewritePolicyExpression(p.with_check);
    for (const e of [using, check]) {
      if (e !== null && hasPerRowHelperCall(e)) throw new Error(`${p.policyname}: not rewritten: ${e}`);
    }
    if (using === p.qual && check === p.with_check) continue;
    const parts = [`ALTER POLICY "${p.policyname}" ON "${p.tablename}"`];
    if (using !== null) parts.push(`  USING (${using.replace(/\s*\n\s*/g, ' ')})`);
    if (check !== null) parts.push(`  WITH CHECK (${check.replace(/\s*\n\s*/g, ' ')})`);
    statements.push(`${parts.join('\n')};`);
  }
  process.stdout.write(`${statements.join('\n--> statement-breakpoint\n')}\n`);
  process.stderr.write(`${rows.length} policies, ${statements.length} rewritten\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
