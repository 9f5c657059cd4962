import { z } from 'zod';
import { singleLineText } from './common.js';
import { ZOkResponse, ZSessionUser } from './auth.js';
import { ZRankedPerson } from './directory.js';
import { defineEndpoint } from './endpoint.js';
import { ZProfileCustomField } from './profile-fields.js';

/** spec 3 standardData lists, configured per hub. */
export const STANDARD_DATA_CATEGORIES = [
  'job-industries',
  'help-topics',
  'job-functions',
  'passion',
  'hobbies',
  'archetype',
] as const;
export const ZStandardDataCategory = z.enum(STANDARD_DATA_CATEGORIES);
export type TStandardDataCategory = z.infer<typeof ZStandardDataCategory>;

export const ZStandardOption = z.object({
  id: z.string(),
  label: z.string(),
  emoji: z.string().nullable(),
  subText: z.string().nullable(),
  image: z.string().nullable(),
});
export type TStandardOption = z.infer<typeof ZStandardOption>;

const ZStandardOptionList = z.array(ZStandardOption);
/** Every category present (empty when not configured); spelled out so the OpenAPI schema names each key. */
export const ZSignupOptionsResponse = z.object({
  options: z.object({
    'job-industries': ZStandardOptionList,
    'help-topics': ZStandardOptionList,
    'job-functions': ZStandardOptionList,
    passion: ZStandardOptionList,
    hobbies: ZStandardOptionList,
    archetype: ZStandardOptionList,
  } satisfies Record<TStandardDataCategory, typeof ZStandardOptionList>),
  /**
   * The hub's custom profile fields required of the member's user type, with their answers so far: signup asks
   * them and does not complete while one is unanswered (issue #22 item 1).
   */
  requiredProfileFields: z.array(ZProfileCustomField),
});

export const ZStandardDataRequest = z.object({
  selections: z.partialRecord(ZStandardDataCategory, z.array(singleLineText().min(1).max(100)).max(20)),
});

export const ZCompleteSignupRequest = z.object({
  /** Where to go after signup (spec 2 query postSignupRedirect); only same-site paths are honoured. */
  postSignupRedirect: z.string().max(500).optional(),
});
export const ZCompleteSignupResponse = z.object({ user: ZSessionUser, redirectTo: z.string() });

export const ZFtuMatchingRequest = z.object({
  industries: z.array(singleLineText().min(1).max(100)).max(20).default([]),
  helpTopics: z.array(singleLineText().min(1).max(100)).max(20).default([]),
});
export const ZFtuSuggestion = ZRankedPerson;
export const ZFtuMatchingResponse = z.object({ suggestions: z.array(ZFtuSuggestion) });
export const ZFtuCompleteResponse = z.object({ user: ZSessionUser });

const SIGNUP_ERRORS = [400, 401, 403, 404] as const;

/** Signup onboarding steps and the first-time-user flow (issue #4 item 1). */
export const SIGNUP_ENDPOINTS = {
  options: defineEndpoint({
    method: 'GET',
    path: '/api/signup/options',
    operationId: 'getSignupOptions',
    summary: 'Standard data option lists of the hub (x-hub-id)',
    tag: 'signup',
    response: ZSignupOptionsResponse,
    errors: SIGNUP_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  standardData: defineEndpoint({
    method: 'PUT',
    path: '/api/signup/standard-data',
    operationId: 'saveSignupStandardData',
    summary: 'Save my standard data choices (option ids per list)',
    tag: 'signup',
    body: ZStandardDataRequest,
    response: ZOkResponse,
    errors: SIGNUP_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/signup/complete',
    operationId: 'completeSignup',
    summary: 'Finish signup; answers where to go next',
    tag: 'signup',
    body: ZCompleteSignupRequest,
    response: ZCompleteSignupResponse,
    errors: SIGNUP_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  ftuMatching: defineEndpoint({
    method: 'POST',
    path: '/api/ftu/matching',
    operationId: 'getFtuMatching',
    summary: 'The matching quiz: suggested people with the reasons why',
    tag: 'signup',
    body: ZFtuMatchingRequest,
    response: ZFtuMatchingResponse,
    errors: SIGNUP_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
  ftuComplete: defineEndpoint({
    method: 'POST',
    path: '/api/ftu/complete',
    operationId: 'completeFtu',
    summary: 'Finish the first-time-user flow',
    tag: 'signup',
    response: ZFtuCompleteResponse,
    errors: SIGNUP_ERRORS,
    auth: 'required',
    hub: 'optional',
  }),
};
