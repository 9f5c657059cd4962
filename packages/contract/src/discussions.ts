import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { ZRichTextInput } from './rich-text.js';

/** Discussion routes (issue #7 item 1). `:kind` is question, answer or comment. */
export const DISCUSSION_PATHS = {
  questions: '/api/discussions/questions',
  question: '/api/discussions/questions/:id',
  answers: '/api/discussions/questions/:id/answers',
  comments: '/api/discussions/questions/:id/comments',
  follow: '/api/discussions/questions/:id/follow',
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
export const ZPostAuthor = z.object({ id: ZId, identifier: z.string(), fullname: z.string(), photoUrl: z.string().nullable() });
export type TPostAuthor = z.infer<typeof ZPostAuthor>;

/** What the viewer may do with a post (spec 6 Posts), computed by the server. */
export const ZPostAbilities = z.object({ edit: z.boolean(), delete: z.boolean(), pin: z.boolean(), report: z.boolean() });
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
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  can: ZPostAbilities,
});
export type TAnswer = z.infer<typeof ZAnswer>;

export const ZQuestionDetail = ZQuestionSummary.extend({
  body: z.string(),
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
export const ZCreateCommentRequest = z.object({ body: ZRichTextInput, answerId: ZUuid.optional(), parentId: ZUuid.optional() });
export const ZCommentResponse = z.object({ comment: ZComment });

export const ZIdParams = z.object({ id: z.string().uuid() });
export const ZPostParams = z.object({ kind: ZPostKind, id: z.string().uuid() });
export const ZPinRequest = z.object({ isPinned: z.boolean().default(true) });
export const ZVoteRequest = z.object({ isUpvoted: z.boolean().default(true) });
export const ZFollowRequest = z.object({ isFollowing: z.boolean().default(true) });
export const ZVoteResponse = z.object({ upvoteCount: z.number().int(), hasUpvoted: z.boolean() });
export const ZFollowResponse = z.object({ followerCount: z.number().int(), isFollowing: z.boolean() });
export const ZPinResponse = z.object({ isPinned: z.boolean() });
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

