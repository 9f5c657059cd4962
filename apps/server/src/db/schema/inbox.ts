import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn, userTypes } from './tenancy.js';
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
    hubId: hubIdColumn(),
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
    /** When the recipient accepted; a long-term mentorship auto-closes mentorshipLength after it. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the recipient first replied: the response time labels of spec 9 average these. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** When and by whom a mentorship was closed (mentorClosed, menteeClosed, adminClosed; null for autoClosed). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: uuid('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('threads_from_type_idx').on(t.clusterId, t.hubId, t.fromUserId, t.messageType),
    index('threads_to_idx').on(t.clusterId, t.toUserId),
    index('threads_to_type_idx').on(t.clusterId, t.hubId, t.toUserId, t.messageType),
    index('threads_mentorship_idx').on(t.clusterId, t.hubId, t.messageType, t.mentorshipStatus, t.acceptedAt),
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

/**
 * A file attached to a message (spec 3 Meeting/message attachments), stored like profile files: bytes under a
 * server-generated key in the uploader's data region, written before the transaction. An upload waits with
 * `message_id` null until the uploader sends it with a message; unsent uploads are removed after a day.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    region: text('region').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_attachments_message_idx').on(t.clusterId, t.messageId),
    index('message_attachments_thread_idx').on(t.clusterId, t.threadId, t.createdAt),
  ],
);

/**
 * Admin outreach templates (spec 6 Messaging, spec 9 Outreach templates): the set of one hub for one
 * sender/recipient user type pair replaces the default templates for that pair.
 */
export const outreachTemplates = pgTable(
  'outreach_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    senderUserTypeId: uuid('sender_user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
    recipientUserTypeId: uuid('recipient_user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * Set when the set belongs to one organisation of the hub (migration 0063): offered, before the hub's, when
     * sender and recipient are both its approved members. The hub's own sets keep it null.
     */
    organizationId: uuid('organization_id').references(() => groups.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outreach_templates_organization_pair_idx')
      .on(t.organizationId, t.senderUserTypeId, t.recipientUserTypeId, t.position)
      .where(sql`${t.organizationId} IS NOT NULL`),
    index('outreach_templates_pair_idx').on(
      t.clusterId,
      t.hubId,
      t.senderUserTypeId,
      t.recipientUserTypeId,
      t.position,
    ),
  ],
);
