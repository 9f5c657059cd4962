import {
  ZDiscussionModuleSettings,
  type TCreateQuestionRequest,
  type TPostKind,
  type TUpdatePostRequest,
  webPaths,
} from '@commons/contract';
import { acceptAnswerDenial, canAcceptAnswer } from '@commons/domain';
import { and, eq, sql } from 'drizzle-orm';
import { answers, comments, postVotes, questionFollows, questions } from '../../db/schema/index.js';
import { forbidden, notFound, validationError } from '../../lib/app-error.js';
import { extractMentionIdentifiers } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { cleanBody, notifyUsers, slugify } from '../content/content.commands.js';
import { abilitiesFor, requireGroupContent, requireHubContributor } from '../content/content.policy.js';
import { mentionedMemberIds } from '../content/content.queries.js';
import { notifyUsers as notifyUsersOfType } from '../notifications/notifications.commands.js';
import { findQuestion, type TQuestionRow } from './discussions.queries.js';
import { acceptAnswerViewer, requireReadableQuestion } from './discussions.policy.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { awardHubActivityBadges } from '../badges/badges.commands.js';

/** Tags as stored: trimmed, lower-case, without duplicates. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [
    ...new Set(tags.map((t) => t.trim().toLowerCase().replace(/\s+/g, ' ')).filter((t) => t !== '')),
  ].slice(0, 5);
}

/** The hub's discussion settings (hub moduleSettings.discussions). */
export async function discussionSettings(ctx: TRequestContext, hubId: number) {
  const settings = await getHubSettings(ctx.tx, hubId);
  return ZDiscussionModuleSettings.parse(settings.moduleSettings['discussions'] ?? {});
}

/** Mentioned members and followers hear about a new post (issue #7 item 1). */
async function notifyAboutPost(
  ctx: TRequestContext,
  options: {
    question: TQuestionRow;
    html: string;
    kind: 'question' | 'answer' | 'comment';
    targetId: string;
    isFollowersNotified: boolean;
  },
): Promise<void> {
  const hubId = options.question.hubId;
  const actor = ctx.viewer?.user;
  const name = actor ? `${actor.firstName} ${actor.lastName}`.trim() : 'Someone';
  const url = webPaths.discussionQuestion(options.question.id, options.question.slug);
  const mentioned = await mentionedMemberIds(ctx.tx, {
    hubId,
    identifiers: extractMentionIdentifiers(options.html),
  });
  await notifyUsers(ctx, {
    hubId,
    userIds: mentioned,
    kind: 'mention',
    targetType: options.kind,
    targetId: options.targetId,
    title: `${name} mentioned you in “${options.question.title}”`,
    url,
  });
  if (!options.isFollowersNotified) return;
  const followers = await ctx.tx
    .select({ userId: questionFollows.userId })
    .from(questionFollows)
    .where(eq(questionFollows.questionId, options.question.id));
  const mentionedSet = new Set(mentioned);
  await notifyUsers(ctx, {
    hubId,
    userIds: followers.map((f) => f.userId).filter((id) => !mentionedSet.has(id)),
    kind: options.kind === 'answer' ? 'answer' : 'comment',
    targetType: options.kind,
    targetId: options.targetId,
    title:
      options.kind === 'answer'
        ? `${name} answered “${options.question.title}”`
        : `${name} commented on “${options.question.title}”`,
    url,
  });
}

/**
 * Asks a question (issue #7 item 1). When the hub moderates questions it waits for an admin with
 * approve-questions (who posts straight away); the author follows their own question.
 */
export async function createQuestion(
  ctx: TRequestContext,
  request: TCreateQuestionRequest,
): Promise<TQuestionRow> {
  requireHubContributor(ctx);
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  const groupId = request.groupId ?? null;
  if (groupId !== null) await requireGroupContent(ctx, groupId);
  const body = cleanBody(request.body, { isRequired: false });
  const settings = await discussionSettings(ctx, hub.id);
  const status = settings.isApprovalRequired && !ctx.hasRight('approve-questions') ? 'pending' : 'approved';
  const [question] = await ctx.tx
    .insert(questions)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      groupId,
      authorId: viewer.user.id,
      title: request.title.trim(),
      slug: slugify(request.title),
      body: body.html,
      bodyText: body.text,
      tags: normalizeTags(request.tags),
      status,
      followerCount: 1,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      lastActivityAt: ctx.now,
    })
    .returning();
  if (!question) throw new Error('question insert returned no row');
  await ctx.tx.insert(questionFollows).values({
    clusterId: ctx.clusterId,
    hubId: hub.id,
    questionId: question.id,
    userId: viewer.user.id,
    createdAt: ctx.now,
  });
  if (status === 'approved')
    await notifyAboutPost(ctx, {
      question,
      html: body.html,
      kind: 'question',
      targetId: question.id,
      isFollowersNotified: false,
    });
  if (status === 'approved')
    await awardHubActivityBadges(ctx, { userIds: [viewer.user.id], hubId: hub.id, kind: 'questions_asked' });
  return question;
}

/** An admin with approve-questions approves or rejects a waiting question; the author is told. */
export async function decideQuestion(
  ctx: TRequestContext,
  options: { id: string; decision: 'approve' | 'reject' },
): Promise<TQuestionRow> {
  ctx.requireRight('approve-questions');
  const row = await findQuestion(ctx.tx, { hubId: ctx.requireHub().id, id: options.id });
  if (!row) throw notFound('Question');
  if (row.question.status !== 'pending')
    throw validationError({ decision: 'This question was already decided.' });
  const status = options.decision === 'approve' ? 'approved' : 'rejected';
  const [question] = await ctx.tx
    .update(questions)
    .set({
      status,
      decidedByUserId: ctx.requireViewer().user.id,
      updatedAt: ctx.now,
      ...(status === 'approved' ? { createdAt: ctx.now, lastActivityAt: ctx.now } : {}),
    })
    .where(eq(questions.id, row.question.id))
    .returning();
  if (!question) throw notFound('Question');
  await ctx.audit({
    action: `discussions.question_${status}`,
    targetType: 'question',
    targetId: question.id,
  });
  if (question.authorId) {
    await notifyUsers(ctx, {
      hubId: question.hubId,
      userIds: [question.authorId],
      kind: `question_${status}`,
      targetType: 'question',
      targetId: question.id,
      title:
        status === 'approved'
          ? `Your question “${question.title}” was approved`
          : `Your question “${question.title}” was not approved`,
      url: webPaths.discussionQuestion(question.id, question.slug),
    });
  }
  if (status === 'approved')
    await notifyAboutPost(ctx, {
      question,
      html: question.body,
      kind: 'question',
      targetId: question.id,
      isFollowersNotified: false,
    });
  if (status === 'approved')
    await awardHubActivityBadges(ctx, {
      userIds: [question.authorId],
      hubId: question.hubId,
      kind: 'questions_asked',
    });
  return question;
}

/** Answers an approved question; followers and mentioned members are told, and the author follows it. */
export async function createAnswer(ctx: TRequestContext, options: { questionId: string; body: string }) {
  requireHubContributor(ctx);
  const question = await requireReadableQuestion(ctx, options.questionId);
  if (question.status !== 'approved') throw forbidden('This question is waiting for approval.');
  const viewer = ctx.requireViewer();
  const body = cleanBody(options.body, {
    isRequired: true,
    message: 'Please write an answer before posting.',
  });
  const [answer] = await ctx.tx
    .insert(answers)
    .values({
      clusterId: ctx.clusterId,
      hubId: question.hubId,
      questionId: question.id,
      authorId: viewer.user.id,
      body: body.html,
      bodyText: body.text,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!answer) throw new Error('answer insert returned no row');
  await ctx.tx
    .update(questions)
    .set({ answerCount: sql`${questions.answerCount} + 1`, lastActivityAt: ctx.now })
    .where(eq(questions.id, question.id));
  await notifyAboutPost(ctx, {
    question,
    html: body.html,
    kind: 'answer',
    targetId: answer.id,
    isFollowersNotified: true,
  });
  await follow(ctx, { question, isFollowing: true });
  await awardHubActivityBadges(ctx, {
    userIds: [viewer.user.id],
    hubId: question.hubId,
    kind: 'answers_given',
  });
  // Answering the community shares the author's experience (issue #18 item 4).
  await completeViewerActionItem(ctx, 'share_your_experience', { hubIds: [question.hubId] });
  return answer;
}

/** Comments on a question or one of its answers, optionally in reply to another comment of it. */
export async function createComment(
  ctx: TRequestContext,
  options: { questionId: string; body: string; answerId?: string | undefined; parentId?: string | undefined },
) {
  requireHubContributor(ctx);
  const question = await requireReadableQuestion(ctx, options.questionId);
  if (question.status !== 'approved') throw forbidden('This question is waiting for approval.');
  let answerId = options.answerId ?? null;
  if (options.parentId) {
    const [parent] = await ctx.tx
      .select()
      .from(comments)
      .where(and(eq(comments.id, options.parentId), eq(comments.questionId, question.id)))
      .limit(1);
    if (!parent || parent.hiddenAt !== null) throw notFound('Comment');
    answerId = parent.answerId;
  } else if (answerId) {
    const [answer] = await ctx.tx
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.id, answerId), eq(answers.questionId, question.id)))
      .limit(1);
    if (!answer) throw notFound('Answer');
  }
  const body = cleanBody(options.body, {
    isRequired: true,
    message: 'Please write a comment before posting.',
  });
  const [comment] = await ctx.tx
    .insert(comments)
    .values({
      clusterId: ctx.clusterId,
      hubId: question.hubId,
      questionId: question.id,
      answerId,
      parentId: options.parentId ?? null,
      authorId: ctx.requireViewer().user.id,
      body: body.html,
      bodyText: body.text,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!comment) throw new Error('comment insert returned no row');
  await ctx.tx.update(questions).set({ lastActivityAt: ctx.now }).where(eq(questions.id, question.id));
  await notifyAboutPost(ctx, {
    question,
    html: body.html,
    kind: 'comment',
    targetId: comment.id,
    isFollowersNotified: true,
  });
  return comment;
}

/** Follows or unfollows a question; the follower count follows. */
export async function follow(
  ctx: TRequestContext,
  options: { question: TQuestionRow; isFollowing: boolean },
): Promise<{ followerCount: number; isFollowing: boolean }> {
  const userId = ctx.requireViewer().user.id;
  const changed = options.isFollowing
    ? await ctx.tx
        .insert(questionFollows)
        .values({
          clusterId: ctx.clusterId,
          hubId: options.question.hubId,
          questionId: options.question.id,
          userId,
          createdAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: questionFollows.questionId })
    : await ctx.tx
        .delete(questionFollows)
        .where(and(eq(questionFollows.questionId, options.question.id), eq(questionFollows.userId, userId)))
        .returning({ id: questionFollows.questionId });
  const delta = changed.length === 0 ? 0 : options.isFollowing ? 1 : -1;
  const [row] = await ctx.tx
    .update(questions)
    .set({ followerCount: sql`greatest(0, ${questions.followerCount} + ${delta})` })
    .where(eq(questions.id, options.question.id))
    .returning({ followerCount: questions.followerCount });
  return { followerCount: row?.followerCount ?? 0, isFollowing: options.isFollowing };
}

const TABLES = { question: questions, answer: answers, comment: comments } as const;

/** A question, answer or comment of the hub with the question it belongs to, readable by the viewer. */
export async function requirePost(ctx: TRequestContext, options: { kind: TPostKind; id: string }) {
  const hubId = ctx.requireHub().id;
  if (options.kind === 'question') {
    const question = await requireReadableQuestion(ctx, options.id);
    return {
      kind: options.kind,
      id: question.id,
      authorId: question.authorId,
      question,
      pinnedAt: question.pinnedAt,
    };
  }
  const table = options.kind === 'answer' ? answers : comments;
  const [row] = await ctx.tx
    .select({
      id: table.id,
      authorId: table.authorId,
      questionId: table.questionId,
      hiddenAt: table.hiddenAt,
      pinnedAt: options.kind === 'answer' ? answers.pinnedAt : sql<Date | null>`null`,
    })
    .from(table)
    .where(and(eq(table.id, options.id), eq(table.hubId, hubId)))
    .limit(1);
  if (!row || row.hiddenAt !== null) throw notFound('Post');
  const question = await requireReadableQuestion(ctx, row.questionId);
  return { kind: options.kind, id: row.id, authorId: row.authorId, question, pinnedAt: row.pinnedAt };
}

/** Edits a post: its author, or an admin of spec 6 Posts. */
export async function updatePost(
  ctx: TRequestContext,
  options: { kind: TPostKind; id: string; request: TUpdatePostRequest },
): Promise<void> {
  const post = await requirePost(ctx, options);
  if (!(await abilitiesFor(ctx, { authorId: post.authorId, groupId: post.question.groupId })).edit)
    throw forbidden();
  const { request } = options;
  const body =
    request.body === undefined ? null : cleanBody(request.body, { isRequired: options.kind !== 'question' });
  if (options.kind === 'question') {
    await ctx.tx
      .update(questions)
      .set({
        ...(request.title ? { title: request.title.trim(), slug: slugify(request.title) } : {}),
        ...(body ? { body: body.html, bodyText: body.text } : {}),
        ...(request.tags ? { tags: normalizeTags(request.tags) } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(questions.id, post.id));
  } else if (body) {
    const table = TABLES[options.kind];
    await ctx.tx
      .update(table)
      .set({ body: body.html, bodyText: body.text, updatedAt: ctx.now })
      .where(eq(table.id, post.id));
  }
  if (post.authorId !== ctx.requireViewer().user.id)
    await ctx.audit({
      action: `discussions.${options.kind}_edit`,
      targetType: options.kind,
      targetId: post.id,
    });
}

/** Deletes a post (and what hangs off it): its author, or an admin of spec 6 Posts. */
export async function deletePost(
  ctx: TRequestContext,
  options: { kind: TPostKind; id: string },
): Promise<void> {
  const post = await requirePost(ctx, options);
  if (!(await abilitiesFor(ctx, { authorId: post.authorId, groupId: post.question.groupId })).delete)
    throw forbidden();
  await removePost(ctx, { kind: options.kind, id: post.id, questionId: post.question.id });
  await ctx.audit({
    action: `discussions.${options.kind}_delete`,
    targetType: options.kind,
    targetId: post.id,
    data: { byAuthor: post.authorId === ctx.requireViewer().user.id },
  });
}

/** Removes a post's rows and keeps the question's counters right (also used by moderation). */
export async function removePost(
  ctx: TRequestContext,
  options: { kind: TPostKind; id: string; questionId: string },
): Promise<void> {
  if (options.kind === 'question') {
    await ctx.tx.delete(questions).where(eq(questions.id, options.id));
  } else if (options.kind === 'answer') {
    await ctx.tx.delete(answers).where(eq(answers.id, options.id));
    await ctx.tx
      .update(questions)
      .set({ answerCount: sql`greatest(0, ${questions.answerCount} - 1)` })
      .where(eq(questions.id, options.questionId));
  } else {
    // Replies go with the comment they answer.
    await ctx.tx.execute(
      sql`with recursive tree(id) as (select ${options.id}::uuid union all select c.id from comments c join tree on c.parent_id = tree.id) delete from comments where id in (select id from tree)`,
    );
  }
  await ctx.tx
    .delete(postVotes)
    .where(and(eq(postVotes.targetKind, options.kind), eq(postVotes.targetId, options.id)));
}

/** Pins or unpins a question or answer (spec 6 Posts: signed-in hub, cluster, super or group admin). */
export async function pinPost(
  ctx: TRequestContext,
  options: { kind: TPostKind; id: string; isPinned: boolean },
): Promise<{ isPinned: boolean }> {
  if (options.kind === 'comment')
    throw validationError({ kind: 'Only questions and answers can be pinned.' });
  const post = await requirePost(ctx, options);
  if (!(await abilitiesFor(ctx, { authorId: post.authorId, groupId: post.question.groupId })).pin)
    throw forbidden();
  const table = options.kind === 'question' ? questions : answers;
  await ctx.tx
    .update(table)
    .set({ pinnedAt: options.isPinned ? ctx.now : null })
    .where(eq(table.id, post.id));
  await ctx.audit({
    action: `discussions.${options.kind}_${options.isPinned ? 'pin' : 'unpin'}`,
    targetType: options.kind,
    targetId: post.id,
  });
  return { isPinned: options.isPinned };
}

/** Upvotes or takes back an upvote; one vote per member and post, never one's own post. */
export async function votePost(
  ctx: TRequestContext,
  options: { kind: TPostKind; id: string; isUpvoted: boolean },
): Promise<{ upvoteCount: number; hasUpvoted: boolean }> {
  requireHubContributor(ctx);
  const post = await requirePost(ctx, options);
  const userId = ctx.requireViewer().user.id;
  if (post.authorId === userId) throw validationError({ vote: 'You cannot upvote your own post.' });
  const changed = options.isUpvoted
    ? await ctx.tx
        .insert(postVotes)
        .values({
          clusterId: ctx.clusterId,
          hubId: post.question.hubId,
          userId,
          targetKind: options.kind,
          targetId: post.id,
          createdAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: postVotes.targetId })
    : await ctx.tx
        .delete(postVotes)
        .where(
          and(
            eq(postVotes.targetKind, options.kind),
            eq(postVotes.targetId, post.id),
            eq(postVotes.userId, userId),
          ),
        )
        .returning({ id: postVotes.targetId });
  const delta = changed.length === 0 ? 0 : options.isUpvoted ? 1 : -1;
  const table = TABLES[options.kind];
  const [row] = await ctx.tx
    .update(table)
    .set({ upvoteCount: sql`greatest(0, ${table.upvoteCount} + ${delta})` })
    .where(eq(table.id, post.id))
    .returning({ upvoteCount: table.upvoteCount });
  return { upvoteCount: row?.upvoteCount ?? 0, hasUpvoted: options.isUpvoted };
}

/**
 * Accepts one answer of a question, moves the acceptance to another answer, or takes it back (`answerId`
 * null) (issue #16 item 18). The question's author or a moderator of the discussion (403 for anyone
 * else); the answer must be a visible answer of this question (404 when there is no such answer in the
 * hub, 400 when it answers another question). The answer's author hears about it, once.
 */
export async function acceptAnswer(
  ctx: TRequestContext,
  options: { questionId: string; answerId: string | null },
): Promise<TQuestionRow> {
  const question = await requireReadableQuestion(ctx, options.questionId);
  const who = await acceptAnswerViewer(ctx, question);
  if (!canAcceptAnswer(who))
    throw forbidden('Only the person who asked or a moderator can accept an answer.');
  const viewerId = ctx.requireViewer().user.id;
  const isByAuthor = question.authorId === viewerId;
  const previousId = question.acceptedAnswerId;
  if (options.answerId === null) {
    if (previousId === null) return question;
    await ctx.tx.update(questions).set({ acceptedAnswerId: null }).where(eq(questions.id, question.id));
    if (!isByAuthor)
      await ctx.audit({ action: 'discussions.answer_unaccept', targetType: 'answer', targetId: previousId });
    return { ...question, acceptedAnswerId: null };
  }
  const [answer] = await ctx.tx
    .select({
      id: answers.id,
      questionId: answers.questionId,
      authorId: answers.authorId,
      hiddenAt: answers.hiddenAt,
    })
    .from(answers)
    .where(and(eq(answers.id, options.answerId), eq(answers.hubId, question.hubId)))
    .limit(1);
  if (!answer || answer.hiddenAt !== null) throw notFound('Answer');
  const denial = acceptAnswerDenial({
    ...who,
    questionStatus: question.status,
    questionId: question.id,
    answerQuestionId: answer.questionId,
  });
  if (denial === 'otherQuestion')
    throw validationError({ answerId: 'Only an answer to this question can be accepted.' });
  if (denial !== null) throw forbidden('This question is waiting for approval.');
  if (previousId === answer.id) return question;
  await ctx.tx.update(questions).set({ acceptedAnswerId: answer.id }).where(eq(questions.id, question.id));
  if (!isByAuthor)
    await ctx.audit({ action: 'discussions.answer_accept', targetType: 'answer', targetId: answer.id });
  if (answer.authorId !== null) {
    const actor = ctx.requireViewer().user;
    const name = `${actor.firstName} ${actor.lastName}`.trim();
    await notifyUsersOfType(ctx.tx, {
      clusterId: ctx.clusterId,
      now: ctx.now,
      actorUserId: viewerId,
      userIds: [answer.authorId],
      hubId: question.hubId,
      type: 'discussion.answer-accepted',
      title: `${name} accepted your answer to “${question.title}”`,
      url: webPaths.discussionQuestion(question.id, question.slug),
      payload: { targetType: 'answer', targetId: answer.id },
    });
  }
  return { ...question, acceptedAnswerId: answer.id };
}
