import type {
  TAnswer,
  TComment,
  TPostAbilities,
  TQuestionAbilities,
  TQuestionDetail,
  TQuestionSummary,
} from '@commons/contract';
import { acceptedAnswerFirst } from '@commons/domain';
import { mapInSeries } from '../../db/in-series.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { excerpt, presentAuthor } from '../content/content.presenter.js';
import { abilitiesFor } from '../content/content.policy.js';
import { mayAcceptAnswer, requireReadableQuestion } from './discussions.policy.js';
import type { TAuthorRow } from '../content/content.queries.js';
import {
  findQuestion,
  followedIds,
  listAnswers,
  listComments,
  upvotedIds,
  visibleAnswerIds,
  type TAnswerRow,
  type TCommentRow,
  type TQuestionListColumns,
  type TQuestionListRow,
  type TQuestionViewerState,
} from './discussions.queries.js';

/**
 * A question in a list, with the viewer's vote, follow and abilities. `isAcceptedAnswerVisible` says
 * whether its accepted answer is still shown (not hidden by moderation).
 */
export function presentQuestionSummary(options: {
  question: TQuestionListColumns;
  author: TAuthorRow;
  hasUpvoted: boolean;
  isFollowing: boolean;
  isAcceptedAnswerVisible: boolean;
  can: TPostAbilities;
}): TQuestionSummary {
  const { question } = options;
  return {
    id: question.id,
    slug: question.slug,
    title: question.title,
    excerpt: excerpt(question.bodyText),
    tags: question.tags,
    status: question.status,
    groupId: question.groupId,
    isPinned: question.pinnedAt !== null,
    upvoteCount: question.upvoteCount,
    answerCount: question.answerCount,
    followerCount: question.followerCount,
    acceptedAnswerId: options.isAcceptedAnswerVisible ? question.acceptedAnswerId : null,
    hasUpvoted: options.hasUpvoted,
    isFollowing: options.isFollowing,
    author: presentAuthor(options.author),
    createdAt: question.createdAt.toISOString(),
    lastActivityAt: question.lastActivityAt.toISOString(),
    can: options.can,
  };
}

/** An answer with the viewer's vote and abilities, and whether the asker accepted it. */
export function presentAnswer(options: {
  answer: TAnswerRow;
  author: TAuthorRow;
  hasUpvoted: boolean;
  isAccepted: boolean;
  can: TPostAbilities;
}): TAnswer {
  const { answer } = options;
  return {
    id: answer.id,
    body: answer.body,
    author: presentAuthor(options.author),
    upvoteCount: answer.upvoteCount,
    hasUpvoted: options.hasUpvoted,
    isPinned: answer.pinnedAt !== null,
    isAccepted: options.isAccepted,
    createdAt: answer.createdAt.toISOString(),
    updatedAt: answer.updatedAt.toISOString(),
    can: options.can,
  };
}

/** A comment with the viewer's vote and abilities. */
export function presentComment(options: {
  comment: TCommentRow;
  author: TAuthorRow;
  hasUpvoted: boolean;
  can: TPostAbilities;
}): TComment {
  const { comment } = options;
  return {
    id: comment.id,
    answerId: comment.answerId,
    parentId: comment.parentId,
    body: comment.body,
    author: presentAuthor(options.author),
    upvoteCount: comment.upvoteCount,
    hasUpvoted: options.hasUpvoted,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    can: options.can,
  };
}

/** The full question page: the accepted answer first (issue #16 item 18). */
export function presentQuestionDetail(
  summary: TQuestionSummary,
  options: { body: string; answers: TAnswer[]; comments: TComment[]; can: TQuestionAbilities },
): TQuestionDetail {
  return {
    ...summary,
    can: options.can,
    body: options.body,
    answers: acceptedAnswerFirst(options.answers, summary.acceptedAnswerId),
    comments: options.comments,
  };
}

/**
 * The viewer's state of each row: as the list read it, or (rows of a single question, the approvals list)
 * loaded here with one query each for votes, follows and visible accepted answers.
 */
async function viewerStates(
  ctx: TRequestContext,
  rows: readonly TQuestionListRow[],
): Promise<TQuestionViewerState[]> {
  const read = rows.flatMap((r) => (r.viewerState ? [r.viewerState] : []));
  if (read.length === rows.length) return read;
  const userId = ctx.requireViewer().user.id;
  const ids = rows.map((r) => r.question.id);
  const voted = await upvotedIds(ctx.tx, { userId, kind: 'question', targetIds: ids });
  const followed = await followedIds(ctx.tx, { userId, questionIds: ids });
  const shownAccepted = await visibleAnswerIds(
    ctx.tx,
    rows.flatMap((r) => (r.question.acceptedAnswerId === null ? [] : [r.question.acceptedAnswerId])),
  );
  return rows.map((r) => ({
    hasUpvoted: voted.has(r.question.id),
    isFollowing: followed.has(r.question.id),
    isAcceptedAnswerVisible:
      r.question.acceptedAnswerId !== null && shownAccepted.has(r.question.acceptedAnswerId),
  }));
}

/** Questions as list items with the viewer's votes, follows and abilities. */
export async function presentSummaries(ctx: TRequestContext, rows: TQuestionListRow[]) {
  ctx.requireViewer();
  const states = await viewerStates(ctx, rows);
  return mapInSeries(rows, async (r, i) => {
    const state = states[i];
    if (!state) throw new Error('question viewer state missing');
    return presentQuestionSummary({
      question: r.question,
      author: r.author,
      ...state,
      can: await abilitiesFor(ctx, { authorId: r.question.authorId, groupId: r.question.groupId }),
    });
  });
}

/** The full question page for the viewer. */
export async function presentQuestionPage(ctx: TRequestContext, questionId: string) {
  const question = await requireReadableQuestion(ctx, questionId);
  const row = await findQuestion(ctx.tx, { hubId: question.hubId, id: question.id });
  if (!row) throw new Error('question vanished');
  const userId = ctx.requireViewer().user.id;
  const [summary] = await presentSummaries(ctx, [row]);
  if (!summary) throw new Error('question summary missing');
  const answerRows = await listAnswers(ctx.tx, question.id);
  const commentRows = await listComments(ctx.tx, question.id);
  const answerIds = new Set(answerRows.map((a) => a.answer.id));
  const visibleComments = commentRows.filter(
    (c) => c.comment.answerId === null || answerIds.has(c.comment.answerId),
  );
  const votedAnswers = await upvotedIds(ctx.tx, { userId, kind: 'answer', targetIds: [...answerIds] });
  const votedComments = await upvotedIds(ctx.tx, {
    userId,
    kind: 'comment',
    targetIds: visibleComments.map((c) => c.comment.id),
  });
  return {
    question: presentQuestionDetail(summary, {
      body: question.body,
      can: { ...summary.can, acceptAnswer: await mayAcceptAnswer(ctx, question) },
      answers: await mapInSeries(answerRows, async (a) =>
        presentAnswer({
          ...a,
          hasUpvoted: votedAnswers.has(a.answer.id),
          isAccepted: a.answer.id === summary.acceptedAnswerId,
          can: await abilitiesFor(ctx, { authorId: a.answer.authorId, groupId: question.groupId }),
        }),
      ),
      comments: await mapInSeries(visibleComments, async (c) =>
        presentComment({
          ...c,
          hasUpvoted: votedComments.has(c.comment.id),
          can: await abilitiesFor(ctx, { authorId: c.comment.authorId, groupId: question.groupId }),
        }),
      ),
    }),
  };
}
