import { REALTIME_TOKEN_TTL_MS } from '@commons/contract';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ISSUER = 'commons';
/** A realtime token is good for the gateway only, never as an API access token (and vice versa). */
const AUDIENCE = 'commons:realtime';

const ZRealtimeTokenPayload = z.object({
  sub: z.string().uuid(),
  cid: z.string().uuid(),
  sid: z.string().min(1),
  exp: z.number(),
});
export type TRealtimeTokenPayload = z.infer<typeof ZRealtimeTokenPayload>;

/** Signs the short-lived gateway token (spec 7 auth/firebase/token) for a signed-in session. */
export async function signRealtimeToken(options: {
  secret: Uint8Array;
  userId: string;
  clusterId: string;
  sessionId: string;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(options.now.getTime() + REALTIME_TOKEN_TTL_MS);
  const token = await new SignJWT({ cid: options.clusterId, sid: options.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(options.userId)
    .setIssuedAt(Math.floor(options.now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(options.secret);
  return { token, expiresAt };
}

/** The token's claims, or null when its signature, audience, issuer or expiry do not hold. */
export async function verifyRealtimeToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<TRealtimeTokenPayload | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const parsed = ZRealtimeTokenPayload.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
