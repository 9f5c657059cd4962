/**
 * The professional-network (LinkedIn) sign-in and link flow (issue #24 item 5; spec 7 /api/auth/linkedin and
 * /api/auth/linkedin-link; INTERPRETATION.md: OpenID Connect providers per cluster). Thin rules over the OpenID
 * Connect machinery (sso.oidc.routes.ts, sso.identity.ts):
 *
 * - `linkedinProviderOfCluster(ctx)` — the cluster's enabled OpenID provider with preset linkedin, else
 *   SsoFlowError linkedin_unavailable.
 * - `assertDeploymentRedirectDomain(ctx, value, hosts)` — a `redirectdomain` naming anything but this deployment
 *   (PUBLIC_URL host, the requested host, a verified domain of one of the cluster's hubs) → redirect_refused.
 * - `signedInUserOfRefreshToken(ctx, token)` — the member a browser navigation comes from (its refresh cookie;
 *   not a login-as session), or null.
 * - `importProviderProfile(ctx, userId, profile)` — headline, current position (a current work-history entry) and
 *   photo from the provider, each only where the member's own is empty.
 */
import { isDeploymentRedirectDomain } from '@commons/domain';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { hubDomains, refreshSessions, ssoProviders, users, userWorkHistory } from '../../db/schema/index.js';
import { hashOpaqueToken } from '../../lib/tokens.js';
import { loadMemberships, type TRequestContext } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { safePhotoUrl, SsoFlowError, type TSsoProviderRow } from './sso.identity.js';

/** Profile fields a provider may return beyond the standard claims (attributeMapping names their claims). */
export type TProviderProfile = {
  headline: string | null;
  positionTitle: string | null;
  positionCompany: string | null;
  photoUrl: string | null;
};

/** The cluster's enabled LinkedIn provider (the oldest one when an admin configured several). */
export async function linkedinProviderOfCluster(ctx: TRequestContext): Promise<TSsoProviderRow> {
  const [provider] = await ctx.tx
    .select()
    .from(ssoProviders)
    .where(
      and(
        eq(ssoProviders.clusterId, ctx.clusterId),
        eq(ssoProviders.kind, 'oidc'),
        eq(ssoProviders.preset, 'linkedin'),
        eq(ssoProviders.isEnabled, true),
      ),
    )
    .orderBy(ssoProviders.createdAt)
    .limit(1);
  if (!provider) throw new SsoFlowError('linkedin_unavailable');
  return provider;
}

/** An absent redirectdomain is fine (the landing is a path anyway); one naming another site is refused. */
export async function assertDeploymentRedirectDomain(
  ctx: TRequestContext,
  value: string | undefined,
  deploymentHosts: readonly string[],
): Promise<void> {
  if (value === undefined || value === '') return;
  if (isDeploymentRedirectDomain(value, deploymentHosts)) return;
  // The cluster's verified hub domains (RLS shows no other cluster's).
  const verified = await ctx.tx
    .select({ domain: hubDomains.domain })
    .from(hubDomains)
    .where(and(eq(hubDomains.clusterId, ctx.clusterId), isNotNull(hubDomains.verifiedAt)));
  if (
    !isDeploymentRedirectDomain(
      value,
      verified.map((row) => row.domain),
    )
  )
    throw new SsoFlowError('redirect_refused', value.slice(0, 300));
}

/** The member of a live refresh token of this cluster; a login-as session links no accounts. */
export async function signedInUserOfRefreshToken(
  ctx: TRequestContext,
  token: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  const [row] = await ctx.tx
    .select({ userId: refreshSessions.userId })
    .from(refreshSessions)
    .where(
      and(
        eq(refreshSessions.tokenHash, hashOpaqueToken(token)),
        eq(refreshSessions.clusterId, ctx.clusterId),
        isNull(refreshSessions.revokedAt),
        isNull(refreshSessions.rotatedAt),
        isNull(refreshSessions.loginAsAdmin),
        gt(refreshSessions.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Fills the member's empty headline, current position and photo from the provider; answers what it filled. */
export async function importProviderProfile(
  ctx: TRequestContext,
  userId: string,
  profile: TProviderProfile,
): Promise<string[]> {
  const imported: string[] = [];
  const [user] = await ctx.tx
    .select({ headline: users.headline, photoUrl: users.photoUrl })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clusterId, ctx.clusterId)))
    .limit(1);
  if (!user) return imported;
  const changes: { headline?: string; photoUrl?: string } = {};
  if (profile.headline && !user.headline?.trim()) changes.headline = singleLine(profile.headline, 200);
  const photoUrl = safePhotoUrl(profile.photoUrl);
  if (photoUrl && !user.photoUrl) changes.photoUrl = photoUrl;
  if (changes.headline || changes.photoUrl) {
    await ctx.tx
      .update(users)
      .set({ ...changes, updatedAt: ctx.now })
      .where(eq(users.id, userId));
    imported.push(...Object.keys(changes));
  }
  if (profile.positionTitle) {
    const [current] = await ctx.tx
      .select({ id: userWorkHistory.id })
      .from(userWorkHistory)
      .where(and(eq(userWorkHistory.userId, userId), eq(userWorkHistory.isCurrent, true)))
      .limit(1);
    if (!current) {
      // The current position leads the member's list: the others move down one place.
      await ctx.tx
        .update(userWorkHistory)
        .set({ position: sql`${userWorkHistory.position} + 1` })
        .where(eq(userWorkHistory.userId, userId));
      await ctx.tx.insert(userWorkHistory).values({
        clusterId: ctx.clusterId,
        userId,
        position: 0,
        role: singleLine(profile.positionTitle, 150),
        company: profile.positionCompany ? singleLine(profile.positionCompany, 150) : null,
        isCurrent: true,
      });
      imported.push('currentPosition');
    }
  }
  if (imported.length > 0) {
    // The directory rows are written in the member's hubs' scope (RLS), as the member's own profile edit does.
    await loadMemberships(ctx.tx, {
      scope: { clusterId: ctx.clusterId, hubId: ctx.hub?.id ?? null, userId },
      userId,
    });
    await refreshDirectoryEntries(ctx.tx, userId);
    await ctx.audit({
      action: 'auth.sso_profile_imported',
      targetType: 'user',
      targetId: userId,
      data: { fields: imported },
      by: { actorUserId: userId, actingAsUserId: null },
    });
  }
  return imported;
}

/** Profile fields are single lines (the profile editor's rule), cut to the editor's length. */
function singleLine(value: string, max: number): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, max);
}
