import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZBulkAudience, ZBulkAudienceOptions } from './admin-comms.js';

/**
 * Surveys (issue #22 item 3; spec 6 right surveys): admins ask single-choice, multiple-choice and text questions
 * of an audience of user types or groups; each member answers once; admins see the results per question and
 * download the answers as CSV.
 */

export const SURVEY_QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export const ZSurveyQuestionKind = z.enum(SURVEY_QUESTION_KINDS);

export const ZSurveyQuestionInput = z
  .object({
    kind: ZSurveyQuestionKind,
    prompt: singleLineText().min(3, 'Please write the question.').max(300),
    options: z.array(singleLineText().min(1).max(200)).max(20).default([]),
  })
  .refine((q) => q.kind === 'text' || q.options.length >= 2, {
    message: 'A choice question needs at least two options.',
    path: ['options'],
  });

export const ZCreateSurveyRequest = z.object({
  title: singleLineText().min(3, 'Please give the survey a title.').max(200),
  description: z.string().trim().max(2000).default(''),
  questions: z.array(ZSurveyQuestionInput).min(1, 'Add at least one question.').max(30),
  audience: ZBulkAudience,
});
export type TCreateSurveyRequest = z.input<typeof ZCreateSurveyRequest>;

export const ZSurveyQuestion = z.object({
  id: ZId,
  kind: ZSurveyQuestionKind,
  prompt: z.string(),
  options: z.array(z.string()),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

export const ZAdminSurvey = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  questions: z.array(ZSurveyQuestion),
  audienceLabels: z.array(z.string()),
  /** The chosen user types and groups (both empty: every member), for the builder. */
  audience: z.object({ userTypeIds: z.array(z.string()), groupIds: z.array(z.string()) }),
  status: z.enum(['open', 'closed']),
  responseCount: z.number().int(),
  createdAt: ZIsoDateTime,
});
export type TAdminSurvey = z.infer<typeof ZAdminSurvey>;
export const ZAdminSurveyList = z.object({ items: z.array(ZAdminSurvey) });

export const ZSurveyResults = z.object({
  survey: ZAdminSurvey,
  questions: z.array(
    z.object({
      id: ZId,
      prompt: z.string(),
      kind: ZSurveyQuestionKind,
      /** Choice questions: how many chose each option. */
      counts: z.array(z.object({ option: z.string(), count: z.number().int() })),
      /** Text questions: the answers, newest first. */
      texts: z.array(z.string()),
    }),
  ),
});
export type TSurveyResults = z.infer<typeof ZSurveyResults>;

export const ZMemberSurvey = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  questions: z.array(ZSurveyQuestion),
  isAnswered: z.boolean(),
});
export type TMemberSurvey = z.infer<typeof ZMemberSurvey>;
export const ZMemberSurveyList = z.object({ items: z.array(ZMemberSurvey) });

export const ZSurveyAnswerRequest = z.object({
  /** By question id: an option (single), options (multiple) or text. */
  answers: z.record(z.string(), z.union([z.string().max(4000), z.array(z.string().max(200)).max(20)])),
});
export type TSurveyAnswerRequest = z.infer<typeof ZSurveyAnswerRequest>;

export const ZSurveyParams = z.object({ id: z.string().uuid() });

/** Opening or closing a survey: a closed survey takes no more answers and leaves members' lists. */
export const ZSurveyStatusRequest = z.object({ status: z.enum(['open', 'closed']) });
export type TSurveyStatusRequest = z.infer<typeof ZSurveyStatusRequest>;

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

export const SURVEY_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/surveys',
    operationId: 'listSurveys',
    summary: 'The hub’s surveys, newest first, with their response counts (surveys)',
    response: ZAdminSurveyList,
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/surveys',
    operationId: 'createSurvey',
    summary: 'Create a survey for an audience (surveys)',
    body: ZCreateSurveyRequest,
    response: ZAdminSurvey,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  audienceOptions: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/surveys/audience-options',
    operationId: 'listSurveyAudienceOptions',
    summary: 'The user types and groups of the hub a survey’s audience is chosen from (surveys)',
    response: ZBulkAudienceOptions,
    errors: [401, 403, 404],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/surveys/:id',
    operationId: 'updateSurvey',
    summary: 'Rewrite a survey nobody has answered yet: title, description, questions, audience (surveys)',
    params: ZSurveyParams,
    body: ZCreateSurveyRequest,
    response: ZAdminSurvey,
    errors: [400, 401, 403, 404, 409],
  }),
  setStatus: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/surveys/:id',
    operationId: 'setSurveyStatus',
    summary: 'Close a survey (no more answers) or open it again (surveys)',
    params: ZSurveyParams,
    body: ZSurveyStatusRequest,
    response: ZAdminSurvey,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/surveys/:id',
    operationId: 'deleteSurvey',
    summary: 'Deletes a survey with its answers (surveys)',
    params: ZSurveyParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  results: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/surveys/:id/results',
    operationId: 'getSurveyResults',
    summary: 'A survey’s results per question (surveys)',
    params: ZSurveyParams,
    response: ZSurveyResults,
    errors: [400, 401, 403, 404],
  }),
  resultsCsv: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/surveys/:id/results.csv',
    operationId: 'exportSurveyResults',
    summary: 'A survey’s answers as CSV, one row per member (surveys)',
    params: ZSurveyParams,
    response: null,
    produces: ['text/csv'],
    errors: [400, 401, 403, 404],
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/surveys',
    operationId: 'listMySurveys',
    summary: 'Open surveys of the hub addressed to the viewer, and whether they answered',
    tag: 'notifications',
    response: ZMemberSurveyList,
    errors: [401, 404],
    auth: 'required',
    hub: 'required',
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/api/surveys/:id/responses',
    operationId: 'answerSurvey',
    summary: 'Answer a survey; a member answers once (409 after)',
    tag: 'notifications',
    params: ZSurveyParams,
    body: ZSurveyAnswerRequest,
    response: ZMemberSurvey,
    status: 201,
    errors: [400, 401, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
};
