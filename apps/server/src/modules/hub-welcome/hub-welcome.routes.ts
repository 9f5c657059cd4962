import { AUTO_GREETING_FIELD_TOKENS, HUB_WELCOME_ENDPOINTS, type TAutoGreeting } from '@commons/contract';
import { isHubFeatureOn } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { fullName } from '../notifications/thread-notifications.js';
import { saveAutoGreeting, saveNotificationDefaults } from './hub-welcome.commands.js';
import { requireAutoGreetingAdmin, requireNotificationDefaultsAdmin } from './hub-welcome.policy.js';
import {
  countGreetingDeliveries,
  findAutoGreeting,
  listGreetingSenders,
  notificationDefaultsOf,
} from './hub-welcome.queries.js';

/** The auto-greeting as its editor shows it. */
async function presentAutoGreeting(ctx: TRequestContext): Promise<TAutoGreeting> {
  const hubId = ctx.requireHub().id;
  const settings = await getHubSettings(ctx.tx, hubId);
  const greeting = await findAutoGreeting(ctx.tx, hubId);
  const senders = await listGreetingSenders(ctx.tx, hubId);
  return {
    isOn: isHubFeatureOn(settings.featureFlags, 'autoGreeting'),
    senderUserId: greeting?.senderUserId ?? null,
    body: greeting?.body ?? '',
    senders: senders.map((s) => ({ id: s.id, name: fullName(s), email: s.email })),
    fields: AUTO_GREETING_FIELD_TOKENS,
    sentCount: await countGreetingDeliveries(ctx.tx, hubId),
  };
}

/**
 * Site administration of what new members meet first (issue #22 item 1) under /api/admin: the auto-greeting
 * (right 'auto-greeting') and the notification defaults (right 'notifications'). Writes are audited.
 */
export const hubWelcomeRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, HUB_WELCOME_ENDPOINTS.autoGreeting, async (ctx) => {
    requireAutoGreetingAdmin(ctx);
    return presentAutoGreeting(ctx);
  });

  tenantRoute(app, HUB_WELCOME_ENDPOINTS.saveAutoGreeting, async (ctx, { body }) => {
    requireAutoGreetingAdmin(ctx);
    await saveAutoGreeting(ctx, body);
    return presentAutoGreeting(ctx);
  });

  tenantRoute(app, HUB_WELCOME_ENDPOINTS.notificationDefaults, async (ctx) => {
    requireNotificationDefaultsAdmin(ctx);
    return notificationDefaultsOf(ctx.tx, ctx.requireHub().id);
  });

  tenantRoute(app, HUB_WELCOME_ENDPOINTS.saveNotificationDefaults, async (ctx, { body }) => {
    requireNotificationDefaultsAdmin(ctx);
    await saveNotificationDefaults(ctx, body);
    return notificationDefaultsOf(ctx.tx, ctx.requireHub().id);
  });
};
