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
  customType,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';

/** PostgreSQL full-text search document (no built-in Drizzle column type). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
import { userIdColumn } from './users.js';

/** spec 3 Work history item, one row per item in the user's order. */
export const userWorkHistory = pgTable(
  'user_work_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    position: integer('position').notNull(),
    role: text('role').notNull(),
    company: text('company'),
    startMonth: integer('start_month'),
    startYear: integer('start_year'),
    endMonth: integer('end_month'),
    endYear: integer('end_year'),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [index('user_work_history_user_idx').on(t.clusterId, t.userId, t.position)],
);

/** spec 3 School item. */
export const userSchools = pgTable(
  'user_schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    position: integer('position').notNull(),
    schoolName: text('school_name').notNull(),
    extraFieldName: text('extra_field_name'),
    degreeType: text('degree_type'),
    majors: text('majors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    graduationYear: integer('graduation_year'),
    isGraduationYearHidden: boolean('is_graduation_year_hidden').notNull().default(false),
    extraFieldValue: text('extra_field_value'),
    isLocked: boolean('is_locked').notNull().default(false),
  },
  (t) => [index('user_schools_user_idx').on(t.clusterId, t.userId, t.position)],
);

/**
 * One row per listed member of a hub: the people directory's search document, kept in step with the
 * profile and membership by `refreshDirectoryEntries` so searches never join five tables.
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    userTypeId: uuid('user_type_id'),
    fullName: text('full_name').notNull(),
    sortName: text('sort_name').notNull(),
    headline: text('headline'),
    location: text('location'),
    companies: text('companies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    schools: text('schools')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    majors: text('majors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    helpTopics: text('help_topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    graduationYears: integer('graduation_years')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Everything searchable in one lower-case string (trigram index for typos). */
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hubId, t.userId] }),
    index('directory_entries_hub_sort_idx').on(t.hubId, t.sortName, t.userId),
    index('directory_entries_search_vector_idx').using('gin', t.searchVector),
    index('directory_entries_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('directory_entries_industries_idx').using('gin', t.industries),
    index('directory_entries_user_idx').on(t.clusterId, t.userId),
  ],
);

/**
 * A member's own people recommendation in a hub, ranked by overlap (directory similarPeople): stored so the
 * home reads ten people by key instead of ranking the hub's directory on every visit. Stale after a day or
 * once the member's own directory entry changes; RLS (migration 0034): only the member reads and writes it.
 */
export const peopleRecommendations = pgTable(
  'people_recommendations',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    /** The people in ranked order when computed; their cards and reasons are read live. */
    personIds: uuid('person_ids').array().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hubId, t.userId] }),
    index('people_recommendations_cluster_user_idx').on(t.clusterId, t.userId),
  ],
);

/**
 * Uploaded photos and documents; bytes live in the storage of the owner's data region. An 'attachment' is a
 * file uploaded for a job application (a resume or submitted work, modules/job-applications): it is not part
 * of the profile, and one no application uses is removed after a day.
 */
export const userFiles = pgTable(
  'user_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    // 'video' and 'poster': video prompt answers (modules/video-prompts), removed only with their answer.
    kind: text('kind').$type<'photo' | 'resume' | 'document' | 'attachment' | 'video' | 'poster'>().notNull(),
    region: text('region').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_files_user_idx').on(t.clusterId, t.userId, t.createdAt)],
);

/** spec 3 standard data option lists (job-industries, help-topics, …) configured per hub. */
export const hubStandardOptions = pgTable(
  'hub_standard_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    category: text('category').notNull(),
    optionKey: text('option_key').notNull(),
    label: text('label').notNull(),
    emoji: text('emoji'),
    subText: text('sub_text'),
    image: text('image'),
    order: integer('order').notNull().default(0),
  },
  (t) => [uniqueIndex('hub_standard_options_uq').on(t.hubId, t.category, t.optionKey)],
);

/** spec 3 Profile question (per hub; audience mentee, mentor or both, texts per audience). */
export const profileQuestions = pgTable(
  'profile_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    questionType: text('question_type').notNull(),
    audience: text('audience').$type<'mentee' | 'mentor' | 'both'>().notNull().default('both'),
    texts: jsonb('texts')
      .$type<Record<string, { name: string; description?: string; placeholder?: string }>>()
      .notNull(),
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allowsMultiple: boolean('allows_multiple').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    order: integer('order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('profile_questions_hub_idx').on(t.clusterId, t.hubId, t.order)],
);

/** spec 3 Profile question answer. */
export const profileAnswers = pgTable(
  'profile_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => profileQuestions.id, { onDelete: 'cascade' }),
    answerData: jsonb('answer_data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_answers_user_question_uq').on(t.userId, t.questionId)],
);

/** A requested email change waiting for the new address to be verified. */
export const emailChanges = pgTable('email_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  clusterId: clusterIdColumn(),
  userId: userIdColumn(),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
