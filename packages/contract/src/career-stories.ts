import { z } from 'zod';
import { multiLineText, ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';

/** Career stories of a profile (spec 2 careerAdvice, spec 3 Career story item). */
/** Audio types a career story may hold (checked by magic bytes on upload). */
export const CAREER_STORY_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4'] as const;
export const CAREER_STORY_AUDIO_MAX_BYTES = 10 * 1024 * 1024;

const ZPromptId = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Choose one of the hub’s questions.');

/** A question a hub asks for career stories. */
export const ZCareerStoryPrompt = z.object({ id: ZPromptId, text: z.string().trim().min(1).max(300) });
export type TCareerStoryPromptDto = z.infer<typeof ZCareerStoryPrompt>;

/**
 * Per-hub career story settings, read from hub settings `moduleSettings.careerStories`: the hub's own
 * prompts replace the default ones; `isEnabledForAllUserTypes` shows career stories also for the user
 * types that hide them by default (spec 6: Corporate Partner, Employer, Restricted).
 */
export const ZCareerStoryHubSettings = z.object({
  prompts: z.array(ZCareerStoryPrompt).min(1).max(20).optional(),
  isEnabledForAllUserTypes: z.boolean().optional(),
});
export type TCareerStoryHubSettings = z.infer<typeof ZCareerStoryHubSettings>;

/** spec 3 Career story item, as stored for one prompt. `audioSrc` needs the bearer token. */
export const ZCareerStoryItem = z.object({
  value: z.string().nullable(),
  link: z.string().nullable(),
  audioSrc: z.string().nullable(),
  audioMimeType: z.string().nullable(),
  recorded: z.boolean(),
  updatedAt: ZIsoDateTime,
});
export type TCareerStoryItemDto = z.infer<typeof ZCareerStoryItem>;

/** The careerAdvice section: the hub's prompts with the owner's answers (others see answered ones only). */
export const ZCareerAdviceSection = z.object({
  prompts: z.array(ZCareerStoryPrompt.extend({ item: ZCareerStoryItem.nullable() })),
});
export type TCareerAdviceSection = z.infer<typeof ZCareerAdviceSection>;

const LINK_MESSAGE = 'Enter a link that starts with http:// or https://.';

/** A link of a career story: http(s) only. */
export const ZCareerStoryLink = z
  .string()
  .trim()
  .max(2000, 'Keep the link under 2,000 characters.')
  .refine((value) => {
    if (!/^https?:\/\//i.test(value)) return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, LINK_MESSAGE);

export const ZCareerStoryItemInput = z.object({
  promptId: ZPromptId,
  value: multiLineText({ isTrimmed: false })
    .max(5000, 'Keep your story under 5,000 characters.')
    .nullable()
    .default(null),
  link: ZCareerStoryLink.nullable().default(null),
});
export type TCareerStoryItemInput = z.infer<typeof ZCareerStoryItemInput>;

/** PUT my career stories: the listed prompts get this text and link (audio stays); others are unchanged. */
export const ZPutCareerStoriesRequest = z.object({ items: z.array(ZCareerStoryItemInput).max(20) });
export type TPutCareerStoriesRequest = z.infer<typeof ZPutCareerStoriesRequest>;

export const ZCareerStoryPromptParams = z.object({ promptId: ZPromptId });
export const ZCareerStoryAudioParams = z.object({
  identifier: z.string().min(1).max(120),
  promptId: ZPromptId,
});
export const ZCareerStoryAudioQuery = z.object({ recorded: z.enum(['true', 'false']).optional() });
export const ZCareerAdviceResponse = z.object({ careerAdvice: ZCareerAdviceSection });
export type TCareerAdviceResponse = z.infer<typeof ZCareerAdviceResponse>;
export const ZCareerStoryItemResponse = z.object({ item: ZCareerStoryItem });

/** Career stories of issue #4 (spec 2 careerAdvice, spec 3 Career story item): text, link and audio answers. */
export const CAREER_STORY_ENDPOINTS = {
  saveMine: defineEndpoint({
    method: 'PUT',
    path: '/api/profiles/me/career-stories',
    operationId: 'saveMyCareerStories',
    summary:
      'Set the text and link of my career stories by prompt id (audio stays; an answer left empty is removed)',
    tag: 'profiles',
    body: ZPutCareerStoriesRequest,
    response: ZCareerAdviceResponse,
    errors: [400, 401, 403, 404, 413],
    auth: 'required',
    hub: 'optional',
  }),
  uploadMyAudio: defineEndpoint({
    method: 'POST',
    path: '/api/profiles/me/career-stories/:promptId/audio',
    operationId: 'uploadMyCareerStoryAudio',
    summary:
      'Upload the audio answer to a career story prompt (WebM, Ogg, MP3 or M4A, 10 MB at most; field "file"; recorded=true when recorded in the browser)',
    tag: 'profiles',
    consumes: 'multipart/form-data',
    params: ZCareerStoryPromptParams,
    query: ZCareerStoryAudioQuery,
    response: ZCareerStoryItemResponse,
    errors: [400, 401, 403, 404, 413],
    auth: 'required',
    hub: 'optional',
  }),
  deleteMyAudio: defineEndpoint({
    method: 'DELETE',
    path: '/api/profiles/me/career-stories/:promptId/audio',
    operationId: 'deleteMyCareerStoryAudio',
    summary: 'Delete the audio answer of one of my career stories',
    tag: 'profiles',
    params: ZCareerStoryPromptParams,
    response: ZCareerAdviceResponse,
    errors: [400, 401, 403, 404, 413],
    auth: 'required',
    hub: 'optional',
  }),
  /** The audio answer, for those who may see the profile's career advice (bearer token). */
  audio: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:identifier/career-stories/:promptId/audio',
    operationId: 'getCareerStoryAudio',
    summary:
      'The audio answer of a career story, for those who may see the profile’s career advice (bearer token)',
    tag: 'profiles',
    params: ZCareerStoryAudioParams,
    response: null,
    produces: CAREER_STORY_AUDIO_TYPES,
    errors: [400, 401, 404],
    auth: 'required',
    hub: 'optional',
  }),
};
