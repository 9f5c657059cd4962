import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clusterIdColumn } from './tenancy.js';
import { userIdColumn, users } from './users.js';

/**
 * Each user's event stream counter. A command that emits to a user bumps `last_seq` with an upsert, which
 * locks the row until commit: sequences of one user are gap-free and committed in order, so "everything
 * after my last seq" is exact on reconnect.
 */
export const realtimeStreams = pgTable('realtime_streams', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/**
 * The durable per-user event log (issue #5 item 3) and the outbox of the realtime relay: rows are written
 * in the command's transaction and published to the bus after commit (`published_at` set by the relay).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('realtime_events_user_seq_idx').on(t.userId, t.seq),
    index('realtime_events_unpublished_idx')
      .on(t.clusterId, t.id)
      .where(sql`${t.publishedAt} is null`),
    index('realtime_events_created_idx').on(t.createdAt),
  ],
);

/**
 * What survives of presence (spec 7 users/{userId}: lastOnline, isAlwaysOffline); the connections
 * themselves live in memory or Redis.
 */
export const userPresence = pgTable('user_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clusterId: clusterIdColumn(),
  lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
  isAlwaysOffline: boolean('is_always_offline').notNull().default(false),
});
