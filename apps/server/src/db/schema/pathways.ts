import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TPathwayForm } from '@commons/contract';
import type { TPathwayProgress, TSectionProgress } from '@commons/domain';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/** Program roles a program assignment covers (spec 3 group userRole). */
export type TPathwayProgramRole = 'mentee' | 'mentor' | 'both';

/**
 * A pathway of a hub (issue #20 item 1, spec 3 Pathway): a form of sections and steps (validated by the
 * contract's ZPathwayForm on every write), draft or published. `is_library` is spec 3 settings.isLibraryPathway:
 * the cluster's other hubs read it to copy it (`copied_from_id` on the copy). RLS (migration 0038): read where
 * the hub is visible, library pathways in the whole cluster; written by the hub's manage-pathways admins.
 */
export const pathways = pgTable(
  'pathways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    isLibrary: boolean('is_library').notNull().default(false),
    form: jsonb('form').$type<TPathwayForm>().notNull(),
    copiedFromId: uuid('copied_from_id'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pathways_hub_slug_uq').on(t.hubId, t.slug),
    index('pathways_hub_list_idx').on(t.hubId, t.createdAt, t.id),
    index('pathways_library_idx')
      .on(t.clusterId, t.createdAt, t.id)
      .where(sql`is_library AND status = 'published'`),
    index('pathways_cluster_idx').on(t.clusterId),
  ],
);

/**
 * Who a pathway is assigned to: members of a user type (`user_type_id`, deadline `completed_by`), or a program's
 * members in `roles` (`group_id`, deadline per role in `role_completed_by`; a role left out takes the program's
 * pathwayTimelines). RLS as pathways of the hub.
 */
export const pathwayAssignments = pgTable(
  'pathway_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    userTypeId: uuid('user_type_id'),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    roles: text('roles')
      .array()
      .$type<TPathwayProgramRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    completedBy: date('completed_by', { mode: 'string' }),
    roleCompletedBy: jsonb('role_completed_by')
      .$type<Partial<Record<TPathwayProgramRole, string | null>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('pathway_assignments_pathway_idx').on(t.pathwayId),
    index('pathway_assignments_user_type_idx').on(t.hubId, t.userTypeId),
    index('pathway_assignments_group_idx').on(t.groupId),
    index('pathway_assignments_cluster_idx').on(t.clusterId),
  ],
);

/**
 * A member's response to a pathway (spec 3 formResponse): their progress (new → in-progress or pending →
 * completed, never back), when they accepted it and completedAt. RLS: the member; read and updated by the hub's
 * manage-pathways admins and the member's program mentors (an approval moves the progress).
 */
export const pathwayResponses = pgTable(
  'pathway_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    progress: text('progress').$type<TPathwayProgress>().notNull().default('new'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pathway_responses_pathway_user_uq').on(t.pathwayId, t.userId),
    index('pathway_responses_user_idx').on(t.userId, t.hubId),
    index('pathway_responses_cluster_idx').on(t.clusterId),
  ],
);

/**
 * A member's answer of one step (by the form's step id): the saved value (null for steps without one; a profile
 * question's answer lives in profile_answers), the step's status (in-progress, pending review, completed), and
 * the last review. RLS as responses.
 */
export const pathwayStepAnswers = pgTable(
  'pathway_step_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => pathwayResponses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    status: text('status').$type<TSectionProgress>().notNull().default('in-progress'),
    value: jsonb('value').$type<TStoredStepValue>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewDecision: text('review_decision').$type<'approved' | 'sentBack'>(),
    reviewNote: text('review_note'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pathway_step_answers_response_step_uq').on(t.responseId, t.stepId),
    index('pathway_step_answers_pending_idx')
      .on(t.hubId, t.submittedAt, t.id)
      .where(sql`status = 'pending'`),
    index('pathway_step_answers_user_idx').on(t.userId),
    index('pathway_step_answers_pathway_idx').on(t.pathwayId, t.status),
    index('pathway_step_answers_cluster_idx').on(t.clusterId),
  ],
);

/** What a step answer stores: checked items, reflection text, or the picked document's id. */
export type TStoredStepValue =
  | { kind: 'checklist'; checkedItemIds: string[] }
  | { kind: 'reflection'; text: string }
  | { kind: 'fileUpload'; fileId: string | null };
