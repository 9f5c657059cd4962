import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { emailReplyKeys } from '../../db/schema/index.js';

const UNSUBSCRIBE_MAC_BYTES = 16;
/** How long an unsubscribe link works (issue #13 item 16); after that, email settings are in the account. */
export const UNSUBSCRIBE_TOKEN_TTL_DAYS = 365;
const DAY_MS = 86_400_000;
const NO_GROUP = Buffer.alloc(16);
const UNSUBSCRIBE_TOKEN_LENGTH = Math.ceil(((16 * 3 + 4 + UNSUBSCRIBE_MAC_BYTES) * 4) / 3);

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function bytesUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function unsubscribeMac(secret: Uint8Array, signed: Buffer): Buffer {
  return createHmac('sha256', secret)
    .update('unsubscribe-v2:')
    .update(signed)
    .digest()
    .subarray(0, UNSUBSCRIBE_MAC_BYTES);
}

/** Who an unsubscribe link names: a user's email digests (groupId null), or one group's announcements. */
export type TUnsubscribeTarget = { clusterId: string; userId: string; groupId: string | null };

/**
 * The one-click unsubscribe token of an email (RFC 8058 List-Unsubscribe URL, group announcement links):
 * cluster, user and group ids with the day it was issued, under an HMAC of the server secret. Nothing is
 * stored; it works for UNSUBSCRIBE_TOKEN_TTL_DAYS and can only turn that mail off.
 */
export function signUnsubscribeToken(options: {
  secret: Uint8Array;
  target: TUnsubscribeTarget;
  now: Date;
}): string {
  const issuedDay = Buffer.alloc(4);
  issuedDay.writeUInt32BE(Math.floor(options.now.getTime() / DAY_MS));
  const signed = Buffer.concat([
    uuidBytes(options.target.clusterId),
    uuidBytes(options.target.userId),
    options.target.groupId === null ? NO_GROUP : uuidBytes(options.target.groupId),
    issuedDay,
  ]);
  return Buffer.concat([signed, unsubscribeMac(options.secret, signed)]).toString('base64url');
}

/** The target of an unsubscribe token that is ours and not expired, else null. */
export function verifyUnsubscribeToken(
  token: string,
  options: { secret: Uint8Array; now: Date },
): TUnsubscribeTarget | null {
  if (token.length !== UNSUBSCRIBE_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  const signed = raw.subarray(0, raw.length - UNSUBSCRIBE_MAC_BYTES);
  if (
    signed.length !== 52 ||
    !timingSafeEqual(raw.subarray(signed.length), unsubscribeMac(options.secret, signed))
  )
    return null;
  const issuedDay = signed.readUInt32BE(48);
  if (Math.floor(options.now.getTime() / DAY_MS) - issuedDay > UNSUBSCRIBE_TOKEN_TTL_DAYS) return null;
  const group = signed.subarray(32, 48);
  return {
    clusterId: bytesUuid(signed.subarray(0, 16)),
    userId: bytesUuid(signed.subarray(16, 32)),
    groupId: group.equals(NO_GROUP) ? null : bytesUuid(group),
  };
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
