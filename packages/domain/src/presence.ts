/**
 * Real-time presence and typing rules (spec 4 Presence, spec 9 Presence).
 */

/** Presence values (spec 4). */
export type TPresence = 'online' | 'away' | 'offline-away' | 'offline';

/** Activity window of presence: 48 hours (spec 9). */
export const PRESENCE_WINDOW_MS = 172_800_000;
/** The typing indicator clears this long after the last typing write (spec 9). */
export const TYPING_INDICATOR_TIMEOUT_MS = 3_000;
/** Typing writes are throttled to one per this interval (spec 9). */
export const TYPING_WRITE_THROTTLE_MS = 2_000;
/** Look-back when reading typing timestamps (spec 9). */
export const TYPING_LOOKBACK_MS = 3_000;

/** State one connection reports. */
export type TConnectionState = 'online' | 'away';

/**
 * Presence of a user (spec 4): the always-offline flag forces offline; any online connection gives
 * online; connections but none online with activity within 48 h gives away; no connections with
 * activity within 48 h gives offline-away; otherwise offline. Exactly 48 h ago is still within.
 */
export function presenceStatus(options: {
  connections: readonly TConnectionState[];
  lastActivityAt: Date | null | undefined;
  now: Date;
  isAlwaysOffline?: boolean;
}): TPresence {
  if (options.isAlwaysOffline === true) return 'offline';
  if (options.connections.includes('online')) return 'online';
  const lastActivity = options.lastActivityAt?.getTime();
  const isRecent = lastActivity !== undefined && options.now.getTime() - lastActivity <= PRESENCE_WINDOW_MS;
  if (!isRecent) return 'offline';
  return options.connections.length > 0 ? 'away' : 'offline-away';
}

/** A connection whose page is hidden reports away, else online (spec 4). */
export function connectionState(options: { isPageHidden: boolean }): TConnectionState {
  return options.isPageHidden ? 'away' : 'online';
}

/** The typing indicator shows for 3 seconds after the last typing timestamp (spec 4, spec 9). */
export function isTypingIndicatorVisible(options: { typingAt: Date | null | undefined; now: Date }): boolean {
  if (options.typingAt === null || options.typingAt === undefined) return false;
  const age = options.now.getTime() - options.typingAt.getTime();
  return age >= 0 && age < TYPING_INDICATOR_TIMEOUT_MS;
}

/** A typing write is sent at most every 2 seconds (spec 9). */
export function shouldWriteTyping(options: { lastWriteAt: Date | null | undefined; now: Date }): boolean {
  if (options.lastWriteAt === null || options.lastWriteAt === undefined) return true;
  return options.now.getTime() - options.lastWriteAt.getTime() >= TYPING_WRITE_THROTTLE_MS;
}
