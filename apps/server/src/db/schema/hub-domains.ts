import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clusterIdColumn, hubIdColumn } from './tenancy.js';

/**
 * A custom domain of a hub (issue #23 item 2; spec 6 cluster-level group domain-management), proven by a DNS TXT
 * record `_commons-challenge.<domain>` = `commons-verification=<token>`. Once verified, requests whose Host is the
 * domain resolve to its cluster and hub (migration 0057, app_resolve_host). The domain is lower-case and unique
 * across the whole deployment. RLS (migration 0057): read by the cluster, written by the cluster-wide scope.
 */
export const hubDomains = pgTable(
  'hub_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clusterId: clusterIdColumn(),
    hubId: hubIdColumn(),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hub_domains_domain_uq').on(sql`lower(${t.domain})`),
    index('hub_domains_cluster_hub_idx').on(t.clusterId, t.hubId, t.createdAt),
  ],
);
