import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { users } from './users.js';

/** One valid row of a users CSV waiting to be imported (its 1-based line in the file). */
export type TImportRowData = {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
  userTypeId: string;
};

/** One row's error: its line, the column and what is wrong (issue #22 item 5). */
export type TImportRowErrorData = { row: number; field: string; message: string };

/**
 * A users CSV import of a hub (issue #22 item 5): the checked rows wait here until the job imports them,
 * and the counts are the progress the admin's page polls. RLS (migration 0047): admins holding import-data
 * in the hub, and the cluster-wide scope (the job). An organisation's import (organization_id, migration 0062) also
 * adds each row's person to that organisation; its acting admins read and start it.
 */
export const adminImports = pgTable(
  'admin_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation the import adds its people to (its admins' console), or null for the hub's own. */
    organizationId: uuid('organization_id').references(() => groups.id, { onDelete: 'cascade' }),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull().default('queued'),
    rows: jsonb('rows')
      .$type<TImportRowData[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors')
      .$type<TImportRowErrorData[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('admin_imports_hub_created_idx').on(t.hubId, t.createdAt),
    index('admin_imports_organization_created_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`organization_id IS NOT NULL`),
    index('admin_imports_pending_idx')
      .on(t.createdAt)
      .where(sql`status IN ('queued', 'running')`),
  ],
);
