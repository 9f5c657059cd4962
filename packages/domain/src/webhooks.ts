/**
 * Outgoing webhooks (issue #23 item 3; spec 6 cluster-level group webhook-settings): the catalogue of events a
 * cluster admin may subscribe a URL to, and the retry schedule of a delivery (exponential backoff for 24 hours).
 */

/** Every event a webhook can receive, in the order the settings page lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'membership.approved',
  'message.sent',
  'meeting.scheduled',
  'mentorship.started',
  'mentorship.closed',
  'event.registered',
  'job.applied',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, for the settings page. */
export const WEBHOOK_EVENT_LABELS: Record<TWebhookEventType, string> = {
  'user.created': 'A person signed up',
  'membership.approved': 'A hub membership was approved',
  'message.sent': 'A message was sent',
  'meeting.scheduled': 'A meeting was scheduled',
  'mentorship.started': 'A mentorship started',
  'mentorship.closed': 'A mentorship closed',
  'event.registered': 'Someone registered for an event',
  'job.applied': 'Someone applied for a job',
};

/** A delivery is retried for this long after its event; then it failed for good. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The wait before the second attempt; each later wait doubles. */
export const WEBHOOK_FIRST_RETRY_DELAY_MS = 30 * 1000;
/** The longest wait between two attempts. */
export const WEBHOOK_MAX_RETRY_DELAY_MS = 4 * 60 * 60 * 1000;
/** A subscription is turned off after this many deliveries in a row failed for good (persistent failure). */
export const WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 1;

/** The wait after failed attempt number `attempts` (1-based): 30 s, 1 min, 2 min, … up to 4 hours. */
export function webhookRetryDelayMs(attempts: number): number {
  const delay = WEBHOOK_FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1);
  return Math.min(delay, WEBHOOK_MAX_RETRY_DELAY_MS);
}

/**
 * When a failed delivery is tried again, or null once the next attempt would fall outside the 24-hour window
 * that starts at its event (the delivery then failed for good).
 */
export function nextWebhookAttemptAt(options: { createdAt: Date; attempts: number; now: Date }): Date | null {
  const next = new Date(options.now.getTime() + webhookRetryDelayMs(options.attempts));
  return next.getTime() - options.createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}

/** Whether a value names an event of the catalogue. */
export function isWebhookEventType(value: string): value is TWebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}
