import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clusters, clusterIdColumn } from './tenancy.js';
import { users } from './users.js';

/**
 * The cluster's public root page (issue #23 item 2; spec 6 cluster-level group landing-page): shown on `/` to
 * visitors of the cluster instead of the default page. The body is sanitised rich text. RLS (migration 0056):
 * read by any request of the cluster, written by the cluster-wide scope.
 */
export const clusterLandingPages = pgTable('cluster_landing_pages', {
  clusterId: uuid('cluster_id')
    .primaryKey()
    .references(() => clusters.id),
  title: text('title').notNull(),
  bodyHtml: text('body_html').notNull().default(''),
  ctaLabel: text('cta_label'),
  ctaUrl: text('cta_url'),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The cluster's mail sender and SMTP override (spec 6 cluster-level group email-settings). The SMTP URL holds
 * credentials: it is written by admins and read by the mail sender only, never answered. RLS (migration 0056):
 * the cluster-wide scope only.
 */
export const clusterEmailSettings = pgTable('cluster_email_settings', {
  clusterId: uuid('cluster_id')
    .primaryKey()
    .references(() => clusters.id),
  senderName: text('sender_name'),
  senderAddress: text('sender_address'),
  smtpUrl: text('smtp_url'),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The cluster's wording of one email of the template catalogue (domain mail-templates; spec 6 email-settings):
 * plain text with {{placeholders}}, checked against the catalogue when saved. No row: the default is sent. RLS
 * (migration 0059): the cluster-wide scope only (admins and the mail sender, which renders it).
 */
export const clusterEmailTemplates = pgTable(
  'cluster_email_templates',
  {
    clusterId: clusterIdColumn(),
    templateKey: text('template_key').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.templateKey] })],
);

/**
 * One major of the cluster's catalogue (spec 6 cluster-level group majors): named uniquely (case-insensitive),
 * ordered by position, archived rather than deleted. RLS (migration 0056): read by the cluster, written by the
 * cluster-wide scope.
 */
export const clusterMajors = pgTable(
  'cluster_majors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cluster_majors_cluster_name_uq').on(t.clusterId, sql`lower(${t.name})`),
    index('cluster_majors_cluster_position_idx').on(t.clusterId, t.position, t.id),
  ],
);
