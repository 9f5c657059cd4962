import { APPLICANT_PROJECT_STATUSES, APPLICATION_STATES, USER_APPLICATION_ACTIONS } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ZId, ZIsoDateTime, ZUuid } from './common.js';
import { webUrl } from './web-url.js';
import { defineEndpoint } from './endpoint.js';
import { ZJobFlow, ZJobOwner, ZJobPostParams, ZJobPostSummary, ZProjectStatus } from './jobs.js';

/**
 * Applications to job posts and projects (issue #19 item 3; spec 4 Projects, spec 6 Projects). The status
 * machine is packages/domain job-applications.ts: every answer carries the application's `state` and the
 * viewer's `can` flags taken from it, so the web offers exactly the moves the server accepts.
 */
export const ZApplicationState = z.enum(APPLICATION_STATES);
export type TApplicationStateValue = z.infer<typeof ZApplicationState>;
export const ZApplicationAction = z.enum(USER_APPLICATION_ACTIONS);
export const ZApplicantProjectStatus = z.enum(APPLICANT_PROJECT_STATUSES);

export const APPLICATION_NOTE_MAX = 2000;
export const SUBMISSION_TEXT_MAX = 10_000;
export const REVIEW_NOTE_MAX = 2000;
export const APPLICATION_NOTE_TOO_LONG = `Keep the note to ${APPLICATION_NOTE_MAX} characters.`;
export const APPLICATION_RESUME_REQUIRED = 'Add your resume to apply.';
export const APPLICATION_FILE_UNKNOWN = 'Choose one of your files, or upload one.';
export const SUBMISSION_EMPTY = 'Add your work: a text, a link or a file.';
export const SUBMISSION_TEXT_TOO_LONG = `Keep the text to ${SUBMISSION_TEXT_MAX} characters.`;
export const REVIEW_NOTE_TOO_LONG = `Keep the note to ${REVIEW_NOTE_MAX} characters.`;

/** A file attached to an application: the resume, or the work submitted. */
export const ZApplicationFile = z.object({
  id: ZId,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type TApplicationFile = z.infer<typeof ZApplicationFile>;

/** The applicant as the owner and admins see them. */
export const ZApplicant = z.object({
  id: ZId,
  identifier: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
  headline: z.string().nullable(),
});

/** The post an application is for, as much as an application shows of it. */
export const ZApplicationPost = z.object({
  id: ZId,
  jobFlow: ZJobFlow,
  title: z.string(),
  organisation: z.string(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  owner: ZJobOwner,
});

/** The work a hired project applicant submitted for review. */
export const ZApplicationSubmission = z.object({
  text: z.string().nullable(),
  url: z.string().nullable(),
  file: ZApplicationFile.nullable(),
  submittedAt: ZIsoDateTime,
});

/** The owner's (or an admin's) decision on submitted work. */
export const ZApplicationReview = z.object({
  outcome: z.enum(['completed', 'notCompleted']),
  note: z.string().nullable(),
  reviewedAt: ZIsoDateTime,
});

/** Moves the viewer may make now: the domain's table for their roles (applicant, hired user, owner, admin). */
export const ZApplicationAbilities = z.object({
  shortlist: z.boolean(),
  hire: z.boolean(),
  reject: z.boolean(),
  withdraw: z.boolean(),
  submit: z.boolean(),
  complete: z.boolean(),
  markNotCompleted: z.boolean(),
});
export type TApplicationAbilities = z.infer<typeof ZApplicationAbilities>;

/**
 * One application. `state` is the machine's; `stateLabel` names it for the viewer. `projectStatus` is spec 4's
 * view of a hired project: the applicant's for the applicant (with submitForReview), the employer's for the
 * owner and admins (without it); null before hiring and for jobs. `threadId` is the viewer's conversation
 * with the other side, where every change is posted as a system message, when there is one.
 */
export const ZJobApplication = z.object({
  id: ZId,
  post: ZApplicationPost,
  applicant: ZApplicant,
  note: z.string(),
  resume: ZApplicationFile.nullable(),
  state: ZApplicationState,
  stateLabel: z.string(),
  projectStatus: ZApplicantProjectStatus.nullable(),
  submission: ZApplicationSubmission.nullable(),
  review: ZApplicationReview.nullable(),
  threadId: ZId.nullable(),
  createdAt: ZIsoDateTime,
  statusChangedAt: ZIsoDateTime,
  can: ZApplicationAbilities,
});
export type TJobApplication = z.infer<typeof ZJobApplication>;
export const ZJobApplicationResponse = z.object({ application: ZJobApplication });
export type TJobApplicationResponse = z.infer<typeof ZJobApplicationResponse>;

/**
 * Apply (POST /api/jobs/:id/applications): a note and a resume, one of the viewer's files: a profile
 * document or a file uploaded for applications (POST /api/applications/files). A post that requires a
 * resume refuses an application without one.
 */
export const ZApplyRequest = z.object({
  note: multiLineText().max(APPLICATION_NOTE_MAX, APPLICATION_NOTE_TOO_LONG).default(''),
  resumeFileId: ZUuid.nullable().default(null),
});
export type TApplyRequest = z.input<typeof ZApplyRequest>;

const ZApplicationListPaging = {
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/** The owner's (and admins') applicant list of a post, oldest first; optionally one state. */
export const ZApplicantListQuery = z.object({
  state: ZApplicationState.optional(),
  ...ZApplicationListPaging,
});
export type TApplicantListQuery = z.input<typeof ZApplicantListQuery>;

/** A page of a post's applications with how many the post has in each state (the list's tabs). */
export const ZApplicantListResponse = z.object({
  items: z.array(ZJobApplication),
  nextCursor: z.string().nullable(),
  counts: z.partialRecord(ZApplicationState, z.number().int()),
});
export type TApplicantListResponse = z.infer<typeof ZApplicantListResponse>;

/** The viewer's applications in the hub, newest first; optionally only jobs or projects, or one state. */
export const ZMyApplicationsQuery = z.object({
  jobFlow: ZJobFlow.optional(),
  state: ZApplicationState.optional(),
  ...ZApplicationListPaging,
});
export type TMyApplicationsQuery = z.input<typeof ZMyApplicationsQuery>;
export const ZMyApplicationsResponse = z.object({
  items: z.array(ZJobApplication),
  nextCursor: z.string().nullable(),
});
export type TMyApplicationsResponse = z.infer<typeof ZMyApplicationsResponse>;

export const ZApplicationParams = z.object({ id: ZUuid });
export const ZApplicationFileParams = z.object({ id: ZUuid, fileId: ZUuid });

/** An optional word to the other side with a decision (shortlist, hire, reject, withdraw), added to the system message. */
export const ZApplicationDecisionRequest = z.object({
  message: multiLineText().max(REVIEW_NOTE_MAX, REVIEW_NOTE_TOO_LONG).optional(),
});
export type TApplicationDecisionRequest = z.input<typeof ZApplicationDecisionRequest>;

/** The hired user's work (POST /api/applications/:id/submit): a text, a link, a file, or several of them. */
export const ZSubmitWorkRequest = z
  .object({
    text: multiLineText()
      .max(SUBMISSION_TEXT_MAX, SUBMISSION_TEXT_TOO_LONG)
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value)),
    url: webUrl().nullable().default(null),
    fileId: ZUuid.nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.text === null && body.url === null && body.fileId === null)
      ctx.addIssue({ code: 'custom', path: ['text'], message: SUBMISSION_EMPTY });
  });
export type TSubmitWorkRequest = z.input<typeof ZSubmitWorkRequest>;

/** The review of submitted work (complete, not completed): a note to the applicant. */
export const ZReviewWorkRequest = z.object({
  note: multiLineText()
    .max(REVIEW_NOTE_MAX, REVIEW_NOTE_TOO_LONG)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value)),
});
export type TReviewWorkRequest = z.input<typeof ZReviewWorkRequest>;

/** A file uploaded for an application (a resume, or work); it is not added to the profile. */
export const ZApplicationFileResponse = z.object({ file: ZApplicationFile });

/** A project of the hub in the wider status filter (spec 4), with its applications counted. */
export const ZProjectStatusItem = z.object({
  post: ZJobPostSummary,
  applicationCount: z.number().int(),
  hiredCount: z.number().int(),
});
/**
 * Projects by status (spec 4 Projects): admins (approve-job-posts, job-settings) see every project of the hub
 * and filter by the wider list (pendingApproval, pendingHire, inactive, unapproved and the employer statuses);
 * other members see their own projects (the employer view). Newest first.
 */
export const ZProjectStatusListQuery = z.object({
  status: ZProjectStatus.optional(),
  scope: z.enum(['mine', 'all']).default('mine'),
  ...ZApplicationListPaging,
});
export type TProjectStatusListQuery = z.input<typeof ZProjectStatusListQuery>;
export const ZProjectStatusListResponse = z.object({
  items: z.array(ZProjectStatusItem),
  nextCursor: z.string().nullable(),
});
export type TProjectStatusListResponse = z.infer<typeof ZProjectStatusListResponse>;

const ERRORS = [400, 401, 403, 404] as const;
const MOVE_ERRORS = [400, 401, 403, 404, 409] as const;
const inHub = { auth: 'required', hub: 'required', tag: 'jobs' } as const;

const move = <const N extends string, const P extends `/${string}`, const B extends z.ZodType>(
  operationId: N,
  path: P,
  summary: string,
  body: B,
) =>
  defineEndpoint({
    ...inHub,
    method: 'POST',
    path,
    operationId,
    summary,
    params: ZApplicationParams,
    body,
    response: ZJobApplicationResponse,
    errors: MOVE_ERRORS,
  });

/**
 * Applications (issue #19 item 3). Every change of state reaches the other side as a system message in their
 * conversation, a notification and, per their email preferences, an email. A move the state no longer allows
 * answers 409 invalid_transition; a move that is not the viewer's answers 403.
 */
export const JOB_APPLICATION_ENDPOINTS = {
  apply: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/jobs/:id/applications',
    operationId: 'applyToJobPost',
    summary: 'Apply to an internal job or project with a note and a resume',
    description:
      'spec 6 Projects: a project needs a user type with canApplyProject (for the first application only) in ' +
      'the audience; a job needs the audience; admins may always apply; one application per post.',
    params: ZJobPostParams,
    body: ZApplyRequest,
    response: ZJobApplicationResponse,
    status: 201,
    errors: MOVE_ERRORS,
  }),
  applicants: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/jobs/:id/applications',
    operationId: 'listJobApplications',
    summary: 'The applications to a post, oldest first (its owner, admins)',
    params: ZJobPostParams,
    query: ZApplicantListQuery,
    response: ZApplicantListResponse,
    errors: ERRORS,
  }),
  mine: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/applications/mine',
    operationId: 'listMyApplications',
    summary: 'My applications in the hub, newest first (the applicant view of spec 4)',
    query: ZMyApplicationsQuery,
    response: ZMyApplicationsResponse,
    errors: ERRORS,
  }),
  projects: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/applications/projects',
    operationId: 'listProjectsByStatus',
    summary: 'Projects by status: mine (employer view), or all of the hub for admins (wider filter)',
    query: ZProjectStatusListQuery,
    response: ZProjectStatusListResponse,
    errors: ERRORS,
  }),
  uploadFile: defineEndpoint({
    ...inHub,
    method: 'POST',
    path: '/api/applications/files',
    operationId: 'uploadApplicationFile',
    summary: 'Upload a resume or work file for an application (PDF or DOCX, 10 MB at most; multipart "file")',
    description:
      'The file is not added to the profile; one not used by an application within a day is removed.',
    consumes: 'multipart/form-data',
    response: ZApplicationFileResponse,
    status: 201,
    errors: [400, 401, 403, 404, 413],
  }),
  get: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/applications/:id',
    operationId: 'getJobApplication',
    summary: 'One application (its applicant, the post’s owner, admins)',
    params: ZApplicationParams,
    response: ZJobApplicationResponse,
    errors: ERRORS,
  }),
  file: defineEndpoint({
    ...inHub,
    method: 'GET',
    path: '/api/applications/:id/files/:fileId',
    operationId: 'downloadApplicationFile',
    summary: 'Download an application’s resume or submitted file (its applicant, the post’s owner, admins)',
    params: ZApplicationFileParams,
    response: null,
    produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    errors: ERRORS,
  }),
  shortlist: move(
    'shortlistJobApplication',
    '/api/applications/:id/shortlist',
    'Shortlist an application (the post’s owner, admins)',
    ZApplicationDecisionRequest,
  ),
  hire: move(
    'hireJobApplicant',
    '/api/applications/:id/hire',
    'Hire the applicant; a project’s work starts on its start date (the post’s owner, admins)',
    ZApplicationDecisionRequest,
  ),
  reject: move(
    'rejectJobApplication',
    '/api/applications/:id/reject',
    'Reject an application (the post’s owner, admins)',
    ZApplicationDecisionRequest,
  ),
  withdraw: move(
    'withdrawJobApplication',
    '/api/applications/:id/withdraw',
    'Withdraw my application before a decision (the applicant)',
    ZApplicationDecisionRequest,
  ),
  submit: move(
    'submitProjectWork',
    '/api/applications/:id/submit',
    'Submit a project’s work for review: a text, a link or a file (the hired user)',
    ZSubmitWorkRequest,
  ),
  complete: move(
    'completeProjectWork',
    '/api/applications/:id/complete',
    'Mark submitted work completed (the post’s owner, admins)',
    ZReviewWorkRequest,
  ),
  markNotCompleted: move(
    'markProjectWorkNotCompleted',
    '/api/applications/:id/not-completed',
    'Mark a hired project not completed, with or without a submission (the post’s owner, admins)',
    ZReviewWorkRequest,
  ),
};
