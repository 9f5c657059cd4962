import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TGroupSettings, TJoinPolicy, TProgramAnswerValue } from '@commons/contract';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** The hub a group row belongs to (removed with the hub). */

/** The group a row belongs to (removed with the group). */
const groupIdColumn = () =>
  uuid('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' });

/**
 * spec 3 Group or program: a group, mentorship program or organization of one hub (issue #6). The
 * identifier is unique in the cluster, so /groups/{identifier} needs no hub in the address.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    identifier: text('identifier').notNull(),
    groupType: text('group_type').$type<'group' | 'mentorshipProgram' | 'organization'>().notNull(),
    name: text('name').notNull(),
    /** lower(name), the list's sort key. */
    sortName: text('sort_name').notNull(),
    description: text('description').notNull().default(''),
    about: text('about').notNull().default(''),
    joinPolicy: text('join_policy').$type<TJoinPolicy>().notNull().default('open'),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** A preset cover (/covers/…) or an image uploaded to this hub (issue #16 item 18); null shows none. */
    coverImageUrl: text('cover_image_url'),
    /** spec 3 groupSettings, validated by the contract's ZGroupSettings on every write. */
    settings: jsonb('settings').$type<TGroupSettings>().notNull(),
    /** Hub user types with isVisibleToGroup false in settings.visibleToUserType (kept in step on write). */
    hiddenForUserTypeIds: text('hidden_for_user_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Name and description in lower case, for the list search (trigram index). */
    searchText: text('search_text').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_cluster_identifier_uq').on(t.clusterId, t.identifier),
    index('groups_hub_type_sort_idx').on(t.clusterId, t.hubId, t.groupType, t.sortName, t.id),
    index('groups_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * spec 3 Group membership of a user. `approved` reads like the hub's: true approved, false rejected,
 * null pending. An invitation is an `imported` row without completedRegistrationDate.
 */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    userId: userIdColumn(),
    /** mentor, mentee or both in programs; null for plain group and organization members. */
    role: text('role').$type<'mentor' | 'mentee' | 'both'>(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isViewOnlyAdmin: boolean('is_view_only_admin').notNull().default(false),
    approved: boolean('approved'),
    importStatus: text('import_status').$type<'joined' | 'imported'>().notNull().default('joined'),
    completedRegistrationDate: timestamp('completed_registration_date', { withTimezone: true }),
    userJoinedAt: timestamp('user_joined_at', { withTimezone: true }),
    /** Registration answers by question id (spec 5 Program question fields). */
    answers: jsonb('answers')
      .$type<Record<string, TProgramAnswerValue>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * lower(first_name || ' ' || last_name) of the user, the member lists' sort key, kept by the triggers of
     * migration 0026_rls-per-statement (insert, and the user's renames); never written by the app.
     */
    sortName: text('sort_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_memberships_group_user_uq').on(t.groupId, t.userId),
    index('group_memberships_user_idx').on(t.clusterId, t.userId),
    index('group_memberships_group_status_idx').on(t.groupId, t.approved, t.role),
  ],
);

/** Program registration questions (spec 3 Profile question with audience and texts per audience). */
export const groupQuestions = pgTable(
  'group_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    questionType: text('question_type').$type<'text' | 'list' | 'video' | 'switch'>().notNull(),
    audience: text('audience').$type<'mentee' | 'mentor' | 'both'>().notNull().default('both'),
    texts: jsonb('texts')
      .$type<
        Partial<
          Record<
            'mentee' | 'mentor' | 'both',
            { name: string; description?: string | undefined; placeholder?: string | undefined }
          >
        >
      >()
      .notNull(),
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allowsMultiple: boolean('allows_multiple').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    videoUrl: text('video_url'),
    matchingWeight: integer('matching_weight').notNull().default(0),
    order: integer('order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_questions_group_idx').on(t.groupId, t.order)],
);

/** A mentee's favourite mentors in a program (spec 4 Favoriting window). */
export const groupFavorites = pgTable(
  'group_favorites',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    userId: userIdColumn(),
    mentorUserId: uuid('mentor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId, t.mentorUserId] })],
);

/**
 * A published mentorship match of a program (issue #6 Mentorship matching): one row per mentee and
 * mentor pair, with the score and reasons shown at publish time and the mentorship thread it opened.
 * Publishing again skips pairs that already have a row.
 */
export const groupMatches = pgTable(
  'group_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    menteeUserId: uuid('mentee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorUserId: uuid('mentor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mentorship thread the match opened (threads live in the inbox module). */
    threadId: uuid('thread_id'),
    score: integer('score').notNull(),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isForced: boolean('is_forced').notNull().default(false),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_matches_pair_uq').on(t.groupId, t.menteeUserId, t.mentorUserId),
    index('group_matches_mentor_idx').on(t.groupId, t.mentorUserId),
  ],
);

/** An organization announcement (issue #6 Organizations): sent by mail to members, kept for the rate limit and history. */
export const groupAnnouncements = pgTable(
  'group_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_announcements_group_idx').on(t.groupId, t.createdAt)],
);

/**
 * A member's choice to get no announcements of a group, and the secret of the unsubscribe link in
 * each announcement (128 random bits, hex). Kept apart from the membership so leaving and joining
 * again does not forget it.
 */
export const groupMailPreferences = pgTable(
  'group_mail_preferences',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    userId: userIdColumn(),
    isUnsubscribed: boolean('is_unsubscribed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** A nudge mailed to the participants of a stalled mentorship (issue #6 program health), one per thread a week. */
export const groupNudges = pgTable(
  'group_nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    groupId: groupIdColumn(),
    threadId: uuid('thread_id').notNull(),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_nudges_thread_idx').on(t.groupId, t.threadId, t.createdAt)],
);
