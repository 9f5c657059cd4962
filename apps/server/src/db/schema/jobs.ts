import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
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
import type {
  TApplicantProjectStatus,
  TJobAlertFrequency,
  TJobApplicationMethod,
  TJobApprovalStatus,
  TJobEmploymentType,
  TJobFlow,
  TJobTag,
  TProjectStatusFilter,
} from '@commons/domain';
import type { TJobListFilters } from '@commons/contract';
import { userFiles } from './profiles.js';
import { clusterIdColumn, hubIdColumn, hubs } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** PostgreSQL full-text search document (no built-in Drizzle column type). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Job and project posts of a hub (spec 3 Resulting job fields, spec 5 Jobs and projects, issue #19 item 1-2).
 * The description and requirements are sanitised rich text (spec 5 Rich text); search_text is their plain
 * text with the title, organisation, location, industry and functions, lower-case, written by the server with
 * every change; search_vector is derived from it. A post is listed while approved, not closed and not past
 * expires_at; expired_at is set once by the expiry job (jobs/job-posts-expiry.ts). audience_user_type_ids
 * empty means everyone (jobAudience 'all'). RLS (migration 0032): rows of a hub the request may see; who may
 * write is modules/jobs' policy.
 */
export const jobPosts = pgTable(
  'job_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobFlow: text('job_flow').$type<TJobFlow>().notNull(),
    title: text('title').notNull(),
    organisation: text('organisation').notNull().default(''),
    description: text('description').notNull().default(''),
    requirements: text('requirements').notNull().default(''),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isRemote: boolean('is_remote').notNull().default(false),
    employmentType: text('employment_type').$type<TJobEmploymentType>(),
    isPaid: boolean('is_paid').notNull().default(false),
    /** A job-industries option key of the hub's standard data. */
    industry: text('industry'),
    /** job-functions option keys of the hub's standard data. */
    jobFunctions: text('job_functions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** User types the post is for; empty is everyone (jobAudience 'all'). */
    audienceUserTypeIds: uuid('audience_user_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    applicationMethod: text('application_method').$type<TJobApplicationMethod>().notNull(),
    /** The outside page of an external application (spec 5 URL); null for internal ones. */
    externalUrl: text('external_url'),
    isResumeRequired: boolean('is_resume_required').notNull().default(false),
    icon: text('icon'),
    tags: jsonb('tags')
      .$type<TJobTag[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The built-in template a project was made from (packages/domain PROJECT_TEMPLATES id), null for custom. */
    templateId: text('template_id'),
    duration: integer('duration'),
    durationUnit: text('duration_unit'),
    startDate: date('start_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvalStatus: text('approval_status').$type<TJobApprovalStatus>().notNull().default('approved'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** A project's status in the wider filter of spec 4 (kept by modules/job-applications); null for jobs. */
    projectStatus: text('project_status').$type<TProjectStatusFilter>(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set once by the expiry job after expires_at passes (the post already left search then). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The board, newest first (keyset on created_at, id) among the listed posts of a hub.
    index('job_posts_hub_list_idx')
      .on(t.hubId, t.createdAt, t.id)
      .where(sql`approval_status = 'approved' AND closed_at IS NULL`),
    // Listed posts by expiry: "still open" and the expiry job.
    index('job_posts_hub_expiry_idx')
      .on(t.hubId, t.expiresAt)
      .where(sql`approval_status = 'approved' AND closed_at IS NULL`),
    // The approval queue of a hub, oldest first.
    index('job_posts_hub_pending_idx')
      .on(t.hubId, t.createdAt, t.id)
      .where(sql`approval_status = 'pending'`),
    // The expiry job: posts past expires_at not yet marked.
    index('job_posts_to_expire_idx')
      .on(t.expiresAt)
      .where(sql`expired_at IS NULL`),
    // A member's posts (profile section jobPosts, "my posts").
    index('job_posts_owner_idx').on(t.ownerUserId, t.hubId, t.createdAt, t.id),
    index('job_posts_search_vector_idx').using('gin', t.searchVector),
    index('job_posts_cluster_idx').on(t.clusterId),
  ],
);

/**
 * The distinct words of a hub's posts (lexemes of search_vector, 3+ characters with a letter), kept by a
 * trigger on job_posts, so a misspelt search word is corrected against a short vocabulary by trigram
 * similarity (as directory_terms, migration 0027). Never returned by the API.
 */
export const jobTerms = pgTable(
  'job_terms',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    term: text('term').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hubId, t.term] }),
    index('job_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
    index('job_terms_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Applications to a post (issue #19 item 3; behaviour in modules/job-applications): the applicant's note and
 * resume (a profile file), the owner's decision (status), and for a hired project the work submitted (text,
 * link, file) and the owner's review. One per post and applicant. RLS (migration 0032): the applicant, the
 * post's owner, hub admins with approve-job-posts or job-settings, or the cluster-wide scope.
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    postId: uuid('post_id')
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'cascade' }),
    applicantUserId: uuid('applicant_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    resumeFileId: uuid('resume_file_id').references(() => userFiles.id, { onDelete: 'set null' }),
    /** applied, shortlisted, hired, rejected or withdrawn (a check constraint in migration 0032). */
    status: text('status').notNull().default('applied'),
    /** A hired project's progress in the applicant's view of spec 4; null before hiring and for jobs. */
    workStatus: text('work_status').$type<TApplicantProjectStatus>(),
    submissionText: text('submission_text'),
    submissionUrl: text('submission_url'),
    submissionFileId: uuid('submission_file_id').references(() => userFiles.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The owner's review of submitted work: completed or notCompleted. */
    reviewOutcome: text('review_outcome').$type<'completed' | 'notCompleted'>(),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_applications_post_applicant_uq').on(t.postId, t.applicantUserId),
    // The owner's applicant list of a post, oldest first.
    index('job_applications_post_idx').on(t.postId, t.createdAt, t.id),
    // "Applied" lists of a member, newest first.
    index('job_applications_applicant_idx').on(t.applicantUserId, t.hubId, t.createdAt, t.id),
    index('job_applications_cluster_idx').on(t.clusterId),
  ],
);

/** Posts a member saved (issue #19 item 4), newest first. RLS: the member's own rows. */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    postId: uuid('post_id')
      .notNull()
      .references(() => jobPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('saved_jobs_user_hub_idx').on(t.userId, t.hubId, t.createdAt, t.postId),
    index('saved_jobs_post_idx').on(t.postId),
    index('saved_jobs_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Job alerts (issue #19 item 4): a saved search mailed daily or weekly with the posts that are new since
 * last_sent_at. The unsubscribe token (128 random bits, base64url) turns it off in one click without signing
 * in (app_job_alert_unsubscribe). RLS: the member's own rows, or the cluster-wide scope (the mailing job).
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    query: text('query').notNull().default(''),
    filters: jsonb('filters')
      .$type<Partial<TJobListFilters>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    frequency: text('frequency').$type<TJobAlertFrequency>().notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_alerts_unsubscribe_token_uq').on(t.unsubscribeToken),
    index('job_alerts_user_hub_idx').on(t.userId, t.hubId, t.createdAt, t.id),
    // The mailing job: active alerts of a frequency, least recently sent first.
    index('job_alerts_due_idx')
      .on(t.frequency, t.lastSentAt)
      .where(sql`is_active`),
    index('job_alerts_cluster_idx').on(t.clusterId),
  ],
);

/**
 * A hub's job board settings (spec 6 job-settings, DIY projects flag; spec 9 default tab names): the default
 * post expiration (null: 60 days), whether jobs and projects show (Active module item disableJobs and
 * disableProjects), whether members may post DIY projects, whether employers' posts skip the approval queue,
 * and the experiential-learning tab names. A hub without a row has the defaults. RLS: rows of a hub the
 * request may see; writes need job-settings (modules/jobs policy).
 */
export const hubJobSettings = pgTable('hub_job_settings', {
  hubId: bigint('hub_id', { mode: 'number' })
    .primaryKey()
    .references(() => hubs.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  defaultPostExpirationDays: integer('default_post_expiration_days'),
  isDiyProjectsEnabled: boolean('is_diy_projects_enabled').notNull().default(false),
  areJobsShown: boolean('are_jobs_shown').notNull().default(true),
  areProjectsShown: boolean('are_projects_shown').notNull().default(true),
  isEmployerPostAutoApproved: boolean('is_employer_post_auto_approved').notNull().default(false),
  experiencesTabName: text('experiences_tab_name').notNull().default('Experiences'),
  projectsTabName: text('projects_tab_name').notNull().default('Student Projects'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
