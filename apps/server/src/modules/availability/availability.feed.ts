import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random key of a private ICS feed (128 bits). */
export function newFeedKey(): string {
  return randomBytes(16).toString('base64url');
}

function feedMac(secret: Uint8Array, key: string): string {
  return createHmac('sha256', secret).update(`ics-feed:${key}`).digest('base64url');
}

/**
 * The secret part of a feed URL: the stored key and an HMAC of it under the server secret, so the database
 * alone cannot open a feed, and rotating the key ends every old URL.
 */
export function feedToken(secret: Uint8Array, key: string): string {
  return `${key}.${feedMac(secret, key)}.ics`;
}

/** The key of a well-formed feed token whose HMAC matches, else null (compared in constant time). */
export function verifyFeedToken(secret: Uint8Array, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})\.ics$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(feedMac(secret, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
