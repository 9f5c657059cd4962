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
import { countOpenRequests, countOpenMentorshipsAsMentee, type TCountScope } from './inbox.queries.js';

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
    return effectiveLimit(
      member.maxMentorship ?? member.mentorshipLimit,
      settings.longTermMentorship.maxMentorshipLimit,
    );
  }
  return effectiveLimit(member.maxConnect ?? member.connectLimit, settings[type].maxConnectLimit);
}

/**
 * The one place that decides which threads the request, open mentorship, connection and capacity limits count
 * (spec 3 hasIndependentMessagePool). A request made in a program whose effective settings for the type say
 * hasIndependentMessagePool counts only that program's threads. Everything else counts in the hub pool, which
 * leaves out the threads of programs with an independent pool for the type: those requests were allowed
 * against the program's own limits, so counting them in the hub too would let a program use up the hub's
 * allowance (and a hub mentorship would then block nothing in the program while the reverse held). A thread
 * is placed by its program's current settings, so changing the setting moves existing threads between pools.
 */
export function countScope(
  send: { hubId: number; settings: TAllSettings; hubTypeSettings: TAllSettings; groupId: string | null },
  type: TMessageType,
): TCountScope {
  const { hubId } = send;
  if (send.groupId !== null && send.settings[type].hasIndependentMessagePool) {
    return {
      hubId,
      poolGroupId: send.groupId,
      hubIndependentDefault: send.hubTypeSettings[type].hasIndependentMessagePool,
    };
  }
  return {
    hubId,
    poolGroupId: null,
    hubIndependentDefault: send.hubTypeSettings[type].hasIndependentMessagePool,
  };
}

/**
 * Open requests of one type that others sent to a member. Counted by app_inbox_open_connections
 * (migrations/0008_inbox-rules.sql): the sender cannot see other people's threads through row-level security, and the function answers
 * only this number, within the request's cluster and the scope's pool. The advisory lock, taken in its own statement first, makes
 * concurrent requests to the same member wait for each other, so two senders cannot both take the last place. A preview (what
 * compose and the contact actions offer) takes no place, so it counts without the lock and never waits on a send.
 */
export async function countReceivedOpen(
  tx: TTx,
  options: {
    scope: TCountScope;
    userId: string;
    type: TMessageType;
    isAcceptedOnly: boolean;
    isPreview?: boolean;
  },
): Promise<number> {
  const { scope } = options;
  if (options.isPreview !== true) {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`inbox-capacity:${options.userId}`}, 0))`,
    );
  }
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`SELECT app_inbox_open_connections(${scope.hubId}::bigint, ${options.userId}::uuid, ${options.type}::text, ${options.isAcceptedOnly}::boolean, ${scope.poolGroupId}::text, ${scope.hubIndependentDefault}::boolean) AS n`,
  );
  return Number(rows[0]?.n ?? 0);
}

function refuse(code: string, userMessage: string, details?: Record<string, unknown>): AppError {
  return new AppError({
    statusCode: 403,
    code,
    message: code.replaceAll('_', ' '),
    userMessage,
    ...(details ? { details } : {}),
  });
}

/** spec 8 connection limit message: the title and the detail line with the allowed count. */
export function connectionLimitError(limit: number): AppError {
  const detail = connectionLimitDetail(limit);
  return refuse('connection_limit_reached', `${CONNECTION_LIMIT_TITLE} ${detail}`, {
    title: CONNECTION_LIMIT_TITLE,
    detail,
    limit,
  });
}

/**
 * The sender's side (spec 5 Request limit; spec 8 connection limit): requests of the type pending or ongoing
 * stay under maxMessages, and a mentee's open long-term mentorships under maxOpenMentorships.
 */
export async function senderLimitError(
  tx: TTx,
  options: { scope: TCountScope; senderId: string; type: TMessageType; settings: TAllSettings },
): Promise<AppError | null> {
  const typeSettings = options.settings[options.type];
  const requestedCount = await countOpenRequests(tx, {
    scope: options.scope,
    fromUserId: options.senderId,
    messageType: options.type,
  });
  const limitMessage = requestLimitError({ requestedCount, maxMessages: typeSettings.maxMessages });
  if (limitMessage) return refuse('request_limit_reached', limitMessage, { limit: typeSettings.maxMessages });
  if (options.type === 'longTermMentorship') {
    const limit = typeSettings.maxOpenMentorships;
    const used = await countOpenMentorshipsAsMentee(tx, { scope: options.scope, menteeId: options.senderId });
    if (!hasCapacity({ limit, remaining: remainingCapacity({ limit, used }) }))
      return connectionLimitError(limit);
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
  options: {
    scope: TCountScope;
    recipientId: string;
    recipientFirstName: string;
    member: TMemberLimits;
    type: TMessageType;
    settings: TAllSettings;
    isPreview?: boolean;
  },
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
  const used = await countReceivedOpen(tx, {
    scope: options.scope,
    userId: options.recipientId,
    type: options.type,
    isAcceptedOnly: false,
    isPreview: options.isPreview ?? false,
  });
  return hasCapacity({ limit, remaining: remainingCapacity({ limit, used }) }) ? null : unavailable();
}

/**
 * Accepting a request: the recipient's accepted, still open requests of the type stay under their effective
 * limit, else the spec 8 connection limit message with that limit.
 */
export async function acceptCapacityError(
  tx: TTx,
  options: {
    scope: TCountScope;
    recipientId: string;
    member: TMemberLimits;
    type: TMessageType;
    settings: TAllSettings;
  },
): Promise<AppError | null> {
  if (!usesCapacity(options.type)) return null;
  const limit = memberLimitFor(options.member, options.type, options.settings);
  const used = await countReceivedOpen(tx, {
    scope: options.scope,
    userId: options.recipientId,
    type: options.type,
    isAcceptedOnly: true,
  });
  return hasCapacity({ limit, remaining: remainingCapacity({ limit, used }) })
    ? null
    : connectionLimitError(limit);
}
