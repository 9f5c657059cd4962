import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TActionItemType } from '@commons/domain';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn } from './users.js';

/** How an action item was completed: by the event that fulfils it, or by the user's own click. */
export type TActionItemCompletedBy = 'event' | 'manual';

/**
 * Completed action items (spec 3 Action items, issue #18 item 4): one row per user, hub and type, written
 * once (insert … on conflict do nothing) by the event that fulfils the item or, for custom_manual_action,
 * by the user. An item without a row is open. RLS (migration 0028): the user's own rows in a hub the
 * request may see, or the cluster-wide scope.
 */
export const actionItemCompletions = pgTable(
  'action_item_completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    type: text('type').$type<TActionItemType>().notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    completedBy: text('completed_by').$type<TActionItemCompletedBy>().notNull(),
    /** The user's answer to the item's reflection prompt (migration 0031); null until answered. */
    reflection: text('reflection'),
    /** When the user answered or skipped the reflection prompt; null while it is still to be shown. */
    reflectedAt: timestamp('reflected_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('action_item_completions_user_hub_type_uq').on(t.userId, t.hubId, t.type),
    index('action_item_completions_cluster_idx').on(t.clusterId),
  ],
);

/**
 * How many times a banner with a showLimit (spec 3) was shown to a user in a hub (migration 0031): counted
 * by the list of open items at most once an hour, so a refetch is not a new showing. RLS: the owner's rows.
 */
export const actionItemImpressions = pgTable(
  'action_item_impressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    type: text('type').$type<TActionItemType>().notNull(),
    timesShown: integer('times_shown').notNull().default(0),
    lastShownAt: timestamp('last_shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('action_item_impressions_user_hub_type_uq').on(t.userId, t.hubId, t.type),
    index('action_item_impressions_cluster_idx').on(t.clusterId),
  ],
);
