import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn, hubs } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** PostgreSQL full-text search document (no built-in Drizzle column type). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Thread status: a request waits (pending), was accepted, or was rejected by the recipient. */
export type TThreadStatus = 'pending' | 'accepted' | 'rejected';

/**
 * A conversation between two users of a hub (issue #5 item 1), started by `from_user_id` with one of the
 * seven message types (spec 3 Message types). `mentorship_status` carries the closing states of spec 4.
 */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: bigint('hub_id', { mode: 'number' })
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    /** A group or program the conversation belongs to; groups arrive later, so no foreign key yet. */
    groupId: text('group_id'),
    messageType: text('message_type').notNull(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<TThreadStatus>().notNull(),
    mentorshipStatus: text('mentorship_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Plain-text start of the newest message, for the thread list. */
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    lastMessageFromUserId: uuid('last_message_from_user_id'),
  },
  (t) => [
    index('threads_from_type_idx').on(t.clusterId, t.hubId, t.fromUserId, t.messageType),
    index('threads_to_idx').on(t.clusterId, t.toUserId),
  ],
);

/**
 * Each participant's view of a thread: archive, read position and unread count. The thread list per user
 * is read from here (index on user, last_message_at, thread_id) so keyset pages never sort a whole inbox.
 */
export const threadParticipants = pgTable(
  'thread_participants',
  {
    clusterId: clusterIdColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    otherUserId: uuid('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Copy of threads.last_message_at, so the list is one index scan. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('thread_participants_list_idx').on(t.clusterId, t.userId, t.lastMessageAt, t.threadId),
  ],
);

/** spec 3 Meeting/message: the text part (meetings join later with their own columns). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sanitised HTML (spec 5 Rich text allowlist). */
    body: text('body').notNull(),
    /** The body without markup, for previews and search. */
    bodyText: text('body_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', body_text)`),
    isSystemMessage: boolean('is_system_message').notNull().default(false),
    type: text('type').notNull().default('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.clusterId, t.threadId, t.createdAt, t.id),
    index('messages_search_idx').using('gin', t.searchVector),
  ],
);
