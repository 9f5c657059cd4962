import { randomBytes } from 'node:crypto';
import type { THubDomain, ZCreateHubDomainRequest } from '@commons/contract';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type TTx } from '../../db/client.js';
import { unlessUniqueViolation } from '../../db/constraint-errors.js';
import { hubDomains, hubs } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import { encodeCursor, type TCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { hubDomainTxtRecord, type TTxtCheck } from './cluster-admin.domains-dns.js';
import { requireClusterGroup } from './cluster-admin.policy.js';

/**
 * Hub domains (issue #23 item 2; spec 6 cluster-level group domain-management): added to a hub by a cluster or
 * super admin, proven by a DNS TXT record (Verify now, or the periodic job of cluster-admin.domains-dns.ts), then
 * the request host resolves to the hub (migration 0057). Every write is audited.
 */

export type THubDomainRow = typeof hubDomains.$inferSelect;

export function presentHubDomain(row: THubDomainRow): THubDomain {
  return {
    id: row.id,
    hubId: row.hubId,
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    txtRecord: hubDomainTxtRecord(row.domain, row.verificationToken),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the cluster's hub domains, oldest first (optionally of one hub). */
export async function hubDomainPage(
  tx: TTx,
  options: { clusterId: string; hubId?: number; cursor: TCursor | null; limit: number },
): Promise<{ rows: THubDomainRow[]; nextCursor: string | null }> {
  const { cursor } = options;
  const rows = await tx
    .select()
    .from(hubDomains)
    .where(
      and(
        eq(hubDomains.clusterId, options.clusterId),
        options.hubId === undefined ? undefined : eq(hubDomains.hubId, options.hubId),
        cursor
          ? or(
              gt(hubDomains.createdAt, new Date(cursor.at)),
              and(eq(hubDomains.createdAt, new Date(cursor.at)), gt(hubDomains.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(hubDomains.createdAt), asc(hubDomains.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > options.limit && last
        ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}

async function domainRow(ctx: TRequestContext, id: string): Promise<THubDomainRow> {
  const [row] = await ctx.tx
    .select()
    .from(hubDomains)
    .where(and(eq(hubDomains.id, id), eq(hubDomains.clusterId, ctx.clusterId)))
    .limit(1);
  if (!row) throw notFound('Domain');
  return row;
}

/**
 * Adds a domain to a hub of the cluster. Refused: the deployment's own hosts, any cluster's hostnames, and a
 * domain already added anywhere (unique across the deployment); the contract refuses IPs and local names.
 */
export async function createHubDomain(
  ctx: TRequestContext,
  options: { body: z.output<typeof ZCreateHubDomainRequest>; ownHosts: ReadonlySet<string> },
): Promise<THubDomainRow> {
  requireClusterGroup(ctx, 'domain-management');
  const { hubId, domain } = options.body;
  const [hub] = await ctx.tx
    .select({ id: hubs.id })
    .from(hubs)
    .where(and(eq(hubs.id, hubId), eq(hubs.clusterId, ctx.clusterId)))
    .limit(1);
  if (!hub) throw notFound('Hub');
  if (options.ownHosts.has(domain))
    throw validationError({ domain: 'This is an address of the platform itself, not a custom domain.' });
  const [owner] = await queryRows<{ owner: string | null }>(
    ctx.tx,
    sql`SELECT app_domain_owner(${domain}) AS owner`,
  );
  if (owner?.owner === 'cluster')
    throw validationError({ domain: 'This is an address of the platform itself, not a custom domain.' });
  const taken = () =>
    conflict('This domain is already added to a hub.', { domain: 'This domain is already added to a hub.' });
  if (owner?.owner === 'domain') throw taken();
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [inserted] = await sp
      .insert(hubDomains)
      .values({
        clusterId: ctx.clusterId,
        hubId,
        domain,
        verificationToken: randomBytes(24).toString('base64url'),
        createdAt: ctx.now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw taken();
  await ctx.audit({
    action: 'cluster.domain.added',
    targetType: 'hub_domain',
    targetId: row.id,
    hubId,
    data: { domain },
  });
  return row;
}

/** The domain "Verify now" looks up: the right is checked and the row read in a first, short transaction. */
export async function hubDomainToCheck(ctx: TRequestContext, id: string): Promise<THubDomainRow> {
  requireClusterGroup(ctx, 'domain-management');
  return domainRow(ctx, id);
}

/**
 * Records a TXT check made between two transactions (the DNS lookup is never inside one): a pending domain whose
 * record holds the token becomes verified; the check's time and error are kept either way. A verified domain
 * stays verified (the record may be gone).
 */
export async function recordHubDomainCheck(
  ctx: TRequestContext,
  options: { id: string; check: TTxtCheck },
): Promise<THubDomainRow> {
  requireClusterGroup(ctx, 'domain-management');
  const { check } = options;
  const before = await domainRow(ctx, options.id);
  const becomesVerified = check.isVerified && before.verifiedAt === null;
  const [row] = await ctx.tx
    .update(hubDomains)
    .set({
      lastCheckedAt: ctx.now,
      lastError: check.isVerified ? null : check.error,
      ...(becomesVerified ? { verifiedAt: ctx.now } : {}),
    })
    .where(eq(hubDomains.id, before.id))
    .returning();
  if (!row) throw notFound('Domain');
  await ctx.audit({
    action: becomesVerified ? 'cluster.domain.verified' : 'cluster.domain.checked',
    targetType: 'hub_domain',
    targetId: row.id,
    hubId: row.hubId,
    data: { domain: row.domain, isVerified: check.isVerified, error: check.isVerified ? null : check.error },
  });
  if (becomesVerified) ctx.forgetHost?.(row.domain);
  return row;
}

/** Removes a domain: its host goes back to the default cluster (here at once, elsewhere within the cache time). */
export async function removeHubDomain(ctx: TRequestContext, id: string): Promise<void> {
  requireClusterGroup(ctx, 'domain-management');
  const before = await domainRow(ctx, id);
  await ctx.tx.delete(hubDomains).where(eq(hubDomains.id, before.id));
  await ctx.audit({
    action: 'cluster.domain.removed',
    targetType: 'hub_domain',
    targetId: before.id,
    hubId: before.hubId,
    data: { domain: before.domain, wasVerified: before.verifiedAt !== null },
  });
  ctx.forgetHost?.(before.domain);
}
