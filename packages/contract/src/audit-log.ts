import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, ZUuid, ZDateOnly } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The audit log (issue #22 item 7): every admin action and other audited change of the cluster, append-only
 * (the app's database role may not update or delete it), read by cluster and super admins with filters and
 * exported as CSV.
 */

const ZDay = ZDateOnly;

export const ZAuditLogQuery = ZPageQuery.extend({
  /** One hub of the cluster, by its identifier. */
  hub: z.string().trim().max(100).optional(),
  /** Actions starting with this text, e.g. 'advising.' or 'hub.feature_flags_updated'. */
  action: z.string().trim().max(100).optional(),
  /** Who did it (themself, or acting as someone). */
  actorId: ZUuid.optional(),
  /** First and last day (UTC) of the entries. */
  from: ZDay.optional(),
  to: ZDay.optional(),
});
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

export const ZAuditLogEntry = z.object({
  id: ZId,
  at: ZIsoDateTime,
  hub: z.object({ identifier: z.string(), name: z.string() }).nullable(),
  /** Who acted; null for the system (jobs, webhooks). */
  actor: z.object({ id: ZId, fullName: z.string(), email: z.string() }).nullable(),
  /** Whose account the actor was using (login as, issue #22 item 6); null when acting as themself. */
  actingAs: z.object({ id: ZId, fullName: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What changed (before and after where the action records them); never secrets. */
  data: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export const ZAuditLogPage = z.object({
  items: z.array(ZAuditLogEntry),
  nextCursor: z.string().nullable(),
  /** The cluster's hubs, for the hub filter. */
  hubs: z.array(z.object({ identifier: z.string(), name: z.string() })),
});
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

/** Most entries one CSV export holds (newest first); narrow the filters for older ones. */
export const AUDIT_LOG_EXPORT_LIMIT = 50_000;

const ADMIN = { auth: 'required', hub: 'optional', tag: 'admin' } as const;

export const AUDIT_LOG_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/audit-log',
    operationId: 'listAuditLog',
    summary: 'Cluster and super admins: the audit log, newest first, by hub, action, actor and days',
    query: ZAuditLogQuery,
    response: ZAuditLogPage,
    errors: [400, 401, 403],
  }),
  exportCsv: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/audit-log.csv',
    operationId: 'exportAuditLog',
    summary: `The same entries as CSV (at most ${AUDIT_LOG_EXPORT_LIMIT.toLocaleString('en-US')}, newest first)`,
    query: ZAuditLogQuery,
    response: null,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
};
