import { z } from 'zod';
import { multiLineText, singleLineText, ZId } from './common.js';
import { defineEndpoint } from './endpoint.js';

export const PROFILE_QUESTION_TYPES = [
  'text',
  'textLink',
  'likert',
  'rating',
  'list',
  'video',
  'switch',
] as const;
export const ZProfileQuestionType = z.enum(PROFILE_QUESTION_TYPES);
export const ZQuestionAudience = z.enum(['mentee', 'mentor', 'both']);

const ZQuestionTexts = z.object({
  name: singleLineText().min(1).max(300),
  description: multiLineText().max(1000).optional(),
  placeholder: singleLineText().max(200).optional(),
});

/** spec 3 Profile question: texts per audience. */
export const ZCreateProfileQuestionRequest = z.object({
  questionType: ZProfileQuestionType,
  audience: ZQuestionAudience.default('both'),
  texts: z
    .partialRecord(ZQuestionAudience, ZQuestionTexts)
    .refine((t) => Object.keys(t).length > 0, { message: 'Give the question a name' }),
  options: z.array(singleLineText().min(1).max(200)).max(50).default([]),
  allowsMultiple: z.boolean().default(false),
  isRequired: z.boolean().default(false),
  order: z.number().int().min(0).max(1000).default(0),
});

/** spec 3 Profile question answer data. */
export const ZAnswerData = z.object({
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
  link: z.string().nullable().optional(),
  count: z.number().int().nullable().optional(),
  answerType: z.string().nullable().optional(),
  audioSrc: z.string().nullable().optional(),
  recorded: z.boolean().nullable().optional(),
});
export type TAnswerData = z.infer<typeof ZAnswerData>;
/** Answer data as the member sends it (the response keeps plain strings for older rows). */
export const ZAnswerDataInput = z.object({
  value: z.union([
    multiLineText({ isTrimmed: false }).max(20000),
    z.number(),
    z.boolean(),
    z.array(singleLineText().max(200)).max(50),
    z.null(),
  ]),
  link: singleLineText().max(2048).nullable().optional(),
  count: z.number().int().min(0).max(100000).nullable().optional(),
  answerType: singleLineText().max(20).nullable().optional(),
  audioSrc: singleLineText().max(2048).nullable().optional(),
  recorded: z.boolean().nullable().optional(),
});

export const ZProfileQuestion = z.object({
  id: ZId,
  questionType: ZProfileQuestionType,
  audience: ZQuestionAudience,
  name: z.string(),
  description: z.string().nullable(),
  /** spec 5: the placeholder if non-blank, else 'Select...' or 'Search Options...' for lists. */
  placeholder: z.string().nullable(),
  options: z.array(z.string()),
  allowsMultiple: z.boolean(),
  isRequired: z.boolean(),
  answer: ZAnswerData.nullable(),
});
export type TProfileQuestion = z.infer<typeof ZProfileQuestion>;
export const ZProfileQuestionsResponse = z.object({ items: z.array(ZProfileQuestion) });
export const ZProfileQuestionResponse = z.object({ question: ZProfileQuestion });
export const ZSaveAnswerRequest = z.object({ answerData: ZAnswerDataInput });
/** Whether the answer was saved and whether it stays dirty (spec 5 Profile answer saving). */
export const ZSaveAnswerResponse = z.object({ isSaved: z.boolean(), isDirty: z.boolean() });
export const ZQuestionParams = z.object({ id: z.string().uuid() });

/** Profile questions and custom answers per hub (issue #4 item 5). */
export const PROFILE_QUESTION_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/profile-questions',
    operationId: 'listProfileQuestions',
    summary: 'The hub’s active profile questions with my answers',
    tag: 'profiles',
    response: ZProfileQuestionsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/profile-questions',
    operationId: 'createProfileQuestion',
    summary: 'Add a profile question to the hub (custom-fields right)',
    tag: 'profiles',
    body: ZCreateProfileQuestionRequest,
    response: ZProfileQuestionResponse,
    status: 201,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  saveAnswer: defineEndpoint({
    method: 'PUT',
    path: '/api/profile-questions/:id/answer',
    operationId: 'saveProfileAnswer',
    summary: 'Answer a profile question (saved per spec 5 rules)',
    tag: 'profiles',
    params: ZQuestionParams,
    body: ZSaveAnswerRequest,
    response: ZSaveAnswerResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};
