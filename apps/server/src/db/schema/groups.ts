import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TGroupSettings, TJoinPolicy, TProgramAnswerValue } from '@commons/contract';
import { clusterIdColumn, hubs } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * spec 3 Group or program: a group, mentorship program or organization of one hub (issue #6). The
 * identifier is unique in the cluster, so /groups/{identifier} needs no hub in the address.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: bigint('hub_id', { mode: 'number' })
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    groupType: text('group_type').$type<'group' | 'mentorshipProgram' | 'organization'>().notNull(),
    name: text('name').notNull(),
    /** lower(name), the list's sort key. */
    sortName: text('sort_name').notNull(),
    description: text('description').notNull().default(''),
    about: text('about').notNull().default(''),
    joinPolicy: text('join_policy').$type<TJoinPolicy>().notNull().default('open'),
    isHidden: boolean('is_hidden').notNull().default(false),
    /** spec 3 groupSettings, validated by the contract's ZGroupSettings on every write. */
    settings: jsonb('settings').$type<TGroupSettings>().notNull(),
    /** Hub user types with isVisibleToGroup false in settings.visibleToUserType (kept in step on write). */
    hiddenForUserTypeIds: text('hidden_for_user_type_ids').array().notNull().default(sql`'{}'::text[]`),
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
    hubId: bigint('hub_id', { mode: 'number' })
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
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
    answers: jsonb('answers').$type<Record<string, TProgramAnswerValue>>().notNull().default(sql`'{}'::jsonb`),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
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
    hubId: bigint('hub_id', { mode: 'number' })
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    questionType: text('question_type').$type<'text' | 'list' | 'video' | 'switch'>().notNull(),
    audience: text('audience').$type<'mentee' | 'mentor' | 'both'>().notNull().default('both'),
    texts: jsonb('texts').$type<Partial<Record<'mentee' | 'mentor' | 'both', { name: string; description?: string | undefined; placeholder?: string | undefined }>>>().notNull(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
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
    hubId: bigint('hub_id', { mode: 'number' })
      .notNull()
      .references(() => hubs.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    mentorUserId: uuid('mentor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId, t.mentorUserId] })],
);
