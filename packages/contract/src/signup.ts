import { z } from 'zod';
import { singleLineText } from './common.js';
import { ZSessionUser } from './auth.js';
import { ZRankedPerson } from './directory.js';

export const SIGNUP_PATHS = {
  options: '/api/signup/options',
  standardData: '/api/signup/standard-data',
  complete: '/api/signup/complete',
  ftuMatching: '/api/ftu/matching',
  ftuComplete: '/api/ftu/complete',
} as const;

/** spec 3 standardData lists, configured per hub. */
export const STANDARD_DATA_CATEGORIES = ['job-industries', 'help-topics', 'job-functions', 'passion', 'hobbies', 'archetype'] as const;
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

export const ZSignupOptionsResponse = z.object({
  options: z.record(ZStandardDataCategory, z.array(ZStandardOption)),
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
