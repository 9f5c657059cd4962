import { createHash, randomBytes } from 'node:crypto';
import { ZAccessTokenPayload, type TAccessTokenPayload } from '@commons/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const ISSUER = 'commons';

/** Signs the access token whose payload is spec 3 'Session token payload'. */
export async function signAccessToken(options: {
  secret: Uint8Array;
  payload: Omit<TAccessTokenPayload, 'expiresAt'>;
  now: Date;
  /** The token never outlives this instant (a login-as session's end). */
  notAfter?: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const usual = options.now.getTime() + ACCESS_TOKEN_TTL_MS;
  const expiresAt = new Date(options.notAfter ? Math.min(usual, options.notAfter.getTime()) : usual);
  const token = await new SignJWT({ ...options.payload, expiresAt: expiresAt.getTime() })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(options.payload.sub)
    .setIssuedAt(Math.floor(options.now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(options.secret);
  return { token, expiresAt };
}

export type TVerifiedToken =
  { status: 'valid'; payload: TAccessTokenPayload } | { status: 'expired' } | { status: 'invalid' };

/** Verifies signature, issuer and expiry; an expired token is told apart so the client refreshes. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<TVerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      // A token without an expiry or a subject is never one of ours (issue #13 item 16).
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    const parsed = ZAccessTokenPayload.safeParse(payload);
    return parsed.success ? { status: 'valid', payload: parsed.data } : { status: 'invalid' };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { status: 'expired' };
    return { status: 'invalid' };
  }
}

/** An unguessable opaque token (256 bits) for refresh cookies and magic links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of opaque tokens are stored, so a database leak does not leak sessions. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
