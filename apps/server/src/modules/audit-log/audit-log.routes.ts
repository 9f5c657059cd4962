import {
  AUDIT_LOG_ENDPOINTS,
  AUDIT_LOG_EXPORT_LIMIT,
  type TAuditLogEntry,
  type TAuditLogQuery,
} from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { forbidden, validationError } from '../../lib/app-error.js';
import { decodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { toCsv } from '../groups/csv.js';
import { auditLogRows, clusterHubs, type TAuditLogFilters, type TAuditLogRow } from './audit-log.queries.js';

/** Cluster and super admins only (issue #22 item 7: the audit log is filterable by cluster admins). */
function requireClusterAdmin(ctx: TRequestContext): void {
  if (!ctx.isClusterAdmin()) throw forbidden('Only cluster admins can read the audit log.');
}

/** The query's filters with the hub resolved among the cluster's hubs (400 for an unknown one). */
async function filtersOf(ctx: TRequestContext, query: TAuditLogQuery) {
  const hubs = await clusterHubs(ctx.tx, ctx.clusterId);
  const hub = query.hub ? hubs.find((h) => h.identifier === query.hub) : undefined;
  if (query.hub && !hub) throw validationError({ hub: 'There is no such hub in this community.' });
  if (query.from && query.to && query.from > query.to)
    throw validationError({ to: 'The last day is before the first day.' });
  const filters: TAuditLogFilters = {
    clusterId: ctx.clusterId,
    hubId: hub?.id ?? null,
    action: query.action || undefined,
    actorId: query.actorId,
    from: query.from,
    to: query.to,
  };
  return { filters, hubs };
}

function presentEntry(row: TAuditLogRow): TAuditLogEntry {
  const { entry } = row;
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    hub:
      row.hubIdentifier !== null && row.hubName !== null
        ? { identifier: row.hubIdentifier, name: row.hubName }
        : null,
    actor:
      entry.actorUserId !== null && row.actorEmail !== null
        ? {
            id: entry.actorUserId,
            fullName: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(),
            email: row.actorEmail,
          }
        : null,
    actingAs:
      entry.actingAsUserId !== null && row.actingAsEmail !== null
        ? {
            id: entry.actingAsUserId,
            fullName: `${row.actingAsFirstName ?? ''} ${row.actingAsLastName ?? ''}`.trim(),
            email: row.actingAsEmail,
          }
        : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    data: (entry.data ?? {}) as Record<string, unknown>,
    ip: entry.ip,
  };
}

const CSV_HEADER = [
  'Time (UTC)',
  'Hub',
  'Actor',
  'Actor email',
  'Acting as',
  'Acting as email',
  'Action',
  'Target type',
  'Target',
  'Details',
  'IP',
];

/** GET /api/admin/audit-log and its CSV export (issue #22 item 7). */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, AUDIT_LOG_ENDPOINTS.list, async (ctx, { query }) => {
    requireClusterAdmin(ctx);
    const { filters, hubs } = await filtersOf(ctx, query);
    const page = await auditLogRows(ctx.tx, {
      filters,
      cursor: decodeCursor(query.cursor),
      limit: query.limit,
    });
    return {
      items: page.rows.map(presentEntry),
      nextCursor: page.nextCursor,
      hubs: hubs.map((h) => ({ identifier: h.identifier, name: h.name })),
    };
  });

  // The file is sent after the transaction commits (the export itself is audited in it).
  route(app, AUDIT_LOG_ENDPOINTS.exportCsv, async ({ request, reply, query }) => {
    const csv = await request.tenant(tenantOptionsOf(AUDIT_LOG_ENDPOINTS.exportCsv), async (ctx) => {
      requireClusterAdmin(ctx);
      const { filters } = await filtersOf(ctx, query);
      const page = await auditLogRows(ctx.tx, { filters, cursor: null, limit: AUDIT_LOG_EXPORT_LIMIT });
      await ctx.audit({
        action: 'audit_log.export',
        data: { ...query, rows: page.rows.length },
      });
      return toCsv([
        CSV_HEADER,
        ...page.rows.map((row) => {
          const entry = presentEntry(row);
          return [
            entry.at,
            entry.hub?.identifier ?? '',
            entry.actor?.fullName ?? '',
            entry.actor?.email ?? '',
            entry.actingAs?.fullName ?? '',
            entry.actingAs?.email ?? '',
            entry.action,
            entry.targetType ?? '',
            entry.targetId ?? '',
            Object.keys(entry.data).length === 0 ? '' : JSON.stringify(entry.data),
            entry.ip ?? '',
          ];
        }),
      ]);
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
};
