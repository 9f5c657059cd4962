import type { TAnswer, TComment, TPostAbilities, TQuestionDetail, TQuestionSummary } from '@commons/contract';
import { excerpt, presentAuthor } from '../content/content.presenter.js';
import type { TAuthorRow } from '../content/content.queries.js';
import type { TAnswerRow, TCommentRow, TQuestionRow } from './discussions.queries.js';

/** A question in a list, with the viewer's vote, follow and abilities. */
export function presentQuestionSummary(options: {
  question: TQuestionRow;
  author: TAuthorRow;
  hasUpvoted: boolean;
  isFollowing: boolean;
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
    hasUpvoted: options.hasUpvoted,
    isFollowing: options.isFollowing,
    author: presentAuthor(options.author),
    createdAt: question.createdAt.toISOString(),
    lastActivityAt: question.lastActivityAt.toISOString(),
    can: options.can,
  };
}

/** An answer with the viewer's vote and abilities. */
export function presentAnswer(options: { answer: TAnswerRow; author: TAuthorRow; hasUpvoted: boolean; can: TPostAbilities }): TAnswer {
  const { answer } = options;
  return {
    id: answer.id,
    body: answer.body,
    author: presentAuthor(options.author),
    upvoteCount: answer.upvoteCount,
    hasUpvoted: options.hasUpvoted,
    isPinned: answer.pinnedAt !== null,
    createdAt: answer.createdAt.toISOString(),
    updatedAt: answer.updatedAt.toISOString(),
    can: options.can,
  };
}

/** A comment with the viewer's vote and abilities. */
export function presentComment(options: { comment: TCommentRow; author: TAuthorRow; hasUpvoted: boolean; can: TPostAbilities }): TComment {
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

/** The full question page. */
export function presentQuestionDetail(summary: TQuestionSummary, options: { body: string; answers: TAnswer[]; comments: TComment[] }): TQuestionDetail {
  return { ...summary, body: options.body, answers: options.answers, comments: options.comments };
}
