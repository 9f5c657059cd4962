import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/**
 * An admin's announcement in the hub feed or a group's feed tab (issue #7 item 5). Body is sanitised
 * HTML (lib/rich-text.ts); a pinned announcement leads the feed; moderation hides it like any post.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_hub_feed_idx').on(t.clusterId, t.hubId, t.createdAt, t.id),
    index('announcements_group_feed_idx').on(t.clusterId, t.groupId, t.createdAt, t.id),
  ],
);

/** What a report points at (issue #7 item 6; a member's profile, issue #16 item 2). */
export type TReportTargetKind =
  'question' | 'answer' | 'comment' | 'resource' | 'event' | 'announcement' | 'message' | 'profile';
/** open until a moderator decides; the decision closes every open report of the same target. */
export type TReportStatus = 'open' | 'hidden' | 'dismissed' | 'deleted';

/** A member's report of a post, comment, message or other content, with a reason, for the hub's moderators. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').$type<TReportTargetKind>().notNull(),
    targetId: uuid('target_id').notNull(),
    /** Whose content it is, kept so a deleted target still shows in the audit trail. */
    targetAuthorId: uuid('target_author_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the reporter saw: moderators may not read private threads, so a reported message is judged by this. */
    targetExcerpt: text('target_excerpt').notNull().default(''),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<TReportStatus>().notNull().default('open'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per member and target: reporting twice is answered, not stored twice.
    uniqueIndex('content_reports_open_uq')
      .on(t.targetKind, t.targetId, t.reporterId)
      .where(sql`status = 'open'`),
    index('content_reports_queue_idx').on(t.clusterId, t.hubId, t.status, t.createdAt),
    index('content_reports_target_idx').on(t.targetKind, t.targetId),
  ],
);
