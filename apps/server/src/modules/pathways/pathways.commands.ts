import { randomUUID } from 'node:crypto';
import {
  PATHWAY_STEP_INCOMPLETE_MESSAGE,
  webPaths,
  type TPathwayForm,
  type TPathwayFormInput,
  type TPathwayRequest,
  type TPathwayStep,
  type TSaveStepAnswerRequest,
} from '@commons/contract';
import {
  nextPathwayProgress,
  pathwayFormState,
  pathwaySlugFromTitle,
  profileAnswerSaveDecision,
  stripMarkup,
  submittedStepStatus,
  type TPathwayProgress,
} from '@commons/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  pathwayAssignments,
  pathwayResponses,
  pathways,
  pathwayStepAnswers,
  profileQuestions,
  type TStoredStepValue,
} from '../../db/schema/index.js';
import { unlessUniqueViolation } from '../../db/constraint-errors.js';
import { AppError, conflict, notFound, validationError } from '../../lib/app-error.js';
import { hasRichTextContent, isApprovedEmbedUrl, sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  completeOtherUserActionItem,
  completeViewerActionItem,
} from '../action-items/action-items.commands.js';
import { awardBadges } from '../badges/badges.commands.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import { saveProfileAnswer } from '../profile-questions/profile-questions.commands.js';
import { loadMyProfileAfterEdit } from '../profiles/profiles.completion.js';
import { findStep, hasAnswer } from './pathways.presenter.js';
import {
  answersOfResponse,
  hubTargets,
  isSlugTaken,
  mentorIdsOf,
  ownFiles,
  pathwayManagerIds,
  profileAnswersOf,
  type TPathwayRow,
  type TResponseRow,
  type TStepAnswerRow,
} from './pathways.queries.js';

const VIDEO_URL_MESSAGE =
  'Use the embed address of a video on an approved host, such as https://www.youtube.com/embed/….';

/**
 * The form as stored: every section, step and checklist item keeps its id or gets a new one (ids stay unique, so
 * answers follow their step across edits), rich text is sanitised (spec 5), videos must be approved embeds, and
 * profile questions must be active questions of the hub.
 */
async function normalizeForm(
  ctx: TRequestContext,
  input: TPathwayFormInput,
  hubId: number,
): Promise<TPathwayForm> {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  const idOf = (given: string | undefined, path: string): string => {
    if (given !== undefined && seen.has(given)) fields[`${path}.id`] = 'This id is used twice.';
    const id = given ?? randomUUID();
    seen.add(id);
    return id;
  };
  const questionIds = input.sections.flatMap((s) =>
    s.steps.flatMap((step) => (step.kind === 'profileQuestion' ? [step.questionId] : [])),
  );
  const activeQuestions = new Set(
    questionIds.length === 0
      ? []
      : (
          await ctx.tx
            .select({ id: profileQuestions.id })
            .from(profileQuestions)
            .where(and(eq(profileQuestions.hubId, hubId), eq(profileQuestions.isActive, true)))
        ).map((q) => q.id),
  );
  const sections = input.sections.map((section, i) => ({
    id: idOf(section.id, `form.sections.${i}`),
    title: section.title,
    description: section.description,
    steps: section.steps.map((step, j): TPathwayStep => {
      const path = `form.sections.${i}.steps.${j}`;
      const base = { id: idOf(step.id, path), title: step.title, needsReview: step.needsReview };
      switch (step.kind) {
        case 'richText':
          return { ...base, kind: 'richText', body: sanitizeRichText(step.body) };
        case 'video':
          if (!isApprovedEmbedUrl(step.url)) fields[`${path}.url`] = VIDEO_URL_MESSAGE;
          return { ...base, kind: 'video', url: step.url, caption: step.caption };
        case 'link':
          return { ...base, kind: 'link', url: step.url, label: step.label, description: step.description };
        case 'fileUpload':
          return { ...base, kind: 'fileUpload', instructions: step.instructions };
        case 'profileQuestion':
          if (!activeQuestions.has(step.questionId))
            fields[`${path}.questionId`] = 'Choose an active profile question of this hub.';
          return { ...base, kind: 'profileQuestion', questionId: step.questionId };
        case 'checklist': {
          const itemIds = new Set<string>();
          const items = step.items.map((item, k) => {
            const id = item.id ?? randomUUID();
            if (itemIds.has(id)) fields[`${path}.items.${k}.id`] = 'This id is used twice.';
            itemIds.add(id);
            return { id, label: item.label };
          });
          return { ...base, kind: 'checklist', items };
        }
        case 'reflection':
          return { ...base, kind: 'reflection', prompt: step.prompt };
      }
    }),
  }));
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return { settings: { estimatedCompletionTime: input.settings.estimatedCompletionTime }, sections };
}

/** A free slug of the hub: the one asked for (409 when taken), else from the title with -2, -3… when taken. */
async function freeSlug(
  ctx: TRequestContext,
  options: { hubId: number; asked: string | undefined; title: string; exceptId?: string },
): Promise<string> {
  const except = options.exceptId === undefined ? {} : { exceptId: options.exceptId };
  if (options.asked !== undefined) {
    if (await isSlugTaken(ctx.tx, { hubId: options.hubId, slug: options.asked, ...except }))
      throw conflict('Another pathway of this hub has this address.', { slug: 'This address is taken.' });
    return options.asked;
  }
  const base = pathwaySlugFromTitle(options.title);
  for (let n = 1; n < 100; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 75)}-${n}`;
    if (!(await isSlugTaken(ctx.tx, { hubId: options.hubId, slug, ...except }))) return slug;
  }
  return `${base.slice(0, 60)}-${randomUUID().slice(0, 8)}`;
}

/** Replaces a pathway's assignments; user types and programs must be the hub's. */
async function saveAssignments(
  ctx: TRequestContext,
  options: { pathway: TPathwayRow; assignments: TPathwayRequest['assignments'] },
): Promise<void> {
  const { pathway, assignments } = options;
  const known = await hubTargets(ctx.tx, {
    hubId: pathway.hubId,
    userTypeIds: assignments.userTypes.map((a) => a.userTypeId),
    groupIds: assignments.programs.map((a) => a.programId),
  });
  const fields: Record<string, string> = {};
  assignments.userTypes.forEach((a, i) => {
    if (!known.userTypeIds.has(a.userTypeId))
      fields[`assignments.userTypes.${i}.userTypeId`] = 'Choose a user type of this hub.';
  });
  assignments.programs.forEach((a, i) => {
    if (!known.groupIds.has(a.programId))
      fields[`assignments.programs.${i}.programId`] = 'Choose a program of this hub.';
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  await ctx.tx.delete(pathwayAssignments).where(eq(pathwayAssignments.pathwayId, pathway.id));
  const rows = [
    ...assignments.userTypes.map((a) => ({
      clusterId: pathway.clusterId,
      hubId: pathway.hubId,
      pathwayId: pathway.id,
      userTypeId: a.userTypeId,
      completedBy: a.completedBy,
    })),
    ...assignments.programs.map((a) => ({
      clusterId: pathway.clusterId,
      hubId: pathway.hubId,
      pathwayId: pathway.id,
      groupId: a.programId,
      roles: [...new Set(a.roles)],
      roleCompletedBy: Object.fromEntries(
        Object.entries(a.completedBy).filter(([role]) => a.roles.includes(role as 'mentee')),
      ),
    })),
  ];
  if (rows.length > 0) await ctx.tx.insert(pathwayAssignments).values(rows);
}

/** A manager builds a pathway in the request's hub. */
export async function createPathway(ctx: TRequestContext, body: TPathwayRequest): Promise<TPathwayRow> {
  const hub = ctx.requireHub();
  const form = await normalizeForm(ctx, body.form, hub.id);
  const slug = await freeSlug(ctx, { hubId: hub.id, asked: body.slug, title: body.title });
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [inserted] = await sp
      .insert(pathways)
      .values({
        clusterId: ctx.clusterId,
        hubId: hub.id,
        slug,
        title: body.title,
        description: body.description,
        status: body.status,
        isLibrary: body.settings.isLibraryPathway,
        form,
        createdByUserId: ctx.requireViewer().user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return inserted;
  });
  if (!row)
    throw conflict('Another pathway of this hub has this address.', { slug: 'This address is taken.' });
  await saveAssignments(ctx, { pathway: row, assignments: body.assignments });
  await ctx.audit({ action: 'pathway.create', targetType: 'pathway', targetId: row.id });
  return row;
}

/** A manager saves a pathway as a whole; members' answers stay with their steps' ids. */
export async function updatePathway(
  ctx: TRequestContext,
  options: { pathway: TPathwayRow; body: TPathwayRequest },
): Promise<TPathwayRow> {
  const { pathway, body } = options;
  const form = await normalizeForm(ctx, body.form, pathway.hubId);
  const slug =
    body.slug === undefined || body.slug === pathway.slug
      ? pathway.slug
      : await freeSlug(ctx, {
          hubId: pathway.hubId,
          asked: body.slug,
          title: body.title,
          exceptId: pathway.id,
        });
  const [row] = await ctx.tx
    .update(pathways)
    .set({
      slug,
      title: body.title,
      description: body.description,
      status: body.status,
      isLibrary: body.settings.isLibraryPathway,
      form,
      updatedAt: ctx.now,
    })
    .where(eq(pathways.id, pathway.id))
    .returning();
  if (!row) throw notFound('Pathway');
  await saveAssignments(ctx, { pathway: row, assignments: body.assignments });
  await ctx.audit({ action: 'pathway.update', targetType: 'pathway', targetId: row.id });
  return row;
}

/** A manager removes a pathway nobody started (409 otherwise: set it back to draft instead). */
export async function deletePathway(ctx: TRequestContext, pathway: TPathwayRow): Promise<void> {
  const [started] = await ctx.tx
    .select({ id: pathwayResponses.id })
    .from(pathwayResponses)
    .where(and(eq(pathwayResponses.pathwayId, pathway.id), isNotNull(pathwayResponses.startedAt)))
    .limit(1);
  if (started) throw conflict('Members have started this pathway. Set it back to draft instead.');
  await ctx.tx.delete(pathways).where(eq(pathways.id, pathway.id));
  await ctx.audit({ action: 'pathway.delete', targetType: 'pathway', targetId: pathway.id });
}

/**
 * Copies a pathway (a library pathway of the cluster, or one of this hub) into the request's hub as a draft that is
 * not itself in the library. Profile question steps whose question is not an active question of this hub are left
 * out (questions belong to their hub), and sections left without steps with them.
 */
export async function copyPathway(
  ctx: TRequestContext,
  options: { source: TPathwayRow; title: string | undefined },
): Promise<TPathwayRow> {
  const hub = ctx.requireHub();
  const questions = new Set(
    (
      await ctx.tx
        .select({ id: profileQuestions.id })
        .from(profileQuestions)
        .where(and(eq(profileQuestions.hubId, hub.id), eq(profileQuestions.isActive, true)))
    ).map((q) => q.id),
  );
  const sections = options.source.form.sections
    .map((section) => ({
      ...section,
      steps: section.steps.filter(
        (step) => step.kind !== 'profileQuestion' || questions.has(step.questionId),
      ),
    }))
    .filter((section) => section.steps.length > 0);
  const title = options.title ?? options.source.title;
  const slug = await freeSlug(ctx, { hubId: hub.id, asked: undefined, title });
  const [row] = await ctx.tx
    .insert(pathways)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      slug,
      title,
      description: options.source.description,
      status: 'draft',
      isLibrary: false,
      form: { settings: options.source.form.settings, sections },
      copiedFromId: options.source.id,
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('pathway copy returned no row');
  await ctx.audit({
    action: 'pathway.copy',
    targetType: 'pathway',
    targetId: row.id,
    data: { sourceId: options.source.id, sourceHubId: options.source.hubId },
  });
  return row;
}

/** The viewer's response to a pathway, or null. */
async function ownResponse(ctx: TRequestContext, pathway: TPathwayRow): Promise<TResponseRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(pathwayResponses)
    .where(
      and(
        eq(pathwayResponses.pathwayId, pathway.id),
        eq(pathwayResponses.userId, ctx.requireViewer().user.id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Moves a response's progress after its steps changed (spec 4: from the section statuses, never back) and
 * answers what it was and became. Completing stamps completedAt (spec 3 formResponse.completedAt).
 */
async function settleProgress(
  ctx: TRequestContext,
  options: { pathway: TPathwayRow; response: TResponseRow },
): Promise<{ before: TPathwayProgress; after: TPathwayProgress }> {
  const answers = await answersOfResponse(ctx.tx, options.response.id);
  const state = pathwayFormState({
    sections: options.pathway.form.sections,
    statusByStepId: new Map([...answers].map(([id, a]) => [id, a.status])),
  });
  const before = options.response.progress;
  const after = nextPathwayProgress({
    current: before,
    isStarted: options.response.startedAt !== null,
    sectionStatuses: state.sectionStatuses,
  });
  if (after !== before) {
    await ctx.tx
      .update(pathwayResponses)
      .set({ progress: after, completedAt: after === 'completed' ? ctx.now : null, updatedAt: ctx.now })
      .where(eq(pathwayResponses.id, options.response.id));
  }
  return { before, after };
}

/**
 * Accept & Start (spec 4): the viewer's response starts (new → in-progress); the start_pathway action item of
 * the hub completes. Starting again changes nothing.
 */
export async function startPathway(ctx: TRequestContext, pathway: TPathwayRow): Promise<void> {
  const viewer = ctx.requireViewer();
  const existing = await ownResponse(ctx, pathway);
  if (existing?.startedAt) return;
  const response =
    existing ??
    (
      await ctx.tx
        .insert(pathwayResponses)
        .values({
          clusterId: ctx.clusterId,
          hubId: pathway.hubId,
          pathwayId: pathway.id,
          userId: viewer.user.id,
          progress: 'new',
          updatedAt: ctx.now,
        })
        .onConflictDoUpdate({
          target: [pathwayResponses.pathwayId, pathwayResponses.userId],
          set: { updatedAt: ctx.now },
        })
        .returning()
    )[0];
  if (!response) throw new Error('pathway response insert returned no row');
  await ctx.tx
    .update(pathwayResponses)
    .set({ startedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(pathwayResponses.id, response.id));
  const settled = await settleProgress(ctx, { pathway, response: { ...response, startedAt: ctx.now } });
  await completeViewerActionItem(ctx, 'start_pathway', { hubIds: [pathway.hubId] });
  if (settled.after === 'completed') await afterViewerCompleted(ctx, pathway);
  await ctx.audit({ action: 'pathway.start', targetType: 'pathway', targetId: pathway.id });
}

/** The viewer's started response, else 409. */
async function requireStarted(ctx: TRequestContext, pathway: TPathwayRow): Promise<TResponseRow> {
  const response = await ownResponse(ctx, pathway);
  if (!response?.startedAt)
    throw new AppError({
      statusCode: 409,
      code: 'pathway_not_started',
      message: 'The pathway is not started.',
      userMessage: 'Accept & Start the pathway first.',
    });
  return response;
}

/** 409 for a step that waits for review or is done: its answer is fixed. */
function refuseFixed(answer: TStepAnswerRow | undefined): void {
  if (answer?.status === 'pending') throw conflict('This step is waiting for review.');
  if (answer?.status === 'completed') throw conflict('This step is completed.');
}

/** Writes the viewer's answer row of a step (insert or update). */
async function upsertAnswer(
  ctx: TRequestContext,
  options: {
    pathway: TPathwayRow;
    response: TResponseRow;
    stepId: string;
    set: Partial<typeof pathwayStepAnswers.$inferInsert>;
  },
): Promise<void> {
  await ctx.tx
    .insert(pathwayStepAnswers)
    .values({
      clusterId: ctx.clusterId,
      hubId: options.pathway.hubId,
      pathwayId: options.pathway.id,
      responseId: options.response.id,
      userId: ctx.requireViewer().user.id,
      stepId: options.stepId,
      updatedAt: ctx.now,
      ...options.set,
    })
    .onConflictDoUpdate({
      target: [pathwayStepAnswers.responseId, pathwayStepAnswers.stepId],
      set: { ...options.set, updatedAt: ctx.now },
    });
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Autosave of one step's answer (spec 5 Profile answer saving): saved only when changed; a reflection like a
 * text answer (not empty after markup, 50 to 1000 characters, else dirty and not saved); a profile question
 * through the profile's own answer (modules/profile-questions); a file only one of the viewer's documents.
 */
export async function saveStepAnswer(
  ctx: TRequestContext,
  options: { pathway: TPathwayRow; stepId: string; value: TSaveStepAnswerRequest['value'] },
): Promise<{ isSaved: boolean; isDirty: boolean }> {
  const found = findStep(options.pathway, options.stepId);
  if (!found) throw notFound('Step');
  const { step } = found;
  const response = await requireStarted(ctx, options.pathway);
  const answers = await answersOfResponse(ctx.tx, response.id);
  const answer = answers.get(step.id);
  refuseFixed(answer);
  const value = options.value;
  if (!hasAnswer(step) || value.kind !== step.kind)
    throw validationError({ 'value.kind': `This step takes no ${value.kind} answer.` });
  const previous = answer?.value ?? null;
  const save = async (stored: TStoredStepValue | null) =>
    upsertAnswer(ctx, { pathway: options.pathway, response, stepId: step.id, set: { value: stored } });
  switch (value.kind) {
    case 'checklist': {
      if (step.kind !== 'checklist') break;
      const known = new Set(step.items.map((i) => i.id));
      if (value.checkedItemIds.some((id) => !known.has(id)))
        throw validationError({ 'value.checkedItemIds': 'Choose items of this checklist.' });
      const stored: TStoredStepValue = {
        kind: 'checklist',
        checkedItemIds: step.items.map((i) => i.id).filter((id) => value.checkedItemIds.includes(id)),
      };
      if (sameValue(stored, previous)) return { isSaved: false, isDirty: false };
      await save(stored);
      return { isSaved: true, isDirty: false };
    }
    case 'reflection': {
      const decision = profileAnswerSaveDecision({
        questionType: 'text',
        answer: {
          value: value.text,
          isDirty: true,
          count: stripMarkup(value.text).length,
          prevAnswerData: previous?.kind === 'reflection' ? { value: previous.text } : null,
        },
      });
      if (decision.shouldSave) await save({ kind: 'reflection', text: value.text });
      return { isSaved: decision.shouldSave, isDirty: decision.isDirty };
    }
    case 'fileUpload': {
      if (value.fileId !== null) {
        const files = await ownFiles(ctx.tx, { userId: ctx.requireViewer().user.id, ids: [value.fileId] });
        if (!files.has(value.fileId)) throw notFound('File');
      }
      const stored: TStoredStepValue = { kind: 'fileUpload', fileId: value.fileId };
      if (sameValue(stored, previous)) return { isSaved: false, isDirty: false };
      await save(stored);
      return { isSaved: true, isDirty: false };
    }
    case 'profileQuestion': {
      if (step.kind !== 'profileQuestion') break;
      const saved = await saveProfileAnswer(ctx, {
        questionId: step.questionId,
        answerData: value.answerData,
      });
      if (saved.isSaved) {
        if (!answer) await save(null);
        // A required answer may bring the profile to 100 % (as PUT /api/profile-questions/:id/answer).
        await loadMyProfileAfterEdit(ctx);
      }
      return saved;
    }
  }
  throw validationError({ 'value.kind': 'This answer does not fit the step.' });
}

/** Whether a step's saved answer is enough to submit it. */
async function isStepReady(
  ctx: TRequestContext,
  step: TPathwayStep,
  answer: TStepAnswerRow | undefined,
): Promise<boolean> {
  const value = answer?.value ?? null;
  switch (step.kind) {
    case 'checklist':
      return value?.kind === 'checklist' && step.items.every((i) => value.checkedItemIds.includes(i.id));
    case 'reflection':
      return value?.kind === 'reflection' && hasRichTextContent(value.text);
    case 'fileUpload': {
      if (value?.kind !== 'fileUpload' || value.fileId === null) return false;
      const files = await ownFiles(ctx.tx, { userId: ctx.requireViewer().user.id, ids: [value.fileId] });
      return files.has(value.fileId);
    }
    case 'profileQuestion': {
      const stored = await profileAnswersOf(ctx.tx, {
        userId: ctx.requireViewer().user.id,
        questionIds: [step.questionId],
      });
      return stored.has(step.questionId);
    }
    default:
      return true;
  }
}

/**
 * Submits a step: completed, or pending review when it needs review (spec 4); the pathway's progress follows its
 * sections. A pending step tells its reviewers; completing the pathway completes the complete_pathway action item
 * and counts for pathways_completed badges.
 */
export async function submitStep(
  ctx: TRequestContext,
  options: { pathway: TPathwayRow; stepId: string },
): Promise<void> {
  const found = findStep(options.pathway, options.stepId);
  if (!found) throw notFound('Step');
  const { step } = found;
  const response = await requireStarted(ctx, options.pathway);
  const answers = await answersOfResponse(ctx.tx, response.id);
  const answer = answers.get(step.id);
  if (answer?.status === 'completed') return;
  if (answer?.status === 'pending') throw conflict('This step is waiting for review.');
  if (!(await isStepReady(ctx, step, answer)))
    throw validationError({ stepId: PATHWAY_STEP_INCOMPLETE_MESSAGE });
  const status = submittedStepStatus({ needsReview: step.needsReview });
  await upsertAnswer(ctx, {
    pathway: options.pathway,
    response,
    stepId: step.id,
    set: {
      status,
      submittedAt: ctx.now,
      reviewDecision: null,
      reviewNote: null,
      reviewedByUserId: null,
      reviewedAt: null,
    },
  });
  const settled = await settleProgress(ctx, { pathway: options.pathway, response });
  if (status === 'pending') await notifyReviewers(ctx, { pathway: options.pathway, step });
  if (settled.after === 'completed' && settled.before !== 'completed')
    await afterViewerCompleted(ctx, options.pathway);
}

/** The viewer completed a pathway: the complete_pathway action item and pathways_completed badges of its hub. */
async function afterViewerCompleted(ctx: TRequestContext, pathway: TPathwayRow): Promise<void> {
  await completeViewerActionItem(ctx, 'complete_pathway', { hubIds: [pathway.hubId] });
  await awardBadges(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: ctx.requireViewer().user.id,
    hubIds: [pathway.hubId],
    kinds: ['pathways_completed'],
    now: ctx.now,
  });
}

/** Tells the hub's pathway admins and the member's program mentors that a step waits for review. */
async function notifyReviewers(
  ctx: TRequestContext,
  options: { pathway: TPathwayRow; step: TPathwayStep },
): Promise<void> {
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer().user;
  const managers = await pathwayManagerIds(ctx.tx, hub.id);
  const mentors = await mentorIdsOf(ctx.tx, { hubId: hub.id, menteeUserId: viewer.id });
  await notifyUsers(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: viewer.id,
    userIds: [...managers, ...mentors],
    hubId: hub.id,
    type: 'pathway.step-submitted',
    title: `${viewer.firstName} ${viewer.lastName} submitted “${options.step.title}” of ${options.pathway.title} for review`,
    url: webPaths.hub.pathwayReviews(hub.identifier),
  });
}

/**
 * A reviewer approves a pending step (completed) or sends it back with a note (in progress again); the member's
 * progress follows (never back), completing the pathway completes their complete_pathway action item and counts
 * for badges. The member is told; the review is audited.
 */
export async function reviewStep(
  ctx: TRequestContext,
  options: {
    answer: TStepAnswerRow;
    pathway: TPathwayRow;
    decision: 'approved' | 'sentBack';
    note: string;
  },
): Promise<TStepAnswerRow> {
  const { answer, pathway } = options;
  if (answer.status !== 'pending') throw conflict('This step was already reviewed.');
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer().user;
  const status = options.decision === 'approved' ? 'completed' : 'in-progress';
  const [updated] = await ctx.tx
    .update(pathwayStepAnswers)
    .set({
      status,
      reviewDecision: options.decision,
      reviewNote: options.note,
      reviewedByUserId: viewer.id,
      reviewedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .where(and(eq(pathwayStepAnswers.id, answer.id), eq(pathwayStepAnswers.status, 'pending')))
    .returning();
  if (!updated) throw conflict('This step was already reviewed.');
  const [response] = await ctx.tx
    .select()
    .from(pathwayResponses)
    .where(eq(pathwayResponses.id, answer.responseId))
    .limit(1);
  if (response) {
    const settled = await settleProgress(ctx, { pathway, response });
    if (settled.after === 'completed' && settled.before !== 'completed') {
      await completeOtherUserActionItem(ctx, {
        userId: answer.userId,
        hubIds: [pathway.hubId],
        type: 'complete_pathway',
      });
      await awardBadges(ctx.tx, {
        clusterId: ctx.clusterId,
        userId: answer.userId,
        hubIds: [pathway.hubId],
        kinds: ['pathways_completed'],
        now: ctx.now,
      });
    }
  }
  const found = findStep(pathway, answer.stepId);
  const stepTitle = found?.step.title ?? 'A step';
  await notifyUsers(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: viewer.id,
    userIds: [answer.userId],
    hubId: hub.id,
    type: 'pathway.step-reviewed',
    title:
      options.decision === 'approved'
        ? `“${stepTitle}” of ${pathway.title} was approved`
        : `“${stepTitle}” of ${pathway.title} was sent back: ${options.note}`,
    url: webPaths.hub.pathwayStep(hub.identifier, pathway.slug, found?.index ?? 0),
  });
  await ctx.audit({
    action: options.decision === 'approved' ? 'pathway.step_approved' : 'pathway.step_sent_back',
    targetType: 'pathway_step_answer',
    targetId: answer.id,
    data: { pathwayId: pathway.id, stepId: answer.stepId, userId: answer.userId },
  });
  return updated;
}
