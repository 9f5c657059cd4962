import { DISCUSSION_ENDPOINTS } from '@commons/contract';
import { postQuestionTitle } from '@commons/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantRoute } from '../../plugins/route.js';
import { abilitiesFor, requireHubReader } from '../content/content.policy.js';
import {
  acceptAnswer,
  createAnswer,
  createComment,
  createQuestion,
  decideQuestion,
  deletePost,
  discussionSettings,
  follow,
  pinPost,
  requirePost,
  updatePost,
  votePost,
} from './discussions.commands.js';
import { requireReadableQuestion, requireVisibleGroup } from './discussions.policy.js';
import {
  presentAnswer,
  presentComment,
  presentQuestionPage,
  presentSummaries,
} from './discussions.presenter.js';
import { listPendingQuestions, listTopics, readQuestionList } from './discussions.queries.js';

/** Discussions (issue #7 item 1): questions, answers, nested comments, votes, follows, pins, approval. */
export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  tenantRoute(app, DISCUSSION_ENDPOINTS.listQuestions, async (ctx, { query }) => {
    const { rows, nextCursor, pinned } = await readQuestionList(ctx, query);
    return {
      items: await presentSummaries(ctx, rows),
      nextCursor,
      pinned: await presentSummaries(ctx, pinned),
    };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.createQuestion, async (ctx, { body }) => {
    const question = await createQuestion(ctx, body);
    return presentQuestionPage(ctx, question.id);
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.getQuestion, async (ctx, { params }) => {
    requireHubReader(ctx);
    return presentQuestionPage(ctx, params.id);
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.createAnswer, async (ctx, { params, body }) => {
    const answer = await createAnswer(ctx, { questionId: params.id, body: body.body });
    const question = await requireReadableQuestion(ctx, answer.questionId);
    const can = await abilitiesFor(ctx, { authorId: answer.authorId, groupId: question.groupId });
    return {
      answer: presentAnswer({
        answer,
        author: ctx.requireViewer().user,
        hasUpvoted: false,
        isAccepted: false,
        can,
      }),
    };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.createComment, async (ctx, { params, body }) => {
    const comment = await createComment(ctx, { questionId: params.id, ...body });
    const question = await requireReadableQuestion(ctx, comment.questionId);
    const can = await abilitiesFor(ctx, { authorId: comment.authorId, groupId: question.groupId });
    return { comment: presentComment({ comment, author: ctx.requireViewer().user, hasUpvoted: false, can }) };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.follow, async (ctx, { params, body }) => {
    requireHubReader(ctx);
    const question = await requireReadableQuestion(ctx, params.id);
    return follow(ctx, { question, isFollowing: body.isFollowing });
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.acceptAnswer, async (ctx, { params, body }) => {
    requireHubReader(ctx);
    const question = await acceptAnswer(ctx, { questionId: params.id, answerId: body.answerId });
    return presentQuestionPage(ctx, question.id);
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.decide, async (ctx, { params, body }) => {
    const question = await decideQuestion(ctx, { id: params.id, decision: body.decision });
    return presentQuestionPage(ctx, question.id);
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.approvals, async (ctx) => {
    ctx.requireRight('approve-questions');
    return { items: await presentSummaries(ctx, await listPendingQuestions(ctx.tx, ctx.requireHub().id)) };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.topics, async (ctx, { query }) => {
    const groupId = query.groupId ?? null;
    await requireVisibleGroup(ctx, groupId);
    return { items: await listTopics(ctx.tx, { hubId: ctx.requireHub().id, groupId }) };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.settings, async (ctx) => {
    requireHubReader(ctx);
    const settings = await discussionSettings(ctx, ctx.requireHub().id);
    return {
      postQuestionTitle: postQuestionTitle({ isV2: settings.isV2 }),
      isApprovalRequired: settings.isApprovalRequired,
      canApprove: ctx.hasRight('approve-questions'),
    };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.updatePost, async (ctx, { params, body }) => {
    requireHubReader(ctx);
    await updatePost(ctx, { ...params, request: body });
    // After an edit the question page the post belongs to is shown again.
    const post = await requirePost(ctx, params);
    return presentQuestionPage(ctx, post.question.id);
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.deletePost, async (ctx, { params }) => {
    requireHubReader(ctx);
    await deletePost(ctx, params);
    return { ok: true as const };
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.pin, async (ctx, { params, body }) => {
    requireHubReader(ctx);
    return pinPost(ctx, { ...params, isPinned: body.isPinned });
  });

  tenantRoute(app, DISCUSSION_ENDPOINTS.vote, async (ctx, { params, body }) => {
    requireHubReader(ctx);
    return votePost(ctx, { ...params, isUpvoted: body.isUpvoted });
  });
};
