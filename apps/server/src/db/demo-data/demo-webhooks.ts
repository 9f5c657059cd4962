import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { users, webhookDeliveries, webhookSubscriptions } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo cluster's outgoing webhook (issue #23 item 3), so the cluster admin's Webhooks page has something to
 * explore: a subscription to sign-ups and approvals whose delivery log shows a success, a retried failure and a
 * failure for good. Its address is an example one, so it is turned off: the demo never posts anywhere until the
 * admin points it at a real receiver and turns it on.
 */
export async function seedDemoWebhooks(
  tx: TTx,
  options: { clusterId: string; now: Date; clusterAdminId: string; hubIdentifier: string },
): Promise<void> {
  const { clusterId, now, hubIdentifier } = options;
  const [student] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.email, `student@${hubIdentifier}.example.edu`));
  if (!student) throw new Error(`demo student@${hubIdentifier} missing`);
  const [subscription] = await tx
    .insert(webhookSubscriptions)
    .values({
      clusterId,
      url: 'https://crm.example.edu/hooks/commons',
      events: ['user.created', 'membership.approved'],
      secret: `whsec_${randomBytes(32).toString('base64')}`,
      isEnabled: false,
      disabledAt: new Date(now.getTime() - 2 * DAY_MS),
      disabledReason: 'Deliveries kept failing for 24 hours.',
      failedDeliveryCount: 1,
      createdByUserId: options.clusterAdminId,
      createdAt: new Date(now.getTime() - 20 * DAY_MS),
      updatedAt: new Date(now.getTime() - 2 * DAY_MS),
    })
    .returning({ id: webhookSubscriptions.id });
  if (!subscription) throw new Error('demo webhook insert returned no row');
  const person = {
    id: student.id,
    firstName: student.firstName,
    lastName: student.lastName,
    email: student.email,
  };
  const delivery = (options: {
    type: 'user.created' | 'membership.approved';
    daysAgo: number;
    status: 'succeeded' | 'failed';
    attempts: number;
    responseCode: number | null;
    error: string | null;
  }) => {
    const createdAt = new Date(now.getTime() - options.daysAgo * DAY_MS);
    return {
      clusterId,
      subscriptionId: subscription.id,
      eventId: randomUUID(),
      eventType: options.type,
      payload: {
        type: options.type,
        timestamp: createdAt.toISOString(),
        data: {
          user: person,
          hub: hubIdentifier,
          ...(options.type === 'user.created' ? { isApproved: false } : {}),
        },
      },
      status: options.status,
      attempts: options.attempts,
      nextAttemptAt: null,
      lastAttemptAt: new Date(createdAt.getTime() + (options.attempts > 1 ? 23 * HOUR_MS : 1000)),
      responseCode: options.responseCode,
      error: options.error,
      createdAt,
    };
  };
  await tx.insert(webhookDeliveries).values([
    delivery({
      type: 'user.created',
      daysAgo: 18,
      status: 'succeeded',
      attempts: 1,
      responseCode: 200,
      error: null,
    }),
    delivery({
      type: 'membership.approved',
      daysAgo: 17,
      status: 'succeeded',
      attempts: 3,
      responseCode: 200,
      error: null,
    }),
    delivery({
      type: 'user.created',
      daysAgo: 3,
      status: 'failed',
      attempts: 12,
      responseCode: 503,
      error: 'The receiver answered 503.',
    }),
  ]);
}
