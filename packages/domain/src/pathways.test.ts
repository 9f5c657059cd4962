import { describe, expect, it } from 'vitest';
import {
  canMovePathwayProgress,
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
