import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { mailOutbox } from './auth.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** Who a bulk message goes to: members of any of these user types or groups; both empty is every member. */
export type TBulkAudience = { userTypeIds: string[]; groupIds: string[] };
export type TBulkChannel = 'email' | 'announcement';
export type TBulkStatus = 'scheduled' | 'sent' | 'cancelled';

/**
 * Bulk emails and announcements of a hub (issue #22 item 3; spec 6 rights bulk-emails and announcements): a
 * subject and a sanitised rich-text body for an audience, sent now or at scheduledAt by the periodic job.
 * RLS (migration 0048): hub admins holding either right; members read the ones addressed to them.
 */
export const bulkMessages = pgTable(
  'bulk_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    channel: text('channel').$type<TBulkChannel>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    audience: jsonb('audience').$type<TBulkAudience>().notNull(),
    status: text('status').$type<TBulkStatus>().notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Members of the audience left out because they unsubscribed from bulk emails. */
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_messages_hub_created_idx').on(t.hubId, t.createdAt, t.id),
    index('bulk_messages_due_idx')
      .on(t.scheduledAt)
      .where(sql`status = 'scheduled'`),
  ],
);

/** One recipient of a sent bulk message: its mail (emails) or whether they dismissed it (announcements). */
export const bulkMessageRecipients = pgTable(
  'bulk_message_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => bulkMessages.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulk_message_recipients_message_user_idx').on(t.messageId, t.userId),
    index('bulk_message_recipients_user_idx').on(t.userId, t.hubId, t.createdAt),
  ],
);

/** A member's choice to get no bulk emails from their community's admins (the unsubscribe link). */
export const bulkEmailPreferences = pgTable('bulk_email_preferences', {
  userId: userIdColumn().primaryKey(),
  clusterId: clusterIdColumn(),
  isUnsubscribed: boolean('is_unsubscribed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
