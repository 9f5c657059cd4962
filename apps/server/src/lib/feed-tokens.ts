import { createHmac, randomBytes } from 'node:crypto';
import { hashOpaqueToken } from './tokens.js';

/** What a calendar feed lists; part of the HMAC so a token of one kind never opens the other. */
export type TFeedPurpose = 'meetings-feed' | 'events-feed';

/** A new random salt of a feed (128 bits); a new salt is a new URL, and the old one stops working. */
export function newFeedSalt(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The secret of a calendar feed URL, derived from its stored salt under the server secret. Only the
 * salt and a hash of the token are stored (issue #13 item 5): the database alone cannot open a feed,
 * yet the owner can be shown the same URL again.
 */
export function feedTokenOf(secret: Uint8Array, purpose: TFeedPurpose, salt: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${salt}`).digest('base64url');
}

/** The stored lookup hash of a feed token (the same SHA-256 as every other opaque token). */
export function feedTokenHash(token: string): string {
  return hashOpaqueToken(token);
}

/** The token of a feed path segment `{token}.ics`, or null when it is not one. */
export function parseFeedSegment(segment: string): string | null {
  return /^([A-Za-z0-9_-]{43})\.ics$/.exec(segment)?.[1] ?? null;
}
