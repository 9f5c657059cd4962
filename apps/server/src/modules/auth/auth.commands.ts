import { randomUUID } from 'node:crypto';
import { ERROR_CODES, SIGN_UP_LINK_TTL_HOURS, type TSignUpRequest } from '@commons/contract';
import { accessLevelCodeFor, checkPassword, isKnownTimeZone, safeRedirectPath } from '@commons/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  hubMemberships,
  hubs,
  hubSettings,
  magicLinks,
  passwordResets,
  refreshSessions,
  signupRequests,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import { AppError, conflict, notFound, validationError } from '../../lib/app-error.js';
import { tooManyFailures, type TFailureCounter } from '../../plugins/failure-counter.js';
import { loadMemberships, type TRequestContext, type TViewer } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { enqueueTemplatedMail } from '../mail/mail.commands.js';
import { organizationAdminHubIds } from '../organization-admin/organization-admin.queries.js';
import { userDeactivatedByScim } from '../scim/scim.queries.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';
import { adminHubIdsOf } from './auth.presenter.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  hashOpaqueToken,
  MAGIC_LINK_TTL_MS,
  newOpaqueToken,
  REFRESH_TOKEN_TTL_MS,
  signAccessToken,
} from '../../lib/tokens.js';
import { findActiveUserByEmail } from './auth.queries.js';
import { applyNotificationDefaults } from '../hub-welcome/hub-welcome.commands.js';

/** A rotated refresh token presented again within this window is a race of two tabs, not a theft. */
const ROTATION_GRACE_MS = 5_000;

export type TIssuedSession = {
  accessToken: string;
  refreshToken: string;
  /** The request's clock when the session was issued or refreshed. */
  issuedAt: Date;
  /** When the refresh token ends (the session, unless refreshed before): its cookies last as long. */
  refreshExpiresAt: Date;
  viewer: TViewer;
  /** The hubs where the user administers an organisation (the session answer's administersOrganization). */
  organizationAdminHubIds: Set<number>;
};

/** spec 5 Password: a weak password answers 400 listing every sub-rule with pass/fail. */
export function assertStrongPassword(password: string): void {
  const result = checkPassword(password);
  if (!result.isValid) {
    const firstFailed = result.rules.find((r) => !r.isMet);
    throw validationError(
      { password: `Password must meet every rule: ${firstFailed?.label ?? 'see rules'}.` },
      { passwordRules: result.rules },
    );
  }
}

/** What a sign-up request queued: the mail's recipient, and the confirmation link when one was made. */
export type TSignUpOutcome = { email: string; confirmationLink: string | null };

/**
 * Step 1 of sign-up (issue #13 item 10): checks the hub, user type and password, then mails either a link
 * that confirms the address and creates the account, or, when the email already has an account, a note to
 * its owner. Both answer the same and cost the same (the password is hashed either way), so sign-up
 * reveals nothing about who has an account, and nobody can pre-register someone else's address.
 */
export async function requestSignUp(
  ctx: TRequestContext,
  input: TSignUpRequest & { publicUrl: string },
): Promise<TSignUpOutcome> {
  const hub = ctx.requireHub();
  assertStrongPassword(input.password);
  const userType = await signUpUserType(ctx, { hubId: hub.id, userTypeId: input.userTypeId });
  const passwordHash = await hashPassword(input.password);
  const [existing] = await ctx.tx
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const hubUrl = `${input.publicUrl}/hub/${encodeURIComponent(hub.identifier)}`;
  if (existing) {
    await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
      to: input.email,
      template: 'sign-up-existing-account',
      values: { firstName: existing.firstName, hubName: hub.name, signInLink: `${hubUrl}/auth/sign-in` },
    });
    await ctx.audit({
      action: 'auth.sign_up_existing',
      targetType: 'user',
      targetId: existing.id,
      data: { hubId: hub.id },
    });
    return { email: input.email, confirmationLink: null };
  }
  const token = newOpaqueToken();
  await ctx.tx.insert(signupRequests).values({
    clusterId: ctx.clusterId,
    hubId: hub.id,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    userTypeId: userType.id,
    passwordHash,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(ctx.now.getTime() + SIGN_UP_LINK_TTL_HOURS * 60 * 60 * 1000),
    createdAt: ctx.now,
  });
  const next = safeRedirectPath(input.postSignupRedirect);
  const link = `${input.publicUrl}/create-account/confirmation?token=${token}&hub=${encodeURIComponent(hub.identifier)}${next ? `&postSignupRedirect=${encodeURIComponent(next)}` : ''}`;
  await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
    to: input.email,
    template: 'sign-up-confirmation',
    values: {
      firstName: input.firstName,
      hubName: hub.name,
      link,
      linkValidHours: String(SIGN_UP_LINK_TTL_HOURS),
    },
  });
  await ctx.audit({ action: 'auth.sign_up_requested', targetType: 'hub', targetId: String(hub.id) });
  return { email: input.email, confirmationLink: link };
}

/** The user type a sign-up joins as: the chosen one of the hub's enabled types, else the first. */
export async function signUpUserType(
  ctx: TRequestContext,
  options: { hubId: number; userTypeId: string | undefined | null },
) {
  const types = await ctx.tx
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.hubId, options.hubId), eq(userTypes.isDisabled, false)))
    .orderBy(asc(userTypes.order));
  const userType = options.userTypeId ? types.find((t) => t.id === options.userTypeId) : types[0];
  if (!userType) {
    throw validationError({
      userTypeId: options.userTypeId
        ? 'Choose one of the hub’s user types.'
        : 'This hub has no user types yet.',
    });
  }
  return userType;
}

function invalidSignUpLink(): AppError {
  return new AppError({
    statusCode: 401,
    code: ERROR_CODES.tokenInvalid,
    message: 'Sign-up link is invalid, used or expired',
    userMessage: 'This confirmation link is invalid or has expired. Please sign up again.',
  });
}

/**
 * Step 2 of sign-up: the link proved the mailbox, so the account is created (email verified) with the
 * hub membership under the hub's approval rules, and the session starts.
 */
export async function confirmSignUp(
  ctx: TRequestContext,
  options: { token: string; timezone?: string | undefined; jwtSecret: Uint8Array; userAgent: string | null },
): Promise<TIssuedSession> {
  const [request] = await ctx.tx
    .select()
    .from(signupRequests)
    .where(eq(signupRequests.tokenHash, hashOpaqueToken(options.token)))
    .limit(1)
    .for('update');
  if (!request || request.usedAt || request.expiresAt <= ctx.now) throw invalidSignUpLink();
  await ctx.tx.update(signupRequests).set({ usedAt: ctx.now }).where(eq(signupRequests.id, request.id));
  // Another link of the same address was confirmed first: the mailbox owner may know it exists.
  const [existing] = await ctx.tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, request.email))
    .limit(1);
  if (existing)
    throw conflict('An account with this email already exists. Sign in instead.', {
      email: 'This email is already registered.',
    });
  await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, hubId: request.hubId });
  const userType = await signUpUserType(ctx, { hubId: request.hubId, userTypeId: request.userTypeId });
  const { userId } = await createMemberAccount(ctx, {
    hubId: request.hubId,
    userType,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    passwordHash: request.passwordHash,
    timezone: options.timezone,
    auditAction: 'auth.sign_up',
  });
  return issueSession(ctx, { userId, jwtSecret: options.jwtSecret, userAgent: options.userAgent });
}

/**
 * Creates an account whose email is verified, with its membership of a hub under the hub's approval rules
 * (auto-approval of the hub or of the user type, else pending), the hub's notification defaults, its directory
 * entry, the user.created (and membership.approved) webhooks and an audit entry: email sign-up's confirmation and a
 * first single sign-on (issue #24) both create accounts this one way.
 */
export async function createMemberAccount(
  ctx: TRequestContext,
  input: {
    hubId: number;
    userType: typeof userTypes.$inferSelect;
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string | null;
    timezone?: string | undefined;
    photoUrl?: string | null;
    ssoId?: string | null;
    auditAction: string;
    auditData?: Record<string, unknown>;
  },
): Promise<{ userId: string; isAutoApproved: boolean }> {
  await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, hubId: input.hubId });
  const [settingsRow] = await ctx.tx
    .select()
    .from(hubSettings)
    .where(eq(hubSettings.hubId, input.hubId))
    .limit(1);
  const isAutoApproved = Boolean(
    settingsRow?.settings.coreSettings.isAutoApprovalEnabled || input.userType.isAutoApproved,
  );

  const userId = randomUUID();
  await applyTenantScope(ctx.tx, { clusterId: ctx.clusterId, hubId: input.hubId, userId });
  await ctx.tx.insert(users).values({
    id: userId,
    clusterId: ctx.clusterId,
    identifier: await uniqueIdentifier(ctx.tx, `${input.firstName}-${input.lastName}`),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    emailVerified: true,
    passwordHash: input.passwordHash,
    ...(input.photoUrl ? { photoUrl: input.photoUrl } : {}),
    ...(input.ssoId ? { ssoId: input.ssoId } : {}),
    // Dates show in the person's own zone from the first page (an unknown zone keeps the column's default).
    ...(input.timezone !== undefined && isKnownTimeZone(input.timezone) ? { timezone: input.timezone } : {}),
    // Signup starts here and completes after the onboarding steps (POST /api/signup/complete).
    startedSignupAt: ctx.now,
  });
  await ctx.tx.insert(hubMemberships).values({
    clusterId: ctx.clusterId,
    hubId: input.hubId,
    userId,
    userTypeId: input.userType.id,
    isDefault: true,
    approved: isAutoApproved ? true : null,
    // No hub asks for parental approval yet, so the parent approval of spec 4 FTU is given.
    parentApproved: true,
    importStatus: 'joined',
  });
  // The new account starts with its hub's notification defaults (issue #22 item 1).
  await applyNotificationDefaults(ctx.tx, {
    clusterId: ctx.clusterId,
    hubId: input.hubId,
    userIds: [userId],
    now: ctx.now,
  });
  await refreshDirectoryEntries(ctx.tx, userId);
  // Outgoing webhooks (issue #23 item 3), queued in this transaction.
  const [hub] = await ctx.tx
    .select({ identifier: hubs.identifier })
    .from(hubs)
    .where(eq(hubs.id, input.hubId))
    .limit(1);
  const person = { id: userId, firstName: input.firstName, lastName: input.lastName, email: input.email };
  await enqueueWebhookEvent(ctx.tx, {
    type: 'user.created',
    data: { user: person, hub: hub?.identifier ?? null, isApproved: isAutoApproved },
    now: ctx.now,
  });
  if (isAutoApproved)
    await enqueueWebhookEvent(ctx.tx, {
      type: 'membership.approved',
      data: { user: person, hub: hub?.identifier ?? null },
      now: ctx.now,
    });
  await ctx.audit({
    action: input.auditAction,
    targetType: 'user',
    targetId: userId,
    data: { hubId: input.hubId, isAutoApproved, ...input.auditData },
  });
  return { userId, isAutoApproved };
}

/**
 * Email and password sign-in; one message for unknown email and wrong password. Wrong passwords for one
 * account are counted: past the limit it waits, unless this browser signed in to it before (issue #13
 * item 8); a magic link always works.
 */
export async function signIn(
  ctx: TRequestContext,
  input: {
    email: string;
    password: string;
    userAgent: string | null;
    /** The user of the browser's known-device cookie, if any. */
    knownDeviceUserId: string | null;
    jwtSecret: Uint8Array;
    failures: TFailureCounter;
  },
): Promise<TIssuedSession> {
  const [user] = await ctx.tx
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deleteRequestedAt)))
    .limit(1);
  const isKnownDevice = user !== undefined && user.id === input.knownDeviceUserId;
  const waitSeconds = isKnownDevice ? 0 : await input.failures.retryAfterSeconds(input.email);
  if (waitSeconds > 0) {
    throw tooManyFailures(
      waitSeconds,
      `Too many failed sign-ins for this account. Please wait ${waitSeconds} seconds, or sign in with an email link.`,
    );
  }
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    await input.failures.recordFailure(input.email);
    throw new AppError({
      statusCode: 401,
      code: ERROR_CODES.invalidCredentials,
      message: 'Invalid email or password',
      userMessage: 'The email or password is incorrect.',
      fields: { password: 'The email or password is incorrect.' },
    });
  }
  await input.failures.reset(input.email);
  await ctx.audit({ action: 'auth.sign_in', targetType: 'user', targetId: user.id });
  return issueSession(ctx, { userId: user.id, jwtSecret: input.jwtSecret, userAgent: input.userAgent });
}

function accountDeactivated(): AppError {
  return new AppError({
    statusCode: 401,
    code: ERROR_CODES.unauthorized,
    message: 'The account was deactivated by the organization (SCIM)',
    userMessage: 'Your organization has turned this account off. Please contact your administrator.',
  });
}

/** A login-as session (issue #22 item 6): the admin really acting, and when the session ends at the latest. */
export type TLoginAs = { adminUserId: string; endsAt: Date };

/** Starts a session family: a refresh token row and a signed access token. */
export async function issueSession(
  ctx: TRequestContext,
  options: {
    userId: string;
    jwtSecret: Uint8Array;
    userAgent: string | null;
    familyId?: string;
    loginAs?: TLoginAs;
  },
): Promise<TIssuedSession> {
  const familyId = options.familyId ?? randomUUID();
  const { loginAs } = options;
  const refreshToken = newOpaqueToken();
  // A login-as session is never extended by refreshing: every row of its family ends when it ends.
  const refreshExpiresAt = loginAs?.endsAt ?? new Date(ctx.now.getTime() + REFRESH_TOKEN_TTL_MS);
  await applyTenantScope(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: options.userId,
    hubId: ctx.hub?.id ?? null,
  });
  await ctx.tx.insert(refreshSessions).values({
    clusterId: ctx.clusterId,
    userId: options.userId,
    familyId,
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: refreshExpiresAt,
    loginAsAdmin: loginAs?.adminUserId ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
  });
  // (A refused session's refresh row above goes with the failed request's transaction.)
  const { accessToken, user, memberships } = await signSessionAccessToken(ctx, {
    userId: options.userId,
    familyId,
    jwtSecret: options.jwtSecret,
    ...(loginAs ? { loginAs } : {}),
  });
  return {
    accessToken,
    refreshToken,
    issuedAt: ctx.now,
    refreshExpiresAt,
    viewer: {
      user,
      memberships,
      sessionId: familyId,
      loginAsAdmin: loginAs !== undefined,
      actingAdminId: loginAs?.adminUserId ?? null,
    },
    organizationAdminHubIds: await organizationAdminHubIds(ctx.tx, { user, memberships }),
  };
}

/**
 * Signs the access token of a session family (spec 3 'Session token payload') with the user's current rights:
 * for a new session or a refresh (issueSession) and for the page-session cookie (page-session.ts), so both
 * sign it one way. The caller has applied the user's tenant scope; inserts nothing.
 */
export async function signSessionAccessToken(
  ctx: Pick<TRequestContext, 'tx' | 'clusterId' | 'now' | 'hub'>,
  options: { userId: string; familyId: string; jwtSecret: Uint8Array; loginAs?: TLoginAs },
): Promise<{ accessToken: string; user: TViewer['user']; memberships: TViewer['memberships'] }> {
  const { loginAs } = options;
  const [row] = await ctx.tx
    .select({ user: users, isDeactivatedByScim: userDeactivatedByScim(users.id) })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row) throw notFound('User');
  // Every sign-in, refresh and page session comes here: a person the identity provider deactivated (SCIM) gets
  // no session.
  if (row.isDeactivatedByScim) throw accountDeactivated();
  const { user } = row;
  const memberships = await loadMemberships(ctx.tx, {
    scope: { clusterId: ctx.clusterId, userId: user.id, hubId: ctx.hub?.id ?? null },
    userId: user.id,
  });
  const { token } = await signAccessToken({
    secret: options.jwtSecret,
    now: ctx.now,
    payload: {
      sub: user.id,
      cid: ctx.clusterId,
      sid: options.familyId,
      accessLevelCode: accessLevelCodeFor({
        isSuperAdmin: user.isSuperAdmin,
        isClusterAdmin: user.isClusterAdmin,
        isAdminOnClusterHub: user.isAdminOnClusterHub,
      }),
      adminHubIds: adminHubIdsOf(memberships),
      loginAsAdmin: loginAs !== undefined,
      ...(loginAs ? { act: { sub: loginAs.adminUserId } } : {}),
    },
    ...(loginAs ? { notAfter: loginAs.endsAt } : {}),
  });
  return { accessToken: token, user, memberships };
}

export type TRefreshOutcome =
  { status: 'rotated'; session: TIssuedSession } | { status: 'invalid'; reason: string };

/**
 * Rotates a refresh token. Presenting a token that was already rotated (outside a short grace window)
 * means it was stolen or replayed: the whole family is revoked (token_invalid).
 */
export async function rotateRefreshToken(
  ctx: TRequestContext,
  options: { refreshToken: string; jwtSecret: Uint8Array; userAgent: string | null },
): Promise<TRefreshOutcome> {
  const [row] = await ctx.tx
    .select()
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, hashOpaqueToken(options.refreshToken)))
    .limit(1)
    .for('update');
  if (!row) return { status: 'invalid', reason: 'unknown' };
  if (row.revokedAt) return { status: 'invalid', reason: 'revoked' };
  if (row.expiresAt <= ctx.now) return { status: 'invalid', reason: 'expired' };
  if (row.rotatedAt && ctx.now.getTime() - row.rotatedAt.getTime() > ROTATION_GRACE_MS) {
    await revokeFamily(ctx.tx, row.familyId, ctx.now);
    await ctx.audit({ action: 'auth.refresh_reuse_detected', targetType: 'user', targetId: row.userId });
    return { status: 'invalid', reason: 'reused' };
  }
  await ctx.tx.update(refreshSessions).set({ rotatedAt: ctx.now }).where(eq(refreshSessions.id, row.id));
  const session = await issueSession(ctx, {
    userId: row.userId,
    jwtSecret: options.jwtSecret,
    userAgent: options.userAgent,
    familyId: row.familyId,
    ...(row.loginAsAdmin ? { loginAs: { adminUserId: row.loginAsAdmin, endsAt: row.expiresAt } } : {}),
  });
  return { status: 'rotated', session };
}

/** Ends every token of one sign-in. */
export async function revokeFamily(tx: TTx, familyId: string, now: Date): Promise<void> {
  await tx
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
}

/** Family and user of a refresh token, for sign-out without a valid access token. */
export async function familyOfRefreshToken(
  tx: TTx,
  refreshToken: string,
): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await tx
    .select({ familyId: refreshSessions.familyId, userId: refreshSessions.userId })
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, hashOpaqueToken(refreshToken)))
    .limit(1);
  return row ?? null;
}

/** Queues a one-time sign-in link; answers the same whether or not the email has an account. */
export async function requestMagicLink(
  ctx: TRequestContext,
  options: { email: string; publicUrl: string; hubIdentifier: string | undefined },
): Promise<{ userId: string; link: string } | null> {
  const user = await findActiveUserByEmail(ctx, options.email);
  if (!user) return null;
  const token = newOpaqueToken();
  await ctx.tx.insert(magicLinks).values({
    clusterId: ctx.clusterId,
    userId: user.id,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(ctx.now.getTime() + MAGIC_LINK_TTL_MS),
  });
  const base = options.hubIdentifier
    ? `${options.publicUrl}/hub/${encodeURIComponent(options.hubIdentifier)}/auth/sign-in`
    : `${options.publicUrl}/sign-in`;
  const link = `${base}?magic_link=${token}`;
  await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
    to: options.email,
    template: 'magic-link',
    values: { firstName: user.firstName, link, expiresInMinutes: String(MAGIC_LINK_TTL_MS / 60_000) },
  });
  await ctx.audit({ action: 'auth.magic_link_requested', targetType: 'user', targetId: user.id });
  return { userId: user.id, link };
}

/** Signs in with a magic link: valid once, within 15 minutes; proves the email address. */
export async function signInWithMagicLink(
  ctx: TRequestContext,
  options: { token: string; jwtSecret: Uint8Array; userAgent: string | null },
): Promise<TIssuedSession> {
  const [link] = await ctx.tx
    .select()
    .from(magicLinks)
    .where(eq(magicLinks.tokenHash, hashOpaqueToken(options.token)))
    .limit(1)
    .for('update');
  if (!link || link.usedAt || link.expiresAt <= ctx.now) {
    throw new AppError({
      statusCode: 401,
      code: ERROR_CODES.tokenInvalid,
      message: 'Magic link is invalid, used or expired',
      userMessage: 'This sign-in link is invalid or has expired. Please ask for a new one.',
    });
  }
  await ctx.tx.update(magicLinks).set({ usedAt: ctx.now }).where(eq(magicLinks.id, link.id));
  await ctx.tx
    .update(users)
    .set({ emailVerified: true, updatedAt: ctx.now })
    .where(eq(users.id, link.userId));
  await ctx.audit({ action: 'auth.magic_link_sign_in', targetType: 'user', targetId: link.userId });
  return issueSession(ctx, {
    userId: link.userId,
    jwtSecret: options.jwtSecret,
    userAgent: options.userAgent,
  });
}

/**
 * Ends every sign-in and password reset link of a user not used yet: a password change, email change or
 * reset outlives no old link (issue #13 item 15, issue #16 item 13).
 */
export async function revokeSignInLinks(tx: TTx, options: { userId: string; now: Date }): Promise<void> {
  await tx
    .update(magicLinks)
    .set({ usedAt: options.now })
    .where(and(eq(magicLinks.userId, options.userId), isNull(magicLinks.usedAt)));
  await tx
    .update(passwordResets)
    .set({ usedAt: options.now })
    .where(and(eq(passwordResets.userId, options.userId), isNull(passwordResets.usedAt)));
}

/** A readable, unique profile identifier such as `ada-lovelace` or `ada-lovelace-2`. */
export async function uniqueIdentifier(tx: TTx, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'member';
  const taken = await tx
    .select({ identifier: users.identifier })
    .from(users)
    .where(sql`${users.identifier} = ${base} or ${users.identifier} like ${`${base}-%`}`);
  const used = new Set(taken.map((t) => t.identifier));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
