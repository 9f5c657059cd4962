/**
 * Pathway progress, labels, buttons and resume step (spec 4 Pathways).
 */

/** Pathway progress values (spec 3, spec 4). */
export type TPathwayProgress = 'new' | 'in-progress' | 'pending' | 'completed';

/** Section progress values within a pathway (spec 4). */
export type TSectionProgress = 'completed' | 'in-progress' | 'pending';

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
