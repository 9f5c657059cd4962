import { and, desc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/webhooks.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TWebhookDeliveryRow, TWebhookRow } from './webhooks.commands.js';

/** The cluster's webhooks, oldest first (a cluster has a handful). */
export function clusterWebhooks(tx: TTx, clusterId: string): Promise<TWebhookRow[]> {
  return tx
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.clusterId, clusterId))
    .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id)
    .limit(100);
}

/** One page of a webhook's delivery log, newest first. */
export async function webhookDeliveryPage(
  tx: TTx,
  options: { subscriptionId: string; cursor: TCursor | null; limit: number },
): Promise<{ rows: TWebhookDeliveryRow[]; nextCursor: string | null }> {
  const rows = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, options.subscriptionId),
        keysetAfter(options.cursor, {
          sortKey: webhookDeliveries.createdAt,
          id: webhookDeliveries.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (row) => ({ at: row.createdAt.toISOString(), id: row.id }));
}
