import { PLATFORM_ADMIN_ENDPOINTS, type TPlatformCluster } from '@commons/contract';
import { TENANT_TYPE_DEFINITIONS } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import {
  cancelClusterDeletion,
  createCluster,
  createHub,
  readCluster,
  requestClusterDeletion,
  updateCluster,
} from './platform-admin.commands.js';
import { requireSuperAdmin } from './platform-admin.policy.js';
import { presentPlatformCluster } from './platform-admin.presenter.js';
import {
  platformClusterPage,
  platformHubs,
  platformUsage,
  type TPlatformClusterRow,
} from './platform-admin.queries.js';

const USAGE_WINDOW_MS = 30 * 86_400_000;

/** Clusters with their hubs and usage: two grouped statements whatever the number of clusters (no N+1). */
async function presentClusters(
  ctx: TRequestContext,
  rows: readonly TPlatformClusterRow[],
): Promise<TPlatformCluster[]> {
  const ids = rows.map((r) => r.id);
  const hubs = await platformHubs(ctx.tx, ids);
  const usage = await platformUsage(ctx.tx, {
    clusterIds: ids,
    since: new Date(ctx.now.getTime() - USAGE_WINDOW_MS),
  });
  return rows.map((row) =>
    presentPlatformCluster(row, {
      hubs: hubs.filter((h) => h.clusterId === row.id),
      usage: usage.get(row.id),
      currentClusterId: ctx.clusterId,
    }),
  );
}

async function presentOne(ctx: TRequestContext, clusterId: string): Promise<TPlatformCluster> {
  const row = await readCluster(ctx, clusterId);
  const [cluster] = await presentClusters(ctx, [{ ...row, hostnames: row.hostnames }]);
  if (!cluster) throw new Error('cluster vanished');
  return cluster;
}

/**
 * /api/platform (issue #23 item 1): the super admin console. Cross-cluster reads go through migration 0054's
 * SECURITY DEFINER functions (console columns and counts only, super admins only); writes run in the target
 * cluster's own scope. Every write is audited in the super admin's cluster.
 */
export const platformAdminRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.tenantTypes, async (ctx) => {
    requireSuperAdmin(ctx);
    return {
      items: TENANT_TYPE_DEFINITIONS.map((d) => ({
        type: d.type,
        label: d.label,
        description: d.description,
        isProductionByDefault: d.isProductionByDefault,
        enabledModules: [...d.setting.enabledModules],
        isElOnly: d.setting.isElOnly,
      })),
    };
  });

  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.list, async (ctx, { query }) => {
    requireSuperAdmin(ctx);
    const page = await platformClusterPage(ctx.tx, {
      cursor: decodeCursor(query.cursor),
      limit: query.limit,
    });
    const last = page.rows.at(-1);
    return {
      items: await presentClusters(ctx, page.rows),
      nextCursor:
        page.hasMore && last ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id }) : null,
    };
  });

  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.create, async (ctx, { body }) =>
    presentOne(ctx, await createCluster(ctx, body)),
  );

  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.update, async (ctx, { params, body }) => {
    await updateCluster(ctx, { clusterId: params.id, body });
    return presentOne(ctx, params.id);
  });

  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.createHub, async (ctx, { params, body }) => {
    await createHub(ctx, { clusterId: params.id, body });
    return presentOne(ctx, params.id);
  });

  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.requestDeletion, async (ctx, { params }) => {
    await requestClusterDeletion(ctx, params.id);
    return presentOne(ctx, params.id);
  });

  tenantRoute(app, PLATFORM_ADMIN_ENDPOINTS.cancelDeletion, async (ctx, { params }) => {
    await cancelClusterDeletion(ctx, params.id);
    return presentOne(ctx, params.id);
  });
};
