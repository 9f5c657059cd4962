import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { TAssessmentLaunchClaims } from '@commons/contract';
import {
  ASSESSMENT_LAUNCH_TOKEN_TTL_SECONDS,
  webhookSignatureDigest,
  webhookSignedText,
  webhookTimestampRefusal,
  type TWebhookRefusal,
} from '@commons/domain';
import { SignJWT } from 'jose';

/**
 * The key that encrypts assessments' shared secrets at rest: derived from the server secret (HKDF-SHA256), so a
 * copy of the database alone cannot sign launch tokens or forge results.
 */
function secretsKey(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'commons', 'assessment-shared-secrets', 32));
}

/** Encrypts a shared secret (AES-256-GCM, random 96-bit nonce): `v1.{nonce}.{tag}.{ciphertext}` in base64url. */
export function encryptSharedSecret(secret: string, serverSecret: Uint8Array): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsKey(serverSecret), nonce);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The shared secret of a stored ciphertext; throws when it was not encrypted under this server secret. */
export function decryptSharedSecret(stored: string, serverSecret: Uint8Array): string {
  const [version, nonce, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !nonce || !tag || ciphertext === undefined)
    throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretsKey(serverSecret), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** Signs a launch token (HS256 under the assessment's shared secret), valid for 10 minutes from `now`. */
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
