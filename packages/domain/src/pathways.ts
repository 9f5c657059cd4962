/**
 * Pathway progress, labels, buttons and resume step (spec 4 Pathways).
 */

/** Pathway progress values (spec 3, spec 4). */
export const PATHWAY_PROGRESSES = ['new', 'in-progress', 'pending', 'completed'] as const;
export type TPathwayProgress = (typeof PATHWAY_PROGRESSES)[number];

/** Section (and step) progress values within a pathway (spec 4); a step not started yet is in-progress. */
export const PATHWAY_STEP_STATUSES = ['in-progress', 'pending', 'completed'] as const;
export type TSectionProgress = (typeof PATHWAY_STEP_STATUSES)[number];

/** Kinds of pathway steps (issue #20 item 1). */
export const PATHWAY_STEP_KINDS = [
  'richText',
  'video',
  'link',
  'fileUpload',
  'profileQuestion',
  'checklist',
  'reflection',
] as const;
export type TPathwayStepKind = (typeof PATHWAY_STEP_KINDS)[number];

/** Sizes of a pathway form. */
export const PATHWAY_LIMITS = {
  titleMaxLength: 200,
  slugMaxLength: 80,
  richTextMaxLength: 20000,
  maxSections: 20,
  maxStepsPerSection: 30,
  maxChecklistItems: 50,
  maxEstimatedDays: 365,
} as const;

/** Slugs that name API paths under /api/pathways, so no pathway may take them. */
export const RESERVED_PATHWAY_SLUGS: readonly string[] = ['admin', 'reviews', 'library'];

/** Words of a progress value for people. */
export const PATHWAY_PROGRESS_LABELS: Readonly<Record<TPathwayProgress, string>> = {
  new: 'New',
  'in-progress': 'In progress',
  pending: 'Pending review',
  completed: 'Completed',
};

const PROGRESS_RANK: Readonly<Record<TPathwayProgress, number>> = {
  new: 0,
  'in-progress': 1,
  pending: 1,
  completed: 2,
};

/** Stage of a progress value: new 0, in-progress or pending 1, completed 2 (spec 4). */
export function pathwayProgressRank(progress: TPathwayProgress): number {
  return PROGRESS_RANK[progress];
}

/** Progress moves new → in-progress or pending → completed, never back; in-progress and pending may swap (spec 4). */
export function canMovePathwayProgress(options: { from: TPathwayProgress; to: TPathwayProgress }): boolean {
  return pathwayProgressRank(options.to) >= pathwayProgressRank(options.from);
}

/**
 * Pathway label from its section statuses (spec 4): all completed gives completed; any pending
 * gives pending; otherwise in-progress. A pathway without sections is in-progress.
 */
export function pathwayLabelFromSections(
  statuses: readonly TSectionProgress[],
): Exclude<TPathwayProgress, 'new'> {
  if (statuses.length > 0 && statuses.every((status) => status === 'completed')) return 'completed';
  if (statuses.includes('pending')) return 'pending';
  return 'in-progress';
}

/** Button text: new 'Accept & Start', in-progress or pending 'Continue', completed 'View' (spec 4). */
export function pathwayButtonText(progress: TPathwayProgress): string {
  switch (progress) {
    case 'new':
      return 'Accept & Start';
    case 'completed':
      return 'View';
    default:
      return 'Continue';
  }
}

/** Step a pathway resumes at: the first in-progress or pending section, else the first step (spec 4). */
export function pathwayResumeStep(statuses: readonly TSectionProgress[]): number {
  const index = statuses.findIndex((status) => status === 'in-progress' || status === 'pending');
  return index === -1 ? 0 : index;
}

/**
 * The viewer's progress after a change (spec 4): new until accepted; then the label of the section statuses,
 * but never back from where it was (a completed pathway stays completed when steps are added later).
 */
export function nextPathwayProgress(options: {
  current: TPathwayProgress;
  isStarted: boolean;
  sectionStatuses: readonly TSectionProgress[];
}): TPathwayProgress {
  if (!options.isStarted) return options.current;
  const label = pathwayLabelFromSections(options.sectionStatuses);
  return canMovePathwayProgress({ from: options.current, to: label }) ? label : options.current;
}

/** A step's status once submitted: pending when it needs review, else completed (spec 4). */
export function submittedStepStatus(options: { needsReview: boolean }): TSectionProgress {
  return options.needsReview ? 'pending' : 'completed';
}

/** A pathway slug from its title: lowercase words joined by hyphens, at most 80 characters; 'pathway' when none. */
export function pathwaySlugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PATHWAY_LIMITS.slugMaxLength)
    .replace(/-+$/g, '');
  return slug === '' || RESERVED_PATHWAY_SLUGS.includes(slug) ? `pathway-${slug}`.replace(/-$/, '') : slug;
}

/** The earliest of the viewer's deadlines ('YYYY-MM-DD' days), or null when none is set. */
export function earliestCompletedBy(dates: ReadonlyArray<string | null | undefined>): string | null {
  const days = dates.filter((d): d is string => typeof d === 'string' && d !== '').map((d) => d.slice(0, 10));
  return days.length === 0 ? null : days.reduce((a, b) => (b < a ? b : a));
}

/** The viewer's state of a whole form, from the status of each answered step. */
export type TPathwayFormState = {
  /** Every step in order (sections one after another); a step without an answer is in-progress. */
  stepStatuses: TSectionProgress[];
  /** spec 3 form.sections[].status: each section's label from its steps (spec 4 rule). */
  sectionStatuses: TSectionProgress[];
  completedStepCount: number;
  /** The first in-progress or pending step (spec 4), counted over all steps. */
  resumeStepIndex: number;
};

/** Statuses of the steps and sections of a form, and where it resumes (spec 4 Pathways). */
export function pathwayFormState(options: {
  sections: ReadonlyArray<{ steps: ReadonlyArray<{ id: string }> }>;
  statusByStepId: ReadonlyMap<string, TSectionProgress>;
}): TPathwayFormState {
  const stepStatuses: TSectionProgress[] = [];
  const sectionStatuses: TSectionProgress[] = [];
  for (const section of options.sections) {
    const statuses = section.steps.map((step) => options.statusByStepId.get(step.id) ?? 'in-progress');
    stepStatuses.push(...statuses);
    sectionStatuses.push(pathwayLabelFromSections(statuses));
  }
  return {
    stepStatuses,
    sectionStatuses,
    completedStepCount: stepStatuses.filter((s) => s === 'completed').length,
    resumeStepIndex: pathwayResumeStep(stepStatuses),
  };
}
