/**
 * Reads the access token's payload (spec 3 Session token payload) without verifying it: the
 * server verifies; the web app only needs the expiry for the spec 4 session timer.
 */

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The decoded JSON payload of a JWT, or null when it is not one. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const segment = token.split('.')[1];
  if (segment === undefined) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(segment));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * When the token expires: the payload's `expiresAt` (epoch milliseconds, or seconds when small),
 * else the standard `exp` claim (seconds); null when neither is present.
 */
export function tokenExpiresAt(token: string): Date | null {
  const payload = decodeTokenPayload(token);
  if (payload === null) return null;
  const { expiresAt, exp } = payload;
  if (typeof expiresAt === 'number' && Number.isFinite(expiresAt)) {
    return new Date(expiresAt < 1e12 ? expiresAt * 1000 : expiresAt);
  }
  if (typeof expiresAt === 'string' && !Number.isNaN(Date.parse(expiresAt))) return new Date(expiresAt);
  if (typeof exp === 'number' && Number.isFinite(exp)) return new Date(exp * 1000);
  return null;
}
