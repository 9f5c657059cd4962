/**
 * The career assessment integration (issue #20 item 4; INTERPRETATION.md: a configurable external assessment,
 * launched with a signed token, results by webhook). Pure rules: names, limits, the webhook's freshness and
 * the return path's shape. Signing and verifying are the server's (node:crypto, jose).
 */
import { DEFAULT_TAB_NAMES } from './home.js';

/** The assessment's tab and default name (spec 9 Default names: 'PathwayU'). */
export const DEFAULT_ASSESSMENT_NAME = DEFAULT_TAB_NAMES.careerAssessment;

/** How long a launch token is valid: long enough to open the provider's page, short enough not to be kept. */
export const ASSESSMENT_LAUNCH_TOKEN_TTL_SECONDS = 10 * 60;

/** A webhook delivery older (or newer) than this is refused: it may be a recorded request played again. */
export const ASSESSMENT_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The webhook's headers: the Unix time of signing and `v1=` with the hex HMAC-SHA256 of `{timestamp}.{raw body}`. */
export const ASSESSMENT_WEBHOOK_HEADERS = {
  timestamp: 'x-commons-timestamp',
  signature: 'x-commons-signature',
} as const;

/** Limits of an assessment's configuration and of the results a provider may send. */
export const ASSESSMENT_LIMITS = {
  nameMax: 80,
  slugMax: 60,
  descriptionMax: 1000,
  secretMin: 16,
  secretMax: 200,
  summaryMax: 2000,
  matchesMax: 20,
  matchTitleMax: 120,
  deliveryIdMax: 100,
} as const;

/** An assessment's slug: lower-case letters and digits in words joined by hyphens ({hubPath}/career-assessment/{slug}). */
export const ASSESSMENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a name suggests ('PathwayU Career Quiz' → 'pathwayu-career-quiz'). */
export function assessmentSlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ASSESSMENT_LIMITS.slugMax)
    .replace(/-+$/, '');
}

/** Why a webhook delivery is refused, before its results are read. */
export type TWebhookRefusal = 'missing' | 'malformed' | 'expired' | 'bad-signature';

/**
 * Whether the delivery's timestamp (Unix seconds, as sent) is within the tolerance of `now`, either way
 * (a provider's clock may run a little ahead). Anything but a whole number is malformed.
 */
export function webhookTimestampRefusal(timestamp: string | undefined, now: Date): TWebhookRefusal | null {
  if (timestamp === undefined || timestamp === '') return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed';
  const ageSeconds = Math.abs(now.getTime() / 1000 - Number(timestamp));
  return ageSeconds > ASSESSMENT_WEBHOOK_TOLERANCE_SECONDS ? 'expired' : null;
}

/** The text the webhook's HMAC covers: the timestamp, a dot and the raw body, so neither can be swapped. */
export function webhookSignedText(timestamp: string, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

/** The hex digest of a `v1=…` signature header, or null when the header is not one. */
export function webhookSignatureDigest(header: string | undefined): string | null {
  const match = /^v1=([0-9a-f]{64})$/.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

/** What people read when a webhook delivery is refused. */
export const ASSESSMENT_WEBHOOK_MESSAGES: Record<TWebhookRefusal | 'replayed' | 'unknown-launch', string> = {
  missing: 'The delivery has no timestamp or signature.',
  malformed: 'The delivery’s timestamp or signature is malformed.',
  expired: 'The delivery’s timestamp is more than 5 minutes away from now.',
  'bad-signature': 'The delivery’s signature does not match.',
  replayed: 'This delivery was received before.',
  'unknown-launch': 'No launch of this assessment has this id.',
};

/**
 * Whether a path may be the return address of a launch: an absolute path of this deployment (one leading
 * slash, no scheme, no backslash, no control characters), so the provider can only send the member back here.
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (path.length > 2048) return false;
  // Browsers read a backslash as a slash ('/\evil.example') and drop tabs and new lines.
  return ![...path].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}
