import { and, asc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  clusterSsoSettings,
  ssoDomainRules,
  ssoProviders,
  users,
  userSsoIdentities,
} from '../../db/schema/index.js';

export type TSsoProviderRow = typeof ssoProviders.$inferSelect;

/** Every provider of the cluster (both kinds), oldest first. */
export function clusterSsoProviders(tx: TTx, clusterId: string): Promise<TSsoProviderRow[]> {
  return tx
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.clusterId, clusterId))
    .orderBy(asc(ssoProviders.createdAt), asc(ssoProviders.id));
}

/** A provider of the cluster by id, or null (another cluster's is never found: RLS and the filter). */
export async function ssoProviderById(
  tx: TTx,
  options: { clusterId: string; id: string },
): Promise<TSsoProviderRow | null> {
  const [row] = await tx
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.id, options.id), eq(ssoProviders.clusterId, options.clusterId)))
    .limit(1);
  return row ?? null;
}

/** The signup methods the cluster hides (spec 5). */
export async function clusterHiddenSignupMethods(tx: TTx, clusterId: string): Promise<string[]> {
  const [row] = await tx
    .select({ hidden: clusterSsoSettings.hiddenSignupMethods })
    .from(clusterSsoSettings)
    .where(eq(clusterSsoSettings.clusterId, clusterId))
    .limit(1);
  return row?.hidden ?? [];
}

/** The SSO-required email domains of the cluster with their provider's name, alphabetical. */
export function clusterSsoDomainRules(tx: TTx, clusterId: string) {
  return tx
    .select({
      id: ssoDomainRules.id,
      domain: ssoDomainRules.domain,
      providerId: ssoDomainRules.providerId,
      providerName: ssoProviders.name,
      createdAt: ssoDomainRules.createdAt,
    })
    .from(ssoDomainRules)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomainRules.providerId))
    .where(eq(ssoDomainRules.clusterId, clusterId))
    .orderBy(asc(ssoDomainRules.domain));
}
export type TSsoDomainRuleRow = Awaited<ReturnType<typeof clusterSsoDomainRules>>[number];

/**
 * The provider an email domain must sign in through, or null. A rule whose provider is turned off does not lock
 * the domain out: it requires nothing until the provider is on again.
 */
export async function requiredProviderForDomain(
  tx: TTx,
  options: { clusterId: string; domain: string },
): Promise<TSsoProviderRow | null> {
  const [row] = await tx
    .select({ provider: ssoProviders })
    .from(ssoDomainRules)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomainRules.providerId))
    .where(
      and(
        eq(ssoDomainRules.clusterId, options.clusterId),
        eq(ssoDomainRules.domain, options.domain),
        eq(ssoProviders.isEnabled, true),
      ),
    )
    .limit(1);
  return row?.provider ?? null;
}

/** A member's linked sign-in accounts with their providers, oldest first. */
export function linkedSsoIdentities(tx: TTx, options: { clusterId: string; userId: string }) {
  return tx
    .select({ identity: userSsoIdentities, provider: ssoProviders })
    .from(userSsoIdentities)
    .innerJoin(ssoProviders, eq(ssoProviders.id, userSsoIdentities.providerId))
    .where(
      and(eq(userSsoIdentities.clusterId, options.clusterId), eq(userSsoIdentities.userId, options.userId)),
    )
    .orderBy(asc(userSsoIdentities.createdAt));
}

/** Whether the account has a password. */
export async function userHasPassword(tx: TTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.passwordHash);
}
