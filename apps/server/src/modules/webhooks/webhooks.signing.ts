import { createHmac, randomBytes } from 'node:crypto';

/** The prefix of a Standard Webhooks secret. */
const SECRET_PREFIX = 'whsec_';

/** A new signing secret: whsec_ and base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The headers of one signed delivery in the Standard Webhooks format: webhook-id, webhook-timestamp (Unix
 * seconds) and webhook-signature `v1,` + base64 of HMAC-SHA256 over `id.timestamp.body` keyed with the secret's
 * bytes (the base64 after whsec_).
 */
export function webhookSignatureHeaders(options: {
  secret: string;
  messageId: string;
  timestamp: Date;
  body: string;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(options.secret.slice(SECRET_PREFIX.length), 'base64');
  const seconds = Math.floor(options.timestamp.getTime() / 1000).toString();
  const signature = createHmac('sha256', key)
    .update(`${options.messageId}.${seconds}.${options.body}`)
    .digest('base64');
  return {
    'webhook-id': options.messageId,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature}`,
  };
}

/** The webhook-id of a delivery: the same on every attempt, so a receiver can drop a repeat. */
export function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId}`;
}
