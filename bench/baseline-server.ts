/**
 * The bare baseline of `npm run bench` (issue #8): a Fastify route per scenario that runs exactly the SQL the
 * app ran for that request (captured through the Drizzle logger), through the same driver and role, without
 * the app's layers (auth, validation, tenancy plugin, policies, presenters, response schemas).
 *
 * Env: BENCH_STATEMENTS (JSON file: scenario → variants → statements), PORT, and DATABASE_APP_URL (pg) or
 * PGLITE_DIR (PGlite data directory).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { APP_DB_ROLE } from '../apps/server/src/config.js';
import { PGLITE_EXTENSIONS } from '../apps/server/src/db/client.js';
import type { TStatement } from '../apps/server/test/explain/hot-paths.js';

type TRows = { rows: unknown[] };

const FRESH_COLUMNS = new Set(['id', 'seq', 'token_hash', 'key']);
let seqCounter = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);

/**
 * Replaying an INSERT must not collide with the row the captured request already wrote: parameters bound
 * to unique columns (id, seq, token_hash, key) get fresh values of the same kind; the work is the same.
 */
function freshParams(statement: TStatement): unknown[] {
  const match = /^insert into "[a-z_]+" \(([^)]*)\) values (.*)$/is.exec(statement.sql.trim());
  if (!match) return statement.params;
  const columns = (match[1] ?? '').split(',').map((c) => c.trim().replace(/"/g, ''));
  const params = [...statement.params];
  for (const tuple of (match[2] ?? '').matchAll(/\(([^()]*)\)/g)) {
    (tuple[1] ?? '').split(',').forEach((value, k) => {
      const placeholder = /^\s*\$(\d+)\s*$/.exec(value);
      const column = columns[k];
      if (!placeholder || !column || !FRESH_COLUMNS.has(column)) return;
      const index = Number(placeholder[1]) - 1;
      const old = params[index];
      if (column === 'seq') params[index] = seqCounter++;
      else if (typeof old === 'string' && /^[0-9a-f-]{36}$/.test(old)) params[index] = randomUUID();
      else if (typeof old === 'string') params[index] = randomBytes(32).toString('base64url');
    });
  }
  return params;
}
type TRunner = (statements: TStatement[]) => Promise<TRows[]>;

/**
 * The app opens a request's transaction on PostgreSQL as one simple query, `BEGIN; SELECT app_begin_request(…)`
 * (db/client.ts): `pg` answers such a query with one result per statement, so the replay flattens them.
 */
function flatResults(result: TRows | TRows[]): TRows[] {
  return Array.isArray(result) ? result : [result];
}

const statementsByScenario = JSON.parse(readFileSync(process.env.BENCH_STATEMENTS ?? '', 'utf8')) as Record<
  string,
  TStatement[][]
>;

async function runner(): Promise<TRunner> {
  if (process.env.DATABASE_APP_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_APP_URL, max: 10 });
    return async (statements) => {
      const client = await pool.connect();
      try {
        const results: TRows[] = [];
        for (const s of statements) {
          results.push(...flatResults(await client.query<never>(s.sql, freshParams(s))));
        }
        return results;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
  }
  const db = await PGlite.create(process.env.PGLITE_DIR ?? '', {
    extensions: PGLITE_EXTENSIONS,
    username: APP_DB_ROLE,
  });
  // PGlite has one connection: the app runs each request in one transaction, so the baseline does too.
  return (statements) =>
    db.transaction(async (tx) => {
      const results: TRows[] = [];
      for (const s of statements) results.push(await tx.query(s.sql, freshParams(s)));
      return results;
    });
}

async function main(): Promise<void> {
  const run = await runner();
  const app = Fastify({ logger: false });
  const counters = new Map<string, number>();
  app.route({
    method: ['GET', 'POST'],
    url: '/baseline/:scenario',
    handler: async (request, reply) => {
      const { scenario } = request.params as { scenario: string };
      const variants = statementsByScenario[scenario];
      if (!variants?.length) return reply.code(404).send({ error: 'unknown scenario' });
      const n = counters.get(scenario) ?? 0;
      counters.set(scenario, n + 1);
      const results = await run(variants[n % variants.length] ?? []);
      // Serialise the largest result, as the app serialises its answer.
      const largest = results.reduce<unknown[]>(
        (best, r) => (r.rows.length > best.length ? r.rows : best),
        [],
      );
      return { rows: largest };
    },
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  console.info(`baseline listening on ${process.env.PORT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
