import { HUB_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { hubAdminSettingsRoutes } from './hub-admin-settings.routes.js';
import { hubExperimentRoutes } from './hub-experiments.routes.js';
import { updateHubFeatureFlags } from './hubs.commands.js';
import { requireHubMember, requireHubSettingsManager, viewerStanding } from './hubs.policy.js';
import { presentFeatureFlags, presentHub, presentPublicHub } from './hubs.presenter.js';
import { getHubSettings, getHubSettingsAndUserTypes } from './hubs.queries.js';

/**
 * GET /api/hub (members), the hub's feature flags (admins), the public hub summary used by the signup page and
 * the admin hub settings of hub-admin-settings.routes.ts.
 */
export const hubRoutes: FastifyPluginAsync = async (app) => {
  // Site administration's modules, brand and signup settings (issue #22 item 1) live with the hub's settings.
  await app.register(hubAdminSettingsRoutes);
  // The experiment variants of Site administration's Features screen (spec 6).
  await app.register(hubExperimentRoutes);

  tenantRoute(app, HUB_ENDPOINTS.current, async (ctx) => {
    const hub = requireHubMember(ctx);
    const { settings, userTypes, jobBoards } = await getHubSettingsAndUserTypes(ctx.tx, hub.id);
    return {
      hub: presentHub({
        hub,
        settings,
        userTypes,
        jobBoards,
        viewerUserType: ctx.membership?.userType ?? null,
        viewerStanding: viewerStanding(ctx),
        canManageSettings: ctx.hasRight('branding-settings'),
      }),
    };
  });

  tenantRoute(app, HUB_ENDPOINTS.featureFlags, async (ctx) => {
    const hub = requireHubSettingsManager(ctx);
    return presentFeatureFlags(await getHubSettings(ctx.tx, hub.id));
  });

  tenantRoute(app, HUB_ENDPOINTS.updateFeatureFlags, async (ctx, { body }) => {
    const hub = requireHubSettingsManager(ctx);
    const settings = await getHubSettings(ctx.tx, hub.id);
    return presentFeatureFlags(
      await updateHubFeatureFlags(ctx, { hubId: hub.id, settings, flags: body.flags }),
    );
  });

  tenantRoute(
    app,
    HUB_ENDPOINTS.publicHub,
    async (ctx) => {
      const hub = ctx.requireHub();
      const { settings, userTypes } = await getHubSettingsAndUserTypes(ctx.tx, hub.id);
      return { hub: presentPublicHub({ hub, settings, userTypes }) };
    },
    { hubIdentifier: ({ params }) => params.identifier },
  );
};
