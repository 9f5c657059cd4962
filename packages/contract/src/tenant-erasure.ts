import { z } from 'zod';
import { ZIsoDateTime, ZPageQuery, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Tenant erasure and the failed-jobs view (issue #23 items 1 and 4; spec 3 Tenant deleteRequestedAt): a cluster whose
 * deletion a super admin requested is erased by a scheduled job once the grace period has passed: every row of the
 * cluster in every table and every stored file of its hubs. Super admins see a dry run first, and the jobs of the
 * durable queue that failed for good, which they may run again.
 */

export const ZErasureTableCount = z.object({ table: z.string(), rows: z.number().int().nonnegative() });
export type TErasureTableCount = z.infer<typeof ZErasureTableCount>;

export const ZErasurePreview = z.object({
  clusterId: ZUuid,
  clusterName: z.string(),
  deleteRequestedAt: ZIsoDateTime.nullable(),
  /** The end of the grace period: the erasure runs at the job's first schedule after it; null when not requested. */
  erasureDueAt: ZIsoDateTime.nullable(),
  hubs: z.array(z.object({ id: z.number().int(), name: z.string(), region: z.string() })),
  /** Every table that holds rows of the cluster, with how many (tables with none are left out). */
  tables: z.array(ZErasureTableCount),
  /** How many tables the database catalogue names as tenant data, with rows or not. */
  tableCount: z.number().int().nonnegative(),
  totalRows: z.number().int().nonnegative(),
  files: z.object({
    total: z.number().int().nonnegative(),
    byRegion: z.array(z.object({ region: z.string(), count: z.number().int().nonnegative() })),
  }),
});
export type TErasurePreview = z.infer<typeof ZErasurePreview>;

export const ZFailedJob = z.object({
  id: ZUuid,
  /** The queue (pg-boss name). */
  queue: z.string(),
  /** What ran: the periodic job's name, or the queue's name. */
  name: z.string(),
  /** The job's data as short strings, with anything that looks like a secret hidden. */
  data: z.record(z.string(), z.string()),
  error: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  retryLimit: z.number().int().nonnegative(),
  createdAt: ZIsoDateTime,
  startedAt: ZIsoDateTime.nullable(),
  failedAt: ZIsoDateTime.nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZFailedJobPage = z.object({ items: z.array(ZFailedJob), nextCursor: z.string().nullable() });
export type TFailedJobPage = z.infer<typeof ZFailedJobPage>;

export const ZRetriedJob = z.object({ id: ZUuid, state: z.literal('retry') });
export type TRetriedJob = z.infer<typeof ZRetriedJob>;

const PLATFORM = { auth: 'required', hub: 'none', tag: 'admin' } as const;

export const TENANT_ERASURE_ENDPOINTS = {
  preview: defineEndpoint({
    ...PLATFORM,
    method: 'GET',
    path: '/api/platform/clusters/:clusterId/erasure-preview',
    operationId: 'previewTenantErasure',
    summary: 'Super admins: a dry run of erasing a cluster (rows per table, stored files) and when it is due',
    params: z.object({ clusterId: ZUuid }),
    response: ZErasurePreview,
    errors: [400, 401, 403, 404],
  }),
  failedJobs: defineEndpoint({
    ...PLATFORM,
    method: 'GET',
    path: '/api/platform/jobs/failed',
    operationId: 'listFailedJobs',
    summary: 'Super admins: jobs of the durable queue that failed after their retries, newest first',
    query: ZPageQuery,
    response: ZFailedJobPage,
    errors: [400, 401, 403],
  }),
  retryFailedJob: defineEndpoint({
    ...PLATFORM,
    method: 'POST',
    path: '/api/platform/jobs/failed/:id/retry',
    operationId: 'retryFailedJob',
    summary: 'Super admins: runs a failed job again (the queue retries it once more)',
    params: z.object({ id: ZUuid }),
    response: ZRetriedJob,
    status: 202,
    errors: [401, 403, 404],
  }),
};
