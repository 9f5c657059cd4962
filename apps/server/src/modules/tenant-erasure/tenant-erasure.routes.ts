import { TENANT_ERASURE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { withTenant } from '../../db/tenant.js';
import { notFound } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { requireSuperAdmin } from './tenant-erasure.policy.js';
import { presentErasurePreview, presentFailedJob } from './tenant-erasure.presenter.js';
import { erasurePreview, failedJobPage, failedJobQueue } from './tenant-erasure.queries.js';

/**
 * Super admins only (issue #23 items 1 and 4): the dry run of a tenant's erasure and the durable queue's failed
 * jobs, which may be run again. The preview reads the target cluster in its own cluster-wide scope, in a second
 * transaction after the request's own has checked the super admin.
 */
export function tenantErasureRoutes(
  deps: Pick<TAppDeps, 'database'> & { retryJob: (queue: string, id: string) => Promise<boolean> },
): FastifyPluginAsync {
  return async (app) => {
    route(app, TENANT_ERASURE_ENDPOINTS.preview, async (input) => {
      await input.request.tenant(tenantOptionsOf(TENANT_ERASURE_ENDPOINTS.preview), async (ctx) =>
        requireSuperAdmin(ctx),
      );
      const row = await withTenant(
        deps.database.db,
        { clusterId: input.params.clusterId, isClusterScope: true },
        (tx) => erasurePreview(tx, input.params.clusterId),
      );
      if (!row) throw notFound('Cluster');
      return presentErasurePreview(row);
    });

    tenantRoute(app, TENANT_ERASURE_ENDPOINTS.failedJobs, async (ctx, { query }) => {
      requireSuperAdmin(ctx);
      const page = await failedJobPage(ctx.tx, { cursor: decodeCursor(query.cursor), limit: query.limit });
      const last = page.rows.at(-1);
      return {
        items: page.rows.map(presentFailedJob),
        nextCursor:
          page.hasMore && last ? encodeCursor({ at: new Date(last.at).toISOString(), id: last.id }) : null,
      };
    });

    // pg-boss retries through its own connection: on PGlite (one connection) that must not wait for the request's
    // open transaction, so the check and the audit entry are two short transactions around it.
    route(app, TENANT_ERASURE_ENDPOINTS.retryFailedJob, async ({ request, params }) => {
      const options = tenantOptionsOf(TENANT_ERASURE_ENDPOINTS.retryFailedJob);
      const queue = await request.tenant(options, async (ctx) => {
        requireSuperAdmin(ctx);
        return failedJobQueue(ctx.tx, params.id);
      });
      if (!queue || !(await deps.retryJob(queue, params.id))) throw notFound('Failed job');
      await request.tenant(options, (ctx) =>
        ctx.audit({ action: 'job.retried', targetType: 'job', targetId: params.id, data: { queue } }),
      );
      return { id: params.id, state: 'retry' as const };
    });
  };
}
