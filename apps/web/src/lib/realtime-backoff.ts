/**
 * Reconnect schedule of the realtime socket (issue #5 item 3): exponential backoff with jitter, so a
 * restarted server is not hit by every tab at the same moment.
 */

/** First reconnect waits about this long. */
export const RECONNECT_BASE_MS = 1_000;
/** Reconnects never wait longer than this. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 for the first): the ceiling doubles per attempt up to
 * RECONNECT_MAX_MS and the delay is drawn from its upper half ("equal jitter"), so it never collapses
 * to zero yet tabs spread out. `random` returns a number in [0, 1).
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 16);
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** exponent);
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (jitter * ceiling) / 2);
}
