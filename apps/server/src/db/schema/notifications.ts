import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { threads } from './inbox.js';
import { clusterIdColumn, hubs } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** Values a notification payload may hold (ids, counts, short labels). */
export type TNotificationPayload = Record<string, string | number | boolean | null>;

/**
 * Notifications of one user in one cluster (issue #5 item 4; spec 7 notifications store): every area
 * writes here through modules/notifications, in the command's transaction, and the realtime outbox pushes
 * `notification.created`. `is_email_pending` marks message notifications the digest job has not mailed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    hubId: bigint('hub_id', { mode: 'number' }).references(() => hubs.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    payload: jsonb('payload').$type<TNotificationPayload>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    isEmailPending: boolean('is_email_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.clusterId, t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.clusterId, t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.clusterId, t.userId)
      .where(sql`${t.isEmailPending}`),
  ],
);

/** Email preferences of a user (issue #5 item 4); a user without a row gets the default (daily). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  emailDigestFrequency: text('email_digest_frequency')
    .$type<'immediately' | 'daily' | 'never'>()
    .notNull()
    .default('daily'),
  /** When the last daily digest was queued. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reply-by-email keys, one per thread and participant. The address carries the key and an HMAC of it
 * (server secret), so the database alone cannot forge a reply address and a guessed key is refused.
 */
export const emailReplyKeys = pgTable(
  'email_reply_keys',
  {
    key: text('key').primaryKey(),
    clusterId: clusterIdColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_reply_keys_thread_user_idx').on(t.threadId, t.userId)],
);
