import {
  JOB_ALERT_FREQUENCIES,
  JOB_APPLICATION_METHODS,
  JOB_APPROVAL_STATUSES,
  JOB_EMPLOYMENT_TYPES,
  JOB_FLOWS,
  JOB_TAG_KINDS,
  PROJECT_STATUS_FILTER,
  PROJECT_TEMPLATES,
} from '@commons/domain';
import { z } from 'zod';
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  singleLineText,
  ZId,
  ZIsoDateTime,
  ZPageQuery,
  zPage,
  ZUuid,
} from './common.js';
import { webUrl } from './web-url.js';
import { ZFacetValue } from './directory.js';
import { defineEndpoint } from './endpoint.js';
import { ZProfileParams } from './profiles.js';
import { ZRichTextInput } from './rich-text.js';

export const ZJobFlow = z.enum(JOB_FLOWS);
export const ZJobApplicationMethod = z.enum(JOB_APPLICATION_METHODS);
export const ZJobEmploymentType = z.enum(JOB_EMPLOYMENT_TYPES);
export const ZJobApprovalStatus = z.enum(JOB_APPROVAL_STATUSES);
export const ZJobTagKind = z.enum(JOB_TAG_KINDS);
export const ZJobAlertFrequency = z.enum(JOB_ALERT_FREQUENCIES);
export const ZProjectStatus = z.enum(PROJECT_STATUS_FILTER);

/** Ids of the built-in project templates (packages/domain PROJECT_TEMPLATES). */
export const PROJECT_TEMPLATE_IDS = PROJECT_TEMPLATES.map((t) => t.id) as [string, ...string[]];
/** The template id of a custom project (spec 3 isCustom): a blank form. */
export const CUSTOM_PROJECT_TEMPLATE_ID = 'custom';

export const JOB_TITLE_REQUIRED = 'Enter a title.';
export const JOB_TITLE_TOO_LONG = 'Keep the title to 120 characters.';
export const JOB_EXTERNAL_URL_REQUIRED = 'Enter the web address where people apply.';
export const JOB_EXTERNAL_URL_NOT_ALLOWED = 'Internal applications have no web address.';
export const JOB_DUE_BEFORE_START = 'The due date must be after the start date.';
export const JOB_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
export const JOB_COORDINATES_MESSAGE = 'Give both latitude and longitude, or neither.';
export const JOB_POST_NOT_ALLOWED =
  'Your user type cannot post jobs or projects in this community. Contact an admin for access.';
export const JOB_POST_CLOSED = 'This post is closed.';
export const JOB_SEARCH_TOO_LONG = 'Keep the search to 200 characters.';

/** A calendar day 'YYYY-MM-DD'. */
export const ZCalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, JOB_DATE_MESSAGE)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), JOB_DATE_MESSAGE);

/** A tag as sent: the kind decides its colour (spec 9 Tag colours). */
export const ZJobTagInput = z.object({
  kind: ZJobTagKind,
  label: singleLineText().min(1, 'Enter the tag.').max(40, 'Keep a tag to 40 characters.'),
});
/** A tag as shown, with its spec 9 colour. */
export const ZJobTag = z.object({
  kind: ZJobTagKind,
  label: z.string(),
  colour: z.enum(['purple', 'grey', 'green']),
});
export type TJobTagView = z.infer<typeof ZJobTag>;

/** A standard data option of the hub (job-industries, job-functions): its key and label. */
export const ZJobOption = z.object({ key: z.string(), label: z.string() });

/** Who a post is for (spec 3 jobAudience): everyone, or the chosen user types of the hub. */
export const ZJobAudience = z.union([z.literal('all'), z.array(ZUuid).min(1).max(20)]);
export type TJobAudience = z.infer<typeof ZJobAudience>;

const ZStringList = z.array(z.string().trim().min(1).max(120)).max(20).default([]);
const ZBooleanQuery = z.enum(['true', 'false']).optional();

const jobFields = {
  title: singleLineText().min(1, JOB_TITLE_REQUIRED).max(120, JOB_TITLE_TOO_LONG),
  organisation: singleLineText().max(120, 'Keep the organisation to 120 characters.').default(''),
  /** Rich text (spec 5 Rich text), sanitised by the server. */
  description: ZRichTextInput.default(''),
  requirements: ZRichTextInput.default(''),
  location: singleLineText().max(160, 'Keep the location to 160 characters.').nullable().default(null),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  isRemote: z.boolean().default(false),
  employmentType: ZJobEmploymentType.nullable().default(null),
  isPaid: z.boolean().default(false),
  /** A job-industries option key of the hub's standard data. */
  industry: z.string().trim().min(1).max(120).nullable().default(null),
  /** job-functions option keys of the hub's standard data. */
  jobFunctions: z.array(z.string().trim().min(1).max(120)).max(10).default([]),
  audience: ZJobAudience.default('all'),
  applicationMethod: ZJobApplicationMethod.default('internal'),
  /** Where people apply for an external post (spec 5 URL rule); null for internal ones. */
  externalUrl: webUrl().nullable().default(null),
  /** Internal posts: whether an application needs a resume (spec 3 resumeOptional is its opposite). */
  isResumeRequired: z.boolean().default(false),
  icon: z.string().trim().max(40).nullable().default(null),
  tags: z.array(ZJobTagInput).max(10).default([]),
  duration: z.number().int().min(1).max(10_000).nullable().default(null),
  durationUnit: z.enum(['hours', 'days', 'weeks']).nullable().default(null),
  startDate: ZCalendarDay.nullable().default(null),
  dueDate: ZCalendarDay.nullable().default(null),
  /** The day the post leaves the board; when absent, today + the hub's default post expiration (spec 5). */
  expiresOn: ZCalendarDay.optional(),
};

type TJobFieldRules = {
  applicationMethod?: string | undefined;
  externalUrl?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  startDate?: string | null | undefined;
  dueDate?: string | null | undefined;
};

/** Cross-field rules of a post: an external post has its URL and an internal one none; both coordinates or neither; due after start. */
function checkJobFields(body: TJobFieldRules, ctx: z.RefinementCtx, isPartial: boolean): void {
  if (
    body.applicationMethod === 'external' &&
    !body.externalUrl &&
    !(isPartial && body.externalUrl === undefined)
  )
    ctx.addIssue({ code: 'custom', path: ['externalUrl'], message: JOB_EXTERNAL_URL_REQUIRED });
  if (body.applicationMethod === 'internal' && body.externalUrl)
    ctx.addIssue({ code: 'custom', path: ['externalUrl'], message: JOB_EXTERNAL_URL_NOT_ALLOWED });
  const hasLat = body.latitude !== null && body.latitude !== undefined;
  const hasLng = body.longitude !== null && body.longitude !== undefined;
  if (hasLat !== hasLng && !(isPartial && (body.latitude === undefined || body.longitude === undefined)))
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: JOB_COORDINATES_MESSAGE });
  if (body.startDate && body.dueDate && body.dueDate < body.startDate)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: JOB_DUE_BEFORE_START });
}

/**
 * A new job or project (issue #19 items 1-2). A project may name a built-in template (its fields fill what is
 * not sent, spec 3 Resulting job fields) or 'custom'; its duration defaults to 40 hours, start to 2 weeks out
 * and due to 4 weeks out (spec 5).
 */
export const ZCreateJobPostRequest = z
  .object({
    jobFlow: ZJobFlow.default('job'),
    templateId: z
      .enum([...PROJECT_TEMPLATE_IDS, CUSTOM_PROJECT_TEMPLATE_ID])
      .nullable()
      .default(null),
    ...jobFields,
  })
  .superRefine((body, ctx) => checkJobFields(body, ctx, false));
export type TCreateJobPostRequest = z.infer<typeof ZCreateJobPostRequest>;
export type TCreateJobPostInput = z.input<typeof ZCreateJobPostRequest>;

/** A change to a post: only the fields sent change (the flow and template stay). */
export const ZUpdateJobPostRequest = z
  .object({
    title: jobFields.title,
    organisation: singleLineText().max(120, 'Keep the organisation to 120 characters.'),
    description: ZRichTextInput,
    requirements: ZRichTextInput,
    location: singleLineText().max(160, 'Keep the location to 160 characters.').nullable(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    isRemote: z.boolean(),
    employmentType: ZJobEmploymentType.nullable(),
    isPaid: z.boolean(),
    industry: z.string().trim().min(1).max(120).nullable(),
    jobFunctions: z.array(z.string().trim().min(1).max(120)).max(10),
    audience: ZJobAudience,
    applicationMethod: ZJobApplicationMethod,
    externalUrl: webUrl().nullable(),
    isResumeRequired: z.boolean(),
    icon: z.string().trim().max(40).nullable(),
    tags: z.array(ZJobTagInput).max(10),
    duration: z.number().int().min(1).max(10_000).nullable(),
    durationUnit: z.enum(['hours', 'days', 'weeks']).nullable(),
    startDate: ZCalendarDay.nullable(),
    dueDate: ZCalendarDay.nullable(),
    expiresOn: ZCalendarDay,
  })
  .partial()
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0) ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
    checkJobFields(body, ctx, true);
  });
export type TUpdateJobPostRequest = z.infer<typeof ZUpdateJobPostRequest>;

/** The person who owns a post. */
export const ZJobOwner = z.object({
  id: ZId,
  identifier: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
});

/** What the viewer may do with a post (ARCHITECTURE.md Policies and abilities). */
export const ZJobPostAbilities = z.object({
  edit: z.boolean(),
  close: z.boolean(),
  approve: z.boolean(),
  save: z.boolean(),
  apply: z.boolean(),
  viewApplications: z.boolean(),
});

/** A post as lists show it (the board, saved, recommended, the profile section jobPosts). */
export const ZJobPostSummary = z.object({
  id: ZId,
  jobFlow: ZJobFlow,
  title: z.string(),
  organisation: z.string(),
  /** The start of the description as plain text. */
  excerpt: z.string(),
  location: z.string().nullable(),
  isRemote: z.boolean(),
  employmentType: ZJobEmploymentType.nullable(),
  isPaid: z.boolean(),
  industry: ZJobOption.nullable(),
  jobFunctions: z.array(ZJobOption),
  applicationMethod: ZJobApplicationMethod,
  icon: z.string().nullable(),
  tags: z.array(ZJobTag),
  duration: z.number().int().nullable(),
  durationUnit: z.string().nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  expiresAt: ZIsoDateTime,
  isExpired: z.boolean(),
  approvalStatus: ZJobApprovalStatus,
  projectStatus: ZProjectStatus.nullable(),
  closedAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
  owner: ZJobOwner,
  isSaved: z.boolean(),
  hasApplied: z.boolean(),
  /** What the viewer may do with the post from a list (a post's page has every ability, ZJobPostAbilities). */
  can: ZJobPostAbilities.pick({ edit: true }),
});
export type TJobPostSummary = z.infer<typeof ZJobPostSummary>;

/** A post with everything its page shows. */
export const ZJobPost = ZJobPostSummary.extend({
  description: z.string(),
  requirements: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  audience: z.union([z.literal('all'), z.array(ZId)]),
  externalUrl: z.string().nullable(),
  isResumeRequired: z.boolean(),
  templateId: z.string().nullable(),
  reviewedAt: ZIsoDateTime.nullable(),
  updatedAt: ZIsoDateTime,
  can: ZJobPostAbilities,
});
export type TJobPost = z.infer<typeof ZJobPost>;
export const ZJobPostResponse = z.object({ post: ZJobPost });
export type TJobPostResponse = z.infer<typeof ZJobPostResponse>;

/** The filters of a job search (also what a job alert keeps). */
export const ZJobListFilters = z.object({
  jobFlow: ZJobFlow.optional(),
  industry: ZStringList,
  jobFunction: ZStringList,
  employmentType: z.array(ZJobEmploymentType).max(10).default([]),
  paid: ZBooleanQuery,
  remote: ZBooleanQuery,
  location: ZStringList,
});
export type TJobListFilters = z.infer<typeof ZJobListFilters>;

/**
 * GET /api/jobs (issue #19 item 4): typo-tolerant `q`, facet filters (arrays as key[], spec 7), keyset cursor.
 * `scope=all` (admins with approve-job-posts or job-settings) also lists pending, rejected, closed and expired posts.
 */
export const ZJobListQuery = ZJobListFilters.extend({
  q: z.string().trim().max(200, JOB_SEARCH_TOO_LONG).optional(),
  scope: z.enum(['listed', 'all']).default('listed'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type TJobListQuery = z.infer<typeof ZJobListQuery>;

/** The facets of a search, each counted over the matches that pass the other filters. */
export const ZJobFacets = z.object({
  industry: z.array(ZFacetValue),
  jobFunction: z.array(ZFacetValue),
  employmentType: z.array(ZFacetValue),
  paid: z.array(ZFacetValue),
  location: z.array(ZFacetValue),
  remote: z.array(ZFacetValue),
});
export type TJobFacets = z.infer<typeof ZJobFacets>;

export const ZJobListResponse = z.object({
  items: z.array(ZJobPostSummary),
  nextCursor: z.string().nullable(),
  /** How many posts match in all (the facets' set with every filter applied). */
  total: z.number().int(),
  facets: ZJobFacets,
});
export type TJobListResponse = z.infer<typeof ZJobListResponse>;

export const ZJobPostPage = zPage(ZJobPostSummary);
export type TJobPostPage = z.infer<typeof ZJobPostPage>;
export const ZJobRecommendedResponse = z.object({ items: z.array(ZJobPostSummary) });

/** A project template (spec 3 Project or job template). */
export const ZProjectTemplate = z.object({
  id: z.string(),
  role: z.string(),
  icon: z.string(),
  description: z.string(),
  jobDescription: z.string(),
  requirement: z.string(),
  duration: z.number().int(),
  durationUnit: z.string(),
  jobFunctionSlugs: z.array(z.string()),
  industry: z.string(),
  isCustom: z.boolean(),
});
export type TProjectTemplateView = z.infer<typeof ZProjectTemplate>;
export const ZProjectTemplatesResponse = z.object({
  items: z.array(ZProjectTemplate),
  /** Default dates of a project posted today (spec 5): start, due and expiry days in the viewer's zone. */
  defaults: z.object({ startDate: z.string(), dueDate: z.string(), expiresOn: z.string() }),
});
export type TProjectTemplatesResponse = z.infer<typeof ZProjectTemplatesResponse>;

export const ZJobPostParams = z.object({ id: ZUuid });
export const ZJobRejectRequest = z.object({
  reason: singleLineText().max(300, 'Keep the reason to 300 characters.').optional(),
});
export const ZJobSaveResponse = z.object({ postId: ZId, isSaved: z.boolean() });

/** A hub's job board settings (spec 6 job-settings, DIY projects flag, spec 9 default tab names). */
export const ZJobSettings = z.object({
  /** Days a new post stays on the board; null is the default of 60 (spec 5). */
  defaultPostExpirationDays: z.number().int().min(1).max(365).nullable(),
  isDiyProjectsEnabled: z.boolean(),
  /** spec 3 Active module item disableJobs is its opposite. */
  areJobsShown: z.boolean(),
  /** spec 3 Active module item disableProjects is its opposite. */
  areProjectsShown: z.boolean(),
  /** Employers' posts skip the approve-job-posts queue. */
  isEmployerPostAutoApproved: z.boolean(),
  experiencesTabName: z.string(),
  projectsTabName: z.string(),
});
export type TJobSettings = z.infer<typeof ZJobSettings>;

/** The board's settings with what the viewer may do on it. */
export const ZJobSettingsResponse = z.object({
  settings: ZJobSettings,
  can: z.object({
    /** Post a job (the user type's canPostJob, or an admin). */
    postJob: z.boolean(),
    /** Post a project (as postJob; DIY projects also let any member). */
    postProject: z.boolean(),
    /** See and decide the approval queue (approve-job-posts). */
    approve: z.boolean(),
    /** Change these settings (job-settings). */
    editSettings: z.boolean(),
  }),
});
export type TJobSettingsResponse = z.infer<typeof ZJobSettingsResponse>;

const ZTabName = singleLineText().min(1, 'Enter a tab name.').max(40, 'Keep a tab name to 40 characters.');
export const ZUpdateJobSettingsRequest = z
  .object({
    defaultPostExpirationDays: z
      .number()
      .int('Enter a whole number of days.')
      .min(1, 'Enter 1 to 365 days.')
      .max(365, 'Enter 1 to 365 days.')
      .nullable(),
    isDiyProjectsEnabled: z.boolean(),
    areJobsShown: z.boolean(),
    areProjectsShown: z.boolean(),
    isEmployerPostAutoApproved: z.boolean(),
    experiencesTabName: ZTabName,
    projectsTabName: ZTabName,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type TUpdateJobSettingsRequest = z.infer<typeof ZUpdateJobSettingsRequest>;

/** A job alert: a saved search mailed daily or weekly (issue #19 item 4). */
export const ZJobAlert = z.object({
  id: ZId,
  query: z.string(),
  filters: ZJobListFilters,
  frequency: ZJobAlertFrequency,
  isActive: z.boolean(),
  lastSentAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
  /** The unsubscribe page every email of this alert links to (webPaths.jobAlertUnsubscribe); its owner's only. */
  unsubscribePath: z.string(),
});
export type TJobAlert = z.infer<typeof ZJobAlert>;
export const ZJobAlertsResponse = z.object({ items: z.array(ZJobAlert) });
export const ZJobAlertResponse = z.object({ alert: ZJobAlert });
/** How many alerts a member may keep in a hub. */
export const JOB_ALERTS_MAX = 20;
export const JOB_ALERTS_MAX_MESSAGE = `You can keep up to ${JOB_ALERTS_MAX} job alerts.`;
export const ZCreateJobAlertRequest = z.object({
  query: z.string().trim().max(200, JOB_SEARCH_TOO_LONG).default(''),
  filters: ZJobListFilters.default({
    industry: [],
    jobFunction: [],
    employmentType: [],
    location: [],
  }),
  frequency: ZJobAlertFrequency.default('weekly'),
});
export type TCreateJobAlertRequest = z.infer<typeof ZCreateJobAlertRequest>;
export const ZUpdateJobAlertRequest = z
  .object({
    query: z.string().trim().max(200, JOB_SEARCH_TOO_LONG),
    filters: ZJobListFilters,
    frequency: ZJobAlertFrequency,
    isActive: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type TUpdateJobAlertRequest = z.infer<typeof ZUpdateJobAlertRequest>;
export const ZJobAlertParams = z.object({ alertId: ZUuid });
/** The token of a job alert's unsubscribe link (128 random bits, base64url). */
export const ZJobAlertUnsubscribeParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'This unsubscribe link is not valid.'),
});
export const ZJobAlertUnsubscribeResponse = z.object({ isUnsubscribed: z.literal(true) });

const JOB_ERRORS = [400, 401, 403, 404] as const;
const inHub = { auth: 'required', hub: 'required', tag: 'jobs' } as const;

/** Job and project board (issue #19 items 1, 2, 4, 6, 7). Applications are in job-applications.ts. */
export const JOB_ENDPOINTS = {
  list: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs',
    operationId: 'listJobPosts',
    summary: 'Search the hub’s job board: typo-tolerant text, facets, newest first, keyset cursor',
    description:
      'Members see approved, open, unexpired posts for their audience; `scope=all` (admins with ' +
      'approve-job-posts or job-settings) lists every post. Jobs or projects a hub hides (job settings) are left out.',
    query: ZJobListQuery,
    response: ZJobListResponse,
    errors: JOB_ERRORS,
  }),
  create: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/jobs',
    operationId: 'createJobPost',
    summary: 'Post a job or project (user types with canPostJob, admins; DIY projects: any member)',
    description: 'An employer’s post waits in the approve-job-posts queue unless the hub auto-approves them.',
    body: ZCreateJobPostRequest,
    response: ZJobPostResponse,
    status: 201,
    errors: JOB_ERRORS,
  }),
  templates: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/templates',
    operationId: 'listProjectTemplates',
    summary: 'The eleven default project templates, Legal Advising, Customer Service and the custom option',
    response: ZProjectTemplatesResponse,
    errors: JOB_ERRORS,
  }),
  pending: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/pending',
    operationId: 'listPendingJobPosts',
    summary: 'Posts waiting for approval, oldest first (approve-job-posts)',
    query: ZPageQuery,
    response: ZJobPostPage,
    errors: JOB_ERRORS,
  }),
  saved: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/saved',
    operationId: 'listSavedJobPosts',
    summary: 'Posts the viewer saved, most recently saved first',
    query: ZPageQuery,
    response: ZJobPostPage,
    errors: JOB_ERRORS,
  }),
  recommended: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/recommended',
    operationId: 'listRecommendedJobPosts',
    summary: 'Posts recommended for the viewer from their industries and job functions (standard data)',
    response: ZJobRecommendedResponse,
    errors: JOB_ERRORS,
  }),
  settings: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/settings',
    operationId: 'getJobSettings',
    summary: 'The hub’s job board settings and what the viewer may do on the board',
    response: ZJobSettingsResponse,
    errors: JOB_ERRORS,
  }),
  updateSettings: defineEndpoint({
    ...inHub,
    method: 'PATCH',
    path: '/api/jobs/settings',
    operationId: 'updateJobSettings',
    summary:
      'Change the default expiration, DIY projects, shown boards, auto-approval or tab names (job-settings)',
    body: ZUpdateJobSettingsRequest,
    response: ZJobSettingsResponse,
    errors: JOB_ERRORS,
  }),
  alerts: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/job-alerts',
    operationId: 'listJobAlerts',
    summary: 'The viewer’s job alerts in the hub',
    response: ZJobAlertsResponse,
    errors: JOB_ERRORS,
  }),
  createAlert: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/job-alerts',
    operationId: 'createJobAlert',
    summary: 'Save a search as a job alert mailed daily or weekly',
    body: ZCreateJobAlertRequest,
    response: ZJobAlertResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  updateAlert: defineEndpoint({
    ...inHub,
    method: 'PATCH',
    path: '/api/job-alerts/:alertId',
    operationId: 'updateJobAlert',
    summary: 'Change a job alert’s search or frequency, or pause it',
    params: ZJobAlertParams,
    body: ZUpdateJobAlertRequest,
    response: ZJobAlertResponse,
    errors: JOB_ERRORS,
  }),
  deleteAlert: defineEndpoint({
    ...inHub,
    method: 'DELETE',
    path: '/api/job-alerts/:alertId',
    operationId: 'deleteJobAlert',
    summary: 'Delete a job alert',
    params: ZJobAlertParams,
    response: null,
    status: 204,
    errors: JOB_ERRORS,
  }),
  unsubscribeAlert: defineEndpoint({
    method: 'POST',
    path: '/api/job-alerts/unsubscribe/:token',
    operationId: 'unsubscribeJobAlert',
    summary: 'One-click unsubscribe (RFC 8058) of the job alert an email names; works without signing in',
    description:
      'The List-Unsubscribe header of an alert email names this URL (a POST with List-Unsubscribe=One-Click); ' +
      'the web page /job-alerts/unsubscribe?token= calls it too. Answers true again for an alert already off.',
    tag: 'jobs',
    params: ZJobAlertUnsubscribeParams,
    response: ZJobAlertUnsubscribeResponse,
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
  get: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/:id',
    operationId: 'getJobPost',
    summary: 'A post of the hub (members: when listed for them; the owner and admins: always)',
    params: ZJobPostParams,
    response: ZJobPostResponse,
    errors: JOB_ERRORS,
  }),
  update: defineEndpoint({
    ...inHub,
    method: 'PATCH',
    path: '/api/jobs/:id',
    operationId: 'updateJobPost',
    summary: 'Edit a post (its owner, admins with approve-job-posts)',
    description: 'An employer’s edit of an approved post does not send it back to the queue.',
    params: ZJobPostParams,
    body: ZUpdateJobPostRequest,
    response: ZJobPostResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  close: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/jobs/:id/close',
    operationId: 'closeJobPost',
    summary: 'Close a post: it leaves the board and takes no more applications (owner, admins)',
    params: ZJobPostParams,
    response: ZJobPostResponse,
    errors: JOB_ERRORS,
  }),
  approve: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/jobs/:id/approve',
    operationId: 'approveJobPost',
    summary: 'Approve a pending post (approve-job-posts); the owner is told',
    params: ZJobPostParams,
    response: ZJobPostResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  reject: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/jobs/:id/reject',
    operationId: 'rejectJobPost',
    summary: 'Reject a pending post (approve-job-posts); the owner is told',
    params: ZJobPostParams,
    body: ZJobRejectRequest,
    response: ZJobPostResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  save: defineEndpoint({
    ...inHub,
    method: 'PUT',
    path: '/api/jobs/:id/save',
    operationId: 'saveJobPost',
    summary: 'Save a post for later (idempotent)',
    params: ZJobPostParams,
    response: ZJobSaveResponse,
    errors: JOB_ERRORS,
  }),
  unsave: defineEndpoint({
    ...inHub,
    method: 'DELETE',
    path: '/api/jobs/:id/save',
    operationId: 'unsaveJobPost',
    summary: 'Remove a post from the saved ones (idempotent)',
    params: ZJobPostParams,
    response: ZJobSaveResponse,
    errors: JOB_ERRORS,
  }),
  profilePosts: defineEndpoint({
    method: 'GET',
    path: '/api/profiles/:identifier/job-posts',
    operationId: 'listProfileJobPosts',
    summary: 'The posts a member owns in the hub (profile section jobPosts), newest first',
    description:
      'Members see the listed ones; the member and admins also see pending, closed and expired posts.',
    tag: 'profiles',
    params: ZProfileParams,
    query: ZPageQuery,
    response: ZJobPostPage,
    errors: JOB_ERRORS,
    auth: 'required',
    hub: 'optional',
  }),
};
