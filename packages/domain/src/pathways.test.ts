import { describe, expect, it } from 'vitest';
import {
  canMovePathwayProgress,
  earliestCompletedBy,
  nextPathwayProgress,
  PATHWAY_PROGRESS_LABELS,
  pathwayFormState,
  pathwaySlugFromTitle,
  submittedStepStatus,
  type TSectionProgress,
  pathwayButtonText,
  pathwayLabelFromSections,
  pathwayProgressRank,
  pathwayResumeStep,
} from './pathways.js';

describe('pathway progress order (spec 4 Pathways)', () => {
  it.each([
    ['new', 'in-progress', true],
    ['new', 'pending', true],
    ['in-progress', 'pending', true],
    ['pending', 'in-progress', true],
    ['pending', 'completed', true],
    ['completed', 'in-progress', false],
    ['in-progress', 'new', false],
    ['new', 'completed', true],
  ] as const)('%s → %s allowed=%s', (from, to, expected) => {
    expect(canMovePathwayProgress({ from, to })).toBe(expected);
  });

  it('ranks new < in-progress = pending < completed', () => {
    expect(
      (['new', 'in-progress', 'pending', 'completed'] as const).map((p) => pathwayProgressRank(p)),
    ).toEqual([0, 1, 1, 2]);
  });
});

describe('pathwayLabelFromSections (spec 4 Pathways)', () => {
  it.each([
    [['completed', 'completed'], 'completed'],
    [['completed', 'pending'], 'pending'],
    [['in-progress', 'pending'], 'pending'],
    [['completed', 'in-progress'], 'in-progress'],
    [[], 'in-progress'],
  ] as const)('%j gives %s', (statuses, label) => {
    expect(pathwayLabelFromSections(statuses)).toBe(label);
  });
});

describe('pathwayButtonText (spec 4 Pathways)', () => {
  it.each([
    ['new', 'Accept & Start'],
    ['in-progress', 'Continue'],
    ['pending', 'Continue'],
    ['completed', 'View'],
  ] as const)('%s shows %j', (progress, text) => {
    expect(pathwayButtonText(progress)).toBe(text);
  });
});

describe('pathwayResumeStep (spec 4 Pathways)', () => {
  it.each([
    [['completed', 'in-progress', 'pending'], 1],
    [['completed', 'completed', 'pending'], 2],
    [['pending', 'in-progress'], 0],
    [['completed', 'completed'], 0],
    [[], 0],
  ] as const)('%j resumes at %d', (statuses, step) => {
    expect(pathwayResumeStep(statuses)).toBe(step);
  });
});

describe('pathwayFormState (spec 4: sections from steps, resume at the first in-progress or pending step)', () => {
  const sections = [
    { steps: [{ id: 'a' }, { id: 'b' }] },
    { steps: [{ id: 'c' }] },
    { steps: [{ id: 'd' }] },
  ];
  it.each([
    ['nothing answered', {}, ['in-progress', 'in-progress', 'in-progress'], 0, 0],
    ['first step done', { a: 'completed' }, ['in-progress', 'in-progress', 'in-progress'], 1, 1],
    [
      'first section done',
      { a: 'completed', b: 'completed' },
      ['completed', 'in-progress', 'in-progress'],
      2,
      2,
    ],
    [
      'a pending step in the middle',
      { a: 'completed', b: 'completed', c: 'pending' },
      ['completed', 'pending', 'in-progress'],
      2,
      2,
    ],
    ['pending then done', { a: 'pending', b: 'completed' }, ['pending', 'in-progress', 'in-progress'], 0, 1],
    [
      'all done',
      { a: 'completed', b: 'completed', c: 'completed', d: 'completed' },
      ['completed', 'completed', 'completed'],
      0,
      4,
    ],
  ] as const)('%s', (_label, answered, sectionStatuses, resume, completed) => {
    const state = pathwayFormState({
      sections,
      statusByStepId: new Map(Object.entries(answered) as Array<[string, TSectionProgress]>),
    });
    expect(state.sectionStatuses).toEqual(sectionStatuses);
    expect(state.resumeStepIndex).toBe(resume);
    expect(state.completedStepCount).toBe(completed);
  });
});

describe('nextPathwayProgress (spec 4: new → in-progress or pending → completed, never back)', () => {
  it.each([
    ['new', false, ['completed'], 'new'],
    ['new', true, ['in-progress'], 'in-progress'],
    ['new', true, ['completed', 'pending'], 'pending'],
    ['pending', true, ['completed', 'in-progress'], 'in-progress'],
    ['in-progress', true, ['completed', 'completed'], 'completed'],
    ['completed', true, ['completed', 'in-progress'], 'completed'],
  ] as const)('%s (started %s) with %j gives %s', (current, isStarted, sectionStatuses, expected) => {
    expect(nextPathwayProgress({ current, isStarted, sectionStatuses })).toBe(expected);
  });
});

describe('submittedStepStatus, pathwaySlugFromTitle, earliestCompletedBy', () => {
  it('a step that needs review goes pending, else completed', () => {
    expect(submittedStepStatus({ needsReview: true })).toBe('pending');
    expect(submittedStepStatus({ needsReview: false })).toBe('completed');
  });
  it.each([
    ['Career Launch: First Steps!', 'career-launch-first-steps'],
    ['Écoles & Métiers', 'ecoles-metiers'],
    ['***', 'pathway'],
    ['Reviews', 'pathway-reviews'],
  ])('%j gives %j', (title, slug) => {
    expect(pathwaySlugFromTitle(title)).toBe(slug);
  });
  it('the earliest deadline wins; none gives null', () => {
    expect(earliestCompletedBy(['2026-05-01', null, '2026-04-30T00:00:00Z'])).toBe('2026-04-30');
    expect(earliestCompletedBy([null, undefined])).toBeNull();
  });
  it('progress words', () => {
    expect(PATHWAY_PROGRESS_LABELS).toEqual({
      new: 'New',
      'in-progress': 'In progress',
      pending: 'Pending review',
      completed: 'Completed',
    });
  });
});
