import { z } from 'zod';
import { defineEndpoint, type TEndpointAuth, type TEndpointHub, type TErrorStatus } from './endpoint.js';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { ZOkResponse } from './auth.js';
import { ZRichTextInput } from './rich-text.js';

/** Discussion routes (issue #7 item 1). `:kind` is question, answer or comment. */
export const DISCUSSION_PATHS = {
  questions: '/api/discussions/questions',
  question: '/api/discussions/questions/:id',
  answers: '/api/discussions/questions/:id/answers',
  comments: '/api/discussions/questions/:id/comments',
  follow: '/api/discussions/questions/:id/follow',
  acceptedAnswer: '/api/discussions/questions/:id/accepted-answer',
  decision: '/api/discussions/questions/:id/decision',
  approvals: '/api/discussions/approvals',
  topics: '/api/discussions/topics',
  settings: '/api/discussions/settings',
  post: '/api/discussions/:kind/:id',
  pin: '/api/discussions/:kind/:id/pin',
  vote: '/api/discussions/:kind/:id/vote',
} as const;

export const POST_KINDS = ['question', 'answer', 'comment'] as const;
export const ZPostKind = z.enum(POST_KINDS);
export type TPostKind = z.infer<typeof ZPostKind>;

/** Filters of the question list (issue #7 item 1). */
export const QUESTION_FILTERS = ['newest', 'unanswered', 'popular', 'mine'] as const;
export const ZQuestionFilter = z.enum(QUESTION_FILTERS);
export type TQuestionFilter = z.infer<typeof ZQuestionFilter>;

/** Who wrote a post; null once the account is gone. */
export const ZPostAuthor = z.object({
  id: ZId,
  identifier: z.string(),
  fullname: z.string(),
  photoUrl: z.string().nullable(),
});
export type TPostAuthor = z.infer<typeof ZPostAuthor>;

/** What the viewer may do with a post (spec 6 Posts), computed by the server. */
export const ZPostAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  pin: z.boolean(),
  report: z.boolean(),
});
export type TPostAbilities = z.infer<typeof ZPostAbilities>;

export const ZQuestionStatus = z.enum(['pending', 'approved', 'rejected']);

export const ZQuestionSummary = z.object({
  id: ZId,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  status: ZQuestionStatus,
  groupId: ZId.nullable(),
  isPinned: z.boolean(),
  upvoteCount: z.number().int(),
  answerCount: z.number().int(),
  followerCount: z.number().int(),
  /** The answer the asker or a moderator accepted; null while the question is not answered. */
  acceptedAnswerId: ZId.nullable(),
  hasUpvoted: z.boolean(),
  isFollowing: z.boolean(),
  author: ZPostAuthor.nullable(),
  createdAt: ZIsoDateTime,
  lastActivityAt: ZIsoDateTime,
  can: ZPostAbilities,
});
export type TQuestionSummary = z.infer<typeof ZQuestionSummary>;

export const ZComment = z.object({
  id: ZId,
  answerId: ZId.nullable(),
  parentId: ZId.nullable(),
  body: z.string(),
  author: ZPostAuthor.nullable(),
  upvoteCount: z.number().int(),
  hasUpvoted: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  can: ZPostAbilities,
});
export type TComment = z.infer<typeof ZComment>;

export const ZAnswer = z.object({
  id: ZId,
  body: z.string(),
  author: ZPostAuthor.nullable(),
  upvoteCount: z.number().int(),
  hasUpvoted: z.boolean(),
  isPinned: z.boolean(),
  /** The question's accepted answer (listed first). */
  isAccepted: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  can: ZPostAbilities,
});
export type TAnswer = z.infer<typeof ZAnswer>;

/** What the viewer may do with a question on its page: the post abilities, and accepting an answer. */
export const ZQuestionAbilities = ZPostAbilities.extend({
  /** Accept, move or take back the accepted answer: the asker, or a moderator of the discussion. */
  acceptAnswer: z.boolean(),
});
export type TQuestionAbilities = z.infer<typeof ZQuestionAbilities>;

export const ZQuestionDetail = ZQuestionSummary.extend({
  can: ZQuestionAbilities,
  body: z.string(),
  /** The accepted answer first, then pinned, most upvoted, oldest. */
  answers: z.array(ZAnswer),
  /** Comments of the question and its answers, oldest first; parentId nests replies. */
  comments: z.array(ZComment),
});
export type TQuestionDetail = z.infer<typeof ZQuestionDetail>;
export const ZQuestionResponse = z.object({ question: ZQuestionDetail });
export type TQuestionResponse = z.infer<typeof ZQuestionResponse>;

export const ZQuestionListQuery = ZPageQuery.extend({
  filter: ZQuestionFilter.default('newest'),
  q: z.string().max(200).optional(),
  tag: z.string().max(60).optional(),
  groupId: ZUuid.optional(),
});
export type TQuestionListQuery = z.infer<typeof ZQuestionListQuery>;
export const ZQuestionListResponse = zPage(ZQuestionSummary).extend({
  /** Pinned questions, on the first page of the newest list only. */
  pinned: z.array(ZQuestionSummary),
});
export type TQuestionListResponse = z.infer<typeof ZQuestionListResponse>;

const ZTags = z.array(singleLineText().min(1).max(40)).max(5);

export const ZCreateQuestionRequest = z.object({
  title: singleLineText().min(5, 'Please write a question of at least 5 characters.').max(200),
  body: ZRichTextInput.default(''),
  tags: ZTags.default([]),
  groupId: ZUuid.optional(),
});
export type TCreateQuestionRequest = z.infer<typeof ZCreateQuestionRequest>;

export const ZUpdatePostRequest = z.object({
  title: singleLineText().min(5).max(200).optional(),
  body: ZRichTextInput.optional(),
  tags: ZTags.optional(),
});
export type TUpdatePostRequest = z.infer<typeof ZUpdatePostRequest>;

export const ZCreateAnswerRequest = z.object({ body: ZRichTextInput });
export const ZAnswerResponse = z.object({ answer: ZAnswer });
export const ZCreateCommentRequest = z.object({
  body: ZRichTextInput,
  answerId: ZUuid.optional(),
  parentId: ZUuid.optional(),
});
export const ZCommentResponse = z.object({ comment: ZComment });

export const ZIdParams = z.object({ id: z.string().uuid() });
export const ZPostParams = z.object({ kind: ZPostKind, id: z.string().uuid() });
export const ZPinRequest = z.object({ isPinned: z.boolean().default(true) });
export const ZVoteRequest = z.object({ isUpvoted: z.boolean().default(true) });
export const ZFollowRequest = z.object({ isFollowing: z.boolean().default(true) });
export const ZVoteResponse = z.object({ upvoteCount: z.number().int(), hasUpvoted: z.boolean() });
export const ZFollowResponse = z.object({ followerCount: z.number().int(), isFollowing: z.boolean() });
export const ZPinResponse = z.object({ isPinned: z.boolean() });
/** Accepts one answer of the question (replacing any accepted before), or takes the acceptance back (null). */
export const ZAcceptAnswerRequest = z.object({ answerId: ZUuid.nullable() });
export type TAcceptAnswerRequest = z.infer<typeof ZAcceptAnswerRequest>;
export const ZQuestionDecisionRequest = z.object({ decision: z.enum(['approve', 'reject']) });

/** The hub's discussion settings as the pages need them (spec 9 Default names). */
export const ZDiscussionSettings = z.object({
  /** 'Ask Anything', or 'Ask Your Community' in v2. */
  postQuestionTitle: z.string(),
  isApprovalRequired: z.boolean(),
  canApprove: z.boolean(),
});
export type TDiscussionSettings = z.infer<typeof ZDiscussionSettings>;

/** Hub module settings of discussions (hub settings moduleSettings.discussions). */
export const ZDiscussionModuleSettings = z
  .object({ isApprovalRequired: z.boolean().default(false), isV2: z.boolean().default(false) })
  .catch({ isApprovalRequired: false, isV2: false });

export const ZTopic = z.object({ tag: z.string(), count: z.number().int() });
export const ZTopicsResponse = z.object({ items: z.array(ZTopic) });

/** Query of the topics list: one group's topics, or the hub's. */
export const ZTopicsQuery = z.object({ groupId: z.string().uuid().optional() });
export const ZPendingQuestionsResponse = z.object({ items: ZQuestionListResponse.shape.items });

/** What every discussion endpoint shares: a signed-in member of the request's hub. */
const MEMBER = {
  tag: 'discussions',
  errors: [400, 401, 403, 404] as readonly TErrorStatus[],
  auth: 'required' as TEndpointAuth,
  hub: 'required' as TEndpointHub,
} as const;

/** Discussions (issue #7 item 1): questions, answers, nested comments, votes, follows, pins, approval. */
export const DISCUSSION_ENDPOINTS = {
  listQuestions: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: DISCUSSION_PATHS.questions,
    operationId: 'listQuestions',
    summary:
      'Questions of the hub or of one group: newest, unanswered, popular or mine; q searches title, body and topics',
    query: ZQuestionListQuery,
    response: ZQuestionListResponse,
  }),
  createQuestion: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.questions,
    operationId: 'createQuestion',
    summary: 'Ask a question; it waits for approval when the hub moderates questions',
    body: ZCreateQuestionRequest,
    response: ZQuestionResponse,
    status: 201,
  }),
  getQuestion: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: DISCUSSION_PATHS.question,
    operationId: 'getQuestion',
    summary: 'A question with its answers and comments',
    params: ZIdParams,
    response: ZQuestionResponse,
  }),
  createAnswer: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.answers,
    operationId: 'createAnswer',
    summary: 'Answer a question',
    params: ZIdParams,
    body: ZCreateAnswerRequest,
    response: ZAnswerResponse,
    status: 201,
  }),
  createComment: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.comments,
    operationId: 'createComment',
    summary: 'Comment on a question or one of its answers, or reply to a comment',
    params: ZIdParams,
    body: ZCreateCommentRequest,
    response: ZCommentResponse,
    status: 201,
  }),
  follow: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.follow,
    operationId: 'followQuestion',
    summary: 'Follow or unfollow a question',
    params: ZIdParams,
    body: ZFollowRequest,
    response: ZFollowResponse,
  }),
  acceptAnswer: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: DISCUSSION_PATHS.acceptedAnswer,
    operationId: 'acceptDiscussionAnswer',
    summary: 'Accept an answer of the question, move the acceptance to another, or take it back',
    description:
      'The question’s author, or a moderator of the discussion (super, cluster or hub admin, or an admin of the question’s group who is not view-only). Only an answer of this question can be accepted (400 otherwise); its author is notified. Answers with the question page.',
    params: ZIdParams,
    body: ZAcceptAnswerRequest,
    response: ZQuestionResponse,
  }),
  decide: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.decision,
    operationId: 'decideQuestion',
    summary: 'Approve or reject a waiting question (hub admins with approve-questions)',
    params: ZIdParams,
    body: ZQuestionDecisionRequest,
    response: ZQuestionResponse,
  }),
  approvals: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: DISCUSSION_PATHS.approvals,
    operationId: 'listQuestionApprovals',
    summary: 'Questions waiting for approval (hub admins with approve-questions)',
    response: ZPendingQuestionsResponse,
  }),
  topics: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: DISCUSSION_PATHS.topics,
    operationId: 'listDiscussionTopics',
    summary: 'Topics (tags) of the hub’s or a group’s questions, most used first',
    query: ZTopicsQuery,
    response: ZTopicsResponse,
  }),
  settings: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: DISCUSSION_PATHS.settings,
    operationId: 'getDiscussionSettings',
    summary: 'The post-question title and approval settings of the hub',
    response: ZDiscussionSettings,
  }),
  updatePost: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: DISCUSSION_PATHS.post,
    operationId: 'updateDiscussionPost',
    summary: 'Edit a question, answer or comment (spec 6 Posts)',
    params: ZPostParams,
    body: ZUpdatePostRequest,
    response: ZQuestionResponse,
  }),
  deletePost: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: DISCUSSION_PATHS.post,
    operationId: 'deleteDiscussionPost',
    summary: 'Delete a question, answer or comment (spec 6 Posts)',
    params: ZPostParams,
    response: ZOkResponse,
  }),
  pin: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.pin,
    operationId: 'pinDiscussionPost',
    summary: 'Pin or unpin a question or answer (spec 6 Posts)',
    params: ZPostParams,
    body: ZPinRequest,
    response: ZPinResponse,
  }),
  vote: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: DISCUSSION_PATHS.vote,
    operationId: 'voteDiscussionPost',
    summary: 'Upvote a question, answer or comment, or take the vote back',
    params: ZPostParams,
    body: ZVoteRequest,
    response: ZVoteResponse,
  }),
};
