import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows, type TDatabase } from '../../src/db/client.js';
import { hasPerRowHelperCall, rewritePolicyExpression } from '../../src/db/rls-per-statement.js';
import { describeDb, openTestDatabase } from '../test-app.js';

/**
 * Row-level security per statement, not per row (issue #17 item 2, migration 0026_rls-per-statement): every
 * policy calls its app_* helpers inside a scalar subquery, which the planner evaluates once per statement (an
 * InitPlan). A policy that calls a helper directly, e.g. `hub_id = app_hub_id()` or `app_can_see_hub(hub_id)`,
 * runs the function for every row it filters; write `(SELECT app_hub_id())` and, for helpers with a row
 * argument, a comparison with a set-valued helper (apps/server/src/db/rls-per-statement.ts has the rules).
 */
describeDb('row-level security policies', () => {
  let database: TDatabase & { dropDatabase: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await database.dropDatabase();
  });

  it('call app_* helpers only inside scalar subqueries', async () => {
    const policies = await queryRows<{
      tablename: string;
      policyname: string;
      qual: string | null;
      with_check: string | null;
    }>(
      database.db,
      sql`SELECT tablename::text, policyname::text, qual, with_check FROM pg_policies WHERE schemaname = 'public'`,
    );
    expect(policies.length).toBeGreaterThan(80);
    const perRow = policies
      .flatMap((p) => [
        { name: `${p.tablename}.${p.policyname} USING`, expression: p.qual },
        { name: `${p.tablename}.${p.policyname} WITH CHECK`, expression: p.with_check },
      ])
      .filter((e) => e.expression !== null && hasPerRowHelperCall(e.expression))
      .map((e) => `${e.name}: ${e.expression}`);
    expect(perRow).toEqual([]);
  });

  it('the check tells a per-row call from a scalar subquery', () => {
    expect(hasPerRowHelperCall('(cluster_id = app_cluster_id())')).toBe(true);
    expect(hasPerRowHelperCall('app_can_see_hub(hub_id)')).toBe(true);
    expect(hasPerRowHelperCall('(cluster_id = ( SELECT app_cluster_id() AS app_cluster_id))')).toBe(false);
    expect(hasPerRowHelperCall('( SELECT app_can_see_hub(hub_id) AS app_can_see_hub)')).toBe(true);
    expect(
      hasPerRowHelperCall(
        "(hub_id = ANY (( SELECT app_admin_hub_ids_with('programs'::text) AS app_admin_hub_ids_with)::bigint[]))",
      ),
    ).toBe(false);
    expect(rewritePolicyExpression("app_is_hub_admin_with(t.hub_id, 'approve-users'::text)")).toBe(
      "((SELECT app_is_cluster_scope()) OR (t.hub_id = ANY ((SELECT app_admin_hub_ids_with('approve-users'::text))::bigint[])))",
    );
  });
});
