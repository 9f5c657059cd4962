/**
 * Pure rules of the pathway pages (issue #20 item 1): the steps of all sections in one order (the stepIndex of
 * pathways/{slug}/steps/{stepIndex}, spec 2), the words for kinds and statuses, the estimated time and the
 * deadline as people read them.
 */
import type { TPathwayDetail, TPathwayStep, TPathwayStepKind, TPathwayStepState } from '@commons/contract';
import type { TSectionProgress } from '@commons/domain';

/** One step of a pathway with its place: its section and its index among all steps. */
export interface TFlatStep {
  index: number;
  sectionIndex: number;
  sectionTitle: string;
  /** Its place in its section, from 0. */
  indexInSection: number;
  sectionStepCount: number;
  step: TPathwayStep;
  state: TPathwayStepState;
}

/** The steps of every section in order; index i is the page address's stepIndex i. */
export function flattenSteps(pathway: Pick<TPathwayDetail, 'sections'>): TFlatStep[] {
  const steps: TFlatStep[] = [];
  pathway.sections.forEach((section, sectionIndex) => {
    section.steps.forEach((entry, indexInSection) => {
      steps.push({
        index: steps.length,
        sectionIndex,
        sectionTitle: section.title,
        indexInSection,
        sectionStepCount: section.steps.length,
        step: entry.step,
        state: entry.state,
      });
    });
  });
  return steps;
}

/** The stepIndex of an address as a number of an existing step, else null (the page then says so). */
export function parseStepIndex(value: string | undefined, stepCount: number): number | null {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return null;
  const index = Number(value);
  return index < stepCount ? index : null;
}

/** What each kind of step is called in the builder and beside a step. */
export const STEP_KIND_LABELS: Readonly<Record<TPathwayStepKind, string>> = {
  richText: 'Reading',
  video: 'Video',
  link: 'Link',
  fileUpload: 'File upload',
  profileQuestion: 'Profile question',
  checklist: 'Checklist',
  reflection: 'Reflection',
};

/** Kinds whose step holds an answer the member gives (the others are read, watched or opened). */
export function isAnsweredKind(kind: TPathwayStepKind): boolean {
  return kind === 'fileUpload' || kind === 'profileQuestion' || kind === 'checklist' || kind === 'reflection';
}

/**
 * A step's status for people: 'Completed', 'Awaiting review' (pending, spec 4), 'In progress' once it holds an
 * answer, else 'Not started' (the server calls a step not started yet in-progress).
 */
export function stepStatusLabel(state: Pick<TPathwayStepState, 'status' | 'answer'>): string {
  if (state.status === 'completed') return 'Completed';
  if (state.status === 'pending') return 'Awaiting review';
  return state.answer === null ? 'Not started' : 'In progress';
}

/** A section's status (spec 3 form.sections[].status) for people. */
export function sectionStatusLabel(status: TSectionProgress): string {
  if (status === 'completed') return 'Completed';
  if (status === 'pending') return 'Pending review';
  return 'In progress';
}

/** spec 3 estimatedCompletionTime (days) for people: 'About 1 day', 'About 14 days'; null when not set. */
export function estimatedTimeLabel(days: number | null): string | null {
  if (days === null) return null;
  return `About ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** How many of the steps are done: '3 of 8 steps done'. */
export function stepCountLabel(done: number, total: number): string {
  return `${done} of ${total} ${total === 1 ? 'step' : 'steps'} done`;
}

/** Whether a deadline day ('YYYY-MM-DD') has passed on `today` (the viewer's day, same format). */
export function isPastDue(completedBy: string | null, today: string): boolean {
  return completedBy !== null && completedBy.slice(0, 10) < today;
}
