import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Cookie that marks a browser where the account signed in before (issue #13 item 8). */
export const KNOWN_DEVICE_COOKIE = 'commons_device';
/** How long a browser stays known after its last sign-in. */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

function deviceMac(secret: Uint8Array, body: string): string {
  return createHmac('sha256', secret).update(`known-device:${body}`).digest('base64url');
}

/** A new known-device value for a user: their id and a random device id under the server's HMAC. */
export function knownDeviceValue(secret: Uint8Array, userId: string): string {
  const body = `${userId}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${deviceMac(secret, body)}`;
}

/**
 * The user a known-device cookie was issued to, or null when it is absent or not ours. A sign-in for that
 * user from this browser is not held back by the account's failed-attempt limit.
 */
export function knownDeviceUser(secret: Uint8Array, value: string | undefined): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(deviceMac(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
