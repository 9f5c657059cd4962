import { Readable } from 'node:stream';
import {
  ADMIN_DATA_ENDPOINTS,
  ANALYTICS_METRIC_LABELS,
  ANALYTICS_METRICS,
  IMPORT_MAX_LISTED_ERRORS,
  type TAnalyticsInterval,
  type TAnalyticsMetric,
  type TAnalyticsQuery,
  type TImport,
} from '@commons/contract';
import contentDisposition from 'content-disposition';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { adminImports, groups, userTypes, type TImportRowErrorData } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { csvField, toCsv } from '../groups/csv.js';
import { checkUsersCsv, hubImports, importUserTypes, planRows } from './admin-data.import.js';
import { requireAnalyticsReader, requireDataExporter, requireDataImporter } from './admin-data.policy.js';
import {
  analyticsFilters,
  analyticsRange,
  EXPORT_HEADERS,
  exportPage,
  hubEngagement,
} from './admin-data.queries.js';

/**
 * The report's filters checked against the hub: its range, and a user type and program of this hub. With an
 * organizationId (the organisation admins' console), the counts are of that organisation's members.
 */
export async function reportOf(
  ctx: TRequestContext,
  query: Required<Pick<TAnalyticsQuery, 'interval'>> & TAnalyticsQuery,
  options: { organizationId?: string } = {},
) {
  const hub = ctx.requireHub();
  const { from, to } = analyticsRange({
    interval: query.interval,
    from: query.from,
    to: query.to,
    now: ctx.now,
  });
  if (query.userType) {
    const [type] = await ctx.tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.id, query.userType), eq(userTypes.hubId, hub.id)));
    if (!type) throw validationError({ userType: 'There is no such user type in this hub.' });
  }
  if (query.program) {
    const [program] = await ctx.tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, query.program), eq(groups.hubId, hub.id)));
    if (!program) throw validationError({ program: 'There is no such program in this hub.' });
  }
  const series = await hubEngagement(ctx.tx, {
    hubId: hub.id,
    interval: query.interval,
    from,
    to,
    userTypeId: query.userType ?? null,
    programId: query.program ?? null,
    ...options,
  });
  return { hub, from, to, series };
}

/** A report as CSV: one row per period, one column per measure (all of them, or the one asked for). */
export function engagementCsv(
  report: Awaited<ReturnType<typeof reportOf>>,
  query: { interval: TAnalyticsInterval; metric?: TAnalyticsMetric | undefined },
): string {
  const metrics = query.metric ? [query.metric] : ANALYTICS_METRICS;
  const series = metrics.map((m) => report.series.find((s) => s.metric === m));
  const periods = series[0]?.points.map((p) => p.period) ?? [];
  return toCsv([
    [
      query.interval === 'week' ? 'Week starting' : 'Month',
      ...metrics.map((m) => ANALYTICS_METRIC_LABELS[m].title),
    ],
    ...periods.map((period, i) => [period, ...series.map((s) => s?.points[i]?.value ?? 0)]),
  ]);
}

/** A row of admin_imports as the page shows it. */
function presentImport(row: typeof adminImports.$inferSelect): TImport {
  return {
    id: row.id,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    unchangedCount: row.unchangedCount,
    errorCount: row.errorCount,
    errors: row.errors,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** CSV headers of a download that is never cached or sniffed. */
export function csvHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}

/**
 * Hub administration's reports and analytics, CSV exports and users CSV import (issue #22 items 4 and 5), under
 * /api/admin/…; every route checks its right (reports or analytics, export-data, import-data) and is audited.
 */
export function adminDataRoutes(
  deps: Pick<TAppDeps, 'config' | 'database' | 'clock'> & {
    /** Queues a run of the import job (pg-boss) after the import's row is committed. */
    runImports: () => Promise<void>;
  },
): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, ADMIN_DATA_ENDPOINTS.analytics, async (ctx, { query }) => {
      requireAnalyticsReader(ctx);
      const report = await reportOf(ctx, query);
      const filters = await analyticsFilters(ctx.tx, report.hub.id);
      return {
        interval: query.interval,
        from: report.from,
        to: report.to,
        series: report.series,
        ...filters,
      };
    });

    route(app, ADMIN_DATA_ENDPOINTS.analyticsCsv, async ({ request, reply, query }) => {
      const csv = await request.tenant(tenantOptionsOf(ADMIN_DATA_ENDPOINTS.analyticsCsv), async (ctx) => {
        requireAnalyticsReader(ctx);
        const report = await reportOf(ctx, query);
        await ctx.audit({
          action: 'admin_data.analytics_exported',
          data: { ...query, from: report.from, to: report.to },
        });
        return engagementCsv(report, query);
      });
      const name = query.metric ?? 'engagement';
      return csvHeaders(reply, `analytics-${name}-${query.interval}.csv`).send(csv);
    });

    // Streamed a page (1,000 rows) at a time, each page read in its own tenant transaction, so memory stays
    // bounded however large the hub is; the first page checks the right and records the export.
    route(app, ADMIN_DATA_ENDPOINTS.exportCsv, async ({ request, reply, params }) => {
      const options = tenantOptionsOf(ADMIN_DATA_ENDPOINTS.exportCsv);
      const { dataset } = params;
      const first = await request.tenant(options, async (ctx) => {
        requireDataExporter(ctx);
        const hub = ctx.requireHub();
        await ctx.audit({
          action: 'admin_data.exported',
          targetType: 'hub',
          targetId: String(hub.id),
          data: { dataset },
        });
        return { hub, page: await exportPage(ctx.tx, { dataset, hubId: hub.id, after: null }) };
      });
      const line = (cells: ReadonlyArray<unknown>) =>
        `${cells.map((c) => csvField(c as string)).join(',')}\r\n`;
      async function* lines() {
        yield `\uFEFF${line(EXPORT_HEADERS[dataset])}`;
        let page = first.page;
        for (;;) {
          yield page.rows.map(line).join('');
          if (page.last === null) return;
          const after = page.last;
          page = await request.tenant(options, async (ctx) => {
            requireDataExporter(ctx);
            return exportPage(ctx.tx, { dataset, hubId: first.hub.id, after });
          });
        }
      }
      return csvHeaders(reply, `${first.hub.identifier}-${dataset}.csv`).send(Readable.from(lines()));
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.importDryRun, async (ctx, { body }) => {
      requireDataImporter(ctx);
      const hub = ctx.requireHub();
      const checked = checkUsersCsv(body.csv, await importUserTypes(ctx.tx, hub.id));
      const planned = [];
      for (let i = 0; i < checked.valid.length; i += 1000)
        planned.push(...(await planRows(ctx.tx, { hubId: hub.id, rows: checked.valid.slice(i, i + 1000) })));
      return {
        totalRows: checked.totalRows,
        validCount: checked.valid.length,
        errorCount: new Set(checked.errors.map((e) => e.row)).size,
        createCount: planned.filter((p) => p.plan === 'create').length,
        updateCount: planned.filter((p) => p.plan === 'add' || p.plan === 'update').length,
        unchangedCount: planned.filter((p) => p.plan === 'unchanged').length,
        errors: checked.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
      };
    });

    route(app, ADMIN_DATA_ENDPOINTS.importStart, async ({ request, reply, body }) => {
      const started = await request.tenant(tenantOptionsOf(ADMIN_DATA_ENDPOINTS.importStart), async (ctx) => {
        requireDataImporter(ctx);
        const hub = ctx.requireHub();
        const checked = checkUsersCsv(body.csv, await importUserTypes(ctx.tx, hub.id));
        const fileError = checked.errors.find((e) => e.field === 'file');
        if (fileError) throw validationError({ csv: fileError.message });
        const errors: TImportRowErrorData[] = checked.errors.slice(0, IMPORT_MAX_LISTED_ERRORS);
        const [row] = await ctx.tx
          .insert(adminImports)
          .values({
            clusterId: ctx.clusterId,
            hubId: hub.id,
            createdByUserId: ctx.requireViewer().user.id,
            rows: checked.valid,
            totalRows: checked.valid.length,
            errorCount: new Set(checked.errors.map((e) => e.row)).size,
            errors,
            createdAt: ctx.now,
          })
          .returning();
        if (!row) throw new Error('admin_imports insert answered nothing');
        await ctx.audit({
          action: 'admin_data.import_started',
          targetType: 'admin_import',
          targetId: row.id,
          data: { rows: checked.totalRows, valid: checked.valid.length, errors: checked.errors.length },
        });
        return presentImport(row);
      });
      // After the commit: the job's worker finds the queued row (and the minute's sweep would, too).
      await deps
        .runImports()
        .catch((error: unknown) => request.log.error({ err: error }, 'import job not queued'));
      return reply.status(202).send(started);
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.importList, async (ctx) => {
      requireDataImporter(ctx);
      return { items: (await hubImports(ctx.tx, ctx.requireHub().id)).map(presentImport) };
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.importGet, async (ctx, { params }) => {
      requireDataImporter(ctx);
      const [row] = await ctx.tx
        .select()
        .from(adminImports)
        .where(and(eq(adminImports.id, params.id), eq(adminImports.hubId, ctx.requireHub().id)));
      if (!row) throw notFound('Import');
      return presentImport(row);
    });
  };
}
