import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TPledgeFrequency } from '@commons/domain';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';
import { userIdColumn } from './users.js';

/**
 * Gift pledges made through a hub's giving form (spec 3 User type givingForm, Hub settings
 * isDonationsEnabled; issue #18 item 6). Commons processes no card: a pledge records the intent and the
 * donor finishes on the school's payment page (the hub's giveCampusURL). Amounts are integer minor units
 * (cents) in the hub's currency at the time of the pledge. RLS (migration 0030): donors see their own
 * pledges in a hub the request may see; hub admins with the donations right see their hub's.
 */
export const pledges = pgTable(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    userId: userIdColumn(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** One of the hub's designations, free text when the hub defines none, null for "where most needed". */
    designation: text('designation'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    /** monthly or annually when recurring, null otherwise (a check constraint holds the pair together). */
    frequency: text('frequency').$type<TPledgeFrequency>(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin list, newest first: a backward scan of (hub_id, created_at, id) serves the keyset.
    index('pledges_hub_created_idx').on(t.hubId, t.createdAt, t.id),
    index('pledges_user_hub_created_idx').on(t.userId, t.hubId, t.createdAt),
    index('pledges_cluster_idx').on(t.clusterId),
  ],
);
