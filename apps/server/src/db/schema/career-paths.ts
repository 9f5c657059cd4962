import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The cluster's career path catalogue (issue #20 item 2): shared by every hub of the cluster, written by hub
 * admins with manage-career-paths and the cluster-wide scope. Archived paths stay for their favourites and a
 * restore. RLS (migration 0039): read in the cluster, written by those admins.
 */
export const careerPaths = pgTable(
  'career_paths',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    typicalRoles: text('typical_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    education: text('education').notNull().default(''),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency').notNull().default('USD'),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    jobFunctions: text('job_functions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrl: text('video_url'),
    /** Everything but the title that search reads (description, roles, skills, education, industries, functions). */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_text), 'B')`,
    ),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset pages by title (lower(title), id), active or archived; the unique title per cluster is in SQL.
    index('career_paths_cluster_title_idx').on(t.clusterId, sql`lower(${t.title})`, t.id),
    index('career_paths_search_idx').using('gin', t.searchVector),
  ],
);

/** A member's favourite career paths (cluster-wide, like the catalogue). RLS: the member's own rows. */
export const careerPathFavorites = pgTable(
  'career_path_favorites',
  {
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    careerPathId: uuid('career_path_id')
      .notNull()
      .references(() => careerPaths.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.careerPathId] }),
    index('career_path_favorites_path_idx').on(t.careerPathId),
    index('career_path_favorites_cluster_idx').on(t.clusterId),
  ],
);
