import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBulkAudience } from './admin-comms.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/** One question of a survey: single choice, multiple choice or free text. */
export type TSurveyQuestion = {
  id: string;
  kind: 'single' | 'multiple' | 'text';
  prompt: string;
  options: string[];
};
/** A member's answers by question id: an option, several options, or text. */
export type TSurveyAnswers = Record<string, string | string[]>;

/**
 * Surveys of a hub (issue #22 item 3; spec 6 right surveys): questions for an audience of user types or groups;
 * members answer once. RLS (migration 0049): admins holding surveys; members read their hubs' open surveys.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    questions: jsonb('questions').$type<TSurveyQuestion[]>().notNull(),
    audience: jsonb('audience').$type<TBulkAudience>().notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_hub_created_idx').on(t.hubId, t.createdAt, t.id)],
);

/** A member's one answer to a survey. */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    answers: jsonb('answers').$type<TSurveyAnswers>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_responses_survey_user_idx').on(t.surveyId, t.userId)],
);
