import { HUB_ADMIN_SETTINGS_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import {
  presentHubModules,
  presentSignupSettings,
  updateHubBranding,
  updateHubModules,
  updateSignupSettings,
} from './hub-admin-settings.commands.js';
import { requireHubSettingsManager, requireSignupSettingsManager } from './hubs.policy.js';
import { getHubSettings, listUserTypes } from './hubs.queries.js';

/**
 * Site administration's hub settings (issue #22 item 1): navigation modules and brand (branding-settings),
 * signup settings (signup-settings). Every write is validated by the contract, audited and all-or-nothing.
 */
export const hubAdminSettingsRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, HUB_ADMIN_SETTINGS_ENDPOINTS.modules, async (ctx) => {
    const hub = requireHubSettingsManager(ctx);
    return presentHubModules(await getHubSettings(ctx.tx, hub.id));
  });

  tenantRoute(app, HUB_ADMIN_SETTINGS_ENDPOINTS.updateModules, async (ctx, { body }) => {
    const hub = requireHubSettingsManager(ctx);
    const settings = await getHubSettings(ctx.tx, hub.id);
    return presentHubModules(await updateHubModules(ctx, { hubId: hub.id, settings, body }));
  });

  tenantRoute(app, HUB_ADMIN_SETTINGS_ENDPOINTS.branding, async (ctx) => {
    const hub = requireHubSettingsManager(ctx);
    return { branding: (await getHubSettings(ctx.tx, hub.id)).branding };
  });

  tenantRoute(app, HUB_ADMIN_SETTINGS_ENDPOINTS.updateBranding, async (ctx, { body }) => {
    const hub = requireHubSettingsManager(ctx);
    const settings = await getHubSettings(ctx.tx, hub.id);
    return { branding: await updateHubBranding(ctx, { hubId: hub.id, settings, body }) };
  });

  tenantRoute(app, HUB_ADMIN_SETTINGS_ENDPOINTS.signupSettings, async (ctx) => {
    const hub = requireSignupSettingsManager(ctx);
    return presentSignupSettings(await getHubSettings(ctx.tx, hub.id), await listUserTypes(ctx.tx, hub.id));
  });

  tenantRoute(app, HUB_ADMIN_SETTINGS_ENDPOINTS.updateSignupSettings, async (ctx, { body }) => {
    const hub = requireSignupSettingsManager(ctx);
    const settings = await getHubSettings(ctx.tx, hub.id);
    return updateSignupSettings(ctx, { hubId: hub.id, settings, body });
  });
};
