/**
 * The shared core of single sign-on (issue #24): what OpenID Connect (sso.oidc.*) and SAML (saml.*) do once the
 * provider's answer is verified. Exported:
 *
 * - `completeSsoSignIn(ctx, input: TVerifiedIdentityInput): Promise<TSsoOutcome>` — finds the identity
 *   (user_sso_identities) → its user; else links by a **verified** email to the cluster's account with that email;
 *   else creates the account and its membership of the hub (or, started outside a hub, the cluster's default hub)
 *   under the hub's approval rules (auth `createMemberAccount`,
 *   user type from the provider's attribute mapping, else the hub's first). Records the identity, sets users.sso_id,
 *   refuses a SCIM-deactivated or closing account; for purpose 'signin' issues the session like password sign-in
 *   (`issueSession`), for 'link' adds the identity to `linkingUserId`, for 'test' only checks. Answers where the
 *   browser goes next (a path of this deployment, never another host). Failures throw `SsoFlowError`.
 * - `createSsoAttempt(ctx, input: TNewSsoAttempt): Promise<{ id: string; expiresAt: Date }>` — a started round
 *   trip: random state id (the OIDC `state`, or the SAML RelayState), ten minutes.
 * - `consumeSsoAttempt(ctx, { id, providerId? }): Promise<TSsoAttemptRow>` — the attempt, once, unexpired, of
 *   the request's cluster (RLS and an explicit check); run it in its own transaction before any network I/O, so a
 *   later failure cannot give the state back.
 * - `ssoErrorPathFor(code, { purpose, hubIdentifier })` / `ssoErrorPath(ctx, code, attempt)` — the sign-in page (or
 *   account page, or console) with `?sso_error=code`, whose message the page shows.
 * - `class SsoFlowError(code: TSsoErrorCode)` — a failure the browser is sent back with (`?sso_error=code`).
 * - `ssoProviderOfCluster(ctx, providerId)` — an enabled provider of the request's cluster or SsoFlowError.
 */
import { randomBytes } from 'node:crypto';
import { webPaths } from '@commons/contract';
import {
  mappedUserTypeTitle,
  safeRedirectPath,
  type TSsoAttributeMapping,
  type TSsoErrorCode,
  type TSsoPurpose,
  SSO_ATTEMPT_TTL_MS,
} from '@commons/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  hubMemberships,
  hubs,
  scimUsers,
  ssoLoginAttempts,
  ssoProviders,
  users,
  userSsoIdentities,
  userTypes,
} from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { createMemberAccount, issueSession, type TIssuedSession } from '../auth/auth.commands.js';

export type TSsoProviderRow = typeof ssoProviders.$inferSelect;
export type TSsoAttemptRow = typeof ssoLoginAttempts.$inferSelect;

/** A failure of an SSO round trip: the browser goes back to where it started with the code's message. */
export class SsoFlowError extends Error {
  constructor(
    readonly code: TSsoErrorCode,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** An identity the provider vouched for (signature, audience, nonce or assertion checks already passed). */
export type TVerifiedIdentityInput = {
  provider: TSsoProviderRow;
  /** The OIDC `sub` or the SAML NameID. */
  subject: string;
  email: string | null;
  /** Whether the provider says it verified the email; only a verified email links or creates an account. */
  isEmailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  /** The value of the attribute mapped to the user type (attributeMapping.userType), if any. */
  userTypeValue: string | null;
  purpose: TSsoPurpose;
  /** The hub the round trip started from; a new account joins it. */
  hubId: number | null;
  /** purpose 'link': the signed-in user who started it. */
  linkingUserId: string | null;
  /** Where to land afterwards (postLoginRedirect), checked to be a path of this deployment. */
  returnTo: string | null;
  jwtSecret: Uint8Array;
  userAgent: string | null;
};

/** What the browser gets: a session to set (signin only) and the path to go to. */
export type TSsoOutcome = {
  session: TIssuedSession | null;
  userId: string;
  isNewUser: boolean;
  redirectTo: string;
};

/** The provider of a started round trip: enabled, of this cluster (RLS answers no other cluster's row). */
export async function ssoProviderOfCluster(
  ctx: TRequestContext,
  providerId: string,
): Promise<TSsoProviderRow> {
  const [provider] = await ctx.tx
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.id, providerId), eq(ssoProviders.clusterId, ctx.clusterId)))
    .limit(1);
  if (!provider || !provider.isEnabled) throw new SsoFlowError('provider_unavailable');
  return provider;
}

export type TNewSsoAttempt = {
  providerId: string;
  purpose: TSsoPurpose;
  hubId: number | null;
  userId: string | null;
  returnTo: string | null;
  nonce?: string | null;
  codeVerifier?: string | null;
  samlRequestId?: string | null;
  client?: string | null;
};

/** Starts a round trip: its id is the OIDC state / SAML RelayState (32 random bytes), good for ten minutes. */
export async function createSsoAttempt(
  ctx: TRequestContext,
  input: TNewSsoAttempt,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + SSO_ATTEMPT_TTL_MS);
  await ctx.tx.insert(ssoLoginAttempts).values({
    id,
    clusterId: ctx.clusterId,
    providerId: input.providerId,
    purpose: input.purpose,
    hubId: input.hubId,
    userId: input.userId,
    returnTo: safeRedirectPath(input.returnTo),
    nonce: input.nonce ?? null,
    codeVerifier: input.codeVerifier ?? null,
    samlRequestId: input.samlRequestId ?? null,
    client: input.client ?? null,
    createdAt: ctx.now,
    expiresAt,
  });
  return { id, expiresAt };
}

/** Uses up a started round trip: unknown, used, expired or another cluster's (or provider's) → state_invalid. */
export async function consumeSsoAttempt(
  ctx: TRequestContext,
  options: { id: string; providerId?: string },
): Promise<TSsoAttemptRow> {
  const [attempt] = await ctx.tx
    .update(ssoLoginAttempts)
    .set({ consumedAt: ctx.now })
    .where(
      and(
        eq(ssoLoginAttempts.id, options.id),
        eq(ssoLoginAttempts.clusterId, ctx.clusterId),
        isNull(ssoLoginAttempts.consumedAt),
        gt(ssoLoginAttempts.expiresAt, ctx.now),
        ...(options.providerId ? [eq(ssoLoginAttempts.providerId, options.providerId)] : []),
      ),
    )
    .returning();
  if (!attempt) throw new SsoFlowError('state_invalid');
  return attempt;
}

/** The identifier of a hub, for paths. */
export async function hubIdentifierOf(ctx: TRequestContext, hubId: number | null): Promise<string | null> {
  if (hubId === null) return null;
  const [hub] = await ctx.tx
    .select({ identifier: hubs.identifier })
    .from(hubs)
    .where(eq(hubs.id, hubId))
    .limit(1);
  return hub?.identifier ?? null;
}

/**
 * Where a failed round trip sends the browser: the page it started from (the hub's or the cluster's sign-in page,
 * account settings for a link, the console for a test) with `?sso_error=<code>`, whose message the page shows.
 */
export function ssoErrorPathFor(
  code: TSsoErrorCode,
  from: { purpose: TSsoPurpose; hubIdentifier: string | null },
): string {
  const query = `sso_error=${encodeURIComponent(code)}`;
  if (from.purpose === 'link') return `${webPaths.accountSettings()}?${query}`;
  if (from.purpose === 'test') return `${webPaths.clusterAdminSso()}?${query}`;
  return `${from.hubIdentifier ? webPaths.hub.signIn(from.hubIdentifier) : webPaths.signIn()}?${query}`;
}

/** ssoErrorPathFor for a consumed attempt (its hub looked up). */
export async function ssoErrorPath(
  ctx: TRequestContext,
  code: TSsoErrorCode,
  attempt: Pick<TSsoAttemptRow, 'purpose' | 'hubId'> | null,
): Promise<string> {
  return ssoErrorPathFor(code, {
    purpose: attempt?.purpose ?? 'signin',
    hubIdentifier: await hubIdentifierOf(ctx, attempt?.hubId ?? null),
  });
}

/** The account of a verified email, linking it to the provider, when its email matches. */
async function userOfEmail(ctx: TRequestContext, email: string) {
  const [user] = await ctx.tx
    .select({ id: users.id, deleteRequestedAt: users.deleteRequestedAt, ssoId: users.ssoId })
    .from(users)
    .where(and(eq(users.clusterId, ctx.clusterId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return user ?? null;
}

/** The cluster's default hub, or null. */
async function defaultHubIdOf(ctx: TRequestContext): Promise<number | null> {
  const [hub] = await ctx.tx
    .select({ id: hubs.id })
    .from(hubs)
    .where(and(eq(hubs.clusterId, ctx.clusterId), eq(hubs.isDefault, true)))
    .limit(1);
  return hub?.id ?? null;
}

/** A SCIM-deactivated or closing account signs in no more. */
async function assertMaySignIn(ctx: TRequestContext, userId: string): Promise<void> {
  const [row] = await ctx.tx
    .select({ deleteRequestedAt: users.deleteRequestedAt, scimActive: scimUsers.isActive })
    .from(users)
    .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new SsoFlowError('provider_error', 'identity of a missing user');
  if (row.scimActive === false) throw new SsoFlowError('account_deactivated');
  if (row.deleteRequestedAt) throw new SsoFlowError('account_closed');
}

/** The user type a new account joins as: the mapped title among the hub's enabled types, else the first. */
async function userTypeForNewMember(ctx: TRequestContext, hubId: number, mappedTitle: string | null) {
  const types = await ctx.tx
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hubId), eq(userTypes.isDisabled, false)))
    .orderBy(asc(userTypes.order));
  const wanted = mappedTitle?.trim().toLowerCase();
  const mapped = wanted ? types.find((t) => t.title.trim().toLowerCase() === wanted) : undefined;
  const userType = mapped ?? types[0];
  if (!userType) throw new SsoFlowError('no_user_type');
  return userType;
}

/** Records (or touches) the user's identity at the provider and fills users.sso_id when empty. */
async function recordIdentity(
  ctx: TRequestContext,
  options: { userId: string; provider: TSsoProviderRow; subject: string; email: string | null },
): Promise<void> {
  await applyTenantScope(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: options.userId,
    hubId: ctx.hub?.id ?? null,
  });
  await ctx.tx
    .insert(userSsoIdentities)
    .values({
      clusterId: ctx.clusterId,
      userId: options.userId,
      providerId: options.provider.id,
      subject: options.subject,
      email: options.email,
      createdAt: ctx.now,
      lastUsedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: [userSsoIdentities.providerId, userSsoIdentities.subject],
      set: { lastUsedAt: ctx.now, email: options.email },
    });
  await ctx.tx
    .update(users)
    .set({ ssoId: options.subject, updatedAt: ctx.now })
    .where(and(eq(users.id, options.userId), isNull(users.ssoId)));
}

/** Completes a sign-in, link or test from a verified external identity (see the top comment). */
export async function completeSsoSignIn(
  ctx: TRequestContext,
  input: TVerifiedIdentityInput,
): Promise<TSsoOutcome> {
  const { provider } = input;
  const email = input.email?.trim().toLowerCase() || null;
  const [identity] = await ctx.tx
    .select({ userId: userSsoIdentities.userId })
    .from(userSsoIdentities)
    .where(
      and(
        eq(userSsoIdentities.providerId, provider.id),
        eq(userSsoIdentities.subject, input.subject),
        eq(userSsoIdentities.clusterId, ctx.clusterId),
      ),
    )
    .limit(1);

  if (input.purpose === 'test') {
    return {
      session: null,
      userId: identity?.userId ?? '',
      isNewUser: false,
      redirectTo: testedPath(provider),
    };
  }

  if (input.purpose === 'link') {
    const userId = input.linkingUserId;
    if (!userId) throw new SsoFlowError('state_invalid', 'link without a user');
    if (identity && identity.userId !== userId) throw new SsoFlowError('already_linked');
    await assertMaySignIn(ctx, userId);
    await recordIdentity(ctx, { userId, provider, subject: input.subject, email });
    await ctx.audit({
      action: 'auth.sso_linked',
      targetType: 'user',
      targetId: userId,
      data: { providerId: provider.id },
      by: { actorUserId: userId, actingAsUserId: null },
    });
    return {
      session: null,
      userId,
      isNewUser: false,
      redirectTo: `${webPaths.accountSettings()}?sso_linked=${encodeURIComponent(provider.id)}`,
    };
  }

  let userId = identity?.userId ?? null;
  let isNewUser = false;
  let how: 'identity' | 'email' | 'created' = 'identity';
  let joinHubId = input.hubId;
  if (!userId) {
    if (!email) throw new SsoFlowError('email_missing');
    const existing = await userOfEmail(ctx, email);
    if (existing) {
      // Account linking by email only when the provider vouches for the address: else anyone who can
      // register that address at some provider would take over the account.
      if (!input.isEmailVerified) throw new SsoFlowError('email_unverified');
      userId = existing.id;
      how = 'email';
    } else {
      if (!input.isEmailVerified) throw new SsoFlowError('email_missing');
      // Started outside any hub (the cluster's sign-in page): a new member joins the cluster's default hub.
      joinHubId = input.hubId ?? (await defaultHubIdOf(ctx));
      if (joinHubId === null) throw new SsoFlowError('hub_required');
      // The hub's user types and settings are read in its scope (RLS), as email sign-up's confirmation does.
      await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, hubId: joinHubId });
      const mapping = provider.attributeMapping as TSsoAttributeMapping;
      const userType = await userTypeForNewMember(
        ctx,
        joinHubId,
        mappedUserTypeTitle(mapping, input.userTypeValue),
      );
      const created = await createMemberAccount(ctx, {
        hubId: joinHubId,
        userType,
        firstName: input.firstName?.trim() || email.split('@')[0] || 'Member',
        lastName: input.lastName?.trim() || '',
        email,
        passwordHash: null,
        photoUrl: safePhotoUrl(input.photoUrl),
        ssoId: input.subject,
        auditAction: 'auth.sso_sign_up',
        auditData: { providerId: provider.id },
      });
      userId = created.userId;
      isNewUser = true;
      how = 'created';
    }
  }
  await assertMaySignIn(ctx, userId);
  await recordIdentity(ctx, { userId, provider, subject: input.subject, email });
  if (!isNewUser) {
    await ctx.audit({
      action: 'auth.sso_sign_in',
      targetType: 'user',
      targetId: userId,
      data: { providerId: provider.id, how },
      by: { actorUserId: userId, actingAsUserId: null },
    });
  }
  const session = await issueSession(ctx, {
    userId,
    jwtSecret: input.jwtSecret,
    userAgent: input.userAgent,
  });
  return {
    session,
    userId,
    isNewUser,
    redirectTo: webPaths.ssoComplete(
      await landingPath(ctx, { returnTo: input.returnTo, hubId: joinHubId, userId }),
    ),
  };
}

/** The page after a sign-in: the asked-for path of this deployment, else the hub's home, else the start page. */
async function landingPath(
  ctx: TRequestContext,
  input: { returnTo: string | null; hubId: number | null; userId: string },
): Promise<string> {
  const asked = safeRedirectPath(input.returnTo);
  if (asked) return asked;
  const hubIdentifier = await hubIdentifierOf(ctx, input.hubId);
  if (hubIdentifier) return webPaths.hub.home(hubIdentifier);
  const [membership] = await ctx.tx
    .select({ identifier: hubs.identifier })
    .from(hubMemberships)
    .innerJoin(hubs, eq(hubs.id, hubMemberships.hubId))
    .where(eq(hubMemberships.userId, input.userId))
    .orderBy(sql`${hubMemberships.isDefault} desc`)
    .limit(1);
  return membership ? webPaths.hub.home(membership.identifier) : '/';
}

function testedPath(provider: TSsoProviderRow): string {
  return `${webPaths.clusterAdminSso()}?sso_tested=${encodeURIComponent(provider.id)}`;
}

/** A provider's picture only when it is an https URL (it is shown as an image to other members). */
export function safePhotoUrl(value: string | null): string | null {
  if (!value || value.length > 2048 || !URL.canParse(value)) return null;
  return new URL(value).protocol === 'https:' ? value : null;
}
