import {
  EL_INTEREST_KINDS,
  EL_INTERESTS_MAX,
  EL_LISTS,
  isValidParticipationHours,
  PARTICIPATION_MESSAGES,
  PARTICIPATION_REFLECTION_MAX,
  PARTICIPATION_REPORT_STATUSES,
  PARTICIPATION_REVIEW_NOTE_MAX,
  PARTICIPATION_TITLE_MAX,
} from '@commons/domain';
import { z } from 'zod';
import {
  multiLineText,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  singleLineText,
  ZId,
  ZIsoDateTime,
  ZUuid,
} from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZCalendarDay, ZJobFlow, ZJobPostSummary } from './jobs.js';

/**
 * Experiential learning (issue #19 item 5; spec 2 {hubPath}/experiential-learning with showInterests=true,
 * Home sections 'experiential-learning lists: recent, recommended, nearby, saved, applied, add interests';
 * spec 3 Action items el_add_interest, el_save_opportunity, el_report_participation, el_apply_opportunity).
 * The opportunities are the hub's job posts and projects (contract jobs.ts ZJobPostSummary).
 */
export const ZElList = z.enum(EL_LISTS);
export type TElListName = z.infer<typeof ZElList>;
export const ZElInterestKind = z.enum(EL_INTEREST_KINDS);

/** How many posts each list of the overview shows; the rest page through GET /api/experiential-learning/lists/:list. */
export const EL_OVERVIEW_LIST_SIZE = 6;

/** One list of the overview: its first posts and whether more follow. */
export const ZElListPreview = z.object({ items: z.array(ZJobPostSummary), hasMore: z.boolean() });

/** An experience interest with its label (an industry or job function of the hub, or a kind of opportunity). */
export const ZElInterest = z.object({ kind: ZElInterestKind, value: z.string(), label: z.string() });
export type TElInterest = z.infer<typeof ZElInterest>;

/**
 * The experiential-learning page (GET /api/experiential-learning): the five lists of spec 2 (nearby by the
 * viewer's profile location, null when they have none), their interests, the hub's tab name (spec 9 default
 * 'Experiences') and what they may do.
 */
export const ZElOverview = z.object({
  tabName: z.string(),
  projectsTabName: z.string(),
  lists: z.object({
    recent: ZElListPreview,
    recommended: ZElListPreview,
    nearby: ZElListPreview,
    saved: ZElListPreview,
    applied: ZElListPreview,
  }),
  interests: z.array(ZElInterest),
  location: z.string().nullable(),
  can: z.object({
    /** Report participation (any approved member). */
    report: z.boolean(),
    /** Review the hub's participation reports (experiential-learning right). */
    review: z.boolean(),
  }),
});
export type TElOverview = z.infer<typeof ZElOverview>;

export const ZElListParams = z.object({ list: ZElList });
export const ZElListQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export const ZElListResponse = z.object({
  items: z.array(ZJobPostSummary),
  nextCursor: z.string().nullable(),
});
export type TElListResponse = z.infer<typeof ZElListResponse>;

/** A choice offered in "Add interests". */
export const ZElInterestOption = z.object({ value: z.string(), label: z.string() });

/** The viewer's interests and what they may choose from (GET and PUT /api/experiential-learning/interests). */
export const ZElInterestsResponse = z.object({
  interests: z.array(ZElInterest),
  options: z.object({
    industry: z.array(ZElInterestOption),
    jobFunction: z.array(ZElInterestOption),
    opportunityType: z.array(ZElInterestOption),
  }),
});
export type TElInterestsResponse = z.infer<typeof ZElInterestsResponse>;

export const EL_INTERESTS_MAX_MESSAGE = `Choose up to ${EL_INTERESTS_MAX} interests.`;
export const EL_INTEREST_UNKNOWN = 'Choose from the listed interests.';

/** Replaces the viewer's interests; each must be one of the options. Saving some completes el_add_interest. */
export const ZUpdateElInterestsRequest = z.object({
  interests: z
    .array(z.object({ kind: ZElInterestKind, value: z.string().trim().min(1).max(120) }))
    .max(EL_INTERESTS_MAX, EL_INTERESTS_MAX_MESSAGE)
    .refine(
      (list) => new Set(list.map((i) => `${i.kind}:${i.value}`)).size === list.length,
      'Choose each interest once.',
    ),
});
export type TUpdateElInterestsRequest = z.input<typeof ZUpdateElInterestsRequest>;

export const ZParticipationReportStatus = z.enum(PARTICIPATION_REPORT_STATUSES);

/** A participation report: what the member did, when, for how long, and what they took from it. */
export const ZParticipationReport = z.object({
  id: ZId,
  member: z.object({
    id: ZId,
    identifier: z.string(),
    fullName: z.string(),
    photoUrl: z.string().nullable(),
  }),
  /** The hub's opportunity it was, when the member chose one. */
  post: z.object({ id: ZId, title: z.string(), jobFlow: ZJobFlow }).nullable(),
  title: z.string(),
  organisation: z.string(),
  startedOn: z.string(),
  endedOn: z.string().nullable(),
  hours: z.number(),
  reflection: z.string(),
  status: ZParticipationReportStatus,
  statusLabel: z.string(),
  reviewNote: z.string().nullable(),
  reviewedAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
});
export type TParticipationReport = z.infer<typeof ZParticipationReport>;
export const ZParticipationReportResponse = z.object({ report: ZParticipationReport });
export const ZParticipationReportPage = z.object({
  items: z.array(ZParticipationReport),
  nextCursor: z.string().nullable(),
});
export type TParticipationReportPage = z.infer<typeof ZParticipationReportPage>;

/**
 * Reports participation (POST /api/experiential-learning/reports): an opportunity of the hub or a title of
 * the member's own, the dates (started by today; the end not before the start), hours in quarter hours
 * (0.25 to 1000) and a reflection. Completes el_report_participation.
 */
export const ZCreateParticipationReportRequest = z
  .object({
    postId: ZUuid.nullable().default(null),
    title: singleLineText()
      .max(PARTICIPATION_TITLE_MAX, `Keep the title to ${PARTICIPATION_TITLE_MAX} characters.`)
      .default(''),
    organisation: singleLineText().max(120, 'Keep the organisation to 120 characters.').default(''),
    startedOn: ZCalendarDay,
    endedOn: ZCalendarDay.nullable().default(null),
    hours: z
      .number({ error: PARTICIPATION_MESSAGES.hours })
      .refine(isValidParticipationHours, PARTICIPATION_MESSAGES.hours),
    reflection: multiLineText()
      .min(1, PARTICIPATION_MESSAGES.reflection)
      .max(PARTICIPATION_REFLECTION_MAX, PARTICIPATION_MESSAGES.reflectionTooLong),
  })
  .superRefine((body, ctx) => {
    if (body.postId === null && body.title === '')
      ctx.addIssue({ code: 'custom', path: ['title'], message: PARTICIPATION_MESSAGES.title });
    if (body.endedOn !== null && body.endedOn < body.startedOn)
      ctx.addIssue({ code: 'custom', path: ['endedOn'], message: PARTICIPATION_MESSAGES.dates });
  });
export type TCreateParticipationReportRequest = z.input<typeof ZCreateParticipationReportRequest>;

/** The hub's reports for review, oldest first; `status` defaults to the ones waiting. */
export const ZParticipationReportListQuery = z.object({
  status: ZParticipationReportStatus.default('pending'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export const ZMyParticipationReportsQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const PARTICIPATION_ALREADY_REVIEWED = 'This report has already been reviewed.';

/** An admin's review of a pending report; the member is told. */
export const ZReviewParticipationReportRequest = z.object({
  decision: z.enum(['approve', 'reject']),
  note: multiLineText()
    .max(PARTICIPATION_REVIEW_NOTE_MAX, `Keep the note to ${PARTICIPATION_REVIEW_NOTE_MAX} characters.`)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value)),
});
export type TReviewParticipationReportRequest = z.input<typeof ZReviewParticipationReportRequest>;
export const ZParticipationReportParams = z.object({ id: ZUuid });

const ERRORS = [400, 401, 403, 404] as const;
const inHub = { auth: 'required', hub: 'required', tag: 'experiential-learning' } as const;

/** Experiential learning endpoints (issue #19 item 5). */
export const EXPERIENTIAL_LEARNING_ENDPOINTS = {
  overview: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/experiential-learning',
    operationId: 'getExperientialLearning',
    summary:
      'The experiential-learning page: recent, recommended, nearby, saved and applied, and my interests',
    response: ZElOverview,
    errors: ERRORS,
  }),
  list: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/experiential-learning/lists/:list',
    operationId: 'listExperientialLearningOpportunities',
    summary: 'One list of the experiential-learning page, paged',
    params: ZElListParams,
    query: ZElListQuery,
    response: ZElListResponse,
    errors: ERRORS,
  }),
  interests: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/experiential-learning/interests',
    operationId: 'getExperienceInterests',
    summary: 'My experience interests and the choices (industries, job functions, kinds of opportunity)',
    response: ZElInterestsResponse,
    errors: ERRORS,
  }),
  updateInterests: defineEndpoint({
    ...inHub,
    method: 'PUT',
    path: '/api/experiential-learning/interests',
    operationId: 'updateExperienceInterests',
    summary: 'Replace my experience interests (completes the el_add_interest action item)',
    body: ZUpdateElInterestsRequest,
    response: ZElInterestsResponse,
    errors: ERRORS,
  }),
  report: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/experiential-learning/reports',
    operationId: 'reportParticipation',
    summary: 'Report participation: hours and a reflection, for the hub’s admins to review',
    description: 'Completes the el_report_participation action item; the hub’s reviewers are notified.',
    body: ZCreateParticipationReportRequest,
    response: ZParticipationReportResponse,
    status: 201,
    errors: ERRORS,
  }),
  myReports: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/experiential-learning/reports/mine',
    operationId: 'listMyParticipationReports',
    summary: 'My participation reports in the hub, newest first',
    query: ZMyParticipationReportsQuery,
    response: ZParticipationReportPage,
    errors: ERRORS,
  }),
  reports: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/experiential-learning/reports',
    operationId: 'listParticipationReports',
    summary: 'The hub’s participation reports by review status, oldest first (experiential-learning right)',
    query: ZParticipationReportListQuery,
    response: ZParticipationReportPage,
    errors: ERRORS,
  }),
  review: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/experiential-learning/reports/:id/review',
    operationId: 'reviewParticipationReport',
    summary:
      'Approve or reject a pending participation report (experiential-learning right); the member is told',
    params: ZParticipationReportParams,
    body: ZReviewParticipationReportRequest,
    response: ZParticipationReportResponse,
    errors: [400, 401, 403, 404, 409],
  }),
};
