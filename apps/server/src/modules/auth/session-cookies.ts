import { REFRESH_COOKIE } from '@commons/contract';
import type { FastifyReply } from 'fastify';
import type { TIssuedSession } from './auth.commands.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_MS, knownDeviceValue } from './known-device.js';
import { clearPageSessionCookie, setPageSessionCookie } from './page-session.js';

type TCookieOptions = { isSecure: boolean; jwtSecret: Uint8Array };

/**
 * The cookies of a new session, for every way of signing in (password, links, single sign-on): the refresh token
 * and page-session cookies (setRefreshCookie) and the known-device mark of the account.
 */
export async function setSessionCookies(
  reply: FastifyReply,
  session: TIssuedSession,
  options: TCookieOptions,
): Promise<void> {
  await setRefreshCookie(reply, session, options);
  // This browser is now known for the account: a flood of wrong passwords cannot hold it back.
  reply.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceValue(options.jwtSecret, session.viewer.user.id), {
    httpOnly: true,
    secure: options.isSecure,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
  });
}

/**
 * The cookies of a session whose refresh token is new (a sign-in, a refresh, a login-as start or return): the
 * refresh token (HttpOnly, SameSite strict, only sent to /api/auth) and the page-session cookie, both lasting as
 * long as the refresh token.
 */
export async function setRefreshCookie(
  reply: FastifyReply,
  session: TIssuedSession,
  options: TCookieOptions,
): Promise<void> {
  const lifetimeMs = session.refreshExpiresAt.getTime() - session.issuedAt.getTime();
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    secure: options.isSecure,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: Math.max(0, Math.floor(lifetimeMs / 1000)),
  });
  await setPageSessionCookie(
    reply,
    {
      userId: session.viewer.user.id,
      clusterId: session.viewer.user.clusterId,
      familyId: session.viewer.sessionId,
      expiresAt: session.refreshExpiresAt,
    },
    { ...options, now: session.issuedAt },
  );
}

/** Clears the refresh token and page-session cookies: a sign-out, an unusable refresh token, a deleted account. */
export function clearSessionCookies(reply: FastifyReply, isSecure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'strict',
    path: '/api/auth',
  });
  clearPageSessionCookie(reply, isSecure);
}
