import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { threads } from './inbox.js';
import { clusterIdColumn, hubs } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * The hub's auto-greeting (issue #22 item 1; spec 6 hub access group 'auto-greeting', feature flag
 * 'auto-greeting'): who sends it and its text. Whether it is sent is the hub's autoGreeting feature flag.
 */
export const hubAutoGreetings = pgTable('hub_auto_greetings', {
  hubId: bigint('hub_id', { mode: 'number' })
    .primaryKey()
    .references(() => hubs.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
  body: text('body').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One auto-greeting sent to one member of one hub: the unique pair makes the greeting once per member per hub. */
export const autoGreetingDeliveries = pgTable(
  'auto_greeting_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: bigint('hub_id', { mode: 'number' })
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    threadId: uuid('thread_id').references(() => threads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auto_greeting_deliveries_hub_user_idx').on(t.hubId, t.userId)],
);

/**
 * The notification preferences a hub's new members start with (issue #22 item 1; spec 6 hub access group
 * 'notifications'): the same email digest frequency members choose in their account settings.
 */
export const hubNotificationDefaults = pgTable('hub_notification_defaults', {
  hubId: bigint('hub_id', { mode: 'number' })
    .primaryKey()
    .references(() => hubs.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  emailDigestFrequency: text('email_digest_frequency')
    .$type<'immediately' | 'daily' | 'never'>()
    .notNull()
    .default('daily'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
