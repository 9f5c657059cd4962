import { WEBHOOK_ENDPOINTS } from '@commons/contract';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { decodeCursor } from '../../lib/cursor.js';
import { tenantRoute } from '../../plugins/route.js';
import {
  createWebhook,
  deleteWebhook,
  redeliverWebhook,
  requireWebhook,
  requireWebhookAdmin,
  updateWebhook,
} from './webhooks.commands.js';
import { presentDelivery, presentWebhook } from './webhooks.presenter.js';
import { clusterWebhooks, webhookDeliveryPage } from './webhooks.queries.js';

/**
 * /api/admin/webhooks (issue #23 item 3; spec 6 webhook-settings): cluster and super admins manage the cluster's
 * outgoing webhooks and read their delivery log. Every write is audited; the secret is answered once.
 */
export function webhookRoutes(deps: Pick<TAppDeps, 'config'>): FastifyPluginAsync {
  const allowedOrigins = deps.config.webhookTestAllowedOrigins;
  return async (app) => {
    tenantRoute(app, WEBHOOK_ENDPOINTS.list, async (ctx) => {
      requireWebhookAdmin(ctx);
      const rows = await clusterWebhooks(ctx.tx, ctx.clusterId);
      return {
        items: rows.map(presentWebhook),
        events: WEBHOOK_EVENT_TYPES.map((type) => ({ type, label: WEBHOOK_EVENT_LABELS[type] })),
      };
    });

    tenantRoute(app, WEBHOOK_ENDPOINTS.create, async (ctx, { body }) => {
      const { row, secret } = await createWebhook(ctx, { body, allowedOrigins });
      return { webhook: presentWebhook(row), secret };
    });

    tenantRoute(app, WEBHOOK_ENDPOINTS.update, async (ctx, { params, body }) =>
      presentWebhook(await updateWebhook(ctx, { id: params.id, body, allowedOrigins })),
    );

    tenantRoute(app, WEBHOOK_ENDPOINTS.remove, async (ctx, { params }) => {
      await deleteWebhook(ctx, params.id);
      return undefined;
    });

    tenantRoute(app, WEBHOOK_ENDPOINTS.deliveries, async (ctx, { params, query }) => {
      requireWebhookAdmin(ctx);
      const webhook = await requireWebhook(ctx, params.id);
      const page = await webhookDeliveryPage(ctx.tx, {
        subscriptionId: webhook.id,
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      return { items: page.rows.map(presentDelivery), nextCursor: page.nextCursor };
    });

    tenantRoute(app, WEBHOOK_ENDPOINTS.redeliver, async (ctx, { params }) =>
      presentDelivery(await redeliverWebhook(ctx, { id: params.id, deliveryId: params.deliveryId })),
    );
  };
}
