import type { TCreateWebhookRequest, TUpdateWebhookRequest } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/webhooks.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireClusterGroup } from '../cluster-admin/cluster-admin.policy.js';
import { isAllowedTarget } from '../link-previews/guarded-fetch.js';
import { newWebhookSecret } from './webhooks.signing.js';

export type TWebhookRow = typeof webhookSubscriptions.$inferSelect;
export type TWebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Cluster and super admins only (spec 6: webhook-settings is a cluster-level group), through the console's one check. */
export function requireWebhookAdmin(ctx: TRequestContext): void {
  requireClusterGroup(ctx, 'webhook-settings');
}

const PRIVATE_TARGET_MESSAGE =
  'Enter a public web address (http:// or https://, standard port); private and local addresses are not allowed.';

/** The URL rule and the SSRF guard's pre-check (the one in guarded-fetch.ts), as a 400 on the url field. */
function requireAllowedUrl(url: string, allowedOrigins: ReadonlySet<string>): void {
  if (!isAllowedTarget(url, allowedOrigins)) throw validationError({ url: PRIVATE_TARGET_MESSAGE });
}

/** A webhook of the request's cluster, or 404 (another cluster's is not found either: RLS). */
export async function requireWebhook(ctx: TRequestContext, id: string): Promise<TWebhookRow> {
  const [row] = await ctx.tx
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.clusterId, ctx.clusterId)))
    .limit(1);
  if (!row) throw notFound('Webhook');
  return row;
}

/** What the audit log keeps of a webhook: never its secret. */
function auditView(row: TWebhookRow) {
  return { url: row.url, events: row.events, isEnabled: row.isEnabled };
}

/** Adds a webhook with a new signing secret, answered this once. */
export async function createWebhook(
  ctx: TRequestContext,
  input: { body: TCreateWebhookRequest; allowedOrigins: ReadonlySet<string> },
): Promise<{ row: TWebhookRow; secret: string }> {
  requireWebhookAdmin(ctx);
  requireAllowedUrl(input.body.url, input.allowedOrigins);
  const secret = newWebhookSecret();
  const [row] = await ctx.tx
    .insert(webhookSubscriptions)
    .values({
      clusterId: ctx.clusterId,
      url: input.body.url,
      events: [...new Set(input.body.events)],
      secret,
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('webhook insert returned no row');
  await ctx.audit({
    action: 'webhooks.created',
    targetType: 'webhook',
    targetId: row.id,
    data: { after: auditView(row) },
  });
  return { row, secret };
}

/** Changes the URL or events, or turns the webhook off or on (on again clears the failure count). */
export async function updateWebhook(
  ctx: TRequestContext,
  input: { id: string; body: TUpdateWebhookRequest; allowedOrigins: ReadonlySet<string> },
): Promise<TWebhookRow> {
  requireWebhookAdmin(ctx);
  const before = await requireWebhook(ctx, input.id);
  if (input.body.url !== undefined) requireAllowedUrl(input.body.url, input.allowedOrigins);
  const isEnabled = input.body.isEnabled;
  const [row] = await ctx.tx
    .update(webhookSubscriptions)
    .set({
      ...(input.body.url !== undefined ? { url: input.body.url } : {}),
      ...(input.body.events !== undefined ? { events: [...new Set(input.body.events)] } : {}),
      ...(isEnabled === true
        ? { isEnabled, disabledAt: null, disabledReason: null, failedDeliveryCount: 0 }
        : {}),
      ...(isEnabled === false && before.isEnabled
        ? { isEnabled, disabledAt: ctx.now, disabledReason: null }
        : {}),
      updatedAt: ctx.now,
    })
    .where(eq(webhookSubscriptions.id, before.id))
    .returning();
  if (!row) throw notFound('Webhook');
  await ctx.audit({
    action: 'webhooks.updated',
    targetType: 'webhook',
    targetId: row.id,
    data: { before: auditView(before), after: auditView(row) },
  });
  return row;
}

/** Removes a webhook and its delivery log. */
export async function deleteWebhook(ctx: TRequestContext, id: string): Promise<void> {
  requireWebhookAdmin(ctx);
  const before = await requireWebhook(ctx, id);
  await ctx.tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, before.id));
  await ctx.audit({
    action: 'webhooks.deleted',
    targetType: 'webhook',
    targetId: before.id,
    data: { before: auditView(before) },
  });
}

/**
 * Sends a delivery again now: it becomes pending with its next attempt due at once (same webhook-id, so the
 * receiver may drop a repeat); its attempt count goes on. 409 while the webhook is off.
 */
export async function redeliverWebhook(
  ctx: TRequestContext,
  input: { id: string; deliveryId: string },
): Promise<TWebhookDeliveryRow> {
  requireWebhookAdmin(ctx);
  const webhook = await requireWebhook(ctx, input.id);
  if (!webhook.isEnabled) throw conflict('Turn the webhook on before redelivering.');
  const [before] = await ctx.tx
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.subscriptionId, webhook.id)))
    .limit(1);
  if (!before) throw notFound('Delivery');
  const [row] = await ctx.tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: ctx.now, createdAt: ctx.now })
    .where(eq(webhookDeliveries.id, before.id))
    .returning();
  if (!row) throw notFound('Delivery');
  await ctx.audit({
    action: 'webhooks.redelivered',
    targetType: 'webhook_delivery',
    targetId: row.id,
    data: { webhookId: webhook.id, before: { status: before.status }, after: { status: row.status } },
  });
  return row;
}
