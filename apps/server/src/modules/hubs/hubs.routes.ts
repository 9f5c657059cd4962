import { HUB_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { requireHubMember, viewerStanding } from './hubs.policy.js';
import { presentHub, presentPublicHub } from './hubs.presenter.js';
import { getHubSettingsAndUserTypes } from './hubs.queries.js';

/** GET /api/hub (members) and the public hub summary used by the signup page. */
export const hubRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, HUB_ENDPOINTS.current, async (ctx) => {
    const hub = requireHubMember(ctx);
    const { settings, userTypes } = await getHubSettingsAndUserTypes(ctx.tx, hub.id);
    return {
      hub: presentHub({
        hub,
        settings,
        userTypes,
        viewerUserType: ctx.membership?.userType ?? null,
        viewerStanding: viewerStanding(ctx),
        canManageSettings: ctx.hasRight('branding-settings'),
      }),
    };
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
