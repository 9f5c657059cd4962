/**
 * Request, connection and capacity limits (spec 5, spec 8, spec 9). A limit of -1 is unlimited.
 */
import type { TMessageType } from './message-types.js';
import { calendarDay, isDateSet, type TDateInput } from './time.js';

/** The value meaning "no limit" (spec 5, spec 9). */
export const UNLIMITED = -1;

/** True for the unlimited value -1. */
export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/** The request-limit message with the allowed count (spec 5 Request limit). */
export function requestLimitMessage(maxMessages: number): string {
  return `You already have the maximum number of allowed ongoing or pending requests. You are allowed ${maxMessages} requests or connections at a time.`;
}

/** A send is blocked when the requested count reaches maxMessages of the message type; -1 is unlimited (spec 5 Request limit). */
export function isRequestLimitReached(options: { requestedCount: number; maxMessages: number }): boolean {
  if (isUnlimited(options.maxMessages)) return false;
  return options.requestedCount >= options.maxMessages;
}

/** The request-limit message when a send is blocked, else null (spec 5 Request limit). */
export function requestLimitError(options: { requestedCount: number; maxMessages: number }): string | null {
  return isRequestLimitReached(options) ? requestLimitMessage(options.maxMessages) : null;
}

/** A connection is allowed only if flash or long-term mentorship is enabled and the user's max is not 0 (spec 5 Connection). */
export function isConnectionAllowed(options: {
  isFlashMentorshipEnabled: boolean;
  isLongTermMentorshipEnabled: boolean;
  maxConnections: number;
}): boolean {
  return (
    (options.isFlashMentorshipEnabled || options.isLongTermMentorshipEnabled) && options.maxConnections !== 0
  );
}

/**
 * Combines two limits (spec 5 Effective limit): -1 is unlimited, otherwise the smaller one.
 * An unset value (null or undefined) does not limit, like -1.
 */
export function effectiveLimit(first: number | null | undefined, second: number | null | undefined): number {
  const a = first ?? UNLIMITED;
  const b = second ?? UNLIMITED;
  if (isUnlimited(a)) return b;
  if (isUnlimited(b)) return a;
  return Math.min(a, b);
}

/** Capacity left under a limit: Infinity when unlimited, never below 0 (spec 5 Capacity). */
export function remainingCapacity(options: { limit: number; used: number }): number {
  if (isUnlimited(options.limit)) return Number.POSITIVE_INFINITY;
  return Math.max(0, options.limit - options.used);
}

/** A meeting or connection request is allowed only when remaining capacity is above 0 or the limit is -1 (spec 5 Capacity). */
export function hasCapacity(options: { limit: number; remaining: number }): boolean {
  return isUnlimited(options.limit) || options.remaining > 0;
}

/** Title shown when the connection limit is reached (spec 8). */
export const CONNECTION_LIMIT_TITLE = "Looks like you've reached the maximum number of connections allowed!";

/** Detail line of the connection limit message (spec 8). */
export function connectionLimitDetail(maxConnections: number): string {
  return `You can have ${maxConnections} connections open at a time.`;
}

/** Message when a person cannot be contacted right now (spec 8). */
export function unavailableMessage(name: string): string {
  return `${name} is unavailable at this time.`;
}

/** Message when a person's availability has run out (spec 8). */
export const NO_AVAILABLE_DATES_MESSAGE = 'This user currently has no available dates for meeting';

/** Message types whose meetings need availability dates (spec 5 Availability). */
export const AVAILABILITY_MESSAGE_TYPES = [
  'flashMentorship',
  'exploreMentorship',
  'adviserMeetingV2',
] as const satisfies readonly TMessageType[];

/**
 * Whether a person's last availability date has passed (spec 5 Availability). Days are compared in the
 * viewer's time zone, so the last availability day itself is still bookable; no date set means it has not.
 */
export function hasAvailabilityEnded(options: {
  lastAvailabilityDate: TDateInput;
  now: Date;
  timeZone: string;
}): boolean {
  if (!isDateSet(options.lastAvailabilityDate)) return false;
  const lastDay = calendarDay(options.lastAvailabilityDate, options.timeZone);
  const today = calendarDay(options.now, options.timeZone);
  return lastDay !== null && today !== null && lastDay < today;
}

/** Meetings for flash, explore and adviser messaging are blocked when the person's last availability date has passed (spec 5 Availability). */
export function isBlockedByAvailability(options: {
  messageType: TMessageType;
  lastAvailabilityDate: TDateInput;
  now: Date;
  timeZone: string;
}): boolean {
  if (!(AVAILABILITY_MESSAGE_TYPES as readonly string[]).includes(options.messageType)) return false;
  return hasAvailabilityEnded(options);
}

/** The help-offer profile attribute counts only if the user can offer help and options exist or custom options are allowed (spec 5 Help offer attribute). */
export function doesHelpOfferCount(options: {
  canOfferHelp: boolean;
  optionCount: number;
  allowsCustomOptions: boolean;
}): boolean {
  return options.canOfferHelp && (options.optionCount > 0 || options.allowsCustomOptions);
}
