import {
  NUDGE_INTERVAL_DAYS,
  type TMatchingPreviewResponse,
  type TMatchingPublishResponse,
  type TNudgeResponse,
  type TPairOverride,
} from '@commons/contract';
import { proposeMatches, type TMatchingResult } from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
import {
  groupFavorites,
  groupMatches,
  groupNudges,
  threadParticipants,
  threads,
  users,
} from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { appendMessage, systemBody } from '../inbox/inbox.commands.js';
import { enqueueTemplatedMail } from '../mail/mail.commands.js';
import { emitInboxEvent } from '../realtime/realtime.inbox.js';
import { requireFavoriting, roleLabels, type TGroupAccess } from './groups.policy.js';
import { presentMemberUser } from './groups.presenter.js';
import {
  findProgramMentor,
  loadMatchingData,
  stalledThreadsForNudge,
  type TMatchingData,
} from './programs.queries.js';

/** Runs the stable matching over the program's round with the admin's overrides; a member is never their own mentor. */
function runMatching(
  data: TMatchingData,
  overrides: { forcedPairs: TPairOverride[]; forbiddenPairs: TPairOverride[] },
): TMatchingResult {
  const mentorIds = new Set(data.mentors.map((m) => m.userId));
  const selfPairs = data.mentees
    .filter((m) => mentorIds.has(m.userId))
    .map((m) => ({ menteeId: m.userId, mentorId: m.userId }));
  return proposeMatches({
    questions: data.questions,
    mentees: data.mentees,
    mentors: data.mentors,
    forcedPairs: overrides.forcedPairs,
    forbiddenPairs: [...overrides.forbiddenPairs, ...selfPairs],
    favorites: data.favorites,
  });
}

/** Proposed matches with scores and reasons (issue #6 preview: no writes). */
export async function previewMatching(
  ctx: TRequestContext,
  access: TGroupAccess,
  overrides: { forcedPairs: TPairOverride[]; forbiddenPairs: TPairOverride[] },
): Promise<TMatchingPreviewResponse> {
  const data = await loadMatchingData(ctx.tx, access);
  const result = runMatching(data, overrides);
  const user = (id: string) => {
    const found = data.users.get(id);
    if (!found) throw new Error('matched user missing');
    return presentMemberUser(found);
  };
  return {
    pairs: result.pairs.map((p) => ({
      mentee: user(p.menteeId),
      mentor: user(p.mentorId),
      score: p.score,
      reasons: p.reasons,
      isForced: p.isForced,
      menteeChoice: p.menteeChoice,
    })),
    unmatched: result.unmatched.map((u) => ({ mentee: user(u.menteeId), reason: u.reason })),
    issues: result.issues,
    mentors: data.mentors.map((m) => ({
      user: user(m.userId),
      capacity: Number.isFinite(m.capacity) ? m.capacity : null,
      activeCount: data.activeCounts.get(m.userId) ?? 0,
    })),
    alreadyMatchedCount: data.alreadyMatchedCount,
  };
}

/**
 * Publishes the matching (issue #6): the same deterministic round as the preview, written in the request
 * transaction. Each new pair gets a group_matches row and an accepted long-term mentorship thread of the
 * program from the mentee to the mentor, opened with the admin's system message through the inbox's
 * appendMessage; both members are mailed. Pairs that already exist are skipped, so publishing twice
 * changes nothing.
 */
export async function publishMatching(
  ctx: TRequestContext,
  access: TGroupAccess,
  overrides: { forcedPairs: TPairOverride[]; forbiddenPairs: TPairOverride[]; publicUrl: string },
): Promise<TMatchingPublishResponse> {
  const viewer = ctx.requireViewer();
  const { group } = access;
  const data = await loadMatchingData(ctx.tx, access);
  const result = runMatching(data, overrides);
  const labels = roleLabels(group.settings);
  const created: TMatchingPublishResponse['created'] = [];
  let skippedCount = data.alreadyMatchedCount;
  for (const pair of result.pairs) {
    const [match] = await ctx.tx
      .insert(groupMatches)
      .values({
        clusterId: ctx.clusterId,
        hubId: group.hubId,
        groupId: group.id,
        menteeUserId: pair.menteeId,
        mentorUserId: pair.mentorId,
        score: pair.score,
        reasons: pair.reasons,
        isForced: pair.isForced,
        publishedByUserId: viewer.user.id,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: groupMatches.id });
    if (!match) {
      skippedCount++;
      continue;
    }
    const [thread] = await ctx.tx
      .insert(threads)
      .values({
        clusterId: ctx.clusterId,
        hubId: group.hubId,
        groupId: group.id,
        messageType: 'longTermMentorship',
        fromUserId: pair.menteeId,
        toUserId: pair.mentorId,
        status: 'accepted',
        mentorshipStatus: 'active',
        createdAt: ctx.now,
        lastMessageAt: ctx.now,
        acceptedAt: ctx.now,
      })
      .returning({ id: threads.id });
    if (!thread) throw new Error('thread insert returned no row');
    await ctx.tx.insert(threadParticipants).values([
      {
        clusterId: ctx.clusterId,
        threadId: thread.id,
        userId: pair.menteeId,
        otherUserId: pair.mentorId,
        lastMessageAt: ctx.now,
      },
      {
        clusterId: ctx.clusterId,
        threadId: thread.id,
        userId: pair.mentorId,
        otherUserId: pair.menteeId,
        lastMessageAt: ctx.now,
      },
    ]);
    await emitInboxEvent(ctx.tx, {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      event: { kind: 'thread', change: 'created' },
    });
    const why = pair.reasons.filter((r) => r !== 'Fixed by an admin').join('; ');
    await appendMessage(ctx, {
      threadId: thread.id,
      fromUserId: viewer.user.id,
      body: systemBody(
        `${group.name} matched you as ${labels.mentee} and ${labels.mentor}. Why: ${why}. Say hello!`,
      ),
      type: 'programMatch',
      isSystemMessage: true,
    });
    await ctx.tx.update(groupMatches).set({ threadId: thread.id }).where(eq(groupMatches.id, match.id));
    created.push({ menteeId: pair.menteeId, mentorId: pair.mentorId, threadId: thread.id });
  }
  await mailMatches(ctx, { access, created, publicUrl: overrides.publicUrl });
  await ctx.audit({
    action: 'program.matching.publish',
    targetType: 'group',
    targetId: group.id,
    data: { created: created.length, skipped: skippedCount },
  });
  return { created, skippedCount };
}

/** Tells both members of each new match, with a link to their conversation. */
async function mailMatches(
  ctx: TRequestContext,
  options: { access: TGroupAccess; created: TMatchingPublishResponse['created']; publicUrl: string },
): Promise<void> {
  if (options.created.length === 0) return;
  const ids = [...new Set(options.created.flatMap((c) => [c.menteeId, c.mentorId]))];
  const people = await ctx.tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const name = options.access.group.name;
  for (const c of options.created) {
    const mentee = byId.get(c.menteeId);
    const mentor = byId.get(c.mentorId);
    if (!mentee || !mentor) continue;
    const link = `${options.publicUrl}/inbox`;
    await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
      to: mentee.email,
      template: 'mentorship-matched-mentee',
      values: {
        firstName: mentee.firstName,
        programName: name,
        mentorFirstName: mentor.firstName,
        inboxLink: link,
      },
    });
    await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
      to: mentor.email,
      template: 'mentorship-matched-mentor',
      values: {
        firstName: mentor.firstName,
        programName: name,
        menteeFirstName: mentee.firstName,
        inboxLink: link,
      },
    });
  }
}

/**
 * Favourites or unfavourites a mentor (spec 4 Favoriting window): only mentees in good standing, only
 * mentors of the program, only inside the window; outside it the spec 8 message answers.
 */
export async function setFavorite(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { mentorId: string; isFavorite: boolean },
): Promise<void> {
  requireFavoriting(access);
  const viewer = ctx.requireViewer();
  if (
    options.mentorId === viewer.user.id ||
    !(await findProgramMentor(ctx.tx, { groupId: access.group.id, userId: options.mentorId }))
  )
    throw notFound('Mentor');
  if (options.isFavorite) {
    await ctx.tx
      .insert(groupFavorites)
      .values({
        clusterId: ctx.clusterId,
        hubId: access.group.hubId,
        groupId: access.group.id,
        userId: viewer.user.id,
        mentorUserId: options.mentorId,
        createdAt: ctx.now,
      })
      .onConflictDoNothing();
  } else {
    await ctx.tx
      .delete(groupFavorites)
      .where(
        and(
          eq(groupFavorites.groupId, access.group.id),
          eq(groupFavorites.userId, viewer.user.id),
          eq(groupFavorites.mentorUserId, options.mentorId),
        ),
      );
  }
}

/**
 * Nudges stalled mentorships (issue #6 program health): a queued mail to both members of each stalled
 * mentorship named (all stalled ones when none is named), at most once every NUDGE_INTERVAL_DAYS days per
 * mentorship.
 */
export async function nudgeStalled(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { threadIds: readonly string[]; publicUrl: string },
): Promise<TNudgeResponse> {
  const viewer = ctx.requireViewer();
  const rows = await stalledThreadsForNudge(ctx.tx, {
    groupId: access.group.id,
    now: ctx.now,
    threadIds: options.threadIds,
  });
  const interval = NUDGE_INTERVAL_DAYS * 86_400_000;
  const due = rows.filter(
    (r) => r.lastNudgedAt === null || ctx.now.getTime() - r.lastNudgedAt.getTime() >= interval,
  );
  const ids = [...new Set(due.flatMap((r) => [r.fromUserId, r.toUserId]))];
  const people = ids.length
    ? await ctx.tx
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const name = access.group.name;
  for (const row of due) {
    for (const [me, other] of [
      [row.fromUserId, row.toUserId],
      [row.toUserId, row.fromUserId],
    ] as const) {
      const person = byId.get(me);
      const partner = byId.get(other);
      if (!person || !partner) continue;
      await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
        to: person.email,
        template: 'mentorship-check-in',
        values: {
          firstName: person.firstName,
          programName: name,
          partnerFirstName: partner.firstName,
          inboxLink: `${options.publicUrl}/inbox`,
        },
      });
    }
    await ctx.tx.insert(groupNudges).values({
      clusterId: ctx.clusterId,
      hubId: access.group.hubId,
      groupId: access.group.id,
      threadId: row.id,
      sentByUserId: viewer.user.id,
      createdAt: ctx.now,
    });
  }
  await ctx.audit({
    action: 'program.health.nudge',
    targetType: 'group',
    targetId: access.group.id,
    data: { nudged: due.length },
  });
  return { nudgedCount: due.length, skippedCount: rows.length - due.length };
}
