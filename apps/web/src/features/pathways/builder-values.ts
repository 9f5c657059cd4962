/**
 * The pathway builder's form (issue #20 item 1, manage-pathways): what the form holds, made from a saved pathway,
 * turned into the request, and checked with the contract's schema before a round trip. Rows carry a key of their
 * own so they keep their identity while moved; ids of saved sections, steps and checklist items are kept so the
 * members' answers stay attached to their steps.
 */
import {
  PROGRAM_ROLES,
  ZPathwayRequest,
  type TAdminPathway,
  type TPathwayRequest,
  type TPathwayStepKind,
  type TProgramRole,
} from '@commons/contract';
import { PATHWAY_LIMITS } from '@commons/domain';

let keyCounter = 0;
/** A key unique within the page. */
function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-${keyCounter}`;
}

/** One checklist item in the form. */
export interface TItemDraft {
  key: string;
  id?: string;
  label: string;
}

/** One step in the form: the fields of every kind, of which its kind's are sent. */
export interface TStepDraft {
  key: string;
  id?: string;
  kind: TPathwayStepKind;
  title: string;
  needsReview: boolean;
  body: string;
  url: string;
  caption: string;
  label: string;
  description: string;
  instructions: string;
  questionId: string;
  items: TItemDraft[];
  prompt: string;
}

export interface TSectionDraft {
  key: string;
  id?: string;
  title: string;
  description: string;
  steps: TStepDraft[];
}

/** A program the pathway is assigned to: the roles, and a deadline per role ('' for the program's own). */
export interface TProgramAssignmentDraft {
  programId: string;
  roles: TProgramRole[];
  completedBy: Record<TProgramRole, string>;
}

export interface TPathwayDraft {
  title: string;
  slug: string;
  description: string;
  status: 'draft' | 'published';
  isLibraryPathway: boolean;
  /** Days as typed ('' for no estimate). */
  estimatedDays: string;
  sections: TSectionDraft[];
  /** Assigned user types with their deadline ('' for none). */
  userTypes: { userTypeId: string; completedBy: string }[];
  programs: TProgramAssignmentDraft[];
}

/** An empty item. */
export function emptyItem(): TItemDraft {
  return { key: newKey('item'), label: '' };
}

/** A new step of a kind. */
export function emptyStep(kind: TPathwayStepKind): TStepDraft {
  return {
    key: newKey('step'),
    kind,
    title: '',
    needsReview: false,
    body: '',
    url: '',
    caption: '',
    label: '',
    description: '',
    instructions: '',
    questionId: '',
    items: kind === 'checklist' ? [emptyItem()] : [],
    prompt: '',
  };
}

/** A new section with one reading step. */
export function emptySection(): TSectionDraft {
  return { key: newKey('section'), title: '', description: '', steps: [emptyStep('richText')] };
}

/** The form of a new pathway. */
export function emptyPathwayDraft(): TPathwayDraft {
  return {
    title: '',
    slug: '',
    description: '',
    status: 'draft',
    isLibraryPathway: false,
    estimatedDays: '',
    sections: [emptySection()],
    userTypes: [],
    programs: [],
  };
}

/** No deadline per role: the program's pathwayTimelines apply. */
function noRoleDates(): Record<TProgramRole, string> {
  return { mentee: '', mentor: '', both: '' };
}

/** The form of a saved pathway. */
export function pathwayDraftOf(pathway: TAdminPathway): TPathwayDraft {
  return {
    title: pathway.title,
    slug: pathway.slug,
    description: pathway.description,
    status: pathway.status,
    isLibraryPathway: pathway.isLibraryPathway,
    estimatedDays:
      pathway.form.settings.estimatedCompletionTime === null
        ? ''
        : String(pathway.form.settings.estimatedCompletionTime),
    sections: pathway.form.sections.map((section) => ({
      key: newKey('section'),
      id: section.id,
      title: section.title,
      description: section.description,
      steps: section.steps.map((step) => {
        const draft: TStepDraft = {
          ...emptyStep(step.kind),
          id: step.id,
          title: step.title,
          needsReview: step.needsReview,
        };
        switch (step.kind) {
          case 'richText':
            return { ...draft, body: step.body };
          case 'video':
            return { ...draft, url: step.url, caption: step.caption };
          case 'link':
            return { ...draft, url: step.url, label: step.label, description: step.description };
          case 'fileUpload':
            return { ...draft, instructions: step.instructions };
          case 'profileQuestion':
            return { ...draft, questionId: step.questionId };
          case 'checklist':
            return {
              ...draft,
              items: step.items.map((item) => ({ key: newKey('item'), id: item.id, label: item.label })),
            };
          case 'reflection':
            return { ...draft, prompt: step.prompt };
        }
      }),
    })),
    userTypes: pathway.assignments.userTypes.map((assignment) => ({
      userTypeId: assignment.userTypeId,
      completedBy: assignment.completedBy ?? '',
    })),
    programs: pathway.assignments.programs.map((assignment) => ({
      programId: assignment.programId,
      roles: assignment.roles,
      completedBy: {
        ...noRoleDates(),
        ...Object.fromEntries(Object.entries(assignment.completedBy).map(([role, day]) => [role, day ?? ''])),
      },
    })),
  };
}

/** A new program assignment: every role, the program's own deadlines. */
export function emptyProgramAssignment(programId: string): TProgramAssignmentDraft {
  return { programId, roles: [...PROGRAM_ROLES], completedBy: noRoleDates() };
}

/** The step as the contract takes it: its kind's fields only. */
function stepRequest(step: TStepDraft) {
  const base = {
    ...(step.id === undefined ? {} : { id: step.id }),
    title: step.title.trim(),
    needsReview: step.needsReview,
  };
  switch (step.kind) {
    case 'richText':
      return { ...base, kind: step.kind, body: step.body };
    case 'video':
      return { ...base, kind: step.kind, url: step.url.trim(), caption: step.caption.trim() };
    case 'link':
      return {
        ...base,
        kind: step.kind,
        url: step.url.trim(),
        label: step.label.trim(),
        description: step.description.trim(),
      };
    case 'fileUpload':
      return { ...base, kind: step.kind, instructions: step.instructions.trim() };
    case 'profileQuestion':
      return { ...base, kind: step.kind, questionId: step.questionId };
    case 'checklist':
      return {
        ...base,
        kind: step.kind,
        items: step.items.map((item) => ({
          ...(item.id === undefined ? {} : { id: item.id }),
          label: item.label.trim(),
        })),
      };
    case 'reflection':
      return { ...base, kind: step.kind, prompt: step.prompt.trim() };
  }
}

/** The estimate as a number of days, null when left empty; NaN when it is not a whole number. */
function estimatedDaysOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request of POST /api/pathways/admin and PUT /api/pathways/admin/{id}, before the schema's defaults. */
export function pathwayRequestOf(draft: TPathwayDraft): unknown {
  const slug = draft.slug.trim();
  return {
    title: draft.title.trim(),
    ...(slug === '' ? {} : { slug }),
    description: draft.description.trim(),
    status: draft.status,
    settings: { isLibraryPathway: draft.isLibraryPathway },
    form: {
      settings: { estimatedCompletionTime: estimatedDaysOf(draft.estimatedDays) },
      sections: draft.sections.map((section) => ({
        ...(section.id === undefined ? {} : { id: section.id }),
        title: section.title.trim(),
        description: section.description.trim(),
        steps: section.steps.map(stepRequest),
      })),
    },
    assignments: {
      userTypes: draft.userTypes.map((assignment) => ({
        userTypeId: assignment.userTypeId,
        completedBy: assignment.completedBy === '' ? null : assignment.completedBy,
      })),
      programs: draft.programs.map((assignment) => ({
        programId: assignment.programId,
        roles: assignment.roles,
        completedBy: Object.fromEntries(
          assignment.roles
            .filter((role) => assignment.completedBy[role] !== '')
            .map((role) => [role, assignment.completedBy[role]]),
        ),
      })),
    },
  };
}

/** Friendlier words for the schema's own messages, by the last part of the field's path. */
const MESSAGES: Readonly<Record<string, string>> = {
  estimatedCompletionTime: `Give a whole number of days from 1 to ${PATHWAY_LIMITS.maxEstimatedDays}, or leave it empty.`,
  url: 'Enter a web address starting with https://.',
  questionId: 'Choose a profile question.',
  roles: 'Choose at least one role.',
};

/**
 * The request, or the problems by field path as the server names them ('title',
 * 'form.sections.0.steps.1.url', 'assignments.programs.0.roles'); only the first problem of a field.
 */
export function checkPathwayDraft(
  draft: TPathwayDraft,
): { request: TPathwayRequest; errors: null } | { request: null; errors: Record<string, string> } {
  const parsed = ZPathwayRequest.safeParse(pathwayRequestOf(draft));
  if (parsed.success) return { request: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const last = String(issue.path[issue.path.length - 1] ?? '');
    errors[path] ??= MESSAGES[last] ?? issue.message;
  }
  return { request: null, errors };
}

/** Moves an element of a list one place up (-1) or down (+1); the same list when it cannot move. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
