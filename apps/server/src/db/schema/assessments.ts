import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/** One match of an assessment result (a career, a field) with the provider's score (0–100) when given. */
export type TAssessmentMatchRow = { title: string; score: number | null };

/**
 * A hub's external career assessments (issue #20 item 4; 'PathwayU' by default). The shared secret signs launch
 * tokens and verifies webhook deliveries; it is stored encrypted (AES-256-GCM under a key derived from the server
 * secret, lib/secrets-at-rest.ts) and never answered by the API. RLS (migration 0040): read
 * where the hub is visible, written by the hub's admins with manage-career-paths or the cluster-wide scope.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    launchUrl: text('launch_url').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assessments_hub_slug_uq').on(t.hubId, t.slug),
    index('assessments_cluster_idx').on(t.clusterId),
  ],
);

/**
 * A member's launch of an assessment: its id is the launch token's jti, and a webhook delivery names it, so
 * results are only ever stored for someone who started the assessment. RLS: the member's own rows, the
 * cluster-wide scope (the webhook after its signature is verified).
 */
export const assessmentLaunches = pgTable(
  'assessment_launches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assessment_launches_user_idx').on(t.userId, t.createdAt),
    index('assessment_launches_assessment_idx').on(t.assessmentId),
    index('assessment_launches_hub_idx').on(t.hubId),
    index('assessment_launches_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Results a provider delivered (one row per delivery): the delivery id is unique per assessment, so a delivery
 * played again is refused. RLS: read by the member, the hub's admins with explore-users or manage-career-paths
 * and the cluster-wide scope; written only by the cluster-wide scope (the verified webhook).
 */
export const assessmentResults = pgTable(
  'assessment_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => assessmentLaunches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    summary: text('summary').notNull().default(''),
    matches: jsonb('matches').$type<TAssessmentMatchRow[]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assessment_results_delivery_uq').on(t.assessmentId, t.deliveryId),
    index('assessment_results_user_idx').on(t.userId, t.hubId, t.completedAt),
    index('assessment_results_hub_idx').on(t.hubId),
    index('assessment_results_launch_idx').on(t.launchId),
    index('assessment_results_cluster_idx').on(t.clusterId),
  ],
);
