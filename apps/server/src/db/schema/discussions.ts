import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** PostgreSQL full-text search document (no built-in Drizzle column type). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A question waits for the hub's approval when the hub moderates questions, else it is approved at once. */
export type TQuestionStatus = 'pending' | 'approved' | 'rejected';

/**
 * A discussion question (issue #7 item 1) in a hub, optionally scoped to a group or program. Body is
 * sanitised HTML (lib/rich-text.ts); counts are kept on the row for lists and the popular filter.
 * `hidden_at` is set by moderation: hidden content disappears from lists, feeds and search at once.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    /** The group or program the question belongs to (group discussion tab). */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<TQuestionStatus>().notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body_text), 'B')`,
    ),
    upvoteCount: integer('upvote_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The answer the asker (or a moderator) accepted (issue #16 item 18). Its foreign key is written in
     * migration 0024 by hand, since Drizzle cannot say it: (accepted_answer_id, id, cluster_id, hub_id)
     * references answers (id, question_id, cluster_id, hub_id), so only an answer of this very question,
     * cluster and hub fits, and ON DELETE SET NULL (accepted_answer_id) unsets only this column when the
     * answer is deleted.
     */
    acceptedAnswerId: uuid('accepted_answer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_hub_list_idx').on(t.clusterId, t.hubId, t.createdAt, t.id),
    index('questions_group_idx').on(t.clusterId, t.groupId, t.createdAt),
    index('questions_author_idx').on(t.clusterId, t.authorId, t.createdAt),
    index('questions_search_idx').using('gin', t.searchVector),
    index('questions_tags_idx').using('gin', t.tags),
    // Deleting an answer looks up the question that accepted it (ON DELETE SET NULL).
    index('questions_accepted_answer_idx')
      .on(t.acceptedAnswerId)
      .where(sql`accepted_answer_id is not null`),
  ],
);

/** An answer to a question. */
export const answers = pgTable(
  'answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', body_text)`),
    upvoteCount: integer('upvote_count').notNull().default(0),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('answers_question_idx').on(t.clusterId, t.questionId, t.createdAt),
    // A member's answers in a hub (the answers_given badge rule, migration 0029).
    index('answers_author_idx').on(t.clusterId, t.authorId, t.hubId),
    index('answers_search_idx').using('gin', t.searchVector),
    // The target of questions.accepted_answer_id's tenant-consistent foreign key (migration 0024).
    unique('answers_question_tenant_key').on(t.id, t.questionId, t.clusterId, t.hubId),
  ],
);

/** A comment on a question or an answer; `parent_id` nests a reply under another comment. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answerId: uuid('answer_id').references(() => answers.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    bodyText: text('body_text').notNull(),
    upvoteCount: integer('upvote_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_question_idx').on(t.clusterId, t.questionId, t.createdAt)],
);

/** Kinds of post a vote, pin or report points at. */
export type TPostKind = 'question' | 'answer' | 'comment';

/** One upvote of one user on a question, answer or comment. */
export const postVotes = pgTable(
  'post_votes',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    targetKind: text('target_kind').$type<TPostKind>().notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetId, t.userId] })],
);

/** Followers of a question are told about new answers and comments. */
export const questionFollows = pgTable(
  'question_follows',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    index('question_follows_user_idx').on(t.clusterId, t.userId),
  ],
);
