import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { THubSettings } from '@commons/contract';

/** A tenant (INTERPRETATION.md 'Tenant = cluster') with the tenant fields of spec 3. */
export const clusters = pgTable('clusters', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** Host names that resolve to this cluster; the default cluster answers every other host. */
  hostnames: text('hostnames')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isDefault: boolean('is_default').notNull().default(false),
  sfAccountId: text('sf_account_id'),
  deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
  isProduction: boolean('is_production').notNull().default(false),
  defaultSetting: text('default_setting'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The tenant column of every tenant-owned table (ARCHITECTURE.md Tenancy): NOT NULL, references clusters. */
export function clusterIdColumn() {
  return uuid('cluster_id')
    .notNull()
    .references(() => clusters.id);
}

/** The hub column of every hub-owned table: NOT NULL, references hubs, rows go with their hub. */
export function hubIdColumn() {
  return bigint('hub_id', { mode: 'number' })
    .notNull()
    .references(() => hubs.id, { onDelete: 'cascade' });
}

/** spec 3 Hub. The id range decides the data region (spec 9), so ids are chosen, not generated. */
export const hubs = pgTable(
  'hubs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    clusterId: clusterIdColumn(),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    domain: text('domain'),
    isDefault: boolean('is_default').notNull().default(false),
    isElOnly: boolean('is_el_only').notNull().default(false),
    standardPlatformType: text('standard_platform_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hubs_cluster_identifier_uq').on(t.clusterId, t.identifier)],
);

/** Typed hub settings (contract ZHubSettings), one row per hub. */
export const hubSettings = pgTable('hub_settings', {
  hubId: bigint('hub_id', { mode: 'number' })
    .primaryKey()
    .references(() => hubs.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  settings: jsonb('settings').$type<THubSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 3 User type (per hub): every field. */
export const userTypes = pgTable(
  'user_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    title: text('title').notNull(),
    pluralTitle: text('plural_title').notNull(),
    order: integer('order').notNull().default(0),
    standardUserType: text('standard_user_type').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    activeModules: text('active_modules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    messageTypes: text('message_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    canOfferHelp: boolean('can_offer_help').notNull().default(false),
    canOfferAMA: boolean('can_offer_ama').notNull().default(false),
    canPostJob: boolean('can_post_job').notNull().default(false),
    canApplyProject: boolean('can_apply_project').notNull().default(false),
    canGetMessage: boolean('can_get_message').notNull().default(true),
    canCreateResource: boolean('can_create_resource').notNull().default(false),
    meetingsDisabled: boolean('meetings_disabled').notNull().default(false),
    givingForm: boolean('giving_form').notNull().default(false),
    corporateHomepageEnabled: boolean('corporate_homepage_enabled').notNull().default(false),
    homepageV3Enabled: boolean('homepage_v3_enabled').notNull().default(false),
    newHomepageEnabled: boolean('new_homepage_enabled').notNull().default(false),
    showFirstTimeMatchingExperience: boolean('show_first_time_matching_experience').notNull().default(false),
    hideProfileSections: text('hide_profile_sections')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Members of this type are approved at signup without an admin (issue 4 auto-approval). */
    isAutoApproved: boolean('is_auto_approved').notNull().default(false),
    /** Career stories for members of this type (spec 6): null decides by the type (hidden for Corporate Partner, Employer, Restricted). */
    isCareerStoriesEnabled: boolean('is_career_stories_enabled'),
    /**
     * Every setting of each message type for members of this type but `enabled` (spec 3 Message types; issue #22
     * item 1, migration 0046): values over the hub's, partial per type. messageTypes above decides `enabled`.
     */
    messageTypeSettings: jsonb('message_type_settings').notNull().default({}),
  },
  (t) => [index('user_types_hub_idx').on(t.clusterId, t.hubId, t.order)],
);
