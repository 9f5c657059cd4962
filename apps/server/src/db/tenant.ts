import { sql } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from './client.js';

/** What the row-level security policies read (see migrations/0001_row-level-security.sql). */
export type TTenantScope = {
  clusterId: string;
  hubId?: number | null;
  userId?: string | null;
  memberHubIds?: readonly number[];
  /** Cluster-wide: cluster and super admins, background jobs, demo data. */
  isClusterScope?: boolean;
};

/** Sets the tenant settings for the current transaction only (`set_config(…, true)`). */
export async function applyTenantScope(tx: TTx, scope: TTenantScope): Promise<void> {
  await tx.execute(sql`SELECT
    set_config('app.cluster_id', ${scope.clusterId}, true),
    set_config('app.hub_id', ${scope.hubId == null ? '' : String(scope.hubId)}, true),
    set_config('app.user_id', ${scope.userId ?? ''}, true),
    set_config('app.member_hub_ids', ${`{${(scope.memberHubIds ?? []).join(',')}}`}, true),
    set_config('app.scope', ${scope.isClusterScope ? 'cluster' : ''}, true)`);
}

/** Runs `work` in one transaction whose every query sees only the given tenant's rows. */
export function withTenant<T>(db: TDb, scope: TTenantScope, work: (tx: TTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await applyTenantScope(tx, scope);
    return work(tx);
  });
}

/** Resolves the cluster of a request host (the default cluster for unknown hosts). */
export async function resolveClusterId(db: TDb, host: string): Promise<string | null> {
  const rows = await queryRows<{ id: string | null }>(db, sql`SELECT app_resolve_cluster(${host}) AS id`);
  return rows[0]?.id ?? null;
}

/**
 * The cluster of a request host and, when the host is a verified hub domain (migration 0057), that hub's
 * identifier: one statement, as resolveClusterId.
 */
export async function resolveHost(
  db: TDb,
  host: string,
): Promise<{ clusterId: string; hubIdentifier: string | null } | null> {
  const rows = await queryRows<{ cluster_id: string | null; hub_identifier: string | null }>(
    db,
    sql`SELECT cluster_id, hub_identifier FROM app_resolve_host(${host})`,
  );
  const row = rows[0];
  return row?.cluster_id ? { clusterId: row.cluster_id, hubIdentifier: row.hub_identifier } : null;
}

/** Every cluster id, for background jobs that visit each tenant in turn. */
export async function listClusterIds(db: TDb): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT app_cluster_ids() AS id`);
  return rows.map((r) => r.id);
}
