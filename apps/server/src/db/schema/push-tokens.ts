import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TPushPlatform } from '@commons/contract';
import { clusterIdColumn } from './tenancy.js';
import { userIdColumn } from './users.js';

/**
 * Device push tokens of the native app (spec 7, issue #16 item 19). One row per token: a device receives
 * the pushes of the account last signed in on it. The row goes when the user signs out on that device
 * (the web app deletes it), when the account is deleted, and with the user at erasure (cascade).
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    userId: userIdColumn(),
    token: text('token').notNull().unique(),
    platform: text('platform').$type<TPushPlatform>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A sender looks up the tokens of one user.
  (t) => [index('push_tokens_user_idx').on(t.clusterId, t.userId)],
);
