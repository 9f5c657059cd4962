import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What stays of an erased tenant (issue #23 item 1, migration 0055): the platform's audit record of the erasure.
 * Not tenant data: it outlives the cluster, so it has no cluster_id; the app role may only insert.
 */
export const tenantErasures = pgTable('tenant_erasures', {
  id: uuid('id').primaryKey().defaultRandom(),
  erasedClusterId: uuid('erased_cluster_id').notNull(),
  clusterName: text('cluster_name').notNull(),
  deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  rowCount: integer('row_count').notNull(),
  fileCount: integer('file_count').notNull(),
  tableCounts: jsonb('table_counts').$type<Record<string, number>>().notNull().default({}),
});
