/**
 * The rule of migration 0026_rls-per-statement (issue #17 item 2): row-level security policies call their
 * app_* helpers inside scalar subqueries, which the planner evaluates once per statement (an InitPlan)
 * instead of once per row. bench/rls-per-statement.ts generated the migration's policies with
 * rewritePolicyExpression; test/tenancy/rls-per-statement.test.ts holds every policy to hasPerRowHelperCall.
 *
 * Rewrite rules:
 * - zero-argument helpers: `app_cluster_id()` -> `(SELECT app_cluster_id())`, likewise app_user_id,
 *   app_hub_id, app_member_hub_ids, app_is_cluster_scope;
 * - `app_can_see_hub(x)` -> its own body, `x = app_hub_id() OR x = ANY (app_member_hub_ids()) OR
 *   app_is_cluster_scope()`, with each helper a scalar subquery;
 * - `app_is_hub_admin_with(x, r)` -> `app_is_cluster_scope() OR x = ANY (app_admin_hub_ids_with(r))`;
 * - `app_is_program_admin(x, a)` -> `x = ANY (app_program_admin_group_ids(a))`.
 * The two set helpers are created by the migration. `x = ANY ((SELECT f())::t[])`: the cast makes the
 * scalar subquery an array expression (without it, `ANY ((SELECT …))` would compare x with each row).
 * Where x is NULL the rewritten expression answers NULL instead of false; every call sits in an AND chain
 * of a policy (or of an EXISTS inside one), never under NOT, so a row passes exactly when it passed before.
 */
const ZERO_ARG = [
  'app_cluster_id',
  'app_user_id',
  'app_hub_id',
  'app_member_hub_ids',
  'app_is_cluster_scope',
];

/** A policy expression (pg_policies.qual or with_check text) with every helper call rewritten. */
export function rewritePolicyExpression(expression: string): string {
  let out = expression;
  for (const name of ZERO_ARG) {
    out = out.replace(new RegExp(`(?<!SELECT )\\b${name}\\(\\)`, 'g'), `(SELECT ${name}())`);
  }
  out = out.replace(
    /\bapp_can_see_hub\(([\w.]+)\)/g,
    '(($1 = (SELECT app_hub_id())) OR ($1 = ANY ((SELECT app_member_hub_ids())::bigint[])) OR (SELECT app_is_cluster_scope()))',
  );
  out = out.replace(
    /\bapp_is_hub_admin_with\(([\w.]+), ('[\w-]+'::text)\)/g,
    '((SELECT app_is_cluster_scope()) OR ($1 = ANY ((SELECT app_admin_hub_ids_with($2))::bigint[])))',
  );
  out = out.replace(
    /\bapp_is_program_admin\(([\w.]+), (true|false)\)/g,
    '($1 = ANY ((SELECT app_program_admin_group_ids($2))::text[]))',
  );
  return out;
}

/**
 * Whether an expression calls an app_* helper anywhere but directly inside an uncorrelated scalar subquery
 * (arguments only constants: a column argument would make the subquery run per row again).
 */
export function hasPerRowHelperCall(expression: string): boolean {
  const stripped = expression.replace(
    /\(\s*SELECT\s+app_\w+\((?:'[^']*'(?:::\w+)?|true|false)?\)(?:\s+AS\s+\w+)?\s*\)/gi,
    '',
  );
  return /\bapp_\w+\s*\(/.test(stripped);
}
