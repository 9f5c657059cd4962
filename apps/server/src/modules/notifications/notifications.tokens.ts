import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { emailReplyKeys } from '../../db/schema/index.js';

const UNSUBSCRIBE_MAC_BYTES = 16;

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function bytesUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function unsubscribeMac(secret: Uint8Array, ids: Buffer): Buffer {
  return createHmac('sha256', secret)
    .update('unsubscribe:')
    .update(ids)
    .digest()
    .subarray(0, UNSUBSCRIBE_MAC_BYTES);
}

/**
 * The one-click unsubscribe token of a user (RFC 8058 List-Unsubscribe URL): cluster and user ids with an
 * HMAC under the server secret, 64 characters. It does not expire: a link in an old mail must still work,
 * and all it can do is turn email digests off.
 */
export function signUnsubscribeToken(options: {
  secret: Uint8Array;
  clusterId: string;
  userId: string;
}): string {
  const ids = Buffer.concat([uuidBytes(options.clusterId), uuidBytes(options.userId)]);
  return Buffer.concat([ids, unsubscribeMac(options.secret, ids)]).toString('base64url');
}

/** The user and cluster of an unsubscribe token, or null when it is not one of ours. */
export function verifyUnsubscribeToken(
  token: string,
  secret: Uint8Array,
): { userId: string; clusterId: string } | null {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 32 + UNSUBSCRIBE_MAC_BYTES) return null;
  const ids = raw.subarray(0, 32);
  if (!timingSafeEqual(raw.subarray(32), unsubscribeMac(secret, ids))) return null;
  return { clusterId: bytesUuid(ids.subarray(0, 16)), userId: bytesUuid(ids.subarray(16)) };
}

const KEY_BYTES = 8;
const MAC_BYTES = 16;
/** Reply tokens are lowercase hex (mail systems may fold the case of an address's local part). */
export const REPLY_TOKEN_PATTERN = new RegExp(`^[0-9a-f]{${(KEY_BYTES + MAC_BYTES) * 2}}$`);

function replyMac(secret: Uint8Array, key: string): Buffer {
  return createHmac('sha256', secret).update(`email-reply:${key}`).digest().subarray(0, MAC_BYTES);
}

/**
 * The reply token of a user in a thread (the Reply-To address and /email-response/{token}): the stored
 * random key followed by its HMAC under the server secret, so the database alone cannot make a token.
 */
export async function replyTokenFor(
  tx: TTx,
  options: { secret: Uint8Array; clusterId: string; threadId: string; userId: string },
): Promise<string> {
  const mine = and(eq(emailReplyKeys.threadId, options.threadId), eq(emailReplyKeys.userId, options.userId));
  let [row] = await tx.select({ key: emailReplyKeys.key }).from(emailReplyKeys).where(mine).limit(1);
  if (!row) {
    const key = randomBytes(KEY_BYTES).toString('hex');
    await tx
      .insert(emailReplyKeys)
      .values({ key, clusterId: options.clusterId, threadId: options.threadId, userId: options.userId })
      .onConflictDoNothing();
    [row] = await tx.select({ key: emailReplyKeys.key }).from(emailReplyKeys).where(mine).limit(1);
  }
  if (!row) throw new Error('email reply key missing after insert');
  return row.key + replyMac(options.secret, row.key).toString('hex');
}

/** The key of a well-formed reply token whose HMAC holds, else null (checked before any lookup). */
export function replyKeyOf(token: string, secret: Uint8Array): string | null {
  const normalized = token.toLowerCase();
  if (!REPLY_TOKEN_PATTERN.test(normalized)) return null;
  const key = normalized.slice(0, KEY_BYTES * 2);
  const mac = Buffer.from(normalized.slice(KEY_BYTES * 2), 'hex');
  return timingSafeEqual(mac, replyMac(secret, key)) ? key : null;
}
