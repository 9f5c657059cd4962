import { describe, expect, it } from 'vitest';
import {
  EL_LISTS,
  isValidParticipationHours,
  locationKey,
  participationDateErrors,
  participationHours,
  participationMinutes,
  participationReviewTarget,
  PARTICIPATION_MESSAGES,
} from './experiential-learning.js';

describe('experiential learning', () => {
  it('lists recent, recommended, nearby, saved and applied (spec 2 Home sections)', () => {
    expect(EL_LISTS).toEqual(['recent', 'recommended', 'nearby', 'saved', 'applied']);
  });

  it.each([
    [0.25, true],
    [1.5, true],
    [1000, true],
    [0, false],
    [0.1, false],
    [1000.25, false],
    [Number.NaN, false],
  ])('hours %s valid: %s', (hours, expected) => {
    expect(isValidParticipationHours(hours)).toBe(expected);
  });

  it('stores hours as minutes', () => {
    expect(participationMinutes(2.75)).toBe(165);
    expect(participationHours(165)).toBe(2.75);
  });

  it('checks report dates', () => {
    expect(participationDateErrors({ startedOn: '2025-03-01', endedOn: null, today: '2025-03-01' })).toEqual(
      {},
    );
    expect(
      participationDateErrors({ startedOn: '2025-03-02', endedOn: '2025-03-01', today: '2025-03-01' }),
    ).toEqual({ startedOn: PARTICIPATION_MESSAGES.future, endedOn: PARTICIPATION_MESSAGES.dates });
  });

  it.each([
    ['pending', 'approve', 'approved'],
    ['pending', 'reject', 'rejected'],
    ['approved', 'reject', null],
    ['rejected', 'approve', null],
  ] as const)('a %s report on %s becomes %s', (status, decision, expected) => {
    expect(participationReviewTarget({ status, decision })).toBe(expected);
  });

  it.each([
    ['Boston, MA', 'boston'],
    ['  New   York ,NY', 'new york'],
    ['', null],
    [null, null],
  ])('locationKey(%j) = %j', (location, expected) => {
    expect(locationKey(location)).toBe(expected);
  });
});
