import {
  ERROR_CODES,
  LOGIN_AS_ADMIN_TOKEN_TTL_MINUTES,
  LOGIN_AS_SESSION_MINUTES,
  type TLoginAsStartResponse,
} from '@commons/contract';
import {
  LOGIN_AS_REFUSAL_MESSAGES,
  loginAsRefusal,
  type TLoginAsActor,
  type TLoginAsTarget,
} from '@commons/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  adminAccessRights,
  hubMemberships,
  loginAsTokens,
  refreshSessions,
  users,
} from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  issueSession,
  revokeFamily,
  rotateRefreshToken,
  type TIssuedSession,
} from '../auth/auth.commands.js';

const MINUTE_MS = 60_000;

/** A user of the cluster as the login-as rule sees them in one hub: platform roles, hub admin rights. */
async function partyInHub(tx: TTx, options: { hubId: number; userId: string }) {
  const [row] = await tx
    .select({
      id: users.id,
      isSuperAdmin: users.isSuperAdmin,
      isClusterAdmin: users.isClusterAdmin,
      isAdminOnClusterHub: users.isAdminOnClusterHub,
      isHubAdmin: hubMemberships.isAdmin,
    })
    .from(users)
    .innerJoin(
      hubMemberships,
      and(eq(hubMemberships.userId, users.id), eq(hubMemberships.hubId, options.hubId)),
    )
    .where(and(eq(users.id, options.userId), isNull(users.deleteRequestedAt)))
    .limit(1);
  if (!row) return null;
  const rights = await tx
    .select({ right: adminAccessRights.right })
    .from(adminAccessRights)
    .where(and(eq(adminAccessRights.userId, options.userId), eq(adminAccessRights.hubId, options.hubId)));
  return { ...row, accessRights: row.isHubAdmin ? rights.map((r) => r.right) : [] };
}

/** The actor's platform roles (they may be a cluster admin without a membership of the hub). */
async function actorOf(
  tx: TTx,
  options: { hubId: number; userId: string; isActingAsSomeone: boolean },
): Promise<TLoginAsActor> {
  const inHub = await partyInHub(tx, options);
  const [user] = await tx
    .select({ isSuperAdmin: users.isSuperAdmin, isClusterAdmin: users.isClusterAdmin })
    .from(users)
    .where(and(eq(users.id, options.userId), isNull(users.deleteRequestedAt)))
    .limit(1);
  return {
    userId: options.userId,
    isSuperAdmin: user?.isSuperAdmin ?? false,
    isClusterAdmin: user?.isClusterAdmin ?? false,
    isHubAdmin: inHub?.isHubAdmin ?? false,
    accessRights: inHub?.accessRights ?? [],
    isActingAsSomeone: options.isActingAsSomeone,
  };
}

/** Applies loginAsRefusal (packages/domain): 404 for someone who is not an active member of the hub, else 403. */
async function assertMayLogInAs(
  tx: TTx,
  options: { hubId: number; actorUserId: string; targetUserId: string; isActingAsSomeone: boolean },
): Promise<void> {
  const actor = await actorOf(tx, {
    hubId: options.hubId,
    userId: options.actorUserId,
    isActingAsSomeone: options.isActingAsSomeone,
  });
  const target: TLoginAsTarget | null = await partyInHub(tx, {
    hubId: options.hubId,
    userId: options.targetUserId,
  }).then((row) => (row ? { ...row, userId: row.id } : null));
  const refusal = loginAsRefusal(actor, target);
  if (refusal === 'not_found') throw notFound('Member');
  if (refusal !== null) throw forbidden(LOGIN_AS_REFUSAL_MESSAGES[refusal]);
}

/**
 * POST /api/admin/login-as (issue #22 item 6): checks the rule, then stores a one-time admin token (its hash)
 * for the member and answers the URL that opens the hub with ?adminToken= (spec 2). Audited.
 */
export async function startLoginAs(
  ctx: TRequestContext,
  options: { userId: string; publicUrl: string },
): Promise<TLoginAsStartResponse> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  // The right first: someone without it learns nothing about who is a member.
  if (!ctx.hasRight('login-as-other-admins')) throw forbidden(LOGIN_AS_REFUSAL_MESSAGES.no_right);
  await assertMayLogInAs(ctx.tx, {
    hubId: hub.id,
    actorUserId: viewer.user.id,
    targetUserId: options.userId,
    isActingAsSomeone: viewer.loginAsAdmin,
  });
  const adminToken = newOpaqueToken();
  const expiresAt = new Date(ctx.now.getTime() + LOGIN_AS_ADMIN_TOKEN_TTL_MINUTES * MINUTE_MS);
  await ctx.tx.insert(loginAsTokens).values({
    clusterId: ctx.clusterId,
    hubId: hub.id,
    adminUserId: viewer.user.id,
    targetUserId: options.userId,
    tokenHash: hashOpaqueToken(adminToken),
    expiresAt,
    createdAt: ctx.now,
  });
  await ctx.audit({
    action: 'login_as.start',
    targetType: 'user',
    targetId: options.userId,
    data: { expiresAt: expiresAt.toISOString() },
  });
  return {
    adminToken,
    expiresAt: expiresAt.toISOString(),
    url: `${options.publicUrl}/hub/${encodeURIComponent(hub.identifier)}/home?adminToken=${adminToken}`,
  };
}

function invalidAdminToken(): AppError {
  return new AppError({
    statusCode: 401,
    code: ERROR_CODES.tokenInvalid,
    message: 'Admin token is invalid, used or expired',
    userMessage: 'This login-as link is invalid, used or expired. Start again from Site administration.',
  });
}

/** The admin's own live refresh session behind a refresh token, or null (revoked, expired, or a login-as one). */
async function ownSessionOf(tx: TTx, refreshToken: string | undefined, now: Date) {
  if (!refreshToken) return null;
  const [row] = await tx
    .select()
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, hashOpaqueToken(refreshToken)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  return row;
}

/**
 * POST /api/auth/login-as: spends the admin token (once, before it expires) and opens the member's session whose
 * token carries loginAsAdmin and the admin (act). It works only in the browser holding the admin's own refresh
 * cookie, which is kept aside for the return; the rule is checked again, as rights may have changed. Audited.
 */
export async function exchangeLoginAsToken(
  ctx: TRequestContext,
  options: {
    adminToken: string;
    ownRefreshToken: string | undefined;
    jwtSecret: Uint8Array;
    userAgent: string | null;
  },
): Promise<{ session: TIssuedSession } | { refusal: AppError }> {
  const [token] = await ctx.tx
    .select()
    .from(loginAsTokens)
    .where(eq(loginAsTokens.tokenHash, hashOpaqueToken(options.adminToken)))
    .limit(1)
    .for('update');
  if (!token || token.usedAt || token.expiresAt <= ctx.now) throw invalidAdminToken();
  // Spent by this first use even when refused below: the refusal is answered after the commit.
  await ctx.tx.update(loginAsTokens).set({ usedAt: ctx.now }).where(eq(loginAsTokens.id, token.id));
  try {
    const own = await ownSessionOf(ctx.tx, options.ownRefreshToken, ctx.now);
    if (own?.loginAsAdmin) throw forbidden(LOGIN_AS_REFUSAL_MESSAGES.acting_as_someone);
    if (!own || own.userId !== token.adminUserId)
      throw forbidden('Open this link in the browser where you are signed in as the admin who asked for it.');
    await applyTenantScope(ctx.tx, {
      clusterId: ctx.clusterId,
      hubId: token.hubId,
      userId: token.adminUserId,
    });
    await assertMayLogInAs(ctx.tx, {
      hubId: token.hubId,
      actorUserId: token.adminUserId,
      targetUserId: token.targetUserId,
      isActingAsSomeone: false,
    });
  } catch (error) {
    if (error instanceof AppError) return { refusal: error };
    throw error;
  }
  const session = await issueSession(ctx, {
    userId: token.targetUserId,
    jwtSecret: options.jwtSecret,
    userAgent: options.userAgent,
    loginAs: {
      adminUserId: token.adminUserId,
      endsAt: new Date(ctx.now.getTime() + LOGIN_AS_SESSION_MINUTES * MINUTE_MS),
    },
  });
  await ctx.audit({
    action: 'login_as.session_opened',
    targetType: 'user',
    targetId: token.targetUserId,
    data: { sessionId: session.viewer.sessionId, minutes: LOGIN_AS_SESSION_MINUTES },
    by: { actorUserId: token.adminUserId, actingAsUserId: token.targetUserId },
    hubId: token.hubId,
  });
  return { session };
}

/** What the return ended and restored: the admin's session, or null when their own refresh token was unusable. */
export type TLoginAsReturn = {
  ended: { userId: string; familyId: string } | null;
  session: TIssuedSession | null;
};

/**
 * POST /api/auth/login-as/return: ends the login-as session (the bearer's, or the refresh cookie's even once its
 * access token expired) and rotates the admin's own refresh token kept aside, so the admin is back in their own
 * session. Audited as the admin acting as the member.
 */
export async function returnFromLoginAs(
  ctx: TRequestContext,
  options: {
    bearer: { sub: string; sid: string; act?: { sub: string } | undefined; loginAsAdmin: boolean } | null;
    refreshToken: string | undefined;
    returnToken: string | undefined;
    jwtSecret: Uint8Array;
    userAgent: string | null;
  },
): Promise<TLoginAsReturn> {
  let ended: TLoginAsReturn['ended'] = null;
  let adminUserId: string | null = null;
  if (options.bearer?.loginAsAdmin && options.bearer.act) {
    ended = { userId: options.bearer.sub, familyId: options.bearer.sid };
    adminUserId = options.bearer.act.sub;
  } else if (options.refreshToken) {
    const [row] = await ctx.tx
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.tokenHash, hashOpaqueToken(options.refreshToken)))
      .limit(1);
    if (row?.loginAsAdmin) {
      ended = { userId: row.userId, familyId: row.familyId };
      adminUserId = row.loginAsAdmin;
    }
  }
  if (ended && adminUserId) {
    await revokeFamily(ctx.tx, ended.familyId, ctx.now);
    await ctx.audit({
      action: 'login_as.return',
      targetType: 'user',
      targetId: ended.userId,
      data: { sessionId: ended.familyId },
      by: { actorUserId: adminUserId, actingAsUserId: ended.userId },
    });
  }
  const own = await ownSessionOf(ctx.tx, options.returnToken, ctx.now);
  // Only the admin's own, ordinary session comes back: never another login-as one, never someone else's.
  if (
    !own ||
    own.loginAsAdmin ||
    (adminUserId !== null && own.userId !== adminUserId) ||
    !options.returnToken
  )
    return { ended, session: null };
  const rotated = await rotateRefreshToken(ctx, {
    refreshToken: options.returnToken,
    jwtSecret: options.jwtSecret,
    userAgent: options.userAgent,
  });
  return { ended, session: rotated.status === 'rotated' ? rotated.session : null };
}
