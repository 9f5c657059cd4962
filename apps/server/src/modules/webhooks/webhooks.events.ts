import { randomUUID } from 'node:crypto';
import type { TWebhookEventType } from '@commons/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';

let hasQueuedSinceKick = false;

/**
 * Queues a catalogue event for every enabled webhook of the transaction's cluster subscribed to it (issue #23
 * item 3), in the transaction of the event's own write (outbox): a rolled-back request sends nothing. Works in
 * any request's scope through the database function app_enqueue_webhook_event (migration 0050), which never
 * shows the caller a subscription. Answers how many deliveries were queued.
 */
export async function enqueueWebhookEvent(
  tx: TTx,
  event: { type: TWebhookEventType; data: Record<string, unknown>; now: Date },
): Promise<number> {
  const payload = { type: event.type, timestamp: event.now.toISOString(), data: event.data };
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`SELECT app_enqueue_webhook_event(${randomUUID()}::uuid, ${event.type}, ${JSON.stringify(payload)}::jsonb, ${event.now.toISOString()}::timestamptz) AS count`,
  );
  const count = Number(row?.count ?? 0);
  if (count > 0) hasQueuedSinceKick = true;
  return count;
}

/**
 * Whether a request queued deliveries since the last call (which clears it): the app then asks the job queue
 * for a run after the response, so a delivery leaves within seconds rather than on the next minute's sweep. A
 * rolled-back request only causes a run that finds nothing.
 */
export function takeWebhookKick(): boolean {
  const had = hasQueuedSinceKick;
  hasQueuedSinceKick = false;
  return had;
}
