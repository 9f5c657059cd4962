import { z } from 'zod';
import { multiLineText, singleLineText, ZId } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZStandardUserType } from './hub-public.js';
import { ZUserFile } from './files.js';
import { ZCareerAdviceSection } from './career-stories.js';
import { ZProfileCustomFieldsSection, ZPutProfileFieldValuesRequest } from './profile-fields.js';

const ZMonth = z.number().int().min(1).max(12).nullable();
const ZYear = z.number().int().min(1900).max(2200).nullable();

/** spec 3 Work history item. */
export const ZWorkHistoryItemInput = z.object({
  role: singleLineText().min(1).max(150),
  company: singleLineText().max(150).nullable(),
  startMonth: ZMonth,
  startYear: ZYear,
  endMonth: ZMonth,
  endYear: ZYear,
  current: z.boolean().default(false),
});
export type TWorkHistoryItemInput = z.infer<typeof ZWorkHistoryItemInput>;
/** As stored and shown: the response keeps plain strings, so rows saved before a stricter input rule still serialise. */
export const ZWorkHistoryItem = z.object({
  role: z.string(),
  company: z.string().nullable(),
  startMonth: ZMonth,
  startYear: ZYear,
  endMonth: ZMonth,
  endYear: ZYear,
  current: z.boolean(),
  id: ZId,
  /** Company as shown: 'Freelance' is ignored (spec 3). */
  displayCompany: z.string().nullable(),
  /** Years-and-months text (spec 5 Durations). */
  durationText: z.string().nullable(),
});
export const ZPutWorkHistoryRequest = z.object({ items: z.array(ZWorkHistoryItemInput).max(50) });

/** spec 3 School item. */
export const ZSchoolItemInput = z.object({
  schoolName: singleLineText().min(1).max(200),
  degreeType: singleLineText().max(100).nullable(),
  majors: z.array(singleLineText().min(1).max(100)).max(10).default([]),
  graduationYear: ZYear,
  isGraduationYearHidden: z.boolean().default(false),
  extraFieldValue: singleLineText().max(200).nullable().default(null),
});
export type TSchoolItemInput = z.infer<typeof ZSchoolItemInput>;
/** As stored and shown (plain strings, like ZWorkHistoryItem). */
export const ZSchoolItem = z.object({
  schoolName: z.string(),
  degreeType: z.string().nullable(),
  majors: z.array(z.string()),
  graduationYear: ZYear,
  isGraduationYearHidden: z.boolean(),
  extraFieldValue: z.string().nullable(),
  id: ZId,
  isLocked: z.boolean(),
});
export const ZPutSchoolsRequest = z.object({ items: z.array(ZSchoolItemInput).max(20) });

/** spec 3 User additionalInfo item (custom fields; type 'paragraph' for long text). */
export const ZAdditionalInfoItem = z.object({
  slug: z.string(),
  type: z.enum(['text', 'paragraph']),
  value: z.string(),
});
/** A custom field as the owner writes it: a 'text' value is one line, a 'paragraph' may hold line breaks. */
export const ZAdditionalInfoItemInput = z.discriminatedUnion('type', [
  z.object({
    slug: singleLineText().min(1).max(80),
    type: z.literal('text'),
    value: singleLineText().max(5000),
  }),
  z.object({
    slug: singleLineText().min(1).max(80),
    type: z.literal('paragraph'),
    value: multiLineText({ isTrimmed: false }).max(5000),
  }),
]);

/** An additional-information item named like an earlier one (names are compared ignoring case). */
export const ADDITIONAL_INFO_DUPLICATE_MESSAGE = 'Another item already has this name.';

export const ZPatchProfileRequest = z
  .object({
    firstName: singleLineText().min(1).max(100),
    lastName: singleLineText().min(1).max(100),
    headline: singleLineText().max(200).nullable(),
    about: multiLineText().max(5000).nullable(),
    location: singleLineText().max(200).nullable(),
    helpTopics: z.array(singleLineText().min(1).max(100)).max(30),
    careerPathExpertise: z.array(singleLineText().min(1).max(100)).max(30),
    additionalInfo: z
      .array(ZAdditionalInfoItemInput)
      .max(50)
      .superRefine((items, context) => {
        // The name is the item's slug: two items of one name could not be told apart on the profile.
        const seen = new Set<string>();
        items.forEach((item, index) => {
          const name = item.slug.trim().toLowerCase();
          if (seen.has(name))
            context.addIssue({
              code: 'custom',
              path: [index, 'slug'],
              message: ADDITIONAL_INFO_DUPLICATE_MESSAGE,
            });
          seen.add(name);
        });
      }),
    demographicInfo: z.record(singleLineText().max(80), singleLineText().max(200)),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type TPatchProfileRequest = z.infer<typeof ZPatchProfileRequest>;

export const ZProfileHealth = z.object({
  score: z.number().int().min(0).max(100),
  missing: z.array(z.object({ attribute: z.string(), weight: z.number().int() })),
});

/** A profile as the viewer may see it: sections the viewer may not see are absent. */
export const ZProfile = z.object({
  id: ZId,
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  headline: z.string().nullable(),
  userType: z.object({ id: ZId, title: z.string(), standardUserType: ZStandardUserType }).nullable(),
  sections: z.object({
    about: z.object({ about: z.string().nullable(), location: z.string().nullable() }).optional(),
    workHistory: z.array(ZWorkHistoryItem).optional(),
    schools: z.array(ZSchoolItem).optional(),
    help: z.object({ helpTopics: z.array(z.string()), careerPathExpertise: z.array(z.string()) }).optional(),
    additionalInfo: z.array(ZAdditionalInfoItem).optional(),
    /** The hub's custom fields with the answers (issue #22 item 1), shown where additionalInfo is. */
    customFields: ZProfileCustomFieldsSection.optional(),
    demographicInfo: z.record(z.string(), z.string()).optional(),
    files: z.array(ZUserFile).optional(),
    careerAdvice: ZCareerAdviceSection.optional(),
    health: ZProfileHealth.optional(),
    /**
     * For the owner, when the hub that decides their profile has the dynamic profile on and asks questions:
     * that hub's id, to read and answer them with PROFILE_QUESTION_ENDPOINTS (x-hub-id).
     */
    profileQuestions: z.object({ hubId: z.string() }).optional(),
  }),
  can: z.object({ edit: z.boolean() }),
});
export type TProfile = z.infer<typeof ZProfile>;
export const ZProfileResponse = z.object({ profile: ZProfile });
export const ZProfileParams = z.object({ identifier: z.string().min(1).max(120) });

const PROFILE_ERRORS = [400, 401, 403, 404] as const;

/** Profile API of issue #4: read with per-section visibility, edit own profile, work history, schools. */
export const PROFILE_ENDPOINTS = {
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:identifier',
    operationId: 'getProfile',
    summary: 'A profile with the sections the viewer may see (health for the owner); `me` for one’s own',
    tag: 'profiles',
    params: ZProfileParams,
    response: ZProfileResponse,
    errors: PROFILE_ERRORS,
    auth: 'required',
    hub: 'optional',
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/api/profiles/me',
    operationId: 'updateMyProfile',
    summary: 'Change fields of my profile',
    tag: 'profiles',
    body: ZPatchProfileRequest,
    response: ZProfileResponse,
    errors: PROFILE_ERRORS,
    auth: 'required',
    hub: 'optional',
  }),
  workHistory: defineEndpoint({
    method: 'PUT',
    path: '/api/profiles/me/work-history',
    operationId: 'replaceMyWorkHistory',
    summary: 'Replace my work history (a bad date range is a 400 with the spec messages in error.fields)',
    tag: 'profiles',
    body: ZPutWorkHistoryRequest,
    response: ZProfileResponse,
    errors: PROFILE_ERRORS,
    auth: 'required',
    hub: 'optional',
  }),
  schools: defineEndpoint({
    method: 'PUT',
    path: '/api/profiles/me/schools',
    operationId: 'replaceMySchools',
    summary: 'Replace my schools and majors',
    tag: 'profiles',
    body: ZPutSchoolsRequest,
    response: ZProfileResponse,
    errors: PROFILE_ERRORS,
    auth: 'required',
    hub: 'optional',
  }),
  customFields: defineEndpoint({
    method: 'PUT',
    path: '/api/profiles/me/custom-fields',
    operationId: 'saveMyCustomFields',
    summary: 'Answer the custom profile fields of the x-hub-id hub (each problem in error.fields)',
    tag: 'profiles',
    body: ZPutProfileFieldValuesRequest,
    response: ZProfileResponse,
    errors: PROFILE_ERRORS,
    auth: 'required',
    hub: 'required',
  }),
};
