import {
  CONNECTION_LIMIT_TITLE,
  connectionLimitDetail,
  effectiveLimit,
  hasCapacity,
  isConnectionAllowed,
  isMeetingMessageType,
  remainingCapacity,
  requestLimitError,
  unavailableMessage,
  type TMessageType,
  type TMessageTypeSettings,
} from '@commons/domain';
import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { countOpenRequests, countOpenMentorshipsAsMentee } from './inbox.queries.js';

type TAllSettings = Readonly<Record<TMessageType, TMessageTypeSettings>>;

/** The limits a member sets for themselves: the hub membership's value wins over the account-wide one. */
export type TMemberLimits = {
  connectLimit: number | null;
  mentorshipLimit: number | null;
  maxConnect: number | null;
  maxMentorship: number | null;
};

/**
 * Message types whose requests take a recipient's capacity (spec 5 Capacity: "a meeting or connection
 * request"): long-term mentorship uses the mentorship limit, the meeting types the connection limit.
 */
export function usesCapacity(type: TMessageType): boolean {
  return type === 'longTermMentorship' || isMeetingMessageType(type);
}

/**
 * A member's effective limit for one message type (spec 5 Effective limit): their own value (membership
 * maxMentorship/maxConnect, else the account's mentorshipLimit/connectLimit; unset is unlimited) combined with
 * the type's maxMentorshipLimit or maxConnectLimit. -1 is unlimited.
 */
export function memberLimitFor(member: TMemberLimits, type: TMessageType, settings: TAllSettings): number {
  if (type === 'longTermMentorship') {
    return effectiveLimit(member.maxMentorship ?? member.mentorshipLimit, settings.longTermMentorship.maxMentorshipLimit);
  }
  return effectiveLimit(member.maxConnect ?? member.connectLimit, settings[type].maxConnectLimit);
}

/**
 * Open requests of one type that others sent to a member. Counted by app_inbox_open_connections
 * (custom-sql/inbox-rules.sql): the sender cannot see other people's threads through row-level security, and the function answers
 * only this number, within the request's cluster. The advisory lock, taken in its own statement first, makes
 * concurrent requests to the same member wait for each other, so two senders cannot both take the last place.
 */
export async function countReceivedOpen(tx: TTx, options: { hubId: number; userId: string; type: TMessageType; isAcceptedOnly: boolean }): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`inbox-capacity:${options.userId}`}, 0))`);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`SELECT app_inbox_open_connections(${options.hubId}, ${options.userId}::uuid, ${options.type}, ${options.isAcceptedOnly}) AS n`,
  );
  return Number(rows[0]?.n ?? 0);
}

function refuse(code: string, userMessage: string, details?: Record<string, unknown>): AppError {
  return new AppError({ statusCode: 403, code, message: code.replaceAll('_', ' '), userMessage, ...(details ? { details } : {}) });
}

/** spec 8 connection limit message: the title and the detail line with the allowed count. */
export function connectionLimitError(limit: number): AppError {
  const detail = connectionLimitDetail(limit);
  return refuse('connection_limit_reached', `${CONNECTION_LIMIT_TITLE} ${detail}`, { title: CONNECTION_LIMIT_TITLE, detail, limit });
}

/**
 * The sender's side (spec 5 Request limit; spec 8 connection limit): requests of the type pending or ongoing
 * stay under maxMessages, and a mentee's open long-term mentorships under maxOpenMentorships.
 */
export async function senderLimitError(
  tx: TTx,
  options: { hubId: number; senderId: string; type: TMessageType; settings: TAllSettings },
): Promise<AppError | null> {
  const typeSettings = options.settings[options.type];
  const requestedCount = await countOpenRequests(tx, { hubId: options.hubId, fromUserId: options.senderId, messageType: options.type });
  const limitMessage = requestLimitError({ requestedCount, maxMessages: typeSettings.maxMessages });
  if (limitMessage) return refuse('request_limit_reached', limitMessage, { limit: typeSettings.maxMessages });
  if (options.type === 'longTermMentorship') {
    const limit = typeSettings.maxOpenMentorships;
    const used = await countOpenMentorshipsAsMentee(tx, { hubId: options.hubId, menteeId: options.senderId });
    if (!hasCapacity({ limit, remaining: remainingCapacity({ limit, used }) })) return connectionLimitError(limit);
  }
  return null;
}

/**
 * The recipient's side (spec 5 Connection and Capacity): a connection needs flash or long-term mentorship
 * enabled and a limit that is not 0, and every meeting or connection request needs capacity left under the
 * recipient's effective limit; otherwise '{name} is unavailable at this time.' (spec 8).
 */
export async function recipientCapacityError(
  tx: TTx,
  options: { hubId: number; recipientId: string; recipientFirstName: string; member: TMemberLimits; type: TMessageType; settings: TAllSettings },
): Promise<AppError | null> {
  if (!usesCapacity(options.type)) return null;
  const limit = memberLimitFor(options.member, options.type, options.settings);
  const unavailable = () => refuse('recipient_unavailable', unavailableMessage(options.recipientFirstName));
  if (options.type === 'longTermMentorship' || options.type === 'flashMentorship') {
    const isAllowed = isConnectionAllowed({
      isFlashMentorshipEnabled: options.settings.flashMentorship.enabled,
      isLongTermMentorshipEnabled: options.settings.longTermMentorship.enabled,
      maxConnections: limit,
    });
    if (!isAllowed) return unavailable();
  }
  const used = await countReceivedOpen(tx, { hubId: options.hubId, userId: options.recipientId, type: options.type, isAcceptedOnly: false });
  return hasCapacity({ limit, remaining: remainingCapacity({ limit, used }) }) ? null : unavailable();
}

/**
 * Accepting a request: the recipient's accepted, still open requests of the type stay under their effective
 * limit, else the spec 8 connection limit message with that limit.
 */
export async function acceptCapacityError(
  tx: TTx,
  options: { hubId: number; recipientId: string; member: TMemberLimits; type: TMessageType; settings: TAllSettings },
): Promise<AppError | null> {
  if (!usesCapacity(options.type)) return null;
  const limit = memberLimitFor(options.member, options.type, options.settings);
  const used = await countReceivedOpen(tx, { hubId: options.hubId, userId: options.recipientId, type: options.type, isAcceptedOnly: true });
  return hasCapacity({ limit, remaining: remainingCapacity({ limit, used }) }) ? null : connectionLimitError(limit);
}
