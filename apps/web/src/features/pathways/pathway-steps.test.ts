import type { TPathwayDetail, TPathwayStepState } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import {
  estimatedTimeLabel,
  flattenSteps,
  isPastDue,
  parseStepIndex,
  sectionStatusLabel,
  stepCountLabel,
  stepStatusLabel,
} from './pathway-steps';

function state(status: TPathwayStepState['status'], index = 0): TPathwayStepState {
  return {
    index,
    status,
    answer: null,
    question: null,
    submittedAt: null,
    review: null,
    can: { answer: true, submit: true },
  };
}

const richText = (id: string) => ({
  id,
  kind: 'richText' as const,
  title: id,
  needsReview: false,
  body: '<p>x</p>',
});

describe('flattenSteps', () => {
  it('counts the steps of every section in order, so stepIndex i is the i-th step overall', () => {
    const pathway = {
      sections: [
        {
          id: 'a',
          title: 'A',
          description: '',
          status: 'completed' as const,
          steps: [
            { step: richText('a1'), state: state('completed') },
            { step: richText('a2'), state: state('completed') },
          ],
        },
        {
          id: 'b',
          title: 'B',
          description: '',
          status: 'in-progress' as const,
          steps: [{ step: richText('b1'), state: state('in-progress') }],
        },
      ],
    } satisfies Pick<TPathwayDetail, 'sections'>;
    const steps = flattenSteps(pathway);
    expect(
      steps.map((entry) => [entry.index, entry.step.id, entry.sectionTitle, entry.indexInSection]),
    ).toEqual([
      [0, 'a1', 'A', 0],
      [1, 'a2', 'A', 1],
      [2, 'b1', 'B', 0],
    ]);
  });
});

describe('parseStepIndex', () => {
  it.each([
    ['0', 3, 0],
    ['2', 3, 2],
    ['3', 3, null],
    ['-1', 3, null],
    ['1.5', 3, null],
    ['abc', 3, null],
    [undefined, 3, null],
  ])('reads %s of %i steps as %s', (value, count, expected) => {
    expect(parseStepIndex(value, count)).toBe(expected);
  });
});

describe('labels', () => {
  it('words a step: completed, awaiting review (pending), in progress once answered, else not started', () => {
    expect(stepStatusLabel({ status: 'completed', answer: null })).toBe('Completed');
    expect(stepStatusLabel({ status: 'pending', answer: null })).toBe('Awaiting review');
    expect(stepStatusLabel({ status: 'in-progress', answer: { kind: 'reflection', text: 'x' } })).toBe(
      'In progress',
    );
    expect(stepStatusLabel({ status: 'in-progress', answer: null })).toBe('Not started');
  });

  it('words a section status (spec 4)', () => {
    expect(sectionStatusLabel('completed')).toBe('Completed');
    expect(sectionStatusLabel('pending')).toBe('Pending review');
    expect(sectionStatusLabel('in-progress')).toBe('In progress');
  });

  it('words the estimated time in days (spec 3) and the steps done', () => {
    expect(estimatedTimeLabel(null)).toBeNull();
    expect(estimatedTimeLabel(1)).toBe('About 1 day');
    expect(estimatedTimeLabel(14)).toBe('About 14 days');
    expect(stepCountLabel(3, 8)).toBe('3 of 8 steps done');
    expect(stepCountLabel(0, 1)).toBe('0 of 1 step done');
  });
});

describe('deadlines', () => {
  it('is past due only after the deadline day', () => {
    expect(isPastDue('2026-03-31', '2026-03-31')).toBe(false);
    expect(isPastDue('2026-03-31', '2026-04-01')).toBe(true);
    expect(isPastDue(null, '2026-04-01')).toBe(false);
  });
});
