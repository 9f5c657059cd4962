import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TAssessmentLaunchClaims } from '@commons/contract';
import {
  ASSESSMENT_LAUNCH_TOKEN_TTL_SECONDS,
  webhookSignatureDigest,
  webhookSignedText,
  webhookTimestampRefusal,
  type TWebhookRefusal,
} from '@commons/domain';
import { SignJWT } from 'jose';

export async function signLaunchToken(options: {
  sharedSecret: string;
  claims: Omit<TAssessmentLaunchClaims, 'iat' | 'exp'>;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ASSESSMENT_LAUNCH_TOKEN_TTL_SECONDS) * 1000);
  const { iss, aud, sub, jti, ...rest } = options.claims;
  const token = await new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(options.sharedSecret));
  return { token, expiresAt };
}

/** The `x-commons-signature` value of a delivery: `v1=` and the hex HMAC-SHA256 of `{timestamp}.{raw body}`. */
export function webhookSignature(options: {
  sharedSecret: string;
  timestamp: string;
  rawBody: string;
}): string {
  const digest = createHmac('sha256', options.sharedSecret)
    .update(webhookSignedText(options.timestamp, options.rawBody))
    .digest('hex');
  return `v1=${digest}`;
}

/**
 * Why a delivery is refused, or null when its timestamp is within 5 minutes of `now` and its signature matches
 * the raw body under the shared secret (compared in constant time).
 */
export function webhookRefusal(options: {
  sharedSecret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
}): TWebhookRefusal | null {
  if (options.signature === undefined || options.signature === '') return 'missing';
  const timing = webhookTimestampRefusal(options.timestamp, options.now);
  if (timing) return timing;
  const digest = webhookSignatureDigest(options.signature);
  if (digest === null) return 'malformed';
  const expected = webhookSignature({
    sharedSecret: options.sharedSecret,
    timestamp: options.timestamp ?? '',
    rawBody: options.rawBody,
  }).slice('v1='.length);
  return timingSafeEqual(Buffer.from(digest, 'hex'), Buffer.from(expected, 'hex')) ? null : 'bad-signature';
}
