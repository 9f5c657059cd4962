import type { TWebhook, TWebhookDelivery } from '@commons/contract';
import { isWebhookEventType } from '@commons/domain';
import type { TWebhookDeliveryRow, TWebhookRow } from './webhooks.commands.js';
import { webhookMessageId } from './webhooks.signing.js';

/** A webhook as the admins see it: never its secret. */
export function presentWebhook(row: TWebhookRow): TWebhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter(isWebhookEventType),
    isEnabled: row.isEnabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One line of the delivery log. */
export function presentDelivery(row: TWebhookDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    messageId: webhookMessageId(row.id),
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    error: row.error,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
