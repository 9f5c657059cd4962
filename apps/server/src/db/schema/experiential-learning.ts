import type { TElInterestKind, TParticipationReportStatus } from '@commons/domain';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobPosts } from './jobs.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * A member's experience interests in a hub (issue #19 item 5, spec 2 'add interests'): industries and job
 * functions of the hub's standard data (option keys) and kinds of opportunity. They drive the
 * experiential-learning page's recommended list. RLS (migration 0033): the member's own rows.
 */
export const elInterests = pgTable(
  'el_interests',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    kind: text('kind').$type<TElInterestKind>().notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hubId, t.kind, t.value] }),
    index('el_interests_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Participation reports (issue #19 item 5; spec 3 el_report_participation): a member reports an experience
 * (one of the hub's posts, or their own title), its dates, the time spent (whole minutes of quarter hours)
 * and a reflection; the hub's admins with the experiential-learning right approve or reject it. RLS
 * (migration 0033): the member's own rows, and the reviewers of the hub.
 */
export const participationReports = pgTable(
  'participation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    postId: uuid('post_id').references(() => jobPosts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    organisation: text('organisation').notNull().default(''),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
    minutes: integer('minutes').notNull(),
    reflection: text('reflection').notNull(),
    status: text('status').$type<TParticipationReportStatus>().notNull().default('pending'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The member's reports, newest first.
    index('participation_reports_user_idx').on(t.userId, t.hubId, t.createdAt, t.id),
    // The reviewers' queue of a hub by status, oldest first.
    index('participation_reports_hub_status_idx').on(t.hubId, t.status, t.createdAt, t.id),
    index('participation_reports_post_idx').on(t.postId),
    index('participation_reports_cluster_idx').on(t.clusterId),
  ],
);
