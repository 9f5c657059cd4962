import { sql } from 'drizzle-orm';
import {
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
import { groups } from './groups.js';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn } from './users.js';

/**
 * A hub's custom profile fields (issue #22 item 1; spec 3 User additionalInfo[] id, slug, type, hub): defined by
 * hub admins holding standard-fields, asked of some or all user types, in order; archived fields keep their
 * answers. RLS (migration 0052): members of the hub read them, the hub's standard-fields admins write them.
 */
export const hubProfileFields = pgTable(
  'hub_profile_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    label: text('label').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    options: jsonb('options')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isRequired: boolean('is_required').notNull().default(false),
    userTypeIds: uuid('user_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    order: integer('order').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Set when the field belongs to one organisation of the hub (migration 0061): asked of its members only. */
    organizationId: uuid('organization_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hub_profile_fields_hub_slug_uq').on(t.hubId, t.slug),
    index('hub_profile_fields_hub_order_idx').on(t.hubId, t.order),
    index('hub_profile_fields_organization_order_idx')
      .on(t.organizationId, t.order)
      .where(sql`${t.organizationId} IS NOT NULL`),
  ],
);

/**
 * A member's answer to one hub field (spec 3 additionalInfo value): text, or the options chosen. RLS (0052):
 * read in the cluster where the profile is read (the profile's own access rules apply), written by the member.
 */
export const userProfileFieldValues = pgTable(
  'user_profile_field_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => hubProfileFields.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    value: jsonb('value').$type<string | string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_profile_field_values_field_user_uq').on(t.fieldId, t.userId),
    index('user_profile_field_values_user_hub_idx').on(t.userId, t.hubId),
  ],
);
