import { VIDEO_PROMPT_LIMITS } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText, ZId, ZIsoDateTime, zPage, ZPageQuery, ZUuid } from './common.js';
import { webUrl } from './web-url.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Video prompts (issue #20 item 3; spec 2 {hubPath}/video-prompt/{id} with optional userId): a question members
 * answer with a video recorded in the browser or uploaded (stored in their data region, with a poster frame), or
 * with a link; others' answers are viewable, and the profile's videoAnswers section lists a member's answers.
 */

export const VIDEO_ANSWER_SOURCES = ['recorded', 'uploaded', 'link'] as const;
export const ZVideoAnswerSource = z.enum(VIDEO_ANSWER_SOURCES);
export type TVideoAnswerSource = z.infer<typeof ZVideoAnswerSource>;

export const VIDEO_TYPE_MESSAGE = 'Upload a WebM or MP4 video.';
export const VIDEO_TOO_LARGE_MESSAGE = `The video is larger than ${VIDEO_PROMPT_LIMITS.videoMaxMegabytes} MB.`;
export const VIDEO_POSTER_MESSAGE = 'The poster frame is not a JPEG, PNG or WebP image.';

/** Who answered. */
export const ZVideoAnswerAuthor = z.object({
  userId: ZId,
  identifier: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
});

/** One answer: its video (API paths read with the bearer token) and poster, or its link. */
export const ZVideoAnswer = z.object({
  id: ZId,
  promptId: ZId,
  source: ZVideoAnswerSource,
  /** GET path of the video (recorded or uploaded); null for a link. */
  videoPath: z.string().nullable(),
  /** GET path of the poster frame; null when there is none. */
  posterPath: z.string().nullable(),
  /** The video's type (video/webm, video/mp4), for the player. */
  videoMimeType: z.string().nullable(),
  linkUrl: z.string().nullable(),
  author: ZVideoAnswerAuthor,
  updatedAt: ZIsoDateTime,
  can: z.object({ delete: z.boolean() }),
});
export type TVideoAnswer = z.infer<typeof ZVideoAnswer>;

/** A prompt with how many answered it and my answer. */
export const ZVideoPrompt = z.object({
  id: ZId,
  question: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  answerCount: z.number().int(),
  myAnswer: ZVideoAnswer.nullable(),
  can: z.object({ answer: z.boolean(), manage: z.boolean() }),
});
export type TVideoPrompt = z.infer<typeof ZVideoPrompt>;

export const ZVideoPromptsResponse = z.object({
  items: z.array(ZVideoPrompt),
  can: z.object({ manage: z.boolean() }),
});
export type TVideoPromptsResponse = z.infer<typeof ZVideoPromptsResponse>;

export const ZVideoPromptParams = z.object({ id: ZUuid });
export const ZVideoPromptQuery = z.object({ userId: ZUuid.optional() });
/** A prompt and, with userId, that member's answer (spec 2 optional query userId). */
export const ZVideoPromptResponse = z.object({ prompt: ZVideoPrompt, answer: ZVideoAnswer.nullable() });
export type TVideoPromptResponse = z.infer<typeof ZVideoPromptResponse>;

export const ZVideoAnswersPage = zPage(ZVideoAnswer);
export type TVideoAnswersPage = z.infer<typeof ZVideoAnswersPage>;
export const ZVideoAnswerFileParams = z.object({ answerId: ZUuid, file: z.enum(['video', 'poster']) });

/** A link answer (a video on an approved host or any http(s) page, spec 5 URL rule). */
export const ZVideoLinkAnswerRequest = z.object({ linkUrl: webUrl() });

export const ZUserVideoAnswersQuery = z.object({ userId: ZUuid });
/** The profile section videoAnswers: a member's answers in the hub with their prompts' questions. */
export const ZUserVideoAnswersResponse = z.object({
  items: z.array(ZVideoAnswer.extend({ question: z.string() })),
});
export type TUserVideoAnswersResponse = z.infer<typeof ZUserVideoAnswersResponse>;

export const ZSaveVideoPromptRequest = z.object({
  question: singleLineText().min(1, 'Enter the question.').max(VIDEO_PROMPT_LIMITS.questionMax),
  description: multiLineText().max(VIDEO_PROMPT_LIMITS.descriptionMax).default(''),
  isActive: z.boolean().default(true),
});
export type TSaveVideoPromptRequest = z.input<typeof ZSaveVideoPromptRequest>;

const MEMBER = { auth: 'required', hub: 'required', tag: 'video-prompts' } as const;

/** Video prompt endpoints. */
export const VIDEO_PROMPT_ENDPOINTS = {
  list: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/video-prompts',
    operationId: 'listVideoPrompts',
    summary: 'The hub’s video prompts with my answer to each',
    response: ZVideoPromptsResponse,
    errors: [401, 403, 404],
  }),
  get: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/video-prompts/:id',
    operationId: 'getVideoPrompt',
    summary: 'A video prompt ({hubPath}/video-prompt/{id}) and, with userId, that member’s answer',
    params: ZVideoPromptParams,
    query: ZVideoPromptQuery,
    response: ZVideoPromptResponse,
    errors: [400, 401, 403, 404],
  }),
  answers: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/video-prompts/:id/answers',
    operationId: 'listVideoAnswers',
    summary: 'Members’ answers to a prompt, newest first',
    params: ZVideoPromptParams,
    query: ZPageQuery,
    response: ZVideoAnswersPage,
    errors: [400, 401, 403, 404],
  }),
  uploadAnswer: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/video-prompts/:id/answer/video',
    operationId: 'uploadVideoAnswer',
    summary: `Answer with a video (WebM or MP4, ${VIDEO_PROMPT_LIMITS.videoMaxMegabytes} MB at most): fields "source" (recorded or uploaded) and "poster" (an image data URL), then "file"`,
    params: ZVideoPromptParams,
    consumes: 'multipart/form-data',
    response: ZVideoAnswer,
    errors: [400, 401, 403, 404, 413],
  }),
  linkAnswer: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/video-prompts/:id/answer/link',
    operationId: 'linkVideoAnswer',
    summary: 'Answer with a link to a video',
    params: ZVideoPromptParams,
    body: ZVideoLinkAnswerRequest,
    response: ZVideoAnswer,
    errors: [400, 401, 403, 404],
  }),
  deleteAnswer: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/video-prompts/:id/answer',
    operationId: 'deleteVideoAnswer',
    summary: 'Removes my answer (or, with userId, a member’s answer: admins with manage-pathways)',
    params: ZVideoPromptParams,
    query: ZVideoPromptQuery,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  file: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/video-prompts/answers/:answerId/:file',
    operationId: 'getVideoAnswerFile',
    summary: 'An answer’s video or poster frame (members of the hub)',
    params: ZVideoAnswerFileParams,
    response: null,
    produces: ['video/webm', 'video/mp4', 'image/webp'],
    errors: [400, 401, 403, 404],
  }),
  userAnswers: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/video-prompts/answers',
    operationId: 'listUserVideoAnswers',
    summary: 'A member’s video answers in the hub (the profile section videoAnswers)',
    query: ZUserVideoAnswersQuery,
    response: ZUserVideoAnswersResponse,
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/video-prompts',
    operationId: 'createVideoPrompt',
    summary: 'Adds a video prompt (admins with manage-pathways)',
    body: ZSaveVideoPromptRequest,
    response: ZVideoPrompt,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/video-prompts/:id',
    operationId: 'updateVideoPrompt',
    summary: 'Changes a video prompt (admins with manage-pathways)',
    params: ZVideoPromptParams,
    body: ZSaveVideoPromptRequest.partial(),
    response: ZVideoPrompt,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/video-prompts/:id',
    operationId: 'deleteVideoPrompt',
    summary: 'Removes a video prompt and its answers (admins with manage-pathways)',
    params: ZVideoPromptParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
} as const;
