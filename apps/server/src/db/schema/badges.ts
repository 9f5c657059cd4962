import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBadgeRuleKind } from '@commons/domain';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * A hub's badges (spec 3 Badge, issue #18 item 5): title, description, an uploaded image and the earning
 * rule (kind + threshold, packages/domain badges.ts). A disabled badge is no longer awarded; the badges
 * already earned stay. RLS (migration 0029): rows of a hub the request may see; writes are admins'
 * (modules/badges policy).
 */
export const badges = pgTable(
  'badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** A rich-text image uploaded to this hub (/api/rich-text/images/{key}); null for the default medal. */
    imageUrl: text('image_url'),
    ruleKind: text('rule_kind').$type<TBadgeRuleKind>().notNull(),
    threshold: integer('threshold').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin list, newest first.
    index('badges_hub_list_idx').on(t.clusterId, t.hubId, t.createdAt, t.id),
    // Awarding: the hub's enabled badges of the event's kinds.
    index('badges_hub_rule_idx')
      .on(t.hubId, t.ruleKind)
      .where(sql`is_enabled`),
  ],
);

/**
 * Badges earned (spec 4 'Earned badge'): one row per badge and user, written once by the event that earns
 * it (insert … on conflict do nothing on the unique pair), so concurrent events award it exactly once.
 */
export const earnedBadges = pgTable(
  'earned_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    badgeId: uuid('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('earned_badges_badge_user_uq').on(t.badgeId, t.userId),
    // A member's badges in a hub (the profile section, the viewer's list), newest first.
    index('earned_badges_user_hub_idx').on(t.userId, t.hubId, t.earnedAt),
    index('earned_badges_cluster_idx').on(t.clusterId),
  ],
);
