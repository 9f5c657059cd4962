import type {
  TAdminPathway,
  TAnswerData,
  TPathwayAssignments,
  TPathwayDetail,
  TPathwayReviewItem,
  TPathwayStep,
  TPathwayStepAnswerValue,
  TPathwayStepState,
  TPathwaySummary,
  TProfileQuestion,
} from '@commons/contract';
import {
  PATHWAY_PROGRESS_LABELS,
  pathwayButtonText,
  pathwayFormState,
  trimPathwayId,
  type TPathwayProgress,
  type TSectionProgress,
} from '@commons/domain';
import type { userFiles } from '../../db/schema/index.js';
import type {
  TAssignmentRow,
  THubBrief,
  TPathwayRow,
  TPersonRow,
  TResponseRow,
  TStepAnswerRow,
} from './pathways.queries.js';

type TFileRow = typeof userFiles.$inferSelect;

/** The viewer's response and the statuses of their answered steps. */
export type TViewerResponse = {
  response: TResponseRow;
  statusByStepId: ReadonlyMap<string, TSectionProgress>;
} | null;

/** The viewer's progress: new until they accepted it (spec 4). */
function progressOf(entry: TViewerResponse): TPathwayProgress {
  if (!entry || entry.response.startedAt === null) return 'new';
  return entry.response.progress;
}

/** A pathway in a list, with the viewer's progress, label, button and resume step (spec 4). */
export function presentSummary(options: {
  pathway: TPathwayRow;
  hub: THubBrief;
  entry: TViewerResponse;
  assignment: { isAssigned: boolean; completedBy: string | null };
  copiedFrom: { id: string; title: string } | null;
  can: TPathwaySummary['can'];
}): TPathwaySummary {
  const { pathway, entry } = options;
  const state = pathwayFormState({
    sections: pathway.form.sections,
    statusByStepId: entry?.statusByStepId ?? new Map(),
  });
  const progress = progressOf(entry);
  return {
    id: pathway.id,
    slug: pathway.slug,
    displayId: trimPathwayId(pathway.slug),
    title: pathway.title,
    description: pathway.description,
    status: pathway.status,
    isLibraryPathway: pathway.isLibrary,
    hub: { id: String(options.hub.id), identifier: options.hub.identifier, name: options.hub.name },
    estimatedCompletionTime: pathway.form.settings.estimatedCompletionTime,
    sectionCount: pathway.form.sections.length,
    stepCount: state.stepStatuses.length,
    progress,
    progressLabel: PATHWAY_PROGRESS_LABELS[progress],
    buttonText: pathwayButtonText(progress),
    completedStepCount: state.completedStepCount,
    resumeStepIndex: state.resumeStepIndex,
    isAssigned: options.assignment.isAssigned,
    completedBy: options.assignment.completedBy,
    startedAt: entry?.response.startedAt?.toISOString() ?? null,
    completedAt: entry?.response.completedAt?.toISOString() ?? null,
    copiedFrom: options.copiedFrom,
    can: options.can,
    createdAt: pathway.createdAt.toISOString(),
    updatedAt: pathway.updatedAt.toISOString(),
  };
}

/** What a step answer shows: the stored value with the picked file, or the profile answer. */
export function presentAnswerValue(options: {
  step: TPathwayStep;
  answer: TStepAnswerRow | undefined;
  files: ReadonlyMap<string, TFileRow>;
  profileAnswers: ReadonlyMap<string, TAnswerData>;
}): TPathwayStepAnswerValue | null {
  const { step, answer } = options;
  const value = answer?.value ?? null;
  switch (step.kind) {
    case 'profileQuestion': {
      const answerData = options.profileAnswers.get(step.questionId) ?? null;
      return answerData || answer ? { kind: 'profileQuestion', answerData } : null;
    }
    case 'checklist':
      return value?.kind === 'checklist' ? value : null;
    case 'reflection':
      return value?.kind === 'reflection' ? value : null;
    case 'fileUpload': {
      if (value?.kind !== 'fileUpload') return null;
      const file = value.fileId === null ? undefined : options.files.get(value.fileId);
      return {
        kind: 'fileUpload',
        file: file
          ? { id: file.id, name: file.originalName, mimeType: file.mimeType, sizeBytes: file.sizeBytes }
          : null,
      };
    }
    default:
      return null;
  }
}

/** One pathway with its sections (status from their steps) and the viewer's state of each step. */
export function presentDetail(options: {
  summary: TPathwaySummary;
  pathway: TPathwayRow;
  answers: ReadonlyMap<string, TStepAnswerRow>;
  files: ReadonlyMap<string, TFileRow>;
  profileAnswers: ReadonlyMap<string, TAnswerData>;
  questions: ReadonlyMap<string, TProfileQuestion>;
  reviewerNames: ReadonlyMap<string, string>;
}): TPathwayDetail {
  const isStarted = options.summary.startedAt !== null;
  const state = pathwayFormState({
    sections: options.pathway.form.sections,
    statusByStepId: new Map([...options.answers].map(([id, a]) => [id, a.status])),
  });
  let index = 0;
  const sections = options.pathway.form.sections.map((section, sectionIndex) => ({
    id: section.id,
    title: section.title,
    description: section.description,
    status: state.sectionStatuses[sectionIndex] ?? 'in-progress',
    steps: section.steps.map((step) => {
      const answer = options.answers.get(step.id);
      const status = answer?.status ?? 'in-progress';
      const stepState: TPathwayStepState = {
        index: index++,
        status,
        answer: presentAnswerValue({
          step,
          answer,
          files: options.files,
          profileAnswers: options.profileAnswers,
        }),
        question: step.kind === 'profileQuestion' ? (options.questions.get(step.questionId) ?? null) : null,
        submittedAt: answer?.submittedAt?.toISOString() ?? null,
        review:
          answer?.reviewDecision && answer.reviewedAt
            ? {
                decision: answer.reviewDecision,
                note: answer.reviewNote ?? '',
                reviewedAt: answer.reviewedAt.toISOString(),
                reviewerName: options.reviewerNames.get(answer.reviewedByUserId ?? '') ?? '',
              }
            : null,
        can: {
          answer: isStarted && status === 'in-progress' && hasAnswer(step),
          submit: isStarted && status === 'in-progress',
        },
      };
      return { step, state: stepState };
    }),
  }));
  return { ...options.summary, sections };
}

/** Whether a step kind takes an answer (the others are read, watched or opened, then submitted). */
export function hasAnswer(step: TPathwayStep): boolean {
  return ['fileUpload', 'profileQuestion', 'checklist', 'reflection'].includes(step.kind);
}

/** Assignments as admins edit them, with names and the deadlines that apply per role. */
export function presentAssignments(
  rows: ReadonlyArray<{
    assignment: TAssignmentRow;
    userTypeTitle: string | null;
    groupName: string | null;
    groupSettings: { pathwayTimelines?: Partial<Record<string, { completedBy: string | null }>> } | null;
  }>,
): TPathwayAssignments {
  const result: TPathwayAssignments = { userTypes: [], programs: [] };
  for (const row of rows) {
    const a = row.assignment;
    if (a.userTypeId !== null) {
      result.userTypes.push({
        userTypeId: a.userTypeId,
        title: row.userTypeTitle ?? '',
        completedBy: a.completedBy,
      });
    } else if (a.groupId !== null) {
      const timelines = row.groupSettings?.pathwayTimelines ?? {};
      result.programs.push({
        programId: a.groupId,
        name: row.groupName ?? '',
        roles: a.roles,
        completedBy: a.roleCompletedBy,
        effectiveCompletedBy: Object.fromEntries(
          a.roles.map((role) => [role, a.roleCompletedBy[role] ?? timelines[role]?.completedBy ?? null]),
        ),
      });
    }
  }
  return result;
}

/** A pathway as its managers edit it. */
export function presentAdminPathway(options: {
  pathway: TPathwayRow;
  hub: THubBrief;
  assignments: TPathwayAssignments;
  stats: TAdminPathway['stats'];
  copiedFrom: { id: string; title: string } | null;
  can: TAdminPathway['can'];
}): TAdminPathway {
  const { pathway } = options;
  return {
    id: pathway.id,
    slug: pathway.slug,
    displayId: trimPathwayId(pathway.slug),
    title: pathway.title,
    description: pathway.description,
    status: pathway.status,
    isLibraryPathway: pathway.isLibrary,
    hub: { id: String(options.hub.id), identifier: options.hub.identifier, name: options.hub.name },
    estimatedCompletionTime: pathway.form.settings.estimatedCompletionTime,
    sectionCount: pathway.form.sections.length,
    stepCount: pathway.form.sections.reduce((n, s) => n + s.steps.length, 0),
    copiedFrom: options.copiedFrom,
    can: options.can,
    createdAt: pathway.createdAt.toISOString(),
    updatedAt: pathway.updatedAt.toISOString(),
    form: pathway.form,
    assignments: options.assignments,
    stats: options.stats,
  };
}

/** The step of a form by id, with its index among all steps. */
export function findStep(pathway: TPathwayRow, stepId: string): { step: TPathwayStep; index: number } | null {
  let index = 0;
  for (const section of pathway.form.sections) {
    for (const step of section.steps) {
      if (step.id === stepId) return { step, index };
      index++;
    }
  }
  return null;
}

/** A submitted step in the review queue. */
export function presentReviewItem(options: {
  answer: TStepAnswerRow;
  pathway: TPathwayRow;
  member: TPersonRow;
  files: ReadonlyMap<string, TFileRow>;
  profileAnswers: ReadonlyMap<string, TAnswerData>;
  reviewerRole: 'admin' | 'mentor';
}): TPathwayReviewItem | null {
  const found = findStep(options.pathway, options.answer.stepId);
  if (!found) return null;
  const isPending = options.answer.status === 'pending';
  return {
    id: options.answer.id,
    pathway: { id: options.pathway.id, slug: options.pathway.slug, title: options.pathway.title },
    step: found.step,
    stepIndex: found.index,
    member: {
      userId: options.member.id,
      identifier: options.member.identifier,
      fullName: `${options.member.firstName} ${options.member.lastName}`.trim(),
      photoUrl: options.member.photoUrl,
    },
    answer: presentAnswerValue({
      step: found.step,
      answer: options.answer,
      files: options.files,
      profileAnswers: options.profileAnswers,
    }),
    submittedAt: (options.answer.submittedAt ?? options.answer.updatedAt).toISOString(),
    reviewerRole: options.reviewerRole,
    can: { approve: isPending, sendBack: isPending },
  };
}
