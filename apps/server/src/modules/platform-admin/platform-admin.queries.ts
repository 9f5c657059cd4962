import { sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import type { TCursor } from '../../lib/cursor.js';

/** A cluster row as the console reads it (migration 0054 app_platform_clusters). */
export type TPlatformClusterRow = {
  id: string;
  name: string;
  hostnames: string[];
  isDefault: boolean;
  sfAccountId: string | null;
  deleteRequestedAt: Date | null;
  isProduction: boolean;
  defaultSetting: string | null;
  createdAt: Date;
};

export type TPlatformHubRow = {
  id: number;
  clusterId: string;
  identifier: string;
  name: string;
  isDefault: boolean;
  isElOnly: boolean;
  standardPlatformType: string | null;
  createdAt: Date;
  members: number;
};

export type TUsageRow = {
  clusterId: string;
  members: number;
  hubs: number;
  messages: number;
  fileBytes: number;
};

type TRawCluster = {
  id: string;
  name: string;
  hostnames: string[] | string;
  is_default: boolean;
  sf_account_id: string | null;
  delete_requested_at: string | Date | null;
  is_production: boolean;
  default_setting: string | null;
  created_at: string | Date;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** node-postgres parses text[]; PGlite answers it parsed too, but a plain string is parsed here just in case. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

function clusterRow(raw: TRawCluster): TPlatformClusterRow {
  return {
    id: raw.id,
    name: raw.name,
    hostnames: textArray(raw.hostnames),
    isDefault: raw.is_default,
    sfAccountId: raw.sf_account_id,
    deleteRequestedAt: raw.delete_requested_at === null ? null : toDate(raw.delete_requested_at),
    isProduction: raw.is_production,
    defaultSetting: raw.default_setting,
    createdAt: toDate(raw.created_at),
  };
}

/** One page of every cluster, oldest first (one statement, a SECURITY DEFINER read for super admins only). */
export async function platformClusterPage(
  tx: TTx,
  options: { cursor: TCursor | null; limit: number },
): Promise<{ rows: TPlatformClusterRow[]; hasMore: boolean }> {
  const raw = await queryRows<TRawCluster>(
    tx,
    sql`SELECT * FROM app_platform_clusters(${options.cursor?.at ?? null}::timestamptz, ${options.cursor?.id ?? null}::uuid, ${options.limit + 1})`,
  );
  return { rows: raw.slice(0, options.limit).map(clusterRow), hasMore: raw.length > options.limit };
}

/** The hubs of the clusters with their membership counts (one grouped statement). */
export async function platformHubs(tx: TTx, clusterIds: readonly string[]): Promise<TPlatformHubRow[]> {
  if (clusterIds.length === 0) return [];
  const raw = await queryRows<{
    id: string | number;
    cluster_id: string;
    identifier: string;
    name: string;
    is_default: boolean;
    is_el_only: boolean;
    standard_platform_type: string | null;
    created_at: string | Date;
    members: string | number;
  }>(tx, sql`SELECT * FROM app_platform_hubs(${`{${clusterIds.join(',')}}`}::uuid[])`);
  return raw.map((r) => ({
    id: Number(r.id),
    clusterId: r.cluster_id,
    identifier: r.identifier,
    name: r.name,
    isDefault: r.is_default,
    isElOnly: r.is_el_only,
    standardPlatformType: r.standard_platform_type,
    createdAt: toDate(r.created_at),
    members: Number(r.members),
  }));
}

/** Usage per tenant over the clusters (one statement of grouped reads). */
export async function platformUsage(
  tx: TTx,
  options: { clusterIds: readonly string[]; since: Date },
): Promise<Map<string, TUsageRow>> {
  if (options.clusterIds.length === 0) return new Map();
  const raw = await queryRows<{
    cluster_id: string;
    members: string | number;
    hubs: string | number;
    messages: string | number;
    file_bytes: string | number;
  }>(
    tx,
    sql`SELECT * FROM app_platform_usage(${`{${options.clusterIds.join(',')}}`}::uuid[], ${options.since.toISOString()}::timestamptz)`,
  );
  return new Map(
    raw.map((r) => [
      r.cluster_id,
      {
        clusterId: r.cluster_id,
        members: Number(r.members),
        hubs: Number(r.hubs),
        messages: Number(r.messages),
        fileBytes: Number(r.file_bytes),
      },
    ]),
  );
}

/** Whether a hub id is taken anywhere and which of the host names another cluster answers already. */
export async function platformTaken(
  tx: TTx,
  options: { hubId: number | null; hostnames: readonly string[] },
): Promise<{ isHubIdTaken: boolean; takenHostnames: string[] }> {
  const [row] = await queryRows<{ hub_id_taken: boolean; taken_hostnames: string[] | string }>(
    tx,
    sql`SELECT * FROM app_platform_taken(${options.hubId}::bigint, ${`{${options.hostnames.map((h) => `"${h}"`).join(',')}}`}::text[])`,
  );
  return {
    isHubIdTaken: Boolean(row?.hub_id_taken),
    takenHostnames: row ? textArray(row.taken_hostnames) : [],
  };
}
