import {
  PATHWAY_LIMITS,
  PATHWAY_PROGRESSES,
  PATHWAY_STEP_KINDS,
  PATHWAY_STEP_STATUSES,
  RESERVED_PATHWAY_SLUGS,
} from '@commons/domain';
import { z } from 'zod';
import {
  multiLineText,
  singleLineText,
  ZId,
  ZIsoDateTime,
  ZPageQuery,
  zPage,
  ZUuid,
  ZDateOnly,
} from './common.js';
import { webUrl } from './web-url.js';
import { defineEndpoint } from './endpoint.js';
import { ZProgramRole } from './groups.js';
import { ZAnswerData, ZAnswerDataInput, ZProfileQuestion } from './profile-questions.js';

/**
 * Pathways (issue #20 item 1, spec 3 Pathway, spec 4 Pathways): a form of sections and steps that admins with
 * manage-pathways build and assign to user types or programs; members accept, answer (autosaved, spec 5) and
 * submit steps; steps that need review wait in a review queue for an admin or the member's program mentor.
 *
 * Step index: the steps of all sections counted in order from 0 (`pathways/{slug}/steps/{stepIndex}`, spec 2);
 * `resumeStepIndex` is the first step in progress or pending (spec 4).
 */

export const ZPathwayProgress = z.enum(PATHWAY_PROGRESSES);
export type TPathwayProgressValue = z.infer<typeof ZPathwayProgress>;
/** A step's (and a section's) status: completed, in-progress (also not started yet) or pending review (spec 4). */
export const ZPathwayStepStatus = z.enum(PATHWAY_STEP_STATUSES);
export const ZPathwayStepKind = z.enum(PATHWAY_STEP_KINDS);
export type TPathwayStepKind = z.infer<typeof ZPathwayStepKind>;
/** draft: only managers see it; published: members of the hub see it. */
export const ZPathwayStatus = z.enum(['draft', 'published']);

const L = PATHWAY_LIMITS;
const ZCalendarDate = ZDateOnly;
/** Ids of sections, steps and checklist items inside a form: kept across edits so answers stay attached. */
export const ZFormItemId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use letters, digits, "-" or "_" (at most 64).');

// ---- The form (what admins build) ----

const stepBase = {
  /** Absent on a new step: the server gives one. */
  id: ZFormItemId.optional(),
  title: singleLineText()
    .min(1, 'Give the step a title.')
    .max(L.titleMaxLength, `Keep the title under ${L.titleMaxLength} characters.`),
  /** The step waits for an admin or the member's program mentor to approve it (pending) once submitted. */
  needsReview: z.boolean().default(false),
};

/** One step as admins write it (form builder); the kind decides its fields. */
export const ZPathwayStepInput = z.discriminatedUnion('kind', [
  z.object({
    ...stepBase,
    kind: z.literal('richText'),
    /** Rich text (spec 5 allowed tags; sanitised by the server). */
    body: multiLineText().max(L.richTextMaxLength),
  }),
  z.object({
    ...stepBase,
    kind: z.literal('video'),
    /** A video of an approved embed host (spec 5 Embedded frames). */
    url: webUrl(),
    caption: multiLineText().max(1000).default(''),
  }),
  z.object({
    ...stepBase,
    kind: z.literal('link'),
    url: webUrl(),
    label: singleLineText().max(200).default(''),
    description: multiLineText().max(1000).default(''),
  }),
  z.object({
    ...stepBase,
    kind: z.literal('fileUpload'),
    /** What to upload; the member uploads a document (PDF or DOCX, FILE_ENDPOINTS.uploadFile) and picks it. */
    instructions: multiLineText().max(2000).default(''),
  }),
  z.object({
    ...stepBase,
    kind: z.literal('profileQuestion'),
    /** An active profile question of the hub: the answer is the member's profile answer (spec 5 saving rules). */
    questionId: ZUuid,
  }),
  z.object({
    ...stepBase,
    kind: z.literal('checklist'),
    items: z
      .array(
        z.object({
          id: ZFormItemId.optional(),
          label: singleLineText().min(1, 'Give the item a label.').max(300),
        }),
      )
      .min(1, 'Add at least one item.')
      .max(L.maxChecklistItems),
  }),
  z.object({
    ...stepBase,
    kind: z.literal('reflection'),
    /** The question the member reflects on; the answer is text saved under spec 5 (50 to 1000 characters). */
    prompt: multiLineText().min(1, 'Give the reflection a prompt.').max(2000),
  }),
]);
export type TPathwayStepInput = z.input<typeof ZPathwayStepInput>;

export const ZPathwaySectionInput = z.object({
  id: ZFormItemId.optional(),
  title: singleLineText()
    .min(1, 'Give the section a title.')
    .max(L.titleMaxLength, `Keep the title under ${L.titleMaxLength} characters.`),
  description: multiLineText().max(2000).default(''),
  steps: z.array(ZPathwayStepInput).min(1, 'Add at least one step.').max(L.maxStepsPerSection),
});

/** spec 3 Pathway form: sections and form.settings.estimatedCompletionTime (days). */
export const ZPathwayFormInput = z.object({
  settings: z
    .object({
      estimatedCompletionTime: z
        .number()
        .int()
        .min(1, 'At least 1 day.')
        .max(L.maxEstimatedDays, `At most ${L.maxEstimatedDays} days.`)
        .nullable()
        .default(null),
    })
    .default({ estimatedCompletionTime: null }),
  sections: z.array(ZPathwaySectionInput).min(1, 'Add at least one section.').max(L.maxSections),
});
export type TPathwayFormInput = z.output<typeof ZPathwayFormInput>;

/** A step as stored and shown: the input with its id set. */
export const ZPathwayStep = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: z.literal('richText'),
    title: z.string(),
    needsReview: z.boolean(),
    body: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('video'),
    title: z.string(),
    needsReview: z.boolean(),
    url: z.string(),
    caption: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('link'),
    title: z.string(),
    needsReview: z.boolean(),
    url: z.string(),
    label: z.string(),
    description: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('fileUpload'),
    title: z.string(),
    needsReview: z.boolean(),
    instructions: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('profileQuestion'),
    title: z.string(),
    needsReview: z.boolean(),
    questionId: z.string(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('checklist'),
    title: z.string(),
    needsReview: z.boolean(),
    items: z.array(z.object({ id: z.string(), label: z.string() })),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('reflection'),
    title: z.string(),
    needsReview: z.boolean(),
    prompt: z.string(),
  }),
]);
export type TPathwayStep = z.infer<typeof ZPathwayStep>;
export const ZPathwaySection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  steps: z.array(ZPathwayStep),
});
export type TPathwaySection = z.infer<typeof ZPathwaySection>;
export const ZPathwayForm = z.object({
  settings: z.object({ estimatedCompletionTime: z.number().int().nullable() }),
  sections: z.array(ZPathwaySection),
});
export type TPathwayForm = z.infer<typeof ZPathwayForm>;

// ---- Assignment (user types or programs, completedBy per role: group pathwayTimelines) ----

/** Assigned to members of a user type, to be completed by a day (or no deadline). */
export const ZPathwayUserTypeAssignmentInput = z.object({
  userTypeId: ZUuid,
  completedBy: ZCalendarDate.nullable().default(null),
});
/**
 * Assigned to a program's members in the given roles; completedBy per role (a role left out takes the
 * program's pathwayTimelines.{role}.completedBy).
 */
export const ZPathwayProgramAssignmentInput = z.object({
  programId: ZUuid,
  roles: z.array(ZProgramRole).min(1).max(3).default(['mentee', 'mentor', 'both']),
  completedBy: z.partialRecord(ZProgramRole, ZCalendarDate.nullable()).default({}),
});
export const ZPathwayAssignmentsInput = z.object({
  userTypes: z.array(ZPathwayUserTypeAssignmentInput).max(50).default([]),
  programs: z.array(ZPathwayProgramAssignmentInput).max(50).default([]),
});
export type TPathwayAssignmentsInput = z.output<typeof ZPathwayAssignmentsInput>;
export const ZPathwayAssignments = z.object({
  userTypes: z.array(z.object({ userTypeId: ZId, title: z.string(), completedBy: z.string().nullable() })),
  programs: z.array(
    z.object({
      programId: ZId,
      name: z.string(),
      roles: z.array(ZProgramRole),
      /** As saved on the assignment. */
      completedBy: z.partialRecord(ZProgramRole, z.string().nullable()),
      /** What applies per role: the assignment's date, else the program's pathwayTimelines. */
      effectiveCompletedBy: z.partialRecord(ZProgramRole, z.string().nullable()),
    }),
  ),
});
export type TPathwayAssignments = z.infer<typeof ZPathwayAssignments>;

// ---- What members see ----

/** A pathway in a list (spec 4 label and button). */
export const ZPathwaySummary = z.object({
  id: ZId,
  slug: z.string(),
  /** The slug trimmed to 30 characters for display (spec 9 Pathway id display). */
  displayId: z.string(),
  title: z.string(),
  /** Plain text. */
  description: z.string(),
  status: ZPathwayStatus,
  /** spec 3 settings.isLibraryPathway: shared with the cluster's other hubs to copy. */
  isLibraryPathway: z.boolean(),
  /** The hub that owns it (another hub for library pathways of the library list). */
  hub: z.object({ id: ZId, identifier: z.string(), name: z.string() }),
  /** spec 3 form.settings.estimatedCompletionTime, in days. */
  estimatedCompletionTime: z.number().int().nullable(),
  sectionCount: z.number().int(),
  stepCount: z.number().int(),
  /** The viewer's progress (spec 4): new until accepted. */
  progress: ZPathwayProgress,
  /** 'New', 'In progress', 'Pending review' or 'Completed'. */
  progressLabel: z.string(),
  /** spec 4: new 'Accept & Start'; in-progress or pending 'Continue'; completed 'View'. */
  buttonText: z.string(),
  completedStepCount: z.number().int(),
  /** Where Continue opens: the first in-progress or pending step (spec 4). */
  resumeStepIndex: z.number().int(),
  /** Assigned to the viewer (their user type or a program role). */
  isAssigned: z.boolean(),
  /** The viewer's deadline (earliest of their assignments), a day 'YYYY-MM-DD', or null. */
  completedBy: z.string().nullable(),
  startedAt: ZIsoDateTime.nullable(),
  /** spec 3 formResponse.completedAt. */
  completedAt: ZIsoDateTime.nullable(),
  /** Where it was copied from (a library pathway), or null. */
  copiedFrom: z.object({ id: ZId, title: z.string() }).nullable(),
  can: z.object({
    start: z.boolean(),
    edit: z.boolean(),
    delete: z.boolean(),
    /** Copy this library pathway into the request's hub. */
    copy: z.boolean(),
  }),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TPathwaySummary = z.infer<typeof ZPathwaySummary>;

/**
 * Lists: assigned (to me, or started by me), available (published, neither assigned nor started), library
 * (managers: library pathways of the cluster's other hubs, to copy), manage (managers: every pathway of the hub).
 */
export const PATHWAY_LIST_SCOPES = ['assigned', 'available', 'library', 'manage'] as const;
export const ZPathwaysQuery = ZPageQuery.extend({
  scope: z.enum(PATHWAY_LIST_SCOPES).default('assigned'),
});
export type TPathwaysQuery = z.output<typeof ZPathwaysQuery>;
export const ZPathwaysPage = zPage(ZPathwaySummary);

/** The viewer's answer of a step. */
export const ZPathwayStepAnswerValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('checklist'), checkedItemIds: z.array(z.string()) }),
  z.object({ kind: z.literal('reflection'), text: z.string() }),
  z.object({
    kind: z.literal('fileUpload'),
    file: z
      .object({ id: ZId, name: z.string(), mimeType: z.string(), sizeBytes: z.number().int() })
      .nullable(),
  }),
  /** The profile answer (spec 3 answerData), as the profile keeps it. */
  z.object({ kind: z.literal('profileQuestion'), answerData: ZAnswerData.nullable() }),
]);
export type TPathwayStepAnswerValue = z.infer<typeof ZPathwayStepAnswerValue>;

/** A step with the viewer's state. */
export const ZPathwayStepState = z.object({
  /** Index among all steps of the pathway (the stepIndex of the page address). */
  index: z.number().int(),
  status: ZPathwayStepStatus,
  /** The viewer's saved answer (null for kinds without one, or nothing saved yet). */
  answer: ZPathwayStepAnswerValue.nullable(),
  /** For a profileQuestion step: the question as the viewer reads it (null when it was removed). */
  question: ZProfileQuestion.nullable(),
  submittedAt: ZIsoDateTime.nullable(),
  /** The last review: approved or sent back, by whom, with the reviewer's note. */
  review: z
    .object({
      decision: z.enum(['approved', 'sentBack']),
      note: z.string(),
      reviewedAt: ZIsoDateTime,
      reviewerName: z.string(),
    })
    .nullable(),
  can: z.object({ answer: z.boolean(), submit: z.boolean() }),
});
export type TPathwayStepState = z.infer<typeof ZPathwayStepState>;

/** One pathway with its form and the viewer's response. */
export const ZPathwayDetail = ZPathwaySummary.extend({
  /** Sections with their status from their steps (spec 3 form.sections[].status), steps with the viewer's state. */
  sections: z.array(
    ZPathwaySection.omit({ steps: true }).extend({
      status: ZPathwayStepStatus,
      steps: z.array(z.object({ step: ZPathwayStep, state: ZPathwayStepState })),
    }),
  ),
});
export type TPathwayDetail = z.infer<typeof ZPathwayDetail>;
export const ZPathwayDetailResponse = z.object({ pathway: ZPathwayDetail });
export const ZPathwaySlugParams = z.object({ slug: z.string().min(1).max(L.slugMaxLength) });
export const ZPathwayStepParams = ZPathwaySlugParams.extend({ stepId: ZFormItemId });

/** An answer being typed or picked (autosave). */
export const ZSaveStepAnswerRequest = z.object({
  value: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('checklist'), checkedItemIds: z.array(ZFormItemId).max(L.maxChecklistItems) }),
    z.object({ kind: z.literal('reflection'), text: multiLineText({ isTrimmed: false }).max(20000) }),
    /** One of the viewer's uploaded documents (FILE_ENDPOINTS.uploadFile), or null to remove it. */
    z.object({ kind: z.literal('fileUpload'), fileId: ZUuid.nullable() }),
    /** Saved into the viewer's profile answer (PROFILE_QUESTION_ENDPOINTS.saveAnswer rules). */
    z.object({ kind: z.literal('profileQuestion'), answerData: ZAnswerDataInput }),
  ]),
});
export type TSaveStepAnswerRequest = z.output<typeof ZSaveStepAnswerRequest>;
/**
 * spec 5 Profile answer saving: isSaved false when the answer is unchanged or not yet savable (an empty text,
 * a text of under 50 or over 1000 characters); isDirty true while it still waits to be saved.
 */
export const ZSaveStepAnswerResponse = z.object({
  isSaved: z.boolean(),
  isDirty: z.boolean(),
  state: ZPathwayStepState,
});

/** 400 user message when a step is submitted without what it needs. */
export const PATHWAY_STEP_INCOMPLETE_MESSAGE = 'Finish this step before submitting it.';

// ---- Admin (manage-pathways) ----

export const ZPathwayRequest = z.object({
  title: singleLineText()
    .min(1, 'Give the pathway a title.')
    .max(L.titleMaxLength, `Keep the title under ${L.titleMaxLength} characters.`),
  /** Absent: made from the title; unique in the hub. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.')
    .max(L.slugMaxLength)
    .refine((slug) => !RESERVED_PATHWAY_SLUGS.includes(slug), 'This address is reserved; choose another.')
    .optional(),
  description: multiLineText().max(2000).default(''),
  status: ZPathwayStatus.default('draft'),
  /** spec 3 settings.isLibraryPathway. */
  settings: z.object({ isLibraryPathway: z.boolean().default(false) }).default({ isLibraryPathway: false }),
  form: ZPathwayFormInput,
  assignments: ZPathwayAssignmentsInput.default({ userTypes: [], programs: [] }),
});
export type TPathwayRequest = z.output<typeof ZPathwayRequest>;

export const ZAdminPathway = ZPathwaySummary.omit({
  progress: true,
  progressLabel: true,
  buttonText: true,
  completedStepCount: true,
  resumeStepIndex: true,
  isAssigned: true,
  completedBy: true,
  startedAt: true,
  completedAt: true,
}).extend({
  form: ZPathwayForm,
  assignments: ZPathwayAssignments,
  /** Members who started it, completed it, and steps waiting for review. */
  stats: z.object({
    started: z.number().int(),
    completed: z.number().int(),
    pendingReviews: z.number().int(),
  }),
});
export type TAdminPathway = z.infer<typeof ZAdminPathway>;
export const ZAdminPathwayResponse = z.object({ pathway: ZAdminPathway });
export const ZPathwayIdParams = z.object({ id: ZUuid });
export const ZCopyPathwayRequest = z
  .object({
    /** The copy's title; the library pathway's when absent. */
    title: ZPathwayRequest.shape.title.optional(),
  })
  .default({});

// ---- Review queue (admins with manage-pathways; a member's program mentor) ----

export const ZPathwayReviewPerson = z.object({
  userId: ZId,
  identifier: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
});
/** One submitted step waiting for review. */
export const ZPathwayReviewItem = z.object({
  /** The step answer's id (paths take it). */
  id: ZId,
  pathway: z.object({ id: ZId, slug: z.string(), title: z.string() }),
  step: ZPathwayStep,
  stepIndex: z.number().int(),
  member: ZPathwayReviewPerson,
  answer: ZPathwayStepAnswerValue.nullable(),
  submittedAt: ZIsoDateTime,
  /** Why the viewer may review: hub admin (manage-pathways) or the member's program mentor. */
  reviewerRole: z.enum(['admin', 'mentor']),
  can: z.object({ approve: z.boolean(), sendBack: z.boolean() }),
});
export type TPathwayReviewItem = z.infer<typeof ZPathwayReviewItem>;
export const ZPathwayReviewsQuery = ZPageQuery.extend({ pathwayId: ZUuid.optional() });
export const ZPathwayReviewsPage = zPage(ZPathwayReviewItem);
export const ZPathwayReviewParams = z.object({ id: ZUuid });
export const ZApproveStepRequest = z
  .object({ note: multiLineText().max(2000, 'Keep the note under 2000 characters.').default('') })
  .default({ note: '' });
export const ZSendBackStepRequest = z.object({
  note: multiLineText().min(1, 'Say what to change.').max(2000, 'Keep the note under 2000 characters.'),
});
export const ZPathwayReviewResponse = z.object({
  item: ZPathwayReviewItem.omit({ can: true }).extend({ status: ZPathwayStepStatus }),
});

const MEMBER = { auth: 'required', hub: 'required', tag: 'pathways' } as const;

/** Pathway endpoints of members. */
export const PATHWAY_ENDPOINTS = {
  list: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/pathways',
    operationId: 'listPathways',
    summary:
      'Pathways for the viewer: assigned, available, the library or (managers) every pathway of the hub',
    query: ZPathwaysQuery,
    response: ZPathwaysPage,
    errors: [400, 401, 403, 404],
  }),
  get: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/pathways/:slug',
    operationId: 'getPathway',
    summary: 'One pathway of the hub by slug, with its form, the viewer’s answers and the step to resume at',
    params: ZPathwaySlugParams,
    response: ZPathwayDetailResponse,
    errors: [400, 401, 403, 404],
  }),
  start: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    // POST on the pathway itself: a /:slug/start path would cross /admin/:id (OpenAPI no-ambiguous-paths).
    path: '/api/pathways/:slug',
    operationId: 'startPathway',
    summary: 'Accept & Start: the viewer’s progress goes from new to in-progress (again: no change)',
    params: ZPathwaySlugParams,
    response: ZPathwayDetailResponse,
    errors: [400, 401, 403, 404],
  }),
  saveAnswer: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/pathways/:slug/steps/:stepId/answer',
    operationId: 'savePathwayStepAnswer',
    summary: 'Autosave the viewer’s answer of one step (spec 5 Profile answer saving rules)',
    description:
      'The pathway must be started. A reflection is saved like a text answer (not empty after markup, 50 to ' +
      '1000 characters, changed); a profile question step saves the profile answer; a pending or completed ' +
      'step is not changed (409).',
    params: ZPathwayStepParams,
    body: ZSaveStepAnswerRequest,
    response: ZSaveStepAnswerResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  submit: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/pathways/:slug/steps/:stepId/submit',
    operationId: 'submitPathwayStep',
    summary: 'Submit one step: completed, or pending review when the step needs review',
    description: `400 “${PATHWAY_STEP_INCOMPLETE_MESSAGE}” when the step lacks its answer; the pathway’s progress follows its sections.`,
    params: ZPathwayStepParams,
    response: ZPathwayDetailResponse,
    errors: [400, 401, 403, 404, 409],
  }),
};

/** Pathway endpoints of admins with manage-pathways (and, for the review queue, program mentors). */
export const PATHWAY_ADMIN_ENDPOINTS = {
  get: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/pathways/admin/:id',
    operationId: 'getAdminPathway',
    summary: 'A pathway of the hub with its form, assignments and counts, to edit',
    params: ZPathwayIdParams,
    response: ZAdminPathwayResponse,
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/pathways/admin',
    operationId: 'createPathway',
    summary: 'Build a pathway: sections and steps, estimated days, assignment to user types or programs',
    body: ZPathwayRequest,
    response: ZAdminPathwayResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  update: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/pathways/admin/:id',
    operationId: 'updatePathway',
    summary: 'Save a pathway as a whole (steps keep their answers by id; members’ progress never goes back)',
    params: ZPathwayIdParams,
    body: ZPathwayRequest,
    response: ZAdminPathwayResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  delete: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/pathways/admin/:id',
    operationId: 'deletePathway',
    summary: 'Remove a pathway nobody started (else 409: set it back to draft instead)',
    params: ZPathwayIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
  copy: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/pathways/admin/:id/copy',
    operationId: 'copyPathway',
    summary: 'Copy a library pathway of the cluster (or a pathway of this hub) into this hub as a draft',
    params: ZPathwayIdParams,
    body: ZCopyPathwayRequest,
    response: ZAdminPathwayResponse,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  reviews: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/pathways/reviews',
    operationId: 'listPathwayReviews',
    summary: 'Submitted steps waiting for review that the viewer may review (oldest first)',
    query: ZPathwayReviewsQuery,
    response: ZPathwayReviewsPage,
    errors: [400, 401, 403, 404],
  }),
  approve: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/pathways/reviews/:id/approve',
    operationId: 'approvePathwayStep',
    summary: 'Approve a pending step: it is completed (the member is notified)',
    params: ZPathwayReviewParams,
    body: ZApproveStepRequest,
    response: ZPathwayReviewResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  sendBack: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/pathways/reviews/:id/send-back',
    operationId: 'sendBackPathwayStep',
    summary: 'Send a pending step back with a note: in progress again (the member is notified)',
    params: ZPathwayReviewParams,
    body: ZSendBackStepRequest,
    response: ZPathwayReviewResponse,
    errors: [400, 401, 403, 404, 409],
  }),
};
