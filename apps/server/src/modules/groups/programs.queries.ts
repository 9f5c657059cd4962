import { STALLED_DAYS, type TProgramAnswerValue } from '@commons/contract';
import {
  mentorCapacity,
  resolveMessageTypeSettings,
  type TMatchingMentor,
  type TMatchingPerson,
  type TMatchingQuestion,
} from '@commons/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZProgramMentorsQuery } from '@commons/contract';
import type { TTx } from '../../db/client.js';
import {
  groupFavorites,
  groupMatches,
  groupMemberships,
  groupNudges,
  hubMemberships,
  threads,
  users,
} from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TGroupAccess } from './groups.policy.js';
import {
  containsPattern,
  listQuestions,
  memberUserColumns,
  type TMemberRow,
  type TQuestionRow,
} from './groups.queries.js';

export type TMemberUser = TMemberRow['user'];

/** Approved, registered members whose account is not being deleted (spec 4 good standing, group side). */
const inGoodStanding = sql`${groupMemberships.approved} = true AND ${groupMemberships.completedRegistrationDate} IS NOT NULL AND ${users.deleteRequestedAt} IS NULL`;
const isMentorRole = sql`${groupMemberships.role} IN ('mentor', 'both')`;
const isMenteeRole = sql`${groupMemberships.role} IN ('mentee', 'both')`;

/** The name of a question as matching explains it: the shared text, else the mentee's, else the mentor's. */
export function questionLabel(q: Pick<TQuestionRow, 'texts'>): string {
  return q.texts.both?.name ?? q.texts.mentee?.name ?? q.texts.mentor?.name ?? 'a question';
}

/** Everything a matching round needs, loaded in the request transaction. */
export type TMatchingData = {
  questions: TMatchingQuestion[];
  mentees: TMatchingPerson[];
  mentors: TMatchingMentor[];
  favorites: Array<{ menteeId: string; mentorId: string }>;
  users: Map<string, TMemberUser>;
  activeCounts: Map<string, number>;
  alreadyMatchedCount: number;
};

/**
 * Loads a program's matching round: its weighted questions, mentees in good standing who have no match
 * yet, mentors in good standing with their room (the effective limit of their own mentorship limit and the
 * program's maxMentorshipLimit and maxOpenMentorships, minus the matches they already have), and favourites.
 */
export async function loadMatchingData(tx: TTx, access: TGroupAccess): Promise<TMatchingData> {
  const groupId = access.group.id;
  const questions = await listQuestions(tx, groupId);
  const members = await tx
    .select({
      membership: groupMemberships,
      user: memberUserColumns,
      mentorshipLimit: users.mentorshipLimit,
      maxMentorship: hubMemberships.maxMentorship,
    })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .leftJoin(
      hubMemberships,
      and(
        eq(hubMemberships.userId, groupMemberships.userId),
        eq(hubMemberships.hubId, groupMemberships.hubId),
      ),
    )
    .where(
      and(eq(groupMemberships.groupId, groupId), inGoodStanding, sql`${groupMemberships.role} IS NOT NULL`),
    );
  const matches = await tx
    .select({ menteeId: groupMatches.menteeUserId, mentorId: groupMatches.mentorUserId })
    .from(groupMatches)
    .where(eq(groupMatches.groupId, groupId));
  const favorites = await tx
    .select({ menteeId: groupFavorites.userId, mentorId: groupFavorites.mentorUserId })
    .from(groupFavorites)
    .where(eq(groupFavorites.groupId, groupId));
  const settings = resolveMessageTypeSettings(access.group.settings.messageTypes).longTermMentorship;
  const matchedMentees = new Set(matches.map((m) => m.menteeId));
  const activeCounts = new Map<string, number>();
  for (const m of matches) activeCounts.set(m.mentorId, (activeCounts.get(m.mentorId) ?? 0) + 1);
  const mentees: TMatchingPerson[] = [];
  const mentors: TMatchingMentor[] = [];
  const userMap = new Map<string, TMemberUser>();
  for (const row of members) {
    userMap.set(row.user.id, row.user);
    const answers = row.membership.answers;
    const role = row.membership.role;
    if ((role === 'mentee' || role === 'both') && !matchedMentees.has(row.user.id))
      mentees.push({ userId: row.user.id, answers });
    if (role === 'mentor' || role === 'both') {
      const capacity = mentorCapacity({
        memberLimit: row.maxMentorship ?? row.mentorshipLimit,
        maxMentorshipLimit: settings.maxMentorshipLimit,
        maxOpenMentorships: settings.maxOpenMentorships,
        activeCount: activeCounts.get(row.user.id) ?? 0,
      });
      mentors.push({ userId: row.user.id, answers, capacity });
    }
  }
  return {
    questions: questions.map((q) => ({
      id: q.id,
      label: questionLabel(q),
      weight: q.matchingWeight,
      isFreeText: q.questionType === 'text',
    })),
    mentees,
    mentors,
    favorites,
    users: userMap,
    activeCounts,
    alreadyMatchedCount: matchedMentees.size,
  };
}

/** The viewer's matches in a program, as mentee or mentor. */
export async function listMyMatches(tx: TTx, options: { groupId: string; userId: string }) {
  const rows = await tx
    .select({ match: groupMatches })
    .from(groupMatches)
    .where(
      and(
        eq(groupMatches.groupId, options.groupId),
        sql`(${groupMatches.menteeUserId} = ${options.userId} OR ${groupMatches.mentorUserId} = ${options.userId})`,
      ),
    )
    .orderBy(asc(groupMatches.createdAt), asc(groupMatches.id));
  const otherIds = rows.map((r) =>
    r.match.menteeUserId === options.userId ? r.match.mentorUserId : r.match.menteeUserId,
  );
  const others = otherIds.length
    ? await tx.select(memberUserColumns).from(users).where(inArray(users.id, otherIds))
    : [];
  const byId = new Map(others.map((u) => [u.id, u]));
  return rows.flatMap(({ match }) => {
    const isMentee = match.menteeUserId === options.userId;
    const other = byId.get(isMentee ? match.mentorUserId : match.menteeUserId);
    return other ? [{ match, role: isMentee ? ('mentee' as const) : ('mentor' as const), other }] : [];
  });
}

/**
 * One page of a program's mentors (mentor or both, in good standing), searched by name and filtered by
 * their answers: each wanted value must be the answer or one of the answers (jsonb containment), keyset
 * pages on name and id. The viewer's favourites are marked; favoritesOnly keeps only those.
 */
export async function listProgramMentors(
  tx: TTx,
  options: { groupId: string; viewerId: string; query: z.output<typeof ZProgramMentorsQuery> },
): Promise<{
  rows: Array<{ membership: typeof groupMemberships.$inferSelect; user: TMemberUser; isFavorite: boolean }>;
  nextCursor: string | null;
}> {
  const { query } = options;
  const sortKey = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;
  const isFavorite = sql<boolean>`exists (select 1 from group_favorites f where f.group_id = ${options.groupId}::uuid and f.user_id = ${options.viewerId}::uuid and f.mentor_user_id = "users"."id")`;
  const conditions: SQL[] = [
    eq(groupMemberships.groupId, options.groupId),
    inGoodStanding,
    isMentorRole,
    sql`${users.id} <> ${options.viewerId}::uuid`,
  ];
  for (const [questionId, value] of Object.entries(query.answers)) {
    conditions.push(sql`(${groupMemberships.answers} -> ${questionId}) @> ${JSON.stringify(value)}::jsonb`);
  }
  const term = query.q?.trim();
  if (term) conditions.push(sql`${sortKey} LIKE ${containsPattern(term)}`);
  if (query.favoritesOnly) conditions.push(isFavorite);
  const after = keysetAfter(decodeCursor(query.cursor, 'text'), {
    sortKey,
    id: users.id,
    kind: 'text',
    direction: 'asc',
  });
  const rows = await tx
    .select({ membership: groupMemberships, user: memberUserColumns, isFavorite, sortKey })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(and(...conditions, after))
    .orderBy(asc(sortKey), asc(users.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (r) => ({ at: r.sortKey, id: r.user.id }));
  return {
    rows: page.rows.map((r) => ({ membership: r.membership, user: r.user, isFavorite: r.isFavorite })),
    nextCursor: page.nextCursor,
  };
}

/** A mentor of the program in good standing, or null. */
export async function findProgramMentor(
  tx: TTx,
  options: { groupId: string; userId: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: groupMemberships.id })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(
      and(
        eq(groupMemberships.groupId, options.groupId),
        eq(groupMemberships.userId, options.userId),
        inGoodStanding,
        isMentorRole,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The mentor answers a mentee may filter on: list and yes/no questions asked of mentors. */
export function publicMentorAnswers(
  questions: readonly TQuestionRow[],
  answers: Record<string, TProgramAnswerValue>,
): Record<string, TProgramAnswerValue> {
  const shown: Record<string, TProgramAnswerValue> = {};
  for (const q of questions) {
    if (q.audience === 'mentee' || (q.questionType !== 'list' && q.questionType !== 'switch')) continue;
    const value = answers[q.id];
    if (value !== undefined) shown[q.id] = value;
  }
  return shown;
}

/** Long-term mentorships of the program that are accepted and open. */
const isActiveMentorship = sql`${threads.messageType} = 'longTermMentorship' AND ${threads.status} = 'accepted' AND coalesce(${threads.mentorshipStatus}, 'active') = 'active'`;

/** A stalled mentorship: active, and no message for STALLED_DAYS days. */
function stalledCondition(now: Date): SQL {
  const since = new Date(now.getTime() - STALLED_DAYS * 86_400_000);
  return sql`${isActiveMentorship} AND ${threads.lastMessageAt} < ${since.toISOString()}::timestamptz`;
}

/**
 * Program health (issue #6): matches, active mentorships, open requests, mentors and mentees, and the
 * stalled mentorships with the last nudge. Admins read the program's threads through the program-admin
 * policies of migrations/0012_groups-matching.sql, never their messages.
 */
export async function programHealth(tx: TTx, options: { groupId: string; now: Date }) {
  const groupThread = eq(threads.groupId, options.groupId);
  const [counts] = await tx
    .select({
      active: sql<number>`count(*) filter (where ${isActiveMentorship})::int`,
      open: sql<number>`count(*) filter (where ${threads.status} = 'pending')::int`,
    })
    .from(threads)
    .where(groupThread);
  const [matchCounts] = await tx
    .select({
      matches: sql<number>`count(*)::int`,
      mentees: sql<number>`count(distinct ${groupMatches.menteeUserId})::int`,
    })
    .from(groupMatches)
    .where(eq(groupMatches.groupId, options.groupId));
  const [people] = await tx
    .select({
      mentors: sql<number>`count(*) filter (where ${isMentorRole})::int`,
      mentees: sql<number>`count(*) filter (where ${isMenteeRole})::int`,
      unmatched: sql<number>`count(*) filter (where ${isMenteeRole} and not exists (select 1 from group_matches gm where gm.group_id = ${options.groupId}::uuid and gm.mentee_user_id = "group_memberships"."user_id"))::int`,
    })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(and(eq(groupMemberships.groupId, options.groupId), inGoodStanding));
  const stalledRows = await tx
    .select({
      id: threads.id,
      fromUserId: threads.fromUserId,
      toUserId: threads.toUserId,
      lastMessageAt: threads.lastMessageAt,
      lastNudgedAt: sql<
        string | null
      >`(select max(n.created_at) from group_nudges n where n.thread_id = "threads"."id")`,
    })
    .from(threads)
    .where(and(groupThread, stalledCondition(options.now)))
    .orderBy(asc(threads.lastMessageAt), asc(threads.id))
    .limit(200);
  const ids = [...new Set(stalledRows.flatMap((r) => [r.fromUserId, r.toUserId]))];
  const people_ = ids.length
    ? await tx.select(memberUserColumns).from(users).where(inArray(users.id, ids))
    : [];
  const byId = new Map(people_.map((u) => [u.id, u]));
  const [stalledCount] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(threads)
    .where(and(groupThread, stalledCondition(options.now)));
  return {
    matchCount: matchCounts?.matches ?? 0,
    activeMentorshipCount: counts?.active ?? 0,
    openRequestCount: counts?.open ?? 0,
    stalledCount: stalledCount?.n ?? 0,
    mentorCount: people?.mentors ?? 0,
    menteeCount: people?.mentees ?? 0,
    unmatchedMenteeCount: people?.unmatched ?? 0,
    stalled: stalledRows.flatMap((r) => {
      const mentee = byId.get(r.fromUserId);
      const mentor = byId.get(r.toUserId);
      return mentee && mentor
        ? [
            {
              threadId: r.id,
              mentee,
              mentor,
              lastMessageAt: r.lastMessageAt,
              lastNudgedAt: r.lastNudgedAt ? new Date(r.lastNudgedAt) : null,
            },
          ]
        : [];
    }),
  };
}

/** Stalled mentorships of the program among the given threads (all when empty), with their participants' mail. */
export async function stalledThreadsForNudge(
  tx: TTx,
  options: { groupId: string; now: Date; threadIds: readonly string[] },
) {
  const conditions: SQL[] = [eq(threads.groupId, options.groupId), stalledCondition(options.now)];
  if (options.threadIds.length > 0) conditions.push(inArray(threads.id, [...options.threadIds]));
  const rows = await tx
    .select({ id: threads.id, fromUserId: threads.fromUserId, toUserId: threads.toUserId })
    .from(threads)
    .where(and(...conditions))
    .limit(500);
  const nudged = rows.length
    ? await tx
        .select({ threadId: groupNudges.threadId, at: sql<string>`max(${groupNudges.createdAt})` })
        .from(groupNudges)
        .where(
          and(
            eq(groupNudges.groupId, options.groupId),
            inArray(
              groupNudges.threadId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .groupBy(groupNudges.threadId)
    : [];
  const lastNudge = new Map(nudged.map((n) => [n.threadId, new Date(n.at)]));
  return rows.map((r) => ({ ...r, lastNudgedAt: lastNudge.get(r.id) ?? null }));
}
