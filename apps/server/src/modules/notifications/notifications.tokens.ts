import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TTx } from '../../db/client.js';
import { emailReplyKeys } from '../../db/schema/index.js';

const ISSUER = 'commons';
/** An unsubscribe token opens nothing but the digest preference of its user. */
const UNSUBSCRIBE_AUDIENCE = 'commons:unsubscribe';
const ZUnsubscribePayload = z.object({ sub: z.string().uuid(), cid: z.string().uuid() });

/**
 * Signs the one-click unsubscribe token of a user (RFC 8058 List-Unsubscribe URL). It does not expire: a
 * link in an old mail must still work, and all it can do is turn email digests off.
 */
export async function signUnsubscribeToken(options: {
  secret: Uint8Array;
  clusterId: string;
  userId: string;
}): Promise<string> {
  return new SignJWT({ cid: options.clusterId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setSubject(options.userId)
    .sign(options.secret);
}

/** The user and cluster of an unsubscribe token, or null when it is not one of ours. */
export async function verifyUnsubscribeToken(
  token: string,
  secret: Uint8Array,
): Promise<{ userId: string; clusterId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      audience: UNSUBSCRIBE_AUDIENCE,
      algorithms: ['HS256'],
    });
    const parsed = ZUnsubscribePayload.safeParse(payload);
    return parsed.success ? { userId: parsed.data.sub, clusterId: parsed.data.cid } : null;
  } catch {
    return null;
  }
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
