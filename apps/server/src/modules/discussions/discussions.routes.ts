import {
  DISCUSSION_PATHS,
  ZAnswerResponse,
  ZCommentResponse,
  ZCreateAnswerRequest,
  ZCreateCommentRequest,
  ZCreateQuestionRequest,
  ZDiscussionSettings,
  ZErrorBody,
  ZFollowRequest,
  ZFollowResponse,
  ZIdParams,
  ZPinRequest,
  ZPinResponse,
  ZPostParams,
  ZQuestionDecisionRequest,
  ZQuestionListQuery,
  ZQuestionListResponse,
  ZQuestionResponse,
  ZTopicsResponse,
  ZUpdatePostRequest,
  ZVoteRequest,
  ZVoteResponse,
} from '@commons/contract';
import { postQuestionTitle } from '@commons/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { createAnswer, createComment, createQuestion, decideQuestion, deletePost, discussionSettings, follow, pinPost, requirePost, requireReadableQuestion, updatePost, votePost } from './discussions.commands.js';
import { presentAnswer, presentComment, presentQuestionDetail, presentQuestionSummary } from './discussions.presenter.js';
import { findQuestion, followedIds, listAnswers, listComments, listPendingQuestions, listPinnedQuestions, listQuestions, listTopics, upvotedIds, type TQuestionRow } from './discussions.queries.js';
import { mapInSeries } from '../../db/in-series.js';
import type { TAuthorRow } from '../content/content.queries.js';
import { abilitiesFor, accessibleGroupIds, canSeeGroup, requireHubReader } from '../content/content.policy.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** Questions as list items with the viewer's votes, follows and abilities. */
async function presentSummaries(ctx: TRequestContext, rows: Array<{ question: TQuestionRow; author: TAuthorRow }>) {
  const userId = ctx.requireViewer().user.id;
  const ids = rows.map((r) => r.question.id);
  const voted = await upvotedIds(ctx.tx, { userId, kind: 'question', targetIds: ids });
  const followed = await followedIds(ctx.tx, { userId, questionIds: ids });
  return mapInSeries(rows, async (r) =>
    presentQuestionSummary({
      question: r.question,
      author: r.author,
      hasUpvoted: voted.has(r.question.id),
      isFollowing: followed.has(r.question.id),
      can: await abilitiesFor(ctx, { authorId: r.question.authorId, groupId: r.question.groupId }),
    }),
  );
}

/** The full question page for the viewer. */
async function presentQuestionPage(ctx: TRequestContext, questionId: string) {
  const question = await requireReadableQuestion(ctx, questionId);
  const row = await findQuestion(ctx.tx, { hubId: question.hubId, id: question.id });
  if (!row) throw new Error('question vanished');
  const userId = ctx.requireViewer().user.id;
  const [summary] = await presentSummaries(ctx, [row]);
  if (!summary) throw new Error('question summary missing');
  const answerRows = await listAnswers(ctx.tx, question.id);
  const commentRows = await listComments(ctx.tx, question.id);
  const answerIds = new Set(answerRows.map((a) => a.answer.id));
  const visibleComments = commentRows.filter((c) => c.comment.answerId === null || answerIds.has(c.comment.answerId));
  const votedAnswers = await upvotedIds(ctx.tx, { userId, kind: 'answer', targetIds: [...answerIds] });
  const votedComments = await upvotedIds(ctx.tx, { userId, kind: 'comment', targetIds: visibleComments.map((c) => c.comment.id) });
  return {
    question: presentQuestionDetail(summary, {
      body: question.body,
      answers: await mapInSeries(answerRows, async (a) =>
        presentAnswer({ ...a, hasUpvoted: votedAnswers.has(a.answer.id), can: await abilitiesFor(ctx, { authorId: a.answer.authorId, groupId: question.groupId }) }),
      ),
      comments: await mapInSeries(visibleComments, async (c) =>
        presentComment({ ...c, hasUpvoted: votedComments.has(c.comment.id), can: await abilitiesFor(ctx, { authorId: c.comment.authorId, groupId: question.groupId }) }),
      ),
    }),
  };
}

/** Discussions (issue #7 item 1): questions, answers, nested comments, votes, follows, pins, approval. */
export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DISCUSSION_PATHS.questions,
    {
      schema: {
        tags: ['discussions'],
        summary: 'Questions of the hub or of one group: newest, unanswered, popular or mine; q searches title, body and topics',
        querystring: ZQuestionListQuery,
        response: { 200: ZQuestionListResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        const { filter, q, tag, cursor, limit } = request.query;
        const groupId = request.query.groupId ?? null;
        if (groupId !== null && !(await canSeeGroup(ctx, groupId))) throw forbidden('Only group members can see its discussion.');
        const base = { hubId: ctx.requireHub().id, viewerId: ctx.requireViewer().user.id, groupIds: await accessibleGroupIds(ctx), groupId };
        const withPinned = filter === 'newest' && !cursor && !q && !tag;
        const { rows, nextCursor } = await listQuestions(ctx.tx, { ...base, filter, q, tag, cursor, limit, excludePinned: withPinned });
        const pinned = withPinned ? await listPinnedQuestions(ctx.tx, base) : [];
        return { items: await presentSummaries(ctx, rows), nextCursor, pinned: await presentSummaries(ctx, pinned) };
      }),
  );

  app.post(
    DISCUSSION_PATHS.questions,
    {
      schema: {
        tags: ['discussions'],
        summary: 'Ask a question; it waits for approval when the hub moderates questions',
        body: ZCreateQuestionRequest,
        response: { 201: ZQuestionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const question = await createQuestion(ctx, request.body);
        return presentQuestionPage(ctx, question.id);
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    DISCUSSION_PATHS.question,
    { schema: { tags: ['discussions'], summary: 'A question with its answers and comments', params: ZIdParams, response: { 200: ZQuestionResponse, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        return presentQuestionPage(ctx, request.params.id);
      }),
  );

  app.post(
    DISCUSSION_PATHS.answers,
    { schema: { tags: ['discussions'], summary: 'Answer a question', params: ZIdParams, body: ZCreateAnswerRequest, response: { 201: ZAnswerResponse, ...errors } } },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const answer = await createAnswer(ctx, { questionId: request.params.id, body: request.body.body });
        const author = ctx.requireViewer().user;
        const question = await requireReadableQuestion(ctx, answer.questionId);
        return { answer: presentAnswer({ answer, author, hasUpvoted: false, can: await abilitiesFor(ctx, { authorId: answer.authorId, groupId: question.groupId }) }) };
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    DISCUSSION_PATHS.comments,
    {
      schema: {
        tags: ['discussions'],
        summary: 'Comment on a question or one of its answers, or reply to a comment',
        params: ZIdParams,
        body: ZCreateCommentRequest,
        response: { 201: ZCommentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const comment = await createComment(ctx, { questionId: request.params.id, ...request.body });
        const author = ctx.requireViewer().user;
        const question = await requireReadableQuestion(ctx, comment.questionId);
        return { comment: presentComment({ comment, author, hasUpvoted: false, can: await abilitiesFor(ctx, { authorId: comment.authorId, groupId: question.groupId }) }) };
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    DISCUSSION_PATHS.follow,
    { schema: { tags: ['discussions'], summary: 'Follow or unfollow a question', params: ZIdParams, body: ZFollowRequest, response: { 200: ZFollowResponse, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        const question = await requireReadableQuestion(ctx, request.params.id);
        return follow(ctx, { question, isFollowing: request.body.isFollowing });
      }),
  );

  app.post(
    DISCUSSION_PATHS.decision,
    {
      schema: {
        tags: ['discussions'],
        summary: 'Approve or reject a waiting question (hub admins with approve-questions)',
        params: ZIdParams,
        body: ZQuestionDecisionRequest,
        response: { 200: ZQuestionResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const question = await decideQuestion(ctx, { id: request.params.id, decision: request.body.decision });
        return presentQuestionPage(ctx, question.id);
      }),
  );

  app.get(
    DISCUSSION_PATHS.approvals,
    {
      schema: {
        tags: ['discussions'],
        summary: 'Questions waiting for approval (hub admins with approve-questions)',
        response: { 200: z.object({ items: ZQuestionListResponse.shape.items }), ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        ctx.requireRight('approve-questions');
        return { items: await presentSummaries(ctx, await listPendingQuestions(ctx.tx, ctx.requireHub().id)) };
      }),
  );

  app.get(
    DISCUSSION_PATHS.topics,
    {
      schema: {
        tags: ['discussions'],
        summary: 'Topics (tags) of the hub’s or a group’s questions, most used first',
        querystring: z.object({ groupId: z.string().uuid().optional() }),
        response: { 200: ZTopicsResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        const groupId = request.query.groupId ?? null;
        if (groupId !== null && !(await canSeeGroup(ctx, groupId))) throw forbidden('Only group members can see its discussion.');
        return { items: await listTopics(ctx.tx, { hubId: ctx.requireHub().id, groupId }) };
      }),
  );

  app.get(
    DISCUSSION_PATHS.settings,
    { schema: { tags: ['discussions'], summary: 'The post-question title and approval settings of the hub', response: { 200: ZDiscussionSettings, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        const settings = await discussionSettings(ctx, ctx.requireHub().id);
        return { postQuestionTitle: postQuestionTitle({ isV2: settings.isV2 }), isApprovalRequired: settings.isApprovalRequired, canApprove: ctx.hasRight('approve-questions') };
      }),
  );

  app.patch(
    DISCUSSION_PATHS.post,
    { schema: { tags: ['discussions'], summary: 'Edit a question, answer or comment (spec 6 Posts)', params: ZPostParams, body: ZUpdatePostRequest, response: { 200: ZQuestionResponse, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        await updatePost(ctx, { ...request.params, request: request.body });
        const post = await findQuestionOfPost(ctx, request.params);
        return presentQuestionPage(ctx, post);
      }),
  );

  app.delete(
    DISCUSSION_PATHS.post,
    { schema: { tags: ['discussions'], summary: 'Delete a question, answer or comment (spec 6 Posts)', params: ZPostParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        await deletePost(ctx, request.params);
        return { ok: true as const };
      }),
  );

  app.post(
    DISCUSSION_PATHS.pin,
    { schema: { tags: ['discussions'], summary: 'Pin or unpin a question or answer (spec 6 Posts)', params: ZPostParams, body: ZPinRequest, response: { 200: ZPinResponse, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        return pinPost(ctx, { ...request.params, isPinned: request.body.isPinned });
      }),
  );

  app.post(
    DISCUSSION_PATHS.vote,
    { schema: { tags: ['discussions'], summary: 'Upvote a question, answer or comment, or take the vote back', params: ZPostParams, body: ZVoteRequest, response: { 200: ZVoteResponse, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        return votePost(ctx, { ...request.params, isUpvoted: request.body.isUpvoted });
      }),
  );
};

/** The question a post belongs to (after an edit the page is shown again). */
async function findQuestionOfPost(ctx: TRequestContext, params: { kind: 'question' | 'answer' | 'comment'; id: string }): Promise<string> {
  const post = await requirePost(ctx, params);
  return post.question.id;
}
