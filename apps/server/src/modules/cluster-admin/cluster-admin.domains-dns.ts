import { Resolver } from 'node:dns/promises';
import {
  HUB_DOMAIN_CHALLENGE_LABEL,
  HUB_DOMAIN_RECHECK_DAYS,
  HUB_DOMAIN_TXT_PREFIX,
} from '@commons/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.js';
import { auditLog, hubDomains } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

/** The TXT record that proves a hub domain (issue #23 item 2). */
export function hubDomainTxtRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `${HUB_DOMAIN_CHALLENGE_LABEL}.${domain}`, value: `${HUB_DOMAIN_TXT_PREFIX}${token}` };
}

export type TTxtCheck = { isVerified: true } | { isVerified: false; error: string };

/** Lookups are short: "Verify now" waits for them (at most about 5 s: 2 tries of 2.5 s). */
const DNS_TIMEOUT_MS = 2_500;
const DNS_TRIES = 2;

/**
 * Looks up the domain's TXT record through the configured DNS servers (config DNS_SERVERS; the system's when
 * empty) and says whether one of its strings is the expected value, else why not in words for the admin.
 */
export async function checkHubDomainTxt(
  domain: string,
  token: string,
  servers: readonly string[],
): Promise<TTxtCheck> {
  const record = hubDomainTxtRecord(domain, token);
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  if (servers.length > 0) resolver.setServers([...servers]);
  let answers: string[][];
  try {
    answers = await resolver.resolveTxt(record.name);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA')
      return { isVerified: false, error: `No TXT record was found at ${record.name}.` };
    return {
      isVerified: false,
      error: `The DNS lookup of ${record.name} failed (${typeof code === 'string' ? code : 'error'}). Try again in a few minutes.`,
    };
  }
  // A TXT record may come split into several strings: they are joined.
  if (answers.some((parts) => parts.join('') === record.value)) return { isVerified: true };
  return {
    isVerified: false,
    error: `The TXT record at ${record.name} does not hold ${record.value}.`,
  };
}

/**
 * The periodic job (every 10 minutes): checks every unverified domain added less than HUB_DOMAIN_RECHECK_DAYS ago,
 * in every cluster. DNS lookups run outside transactions; each result is one short write (audited when verified).
 * Answers how many domains became verified.
 */
export async function verifyPendingHubDomains(deps: {
  db: TDb;
  now: Date;
  dnsServers: readonly string[];
}): Promise<number> {
  const since = new Date(deps.now.getTime() - HUB_DOMAIN_RECHECK_DAYS * 86_400_000);
  const clusters = await queryRows<{ id: string }>(
    deps.db,
    sql`SELECT app_pending_hub_domain_clusters(${since.toISOString()}::timestamptz) AS id`,
  );
  let verified = 0;
  for (const { id: clusterId } of clusters) {
    const scope = { clusterId, isClusterScope: true };
    const pending = await withTenant(deps.db, scope, (tx) =>
      tx
        .select()
        .from(hubDomains)
        .where(
          and(
            eq(hubDomains.clusterId, clusterId),
            isNull(hubDomains.verifiedAt),
            gt(hubDomains.createdAt, since),
          ),
        ),
    );
    for (const row of pending) {
      const check = await checkHubDomainTxt(row.domain, row.verificationToken, deps.dnsServers);
      await withTenant(deps.db, scope, async (tx) => {
        const [updated] = await tx
          .update(hubDomains)
          .set({
            lastCheckedAt: deps.now,
            lastError: check.isVerified ? null : check.error,
            ...(check.isVerified ? { verifiedAt: deps.now } : {}),
          })
          .where(and(eq(hubDomains.id, row.id), isNull(hubDomains.verifiedAt)))
          .returning({ id: hubDomains.id });
        if (updated && check.isVerified) {
          verified += 1;
          await tx.insert(auditLog).values({
            clusterId,
            hubId: row.hubId,
            actorUserId: null,
            action: 'cluster.domain.verified',
            targetType: 'hub_domain',
            targetId: row.id,
            data: { domain: row.domain, by: 'periodic check' },
          });
        }
      });
    }
  }
  return verified;
}
