import type { TErasurePreview, TFailedJob } from '@commons/contract';
import { dataRegionForHubId, tenantErasureDate } from '@commons/domain';
import type { TErasurePreviewRow, TFailedJobRow } from './tenant-erasure.queries.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentErasurePreview(row: TErasurePreviewRow): TErasurePreview {
  const byRegion = new Map<string, number>();
  for (const file of row.counts.files) byRegion.set(file.region, (byRegion.get(file.region) ?? 0) + 1);
  return {
    clusterId: row.cluster.id,
    clusterName: row.cluster.name,
    deleteRequestedAt: row.cluster.deleteRequestedAt?.toISOString() ?? null,
    erasureDueAt: row.cluster.deleteRequestedAt
      ? tenantErasureDate(row.cluster.deleteRequestedAt).toISOString()
      : null,
    hubs: row.hubs.map((h) => ({ id: h.id, name: h.name, region: dataRegionForHubId(h.id) })),
    tables: row.counts.tables.filter((t) => t.rows > 0),
    tableCount: row.counts.tables.length,
    totalRows: row.counts.totalRows,
    files: {
      total: row.counts.files.length,
      byRegion: [...byRegion]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([region, count]) => ({ region, count })),
    },
  };
}

/** Keys whose values are never shown in the failed-jobs view. */
const SECRET_KEY = /secret|token|password|passwd|key|auth|cookie|signature|credential|hash/i;
const MAX_VALUE = 120;
const MAX_KEYS = 20;

function redact(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return depth > 3 ? '[…]' : value.slice(0, 20).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 3) return '{…}';
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[hidden]' : redact(v, depth + 1)]),
    );
  }
  return value;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The job's data as short strings, secrets hidden (by key name). */
export function summariseJobData(data: unknown): Record<string, string> {
  if (data === null || data === undefined) return {};
  const entries: [string, unknown][] =
    typeof data === 'object' && !Array.isArray(data) ? Object.entries(data) : [['value', data]];
  return Object.fromEntries(
    entries.slice(0, MAX_KEYS).map(([key, value]) => {
      if (SECRET_KEY.test(key)) return [key, '[hidden]'];
      const shown = redact(value);
      return [
        key,
        clip(typeof shown === 'string' ? shown : (JSON.stringify(shown) ?? String(shown)), MAX_VALUE),
      ];
    }),
  );
}

/** pg-boss keeps a failed job's error as its output ({ message, stack } or a value). */
function errorOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'string') return clip(output, 1000);
  if (typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return clip(output.message, 1000);
  return clip(JSON.stringify(redact(output)), 1000);
}

export function presentFailedJob(row: TFailedJobRow): TFailedJob {
  const data = row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : null;
  const jobName = typeof data?.job === 'string' ? data.job : row.name;
  return {
    id: row.id,
    queue: row.name,
    name: jobName,
    data: summariseJobData(row.data),
    error: errorOf(row.output),
    attempts: Number(row.retryCount),
    retryLimit: Number(row.retryLimit),
    createdAt: iso(row.createdOn),
    startedAt: row.startedOn === null ? null : iso(row.startedOn),
    failedAt: row.completedOn === null ? null : iso(row.completedOn),
  };
}
