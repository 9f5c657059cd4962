import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryPreparedRows, queryRows, type TTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-rows.js';
import {
  groupMemberships,
  groups,
  hubMemberships,
  hubSettings,
  messageAttachments,
  messages,
  outreachTemplates,
  threadParticipants,
  threads,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import { searchWords } from '../../db/typo-search.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { mentorshipLengthsOf } from './inbox.mentorship-length.js';
import { hubMessageTypeSettings } from './inbox.policy.js';

export type TThreadRow = typeof threads.$inferSelect;
export type TParticipantRow = typeof threadParticipants.$inferSelect;
/** A message as threads show it: every column but the search vector, which only the message search uses. */
export type TMessageRow = Omit<typeof messages.$inferSelect, 'searchVector'>;
export type TAttachmentRow = typeof messageAttachments.$inferSelect;
/** A message with its attachments. */
export type TMessageWithFiles = { message: TMessageRow; attachments: TAttachmentRow[] };
export type TOtherUser = Pick<
  typeof users.$inferSelect,
  'id' | 'identifier' | 'firstName' | 'lastName' | 'photoUrl' | 'deleteRequestedAt'
>;
/** A thread as one participant sees it. */
export type TThreadListRow = { thread: TThreadRow; participant: TParticipantRow; other: TOtherUser };

/** Request limit statuses: a request still pending, or accepted and not closed (spec 5 Request limit). */
const OPEN_REQUEST = sql`${threads.status} in ('pending', 'accepted') and coalesce(${threads.mentorshipStatus}, '') not in ('mentorClosed', 'menteeClosed', 'autoClosed', 'adminClosed', 'ready', 'cancelled', 'rejected')`;

export const otherUserColumns = {
  id: users.id,
  identifier: users.identifier,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.photoUrl,
  deleteRequestedAt: users.deleteRequestedAt,
};

/** One thread of the hub in which the viewer takes part; null for anyone else (answered as 404). */
export async function findThreadFor(
  tx: TTx,
  options: { threadId: string; viewerId: string; hubId: number },
): Promise<TThreadListRow | null> {
  const [row] = await tx
    .select({ thread: threads, participant: threadParticipants, other: otherUserColumns })
    .from(threadParticipants)
    .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
    .innerJoin(users, eq(users.id, threadParticipants.otherUserId))
    .where(
      and(
        eq(threadParticipants.threadId, options.threadId),
        eq(threadParticipants.userId, options.viewerId),
        eq(threads.hubId, options.hubId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The viewer's threads of the hub with any of these people (of one group when given), newest activity first. */
export async function listThreadsWith(
  tx: TTx,
  options: { viewerId: string; hubId: number; otherUserIds: readonly string[]; groupId: string | null },
): Promise<TThreadListRow[]> {
  if (options.otherUserIds.length === 0) return [];
  return tx
    .select({ thread: threads, participant: threadParticipants, other: otherUserColumns })
    .from(threadParticipants)
    .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
    .innerJoin(users, eq(users.id, threadParticipants.otherUserId))
    .where(
      and(
        eq(threadParticipants.userId, options.viewerId),
        inArray(threadParticipants.otherUserId, [...options.otherUserIds]),
        eq(threads.hubId, options.hubId),
        options.groupId === null ? undefined : eq(threads.groupId, options.groupId),
      ),
    )
    .orderBy(desc(threadParticipants.lastMessageAt), desc(threadParticipants.threadId));
}

/** The viewer's threads of the hub, newest activity first, keyset on (last_message_at, thread_id). */
export async function listThreads(
  tx: TTx,
  options: {
    viewerId: string;
    hubId: number;
    tab: 'inbox' | 'rooms' | 'archived';
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TThreadListRow[]; nextCursor: string | null }> {
  const cursor = decodeCursor(options.cursor);
  const tabCondition: SQL | undefined =
    options.tab === 'archived'
      ? isNotNull(threadParticipants.archivedAt)
      : options.tab === 'rooms'
        ? and(isNull(threadParticipants.archivedAt), isNotNull(threads.groupId))
        : isNull(threadParticipants.archivedAt);
  const rows = await tx
    .select({ thread: threads, participant: threadParticipants, other: otherUserColumns })
    .from(threadParticipants)
    .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
    .innerJoin(users, eq(users.id, threadParticipants.otherUserId))
    .where(
      and(
        eq(threadParticipants.userId, options.viewerId),
        eq(threads.hubId, options.hubId),
        tabCondition,
        keysetAfter(cursor, {
          sortKey: threadParticipants.lastMessageAt,
          id: threadParticipants.threadId,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(threadParticipants.lastMessageAt), desc(threadParticipants.threadId))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({
    at: r.participant.lastMessageAt.toISOString(),
    id: r.thread.id,
  }));
}

/** A message read back from `to_jsonb(m) - 'search_vector'`. */
function messageFromJson(json: Record<string, unknown>): TMessageRow {
  const { searchVector: _searchVector, ...row } = rowFromJson(messages, json);
  return row;
}

/**
 * One page of a thread's messages with their attachments, newest first (keyset on created_at, id), read only
 * when the viewer takes part in the thread of the hub: null for anyone else (answered as 404). One prepared
 * statement (issue #17 item 1): the participant row (as findThreadFor reads it), the page of messages in a
 * lateral join and each message's attachments as a JSON array, oldest first.
 */
export async function listThreadMessages(
  tx: TTx,
  options: { threadId: string; viewerId: string; hubId: number; cursor?: string | undefined; limit: number },
): Promise<{ rows: TMessageWithFiles[]; nextCursor: string | null } | null> {
  const cursor = decodeCursor(options.cursor);
  const rows = await queryPreparedRows<{
    message: Record<string, unknown> | null;
    attachments: Array<Record<string, unknown>> | null;
  }>(
    tx,
    cursor ? 'inbox_thread_messages_after' : 'inbox_thread_messages',
    () => {
      const after = cursor
        ? sql`AND (m.created_at, m.id) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`
        : sql``;
      return sql`SELECT page.message, page.attachments
      FROM ${threadParticipants} tp
      JOIN ${threads} t ON t.id = tp.thread_id
      JOIN ${users} u ON u.id = tp.other_user_id
      LEFT JOIN LATERAL (
        SELECT m.created_at, m.id, to_jsonb(m) - 'search_vector' AS message,
          (SELECT coalesce(jsonb_agg(to_jsonb(a) ORDER BY a.created_at, a.id), '[]'::jsonb)
             FROM ${messageAttachments} a WHERE a.message_id = m.id) AS attachments
        FROM ${messages} m
        WHERE m.thread_id = tp.thread_id ${after}
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${sql.placeholder('limit')}
      ) page ON true
      WHERE tp.thread_id = ${sql.placeholder('threadId')}::uuid AND tp.user_id = ${sql.placeholder('viewerId')}::uuid
        AND t.hub_id = ${sql.placeholder('hubId')}
      ORDER BY page.created_at DESC, page.id DESC`;
    },
    {
      threadId: options.threadId,
      viewerId: options.viewerId,
      hubId: options.hubId,
      limit: options.limit + 1,
      ...(cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {}),
    },
  );
  if (rows.length === 0) return null;
  const items = rows.flatMap((r) =>
    r.message
      ? [
          {
            message: messageFromJson(r.message),
            attachments: (r.attachments ?? []).map((a) => rowFromJson(messageAttachments, a)),
          },
        ]
      : [],
  );
  return keysetPage(items, options.limit, (r) => ({
    at: r.message.createdAt.toISOString(),
    id: r.message.id,
  }));
}

/**
 * Unread threads and messages of the viewer in the hub (archived threads included: a new message unarchives),
 * and unread threads per tab as the thread list shows them (inbox: not archived; rooms: of a group).
 */
export async function unreadCounts(
  tx: TTx,
  options: { viewerId: string; hubId: number },
): Promise<{ unreadThreads: number; unreadMessages: number; tabs: { inbox: number; rooms: number } }> {
  const unread = sql`${threadParticipants.unreadCount} > 0`;
  const [row] = await tx
    .select({
      unreadThreads: sql<number>`count(*) filter (where ${unread})::int`,
      unreadMessages: sql<number>`coalesce(sum(${threadParticipants.unreadCount}), 0)::int`,
      inbox: sql<number>`count(*) filter (where ${unread} and ${threadParticipants.archivedAt} is null)::int`,
      rooms: sql<number>`count(*) filter (where ${unread} and ${threadParticipants.archivedAt} is null and ${threads.groupId} is not null)::int`,
    })
    .from(threadParticipants)
    .innerJoin(threads, eq(threads.id, threadParticipants.threadId))
    .where(and(eq(threadParticipants.userId, options.viewerId), eq(threads.hubId, options.hubId)));
  return {
    unreadThreads: row?.unreadThreads ?? 0,
    unreadMessages: row?.unreadMessages ?? 0,
    tabs: { inbox: row?.inbox ?? 0, rooms: row?.rooms ?? 0 },
  };
}

/**
 * Which threads a limit counts (spec 3 hasIndependentMessagePool), decided by countScope in inbox.limits.ts:
 * a program's own pool (poolGroupId set) or the hub pool, whose programs with an independent pool for the
 * type are left out (hubIndependentDefault is the hub's own hasIndependentMessagePool for the type, which a
 * program's setting overrides).
 */
export type TCountScope = { hubId: number; poolGroupId: string | null; hubIndependentDefault: boolean };

/** The pool condition on threads, through the same SQL function app_inbox_open_connections uses (migrations/0015_inbox-program-pool.sql). */
function inPool(scope: TCountScope): SQL {
  return sql`app_inbox_in_pool(${threads.groupId}, ${threads.messageType}, ${scope.poolGroupId}::text, ${scope.hubIndependentDefault}::boolean)`;
}

/** Requests of one message type the sender has pending or ongoing in the pool (spec 5 Request limit). */
export async function countOpenRequests(
  tx: TTx,
  options: { scope: TCountScope; fromUserId: string; messageType: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(threads)
    .where(
      and(
        eq(threads.hubId, options.scope.hubId),
        eq(threads.fromUserId, options.fromUserId),
        eq(threads.messageType, options.messageType),
        OPEN_REQUEST,
        inPool(options.scope),
      ),
    );
  return row?.n ?? 0;
}

/** A mentee's long-term mentorship requests still pending or active in the pool (spec 3 maxOpenMentorships). */
export async function countOpenMentorshipsAsMentee(
  tx: TTx,
  options: { scope: TCountScope; menteeId: string },
): Promise<number> {
  return countOpenRequests(tx, {
    scope: options.scope,
    fromUserId: options.menteeId,
    messageType: 'longTermMentorship',
  });
}

/** The attachments of the given messages, oldest first. */
export async function attachmentsOf(tx: TTx, messageIds: readonly string[]): Promise<TAttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return tx
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, [...messageIds]))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

/** Messages joined with their attachments, keeping the messages' order. */
export async function withAttachments(tx: TTx, rows: TMessageRow[]): Promise<TMessageWithFiles[]> {
  const files = await attachmentsOf(
    tx,
    rows.map((m) => m.id),
  );
  return rows.map((message) => ({ message, attachments: files.filter((f) => f.messageId === message.id) }));
}

/** An attachment the viewer may download: sent in one of their threads, or their own upload. */
export async function findAttachmentFor(
  tx: TTx,
  options: { attachmentId: string; viewerId: string },
): Promise<TAttachmentRow | null> {
  const [row] = await tx
    .select({ file: messageAttachments })
    .from(messageAttachments)
    .innerJoin(threads, eq(threads.id, messageAttachments.threadId))
    .where(
      and(
        eq(messageAttachments.id, options.attachmentId),
        sql`(${threads.fromUserId} = ${options.viewerId} or ${threads.toUserId} = ${options.viewerId})`,
        sql`(${messageAttachments.messageId} is not null or ${messageAttachments.userId} = ${options.viewerId})`,
      ),
    )
    .limit(1);
  return row?.file ?? null;
}

/** Admin outreach templates of the hub (every pair, or one pair), in order. */
export async function listOutreachTemplates(
  tx: TTx,
  options: {
    hubId: number;
    /** The organisation whose sets to read; omitted or null reads the hub's own (organisation rows ignored). */
    organizationId?: string | null;
    senderUserTypeId?: string;
    recipientUserTypeId?: string;
  },
): Promise<Array<typeof outreachTemplates.$inferSelect>> {
  return tx
    .select()
    .from(outreachTemplates)
    .where(
      and(
        eq(outreachTemplates.hubId, options.hubId),
        options.organizationId
          ? eq(outreachTemplates.organizationId, options.organizationId)
          : isNull(outreachTemplates.organizationId),
        options.senderUserTypeId
          ? eq(outreachTemplates.senderUserTypeId, options.senderUserTypeId)
          : undefined,
        options.recipientUserTypeId
          ? eq(outreachTemplates.recipientUserTypeId, options.recipientUserTypeId)
          : undefined,
      ),
    )
    .orderBy(
      asc(outreachTemplates.senderUserTypeId),
      asc(outreachTemplates.recipientUserTypeId),
      asc(outreachTemplates.position),
    );
}

/** A template the composer may offer, with the name of the organisation it belongs to (null: the hub's). */
export type TComposeTemplateRow = typeof outreachTemplates.$inferSelect & { organizationName: string | null };

/**
 * The templates of one sender/recipient user type pair the composer offers, in one query (spec 6 Organisation
 * admins: templates): those of each organisation of the hub that sender and recipient are both approved members of
 * (while the hub has organizations on), by organisation name, then the hub's own; each in its order.
 */
export async function listComposeOutreachTemplates(
  tx: TTx,
  options: {
    hubId: number;
    senderUserTypeId: string;
    recipientUserTypeId: string;
    senderId: string;
    recipientId: string;
  },
): Promise<TComposeTemplateRow[]> {
  const isApprovedMember = (userId: string) =>
    sql`EXISTS (SELECT 1 FROM ${groupMemberships} WHERE ${groupMemberships.groupId} = ${outreachTemplates.organizationId}
      AND ${groupMemberships.userId} = ${userId} AND ${groupMemberships.approved} IS TRUE)`;
  const isOrganizationsOn = sql`EXISTS (SELECT 1 FROM ${hubSettings} WHERE ${hubSettings.hubId} = ${options.hubId}
    AND (${hubSettings.settings} -> 'enabledModules') @> '["organizations"]'::jsonb)`;
  const rows = await tx
    .select({ template: outreachTemplates, organizationName: groups.name })
    .from(outreachTemplates)
    .leftJoin(
      groups,
      and(
        eq(groups.id, outreachTemplates.organizationId),
        eq(groups.hubId, options.hubId),
        eq(groups.groupType, 'organization'),
      ),
    )
    .where(
      and(
        eq(outreachTemplates.hubId, options.hubId),
        eq(outreachTemplates.senderUserTypeId, options.senderUserTypeId),
        eq(outreachTemplates.recipientUserTypeId, options.recipientUserTypeId),
        sql`(${outreachTemplates.organizationId} IS NULL OR (${groups.id} IS NOT NULL AND ${isOrganizationsOn}
          AND ${isApprovedMember(options.senderId)} AND ${isApprovedMember(options.recipientId)}))`,
      ),
    )
    .orderBy(
      sql`${outreachTemplates.organizationId} IS NULL`,
      asc(groups.sortName),
      asc(outreachTemplates.organizationId),
      asc(outreachTemplates.position),
    );
  return rows.map((row) => ({ ...row.template, organizationName: row.organizationName }));
}

/** Full-text search in the viewer's messages of the hub: every word as a prefix, newest first. */
export async function searchMessages(
  tx: TTx,
  options: { viewerId: string; hubId: number; q: string; cursor?: string | undefined; limit: number },
): Promise<{ rows: Array<{ message: TMessageRow; other: TOtherUser }>; nextCursor: string | null }> {
  const terms = searchWords(options.q);
  if (terms.length === 0) return { rows: [], nextCursor: null };
  const cursor = decodeCursor(options.cursor);
  const query = terms.map((t) => `${t}:*`).join(' & ');
  const rows = await tx
    .select({ message: messages, other: otherUserColumns })
    .from(messages)
    .innerJoin(
      threadParticipants,
      and(
        eq(threadParticipants.threadId, messages.threadId),
        eq(threadParticipants.userId, options.viewerId),
      ),
    )
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .innerJoin(users, eq(users.id, threadParticipants.otherUserId))
    .where(
      and(
        eq(threads.hubId, options.hubId),
        sql`${messages.searchVector} @@ to_tsquery('simple', ${query})`,
        keysetAfter(cursor, {
          sortKey: messages.createdAt,
          id: messages.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({
    at: r.message.createdAt.toISOString(),
    id: r.message.id,
  }));
}

const mentee = alias(users, 'mentee');
const mentor = alias(users, 'mentor');
const personColumns = (u: typeof mentee | typeof mentor) => ({
  id: u.id,
  identifier: u.identifier,
  firstName: u.firstName,
  lastName: u.lastName,
  photoUrl: u.photoUrl,
  deleteRequestedAt: u.deleteRequestedAt,
});

const CLOSED_MENTORSHIP_STATUSES = ['mentorClosed', 'menteeClosed', 'autoClosed', 'adminClosed'];

/** The hub's long-term mentorships in one state (or the one of a thread id, in any state), newest first (keyset on created_at, id). */
export async function listMentorships(
  tx: TTx,
  options: {
    hubId: number;
    status: 'pending' | 'active' | 'closed';
    cursor?: string | undefined;
    limit: number;
    threadId?: string;
  },
) {
  const state: SQL =
    options.status === 'closed'
      ? inArray(threads.mentorshipStatus, CLOSED_MENTORSHIP_STATUSES)
      : eq(threads.mentorshipStatus, options.status);
  const rows = await tx
    .select({
      thread: threads,
      mentee: personColumns(mentee),
      mentor: personColumns(mentor),
      // The mentee's user type in the hub decides the mentorship's length.
      menteeUserTypeId: hubMemberships.userTypeId,
    })
    .from(threads)
    .innerJoin(mentee, eq(mentee.id, threads.fromUserId))
    .innerJoin(mentor, eq(mentor.id, threads.toUserId))
    .leftJoin(
      hubMemberships,
      and(eq(hubMemberships.hubId, threads.hubId), eq(hubMemberships.userId, threads.fromUserId)),
    )
    .where(
      and(
        eq(threads.hubId, options.hubId),
        eq(threads.messageType, 'longTermMentorship'),
        options.threadId ? eq(threads.id, options.threadId) : state,
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: threads.createdAt,
          id: threads.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (row) => ({
    at: row.thread.createdAt.toISOString(),
    id: row.thread.id,
  }));
}

export type TMentorshipRow = Awaited<ReturnType<typeof listMentorships>>['rows'][number];

/** One long-term mentorship of the hub in any state, or null (a thread id overrides the state filter). */
export async function findMentorship(
  tx: TTx,
  options: { hubId: number; threadId: string },
): Promise<TMentorshipRow | null> {
  return (
    (
      await listMentorships(tx, {
        hubId: options.hubId,
        status: 'active',
        limit: 1,
        threadId: options.threadId,
      })
    ).rows[0] ?? null
  );
}

/** How long the hub's long-term mentorships last, by the mentee's user type (inbox.mentorship-length). */
export async function mentorshipLengthsOfHub(tx: TTx, hubId: number) {
  const types = await tx
    .select({ id: userTypes.id, messageTypeSettings: userTypes.messageTypeSettings })
    .from(userTypes)
    .where(eq(userTypes.hubId, hubId));
  return mentorshipLengthsOf(hubMessageTypeSettings(await getHubSettings(tx, hubId)), types);
}

/** Which of the given user type ids belong to the hub. */
export async function hubUserTypeIds(
  tx: TTx,
  options: { hubId: number; ids: readonly string[] },
): Promise<Set<string>> {
  const known = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, options.hubId), inArray(userTypes.id, [...options.ids])));
  return new Set(known.map((k) => k.id));
}

/** The recipient's usual response time in the hub, in hours (null when unknown). */
export async function recipientResponseHours(
  tx: TTx,
  options: { hubId: number; userId: string },
): Promise<number | null> {
  const [hours] = await queryRows<{ h: number | null }>(
    tx,
    sql`SELECT app_inbox_response_hours(${options.hubId}, ${options.userId}::uuid) AS h`,
  );
  return hours?.h === null || hours?.h === undefined ? null : Number(hours.h);
}
