import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb } from '../test-app.js';
import { BACKGROUND_SQL, openHotPathFixture, type THotPathFixture } from './hot-paths-fixture.js';
import { HOT_PATHS, LARGE_TABLES, seqScannedRelations, type TStatement } from './hot-paths.js';

/**
 * Query discipline (issue #8 item 3): every benchmark scenario runs through the real route (app.inject) on a
 * dataset shaped like the scale dataset (ten hubs, so one hub is a tenth of each table; thousands of rows,
 * ANALYZEd as the owner), its SQL is captured through the Drizzle logger, and EXPLAIN (FORMAT JSON) of each
 * statement, run as the app role inside the same tenant settings (RLS policies are part of the plan), must
 * not read a large table with a sequential scan.
 */

describeDb('hot paths use indexes on large tables (EXPLAIN)', () => {
  let fixture: THotPathFixture;
  let explain: (statements: TStatement[]) => Promise<Array<{ sql: string; relations: string[] }>>;

  beforeAll(async () => {
    fixture = await openHotPathFixture();
    const client = (fixture.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    explain = async (statements) => {
      const found: Array<{ sql: string; relations: string[] }> = [];
      const run = async (query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>) => {
        for (const s of statements) {
          if (/^\s*(begin|commit|rollback)\b/i.test(s.sql) || BACKGROUND_SQL.test(s.sql)) continue;
          // Statements that set the tenant settings run for real, so the plans after them see the tenant.
          if (/set_config\(|app_begin_request\(/i.test(s.sql)) {
            await query(s.sql, s.params);
            continue;
          }
          const result = await query(`EXPLAIN (FORMAT JSON) ${s.sql}`, s.params);
          const plan = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
          found.push({
            sql: s.sql,
            relations: seqScannedRelations(typeof plan === 'string' ? JSON.parse(plan) : plan),
          });
        }
      };
      if (client instanceof PGlite) {
        await client.transaction(async (tx) => {
          await run((sql, params) => tx.query(sql, params));
          await tx.rollback();
        });
      } else {
        const conn = await client.connect();
        try {
          await conn.query('BEGIN');
          await run((sql, params) => conn.query(sql, params));
        } finally {
          await conn.query('ROLLBACK');
          conn.release();
        }
      }
      return found;
    };
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  it.each(HOT_PATHS.map((p) => [p.name, p] as const))(
    '%s reads no large table with a sequential scan',
    async (_name, path) => {
      const { answer, statements } = await fixture.runHotPath(path);
      expect(answer).toEqual({ status: answer.status < 300 ? answer.status : 200, body: '' });
      expect(statements.length).toBeGreaterThan(0);
      const plans = await explain(statements);
      const offenders = plans
        .map((p) => ({
          sql: p.sql.replace(/\s+/g, ' ').slice(0, 160),
          relations: p.relations.filter((rel) => LARGE_TABLES.includes(rel)),
        }))
        .filter((p) => p.relations.length > 0);
      expect(offenders).toEqual([]);
    },
  );
});
