import { CLUSTER_ADMIN_ENDPOINTS, CLUSTER_PUBLIC_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { decodeCursor } from '../../lib/cursor.js';
import { tenantRoute } from '../../plugins/route.js';
import {
  createMajor,
  removeLandingPage,
  reorderMajors,
  saveEmailSettings,
  saveLandingPage,
  updateMajor,
} from './cluster-admin.commands.js';
import { registerHubDomainRoutes } from './cluster-admin.domains-routes.js';
import { registerEmailTemplateRoutes } from './cluster-admin.email-templates-routes.js';
import { requireClusterGroup } from './cluster-admin.policy.js';
import {
  presentClusterHub,
  presentEmailSettings,
  presentLandingPage,
  presentMajor,
} from './cluster-admin.presenter.js';
import {
  activeMajors,
  clusterEmailSettingsRow,
  clusterHubPage,
  clusterLandingPage,
  clusterMajorRows,
} from './cluster-admin.queries.js';

/**
 * /api/admin/cluster/* (issue #23 item 2; spec 6 cluster-level groups): the cluster admin console. Cluster admins
 * of the request's cluster and super admins; every write is audited. /api/cluster/* is what visitors read.
 */
export function clusterAdminRoutes(deps: Pick<TAppDeps, 'config'>): FastifyPluginAsync {
  const serverSecret = deps.config.jwtSecret;
  return async (app) => {
    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.hubs, async (ctx, { query }) => {
      // No single cluster-level group covers the hub list: every group's holder may read it.
      requireClusterGroup(ctx, 'domain-management');
      const page = await clusterHubPage(ctx.tx, {
        clusterId: ctx.clusterId,
        cursor: decodeCursor(query.cursor, 'number'),
        limit: query.limit,
      });
      return { items: page.rows.map(presentClusterHub), nextCursor: page.nextCursor };
    });

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.landingPage, async (ctx) => {
      requireClusterGroup(ctx, 'landing-page');
      const row = await clusterLandingPage(ctx.tx, ctx.clusterId);
      return { landingPage: row === null ? null : presentLandingPage(row) };
    });

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.updateLandingPage, async (ctx, { body }) =>
      presentLandingPage(await saveLandingPage(ctx, body)),
    );

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.removeLandingPage, async (ctx) => {
      await removeLandingPage(ctx);
      return undefined;
    });

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.emailSettings, async (ctx) => {
      requireClusterGroup(ctx, 'email-settings');
      return presentEmailSettings(await clusterEmailSettingsRow(ctx.tx, ctx.clusterId));
    });

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.updateEmailSettings, async (ctx, { body }) =>
      presentEmailSettings(await saveEmailSettings(ctx, { body, serverSecret })),
    );

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.majors, async (ctx) => {
      requireClusterGroup(ctx, 'majors');
      return { items: (await clusterMajorRows(ctx.tx, ctx.clusterId)).map(presentMajor) };
    });

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.createMajor, async (ctx, { body }) =>
      presentMajor(await createMajor(ctx, body)),
    );

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.updateMajor, async (ctx, { params, body }) =>
      presentMajor(await updateMajor(ctx, { id: params.id, body })),
    );

    tenantRoute(app, CLUSTER_ADMIN_ENDPOINTS.reorderMajors, async (ctx, { body }) => ({
      items: (await reorderMajors(ctx, body)).map(presentMajor),
    }));

    tenantRoute(app, CLUSTER_PUBLIC_ENDPOINTS.landingPage, async (ctx) => {
      const row = await clusterLandingPage(ctx.tx, ctx.clusterId);
      return { landingPage: row === null ? null : presentLandingPage(row) };
    });

    tenantRoute(app, CLUSTER_PUBLIC_ENDPOINTS.majors, async (ctx) => ({
      items: await activeMajors(ctx.tx, ctx.clusterId),
    }));

    registerHubDomainRoutes(app, deps.config);
    registerEmailTemplateRoutes(app);
  };
}
