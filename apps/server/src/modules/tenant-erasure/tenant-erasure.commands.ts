import { isDataRegion, TENANT_ERASURE_GRACE_DAYS, type TDataRegion } from '@commons/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '../../db/client.js';
import { tenantErasures } from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import type { TFileStorage } from '../../lib/storage.js';
import { storedObjectKeys } from '../files/uploads.js';
import { tenantCatalogue, type TTenantCatalogue, type TTenantTable } from './tenant-erasure.catalogue.js';

export type TStoredFile = { region: TDataRegion; key: string };

export type TErasureCounts = {
  /** Rows per table, every tenant table of the catalogue (zero included), in deletion order. */
  tables: { table: string; rows: number }[];
  totalRows: number;
  files: TStoredFile[];
};

/**
 * Tables the app role may not delete from itself, each with the narrow function that erases the cluster's rows
 * (migration 0055): the audit log is append-only for the app.
 */
const OWN_ERASERS: Readonly<Record<string, SQL>> = {
  audit_log: sql`SELECT app_erase_cluster_audit_log() AS count`,
};

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** Counts every tenant table's rows of the cluster in one statement (the tx is in the cluster's cluster-wide scope). */
async function countRows(tx: TTx, tables: readonly TTenantTable[], clusterId: string) {
  if (tables.length === 0) return [];
  const parts = tables.map(
    (t) =>
      sql`SELECT ${t.name}::text AS "table", count(*)::integer AS rows FROM ${ident(t.name)} t WHERE ${t.predicate(clusterId, 't')}`,
  );
  const rows = await queryRows<{ table: string; rows: number }>(tx, sql.join(parts, sql` UNION ALL `));
  const byTable = new Map(rows.map((r) => [r.table, Number(r.rows)]));
  return tables.map((t) => ({ table: t.name, rows: byTable.get(t.name) ?? 0 }));
}

/** Every stored object the cluster's rows name (a photo in each of its sizes), in one statement. */
async function storedFiles(tx: TTx, catalogue: TTenantCatalogue, clusterId: string): Promise<TStoredFile[]> {
  const predicateOf = new Map(catalogue.tables.map((t) => [t.name, t.predicate]));
  const parts = catalogue.fileSources.flatMap((source) => {
    const predicate = predicateOf.get(source.table);
    if (!predicate) return [];
    return [
      sql`SELECT t.${ident(source.regionColumn)}::text AS region, t.${ident(source.keyColumn)}::text AS key,
            ${source.hasKind ? sql`t.kind::text` : sql`NULL::text`} AS kind
          FROM ${ident(source.table)} t
          WHERE t.${ident(source.keyColumn)} IS NOT NULL AND ${predicate(clusterId, 't')}`,
    ];
  });
  if (parts.length === 0) return [];
  const rows = await queryRows<{ region: string | null; key: string; kind: string | null }>(
    tx,
    sql.join(parts, sql` UNION ALL `),
  );
  const files: TStoredFile[] = [];
  for (const row of rows) {
    if (!isDataRegion(row.region)) continue;
    const keys = row.kind === null ? [row.key] : storedObjectKeys({ kind: row.kind, storageKey: row.key });
    for (const key of keys) files.push({ region: row.region, key });
  }
  return files;
}

/** The dry run: what erasing the cluster would delete, counted in the cluster's cluster-wide scope. */
export async function countClusterErasure(tx: TTx, clusterId: string): Promise<TErasureCounts> {
  const catalogue = await tenantCatalogue(tx);
  const tables = await countRows(tx, catalogue.tables, clusterId);
  const files = await storedFiles(tx, catalogue, clusterId);
  return { tables, totalRows: tables.reduce((sum, t) => sum + t.rows, 0), files };
}

export type TErasureResult = {
  clusterId: string;
  tables: { table: string; rows: number }[];
  totalRows: number;
  files: number;
};

/**
 * Erases one cluster whose deletion was requested before `cutoff`: its stored files first (outside any transaction,
 * as the account erasure does: a failure there leaves the rows for the next run), then every row in ONE transaction
 * in the cluster's cluster-wide scope, children before parents, so the tenant is either wholly there or wholly gone.
 * One transaction is enough: a tenant is at most some hundred thousand rows, each DELETE goes by the cluster_id
 * index, and a half-erased tenant (which batches would leave after a failure) would be worse than a long statement.
 * Checked in the same transaction: no table still holds a row of the cluster (else it rolls back). The platform
 * audit record (tenant_erasures) is written in it too. Answers null when the cluster is not (or no longer) due.
 */
export async function eraseCluster(
  db: TDb,
  clusterId: string,
  options: { cutoff: Date; storage: TFileStorage },
): Promise<TErasureResult | null> {
  const scope = { clusterId, isClusterScope: true } as const;
  const before = await withTenant(db, scope, async (tx) => {
    if (!(await dueCluster(tx, clusterId, options.cutoff))) return null;
    return storedFiles(tx, await tenantCatalogue(tx), clusterId);
  });
  if (before === null) return null;
  await removeFiles(options.storage, before);
  const removed = new Set(before.map((f) => `${f.region}/${f.key}`));
  const erased = await withTenant(db, scope, async (tx) => {
    const cluster = await dueCluster(tx, clusterId, options.cutoff, true);
    if (!cluster) return null;
    const catalogue = await tenantCatalogue(tx);
    // Files uploaded since the first look go after the commit.
    const lateFiles = (await storedFiles(tx, catalogue, clusterId)).filter(
      (f) => !removed.has(`${f.region}/${f.key}`),
    );
    const tables: { table: string; rows: number }[] = [];
    for (const table of catalogue.tables) {
      const own = OWN_ERASERS[table.name];
      const [row] = await queryRows<{ count: number }>(
        tx,
        own ??
          sql`WITH erased AS (DELETE FROM ${ident(table.name)} AS t WHERE ${table.predicate(clusterId, 't')} RETURNING 1)
              SELECT count(*)::integer AS count FROM erased`,
      );
      tables.push({ table: table.name, rows: Number(row?.count ?? 0) });
    }
    const left = (await countRows(tx, catalogue.tables, clusterId)).filter((t) => t.rows > 0);
    if (left.length > 0)
      throw new Error(
        `tenant erasure of ${clusterId}: rows left in ${left.map((t) => `${t.table} (${t.rows})`).join(', ')}`,
      );
    const totalRows = tables.reduce((sum, t) => sum + t.rows, 0);
    const fileCount = before.length + lateFiles.length;
    await tx.insert(tenantErasures).values({
      erasedClusterId: clusterId,
      clusterName: cluster.name,
      deleteRequestedAt: cluster.deleteRequestedAt,
      rowCount: totalRows,
      fileCount,
      tableCounts: Object.fromEntries(tables.filter((t) => t.rows > 0).map((t) => [t.table, t.rows])),
    });
    return { tables, totalRows, fileCount, lateFiles };
  });
  if (erased === null) return null;
  await removeFiles(options.storage, erased.lateFiles);
  return { clusterId, tables: erased.tables, totalRows: erased.totalRows, files: erased.fileCount };
}

async function dueCluster(tx: TTx, clusterId: string, cutoff: Date, isLocking = false) {
  const [row] = await queryRows<{ name: string; deleteRequestedAt: Date | string }>(
    tx,
    sql`SELECT name, delete_requested_at AS "deleteRequestedAt" FROM clusters
        WHERE id = ${clusterId}::uuid AND delete_requested_at IS NOT NULL AND delete_requested_at < ${cutoff.toISOString()}::timestamptz
        ${isLocking ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? { name: row.name, deleteRequestedAt: new Date(row.deleteRequestedAt) } : null;
}

async function removeFiles(storage: TFileStorage, files: readonly TStoredFile[]): Promise<void> {
  for (const file of files) await storage.remove(file.region, file.key);
}

/**
 * The scheduled job (issue #23 item 4): erases every cluster whose deletion was requested more than
 * TENANT_ERASURE_GRACE_DAYS ago, one cluster per transaction. Answers how many clusters it erased.
 */
export async function eraseDueClusters(
  db: TDb,
  now: Date,
  storage: TFileStorage,
  onErased?: (result: TErasureResult) => void,
): Promise<number> {
  // Due when tenantErasureDate(requestedAt) (domain, the console's date) has passed.
  const cutoff = new Date(now.getTime() - TENANT_ERASURE_GRACE_DAYS * 24 * 60 * 60 * 1000);
  let erased = 0;
  for (const clusterId of await listClusterIds(db)) {
    const result = await eraseCluster(db, clusterId, { cutoff, storage });
    if (result) {
      erased += 1;
      onErased?.(result);
    }
  }
  return erased;
}
