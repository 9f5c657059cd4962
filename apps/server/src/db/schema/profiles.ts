import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clusters } from './tenancy.js';
import { users } from './users.js';

/** spec 3 Work history item, one row per item in the user's order. */
export const userWorkHistory = pgTable(
  'user_work_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => clusters.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => clusters.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    schoolName: text('school_name').notNull(),
    extraFieldName: text('extra_field_name'),
    degreeType: text('degree_type'),
    majors: text('majors').array().notNull().default(sql`'{}'::text[]`),
    graduationYear: integer('graduation_year'),
    isGraduationYearHidden: boolean('is_graduation_year_hidden').notNull().default(false),
    extraFieldValue: text('extra_field_value'),
    isLocked: boolean('is_locked').notNull().default(false),
  },
  (t) => [index('user_schools_user_idx').on(t.clusterId, t.userId, t.position)],
);
