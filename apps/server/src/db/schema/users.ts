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
import { clusterIdColumn, hubIdColumn, userTypes } from './tenancy.js';

/** spec 3 User: every field that is not a relation (schools, work history… arrive with profiles). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    identifier: text('identifier').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    photoUrl: text('photo_url'),
    headline: text('headline'),
    about: text('about'),
    location: text('location'),
    helpTopics: text('help_topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customExpertise: text('custom_expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    careerPathExpertise: text('career_path_expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    standardData: jsonb('standard_data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isClusterAdmin: boolean('is_cluster_admin').notNull().default(false),
    isAdminOnClusterHub: boolean('is_admin_on_cluster_hub').notNull().default(false),
    ssoId: text('sso_id'),
    pendingActions: text('pending_actions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requiredActions: text('required_actions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timezone: text('timezone').notNull().default('America/Los_Angeles'),
    hasAssignedList: boolean('has_assigned_list').notNull().default(false),
    hasJobPosts: boolean('has_job_posts').notNull().default(false),
    programMentorshipLimit: integer('program_mentorship_limit'),
    mentorshipLimit: integer('mentorship_limit'),
    connectLimit: integer('connect_limit'),
    lastAvailabilityDate: timestamp('last_availability_date', { withTimezone: true }),
    startedSignupAt: timestamp('started_signup_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }),
    completedSignupAt: timestamp('completed_signup_at', { withTimezone: true }),
    userProfileSettings: jsonb('user_profile_settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** spec 3 additionalInfo[]: custom fields `{ slug, type, value }`. */
    additionalInfo: jsonb('additional_info')
      .$type<Array<{ slug: string; type: 'text' | 'paragraph'; value: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    demographicInfo: jsonb('demographic_info')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isAlwaysOffline: boolean('is_always_offline').notNull().default(false),
    deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_cluster_email_uq').on(t.clusterId, t.email),
    uniqueIndex('users_cluster_identifier_uq').on(t.clusterId, t.identifier),
  ],
);

/** The owning user of a row that goes with the user (erasure cascades). */
export function userIdColumn() {
  return uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** spec 3 Hub membership of a user: every field. */
export const hubMemberships = pgTable(
  'hub_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    userTypeId: uuid('user_type_id').references(() => userTypes.id),
    isDefault: boolean('is_default').notNull().default(false),
    approved: boolean('approved'),
    parentApproved: boolean('parent_approved'),
    importStatus: text('import_status').$type<'joined' | 'imported'>().notNull().default('joined'),
    signupStage: text('signup_stage'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    maxConnect: integer('max_connect'),
    maxMentorship: integer('max_mentorship'),
    totalRequestedMentorship: integer('total_requested_mentorship').notNull().default(0),
    helpOffer: text('help_offer')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    elAccessType: text('el_access_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hub_memberships_hub_user_uq').on(t.hubId, t.userId),
    index('hub_memberships_user_idx').on(t.clusterId, t.userId),
    // The explore-users list's keyset by joined day (migration 0043).
    index('hub_memberships_hub_joined_idx').on(t.hubId, t.createdAt, t.id),
  ],
);

/** Named access rights of a hub admin (spec 6 hub access groups), one row per right. */
export const adminAccessRights = pgTable(
  'admin_access_rights',
  {
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    right: text('right').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hubId, t.userId, t.right] }),
    index('admin_access_rights_user_idx').on(t.clusterId, t.userId),
  ],
);
