import { REFRESH_COOKIE } from '@commons/contract';
import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from '../../lib/tokens.js';
import type { TIssuedSession } from './auth.commands.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_MS, knownDeviceValue } from './known-device.js';

/**
 * The cookies of a new session, for every way of signing in (password, links, single sign-on): the refresh token
 * (HttpOnly, SameSite strict, only sent to /api/auth) and the known-device mark of the account.
 */
export function setSessionCookies(
  reply: FastifyReply,
  session: TIssuedSession,
  options: { isSecure: boolean; jwtSecret: Uint8Array },
): void {
  setRefreshCookie(reply, session.refreshToken, options.isSecure);
  // This browser is now known for the account: a flood of wrong passwords cannot hold it back.
  reply.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceValue(options.jwtSecret, session.viewer.user.id), {
    httpOnly: true,
    secure: options.isSecure,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
  });
}

export function setRefreshCookie(reply: FastifyReply, token: string, isSecure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}
