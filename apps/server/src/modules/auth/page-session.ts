import { PAGE_COOKIES } from '@commons/contract';
import { and, desc, eq, gt, isNull, not } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { refreshSessions, users } from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { userDeactivatedByScim } from '../scim/scim.queries.js';
import { signSessionAccessToken } from './auth.commands.js';

/**
 * Cookie that tells the server whose session a page (HTML) request belongs to, so it can render signed-in pages.
 * Only page rendering reads it: the API authenticates by bearer token alone, so a cross-site request that
 * carries this cookie can do nothing.
 */
export const PAGE_SESSION_COOKIE = PAGE_COOKIES.session;

/**
 * Issuer and audience of the cookie's JWT, both other than the access token's ('commons', no audience): an access
 * token is never a page cookie, and a page cookie is never an access token.
 */
const PAGE_SESSION_ISSUER = 'commons-page';
const PAGE_SESSION_AUDIENCE = 'commons-page';

/** The session a page cookie names: its user, cluster and refresh token family, and when the family ends. */
export type TPageSession = { userId: string; clusterId: string; familyId: string; expiresAt: Date };

const ZPageSessionClaims = z.object({ sub: z.guid(), cid: z.string(), sid: z.guid() });

/**
 * Sets the page-session cookie of a session: a JWT under the server's secret (HttpOnly, SameSite lax so a link
 * followed from another site still renders signed in, path /), lasting as long as the session's refresh token.
 */
export async function setPageSessionCookie(
  reply: FastifyReply,
  session: TPageSession,
  options: { isSecure: boolean; jwtSecret: Uint8Array; now: Date },
): Promise<void> {
  const value = await new SignJWT({ cid: session.clusterId, sid: session.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(PAGE_SESSION_ISSUER)
    .setAudience(PAGE_SESSION_AUDIENCE)
    .setSubject(session.userId)
    .setIssuedAt(Math.floor(options.now.getTime() / 1000))
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(options.jwtSecret);
  reply.setCookie(PAGE_SESSION_COOKIE, value, {
    httpOnly: true,
    secure: options.isSecure,
    sameSite: 'lax',
    path: '/',
    maxAge: Math.max(0, Math.floor((session.expiresAt.getTime() - options.now.getTime()) / 1000)),
  });
}

/** Clears the page-session cookie, wherever the session's refresh cookie is cleared. */
export function clearPageSessionCookie(reply: FastifyReply, isSecure: boolean): void {
  reply.clearCookie(PAGE_SESSION_COOKIE, { httpOnly: true, secure: isSecure, sameSite: 'lax', path: '/' });
}

/**
 * A fresh access token for the session of a page request's cookie, signed as a session answer's is
 * (signSessionAccessToken), or null when the cookie is absent, not ours, expired, of another cluster, or its
 * session ended (signed out, reuse detected, expired) or its account is deleted or deactivated. Never throws for a
 * bad cookie. Inserts no refresh row; applies the cookie user's tenant scope to ctx.tx, as issueSession does.
 */
export async function pageSessionAccessToken(
  ctx: Pick<TRequestContext, 'tx' | 'clusterId' | 'now' | 'hub'>,
  cookieValue: string | undefined,
  jwtSecret: Uint8Array,
): Promise<string | null> {
  if (!cookieValue) return null;
  let claims: z.infer<typeof ZPageSessionClaims>;
  try {
    const { payload } = await jwtVerify(cookieValue, jwtSecret, {
      issuer: PAGE_SESSION_ISSUER,
      audience: PAGE_SESSION_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: ctx.now,
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    const parsed = ZPageSessionClaims.safeParse(payload);
    if (!parsed.success) return null;
    claims = parsed.data;
  } catch {
    return null;
  }
  // A cookie of another cluster is never honoured here (tenant isolation).
  if (claims.cid !== ctx.clusterId) return null;
  await applyTenantScope(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: claims.sub,
    hubId: ctx.hub?.id ?? null,
  });
  // The family's newest live row: a sign-out or reuse detection revoked every row, an ended session has none.
  const [live] = await ctx.tx
    .select({ loginAsAdmin: refreshSessions.loginAsAdmin, expiresAt: refreshSessions.expiresAt })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(
      and(
        eq(refreshSessions.clusterId, ctx.clusterId),
        eq(refreshSessions.familyId, claims.sid),
        eq(refreshSessions.userId, claims.sub),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, ctx.now),
        isNull(users.deleteRequestedAt),
        not(userDeactivatedByScim(users.id)),
      ),
    )
    .orderBy(desc(refreshSessions.expiresAt))
    .limit(1);
  if (!live) return null;
  const { accessToken } = await signSessionAccessToken(ctx, {
    userId: claims.sub,
    familyId: claims.sid,
    jwtSecret,
    // A login-as family signs as the admin acting, never past the login-as end (every row of it ends then).
    ...(live.loginAsAdmin ? { loginAs: { adminUserId: live.loginAsAdmin, endsAt: live.expiresAt } } : {}),
  });
  return accessToken;
}
