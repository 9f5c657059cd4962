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
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { adminImports, groups, userTypes, type TImportRowErrorData } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { csvField, toCsv } from '../groups/csv.js';
import { checkUsersCsv, dryRunImport, importUserTypes, listImports } from './admin-data.import.js';
import { requireOrganizationRight } from '../organization-admin/organization-admin.policy.js';
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

/** A row of admin_imports as the page shows it, with the name of the organisation it was into (if any). */
function presentImport({
  job: row,
  organizationName,
}: {
  job: typeof adminImports.$inferSelect;
  organizationName: string | null;
}): TImport {
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
    organizationName,
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
 * Queues a users CSV import of the hub or, with organizationId, of that organisation (its rows are checked again;
 * a file-level error is a 400 and writes nothing), audited as admin_data.import_started.
 */
async function queueImport(
  ctx: TRequestContext,
  options: { hubId: number; organization: { id: string; name: string } | null; csv: string },
): Promise<TImport> {
  const organizationId = options.organization?.id ?? null;
  const checked = checkUsersCsv(options.csv, await importUserTypes(ctx.tx, options.hubId));
  const fileError = checked.errors.find((e) => e.field === 'file');
  if (fileError) throw validationError({ csv: fileError.message });
  const errors: TImportRowErrorData[] = checked.errors.slice(0, IMPORT_MAX_LISTED_ERRORS);
  const [row] = await ctx.tx
    .insert(adminImports)
    .values({
      clusterId: ctx.clusterId,
      hubId: options.hubId,
      organizationId,
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
    data: {
      ...(organizationId === null ? {} : { organizationId }),
      rows: checked.totalRows,
      valid: checked.valid.length,
      errors: checked.errors.length,
    },
  });
  return presentImport({ job: row, organizationName: options.organization?.name ?? null });
}

/** One import of the request's hub (and of the organisation, for its console), or 404. */
async function oneImport(ctx: TRequestContext, options: { organizationId: string | null; id: string }) {
  const [row] = await ctx.tx
    .select({ job: adminImports, organizationName: groups.name })
    .from(adminImports)
    .leftJoin(groups, eq(groups.id, adminImports.organizationId))
    .where(
      and(
        eq(adminImports.id, options.id),
        eq(adminImports.hubId, ctx.requireHub().id),
        options.organizationId === null ? undefined : eq(adminImports.organizationId, options.organizationId),
      ),
    );
  if (!row) throw notFound('Import');
  return row;
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
  /** After the import's row is committed: the job's worker finds it (and the minute's sweep would, too). */
  const runAfterCommit = (request: FastifyRequest) =>
    deps.runImports().catch((error: unknown) => request.log.error({ err: error }, 'import job not queued'));
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
      return dryRunImport(ctx.tx, { hubId: ctx.requireHub().id, organizationId: null, csv: body.csv });
    });

    route(app, ADMIN_DATA_ENDPOINTS.importStart, async ({ request, reply, body }) => {
      const started = await request.tenant(tenantOptionsOf(ADMIN_DATA_ENDPOINTS.importStart), async (ctx) => {
        requireDataImporter(ctx);
        return queueImport(ctx, { hubId: ctx.requireHub().id, organization: null, csv: body.csv });
      });
      await runAfterCommit(request);
      return reply.status(202).send(started);
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.importList, async (ctx) => {
      requireDataImporter(ctx);
      const target = { hubId: ctx.requireHub().id, organizationId: null };
      return { items: (await listImports(ctx.tx, target)).map(presentImport) };
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.importGet, async (ctx, { params }) => {
      requireDataImporter(ctx);
      return presentImport(await oneImport(ctx, { organizationId: null, id: params.id }));
    });

    // The organisation admins' import (spec 6 Organisation admins: import-data; issue #22 item 1): the same import
    // with the organisation as its target, for its admins holding import-data there (organization-admin.policy).
    const organizationOf = (ctx: TRequestContext, identifier: string, request: FastifyRequest) =>
      requireOrganizationRight(ctx, { identifier, request, rights: ['import-data'] });

    tenantRoute(
      app,
      ADMIN_DATA_ENDPOINTS.organizationImportDryRun,
      async (ctx, { params, body, request }) => {
        const access = await organizationOf(ctx, params.identifier, request);
        return dryRunImport(ctx.tx, {
          hubId: access.group.hubId,
          organizationId: access.group.id,
          csv: body.csv,
        });
      },
    );

    route(app, ADMIN_DATA_ENDPOINTS.organizationImportStart, async ({ request, reply, params, body }) => {
      const options = tenantOptionsOf(ADMIN_DATA_ENDPOINTS.organizationImportStart);
      const started = await request.tenant(options, async (ctx) => {
        const access = await organizationOf(ctx, params.identifier, request);
        return queueImport(ctx, {
          hubId: access.group.hubId,
          organization: { id: access.group.id, name: access.group.name },
          csv: body.csv,
        });
      });
      await runAfterCommit(request);
      return reply.status(202).send(started);
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.organizationImportList, async (ctx, { params, request }) => {
      const access = await organizationOf(ctx, params.identifier, request);
      const target = { hubId: access.group.hubId, organizationId: access.group.id };
      return { items: (await listImports(ctx.tx, target)).map(presentImport) };
    });

    tenantRoute(app, ADMIN_DATA_ENDPOINTS.organizationImportGet, async (ctx, { params, request }) => {
      const access = await organizationOf(ctx, params.identifier, request);
      return presentImport(await oneImport(ctx, { organizationId: access.group.id, id: params.id }));
    });
  };
}
