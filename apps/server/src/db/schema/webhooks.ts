import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn } from './tenancy.js';
import { users } from './users.js';

export type TWebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A cluster's outgoing webhook (issue #23 item 3): a target URL, the catalogue events it receives and the signing
 * secret (whsec_…, shown once). RLS (migration 0050): the cluster-wide scope only.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The Standard Webhooks secret, whsec_ and base64 of 32 random bytes; needed in clear to sign. */
    secret: text('secret').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Deliveries in a row that failed for good; reset by a success or by turning the webhook on again. */
    failedDeliveryCount: integer('failed_delivery_count').notNull().default(0),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_cluster_created_idx').on(t.clusterId, t.createdAt, t.id)],
);

/**
 * One event for one subscription: the outbox row written with the event's own write, then the delivery log
 * (status, attempts, last response code or error, next attempt). RLS (migration 0050): the cluster-wide scope.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The Standard Webhooks payload: { type, timestamp, data }. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<TWebhookDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseCode: integer('response_code'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_subscription_created_idx').on(t.subscriptionId, t.createdAt, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);
