import { WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES, nextWebhookAttemptAt } from '@commons/domain';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/webhooks.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import { GuardedFetchError, guardedPost, type TGuardedFetchOptions } from '../link-previews/guarded-fetch.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { webhookMessageId, webhookSignatureHeaders } from './webhooks.signing.js';

/** A claimed delivery is not picked again for this long (a process that died mid-send frees it then). */
const CLAIM_LEASE_MS = 60 * 1000;
/** Most deliveries one sweep sends per cluster. */
const BATCH = 20;

export type TWebhookDeliveryDeps = {
  db: TDb;
  now: Date;
  publicUrl: string;
  /** Test-only private origins (config WEBHOOK_TEST_ALLOWED_ORIGINS); the DNS and transport of tests. */
  guard?: Pick<TGuardedFetchOptions, 'allowedOrigins' | 'resolve' | 'transport' | 'timeoutMs'>;
};

type TClaimed = {
  id: string;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  subscriptionId: string;
  url: string;
  secret: string;
};

/** Claims the cluster's due deliveries of enabled webhooks (a lease, so no other process sends them meanwhile). */
async function claimDue(tx: TTx, now: Date): Promise<TClaimed[]> {
  const due = await tx
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      subscriptionId: webhookSubscriptions.id,
      url: webhookSubscriptions.url,
      secret: webhookSubscriptions.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        eq(webhookSubscriptions.isEnabled, true),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(BATCH)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  if (due.length > 0)
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      );
  return due;
}

/** Sends one signed attempt outside any transaction; answers the status code or the error. */
async function attempt(
  delivery: TClaimed,
  deps: TWebhookDeliveryDeps,
): Promise<{ responseCode: number | null; error: string | null }> {
  const body = JSON.stringify(delivery.payload);
  const headers = webhookSignatureHeaders({
    secret: delivery.secret,
    messageId: webhookMessageId(delivery.id),
    timestamp: deps.now,
    body,
  });
  try {
    const answer = await guardedPost(delivery.url, {
      ...deps.guard,
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Commons-Webhooks/1.0' },
      body: Buffer.from(body),
    });
    const isSuccess = answer.status >= 200 && answer.status < 300;
    return {
      responseCode: answer.status,
      error: isSuccess ? null : `The receiver answered ${answer.status}.`,
    };
  } catch (error) {
    const reason = error instanceof GuardedFetchError ? `${error.reason}: ${error.message}` : 'network error';
    return { responseCode: null, error: reason.slice(0, 500) };
  }
}

/**
 * Records an attempt: a 2xx ends the delivery; otherwise it waits for the next attempt of the backoff, or, past
 * the 24 hours, fails for good, and persistent failure turns the webhook off and mails the cluster admins.
 */
async function recordAttempt(
  tx: TTx,
  delivery: TClaimed,
  result: { responseCode: number | null; error: string | null },
  deps: TWebhookDeliveryDeps,
): Promise<void> {
  const attempts = delivery.attempts + 1;
  const isSuccess = result.error === null;
  const next = isSuccess
    ? null
    : nextWebhookAttemptAt({ createdAt: delivery.createdAt, attempts, now: deps.now });
  const status = isSuccess ? 'succeeded' : next ? 'pending' : 'failed';
  await tx
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      lastAttemptAt: deps.now,
      nextAttemptAt: next,
      responseCode: result.responseCode,
      error: result.error,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (isSuccess) {
    await tx
      .update(webhookSubscriptions)
      .set({ failedDeliveryCount: 0 })
      .where(eq(webhookSubscriptions.id, delivery.subscriptionId));
    return;
  }
  if (status !== 'failed') return;
  const [subscription] = await tx
    .update(webhookSubscriptions)
    .set({ failedDeliveryCount: sql`${webhookSubscriptions.failedDeliveryCount} + 1` })
    .where(eq(webhookSubscriptions.id, delivery.subscriptionId))
    .returning();
  if (
    !subscription ||
    !subscription.isEnabled ||
    subscription.failedDeliveryCount < WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES
  )
    return;
  await tx
    .update(webhookSubscriptions)
    .set({
      isEnabled: false,
      disabledAt: deps.now,
      disabledReason: 'Deliveries kept failing for 24 hours.',
      updatedAt: deps.now,
    })
    .where(eq(webhookSubscriptions.id, subscription.id));
  const admins = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.clusterId, subscription.clusterId), eq(users.isClusterAdmin, true)));
  for (const admin of admins)
    await enqueueMail(tx, subscription.clusterId, {
      to: admin.email,
      subject: 'A webhook was turned off after failing deliveries',
      text:
        `Hi ${admin.firstName},\n\nThe webhook to ${subscription.url} was turned off: its deliveries kept failing ` +
        `for 24 hours (last error: ${result.error ?? 'unknown'}).\n\nFix the receiver, then turn the webhook on ` +
        `again (site administration, Webhooks) and redeliver what it missed:\n${deps.publicUrl}/\n`,
    });
}

/**
 * The periodic sender (issue #23 items 3-4, on the durable job queue): for each cluster, claims its due
 * deliveries, sends each signed attempt outside any transaction (a transaction held over the network would
 * stall PGlite) and records the outcome. Answers how many attempts it made.
 */
export async function deliverDueWebhooks(deps: TWebhookDeliveryDeps): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(deps.db)) {
    const scope = { clusterId, isClusterScope: true };
    const claimed = await withTenant(deps.db, scope, (tx) => claimDue(tx, deps.now));
    for (const delivery of claimed) {
      const result = await attempt(delivery, deps);
      await withTenant(deps.db, scope, (tx) => recordAttempt(tx, delivery, result, deps));
      total += 1;
    }
  }
  return total;
}
