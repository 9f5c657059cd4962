import { sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { JOB_QUEUE_SCHEMA } from '../../jobs/job-queue.js';
import type { TCursor } from '../../lib/cursor.js';
import { countClusterErasure, type TErasureCounts } from './tenant-erasure.commands.js';

export type TErasurePreviewRow = {
  cluster: { id: string; name: string; deleteRequestedAt: Date | null };
  hubs: { id: number; name: string }[];
  counts: TErasureCounts;
};

/** The dry run for a super admin; the tx is in the target cluster's cluster-wide scope. Null: no such cluster. */
export async function erasurePreview(tx: TTx, clusterId: string): Promise<TErasurePreviewRow | null> {
  const [cluster] = await queryRows<{ id: string; name: string; deleteRequestedAt: Date | string | null }>(
    tx,
    sql`SELECT id, name, delete_requested_at AS "deleteRequestedAt" FROM clusters WHERE id = ${clusterId}::uuid`,
  );
  if (!cluster) return null;
  const hubs = await queryRows<{ id: number | string; name: string }>(
    tx,
    sql`SELECT id, name FROM hubs WHERE cluster_id = ${clusterId}::uuid ORDER BY id`,
  );
  return {
    cluster: {
      id: cluster.id,
      name: cluster.name,
      deleteRequestedAt: cluster.deleteRequestedAt === null ? null : new Date(cluster.deleteRequestedAt),
    },
    hubs: hubs.map((h) => ({ id: Number(h.id), name: h.name })),
    counts: await countClusterErasure(tx, clusterId),
  };
}

export type TFailedJobRow = {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdOn: Date | string;
  startedOn: Date | string | null;
  completedOn: Date | string | null;
  at: Date | string;
};

const JOB_TABLE = sql.raw(`"${JOB_QUEUE_SCHEMA}".job`);

/** A page of the queue's jobs in state failed, newest failure first, keyset on (failed at, id). */
export async function failedJobPage(
  tx: TTx,
  options: { cursor: TCursor | null; limit: number },
): Promise<{ rows: TFailedJobRow[]; hasMore: boolean }> {
  const at = sql`coalesce(completed_on, created_on)`;
  const after = options.cursor
    ? sql`AND (${at}, id) < (${options.cursor.at}::timestamptz, ${options.cursor.id}::uuid)`
    : sql``;
  const rows = await queryRows<TFailedJobRow>(
    tx,
    sql`SELECT id, name, data, output, retry_count AS "retryCount", retry_limit AS "retryLimit",
          created_on AS "createdOn", started_on AS "startedOn", completed_on AS "completedOn", ${at} AS at
        FROM ${JOB_TABLE}
        WHERE state = 'failed' ${after}
        ORDER BY ${at} DESC, id DESC
        LIMIT ${options.limit + 1}`,
  );
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

/** The queue name of a failed job, or null when there is no failed job with this id. */
export async function failedJobQueue(tx: TTx, id: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT name FROM ${JOB_TABLE} WHERE id = ${id}::uuid AND state = 'failed' LIMIT 1`,
  );
  return row?.name ?? null;
}
