import { describe, expect, it } from 'vitest';
import {
  BADGE_MAX_THRESHOLD,
  BADGE_RULE_KINDS,
  BADGE_RULE_LABELS,
  badgeRuleError,
  describeBadgeRule,
  isBadgeEarned,
  type TBadgeCounts,
  type TBadgeRule,
} from './badges.js';

describe('isBadgeEarned', () => {
  it.each<[string, TBadgeRule, TBadgeCounts, boolean]>([
    ['count below the threshold', { kind: 'answers_given', threshold: 3 }, { answers_given: 2 }, false],
    ['count at the threshold', { kind: 'answers_given', threshold: 3 }, { answers_given: 3 }, true],
    ['count above the threshold', { kind: 'answers_given', threshold: 3 }, { answers_given: 9 }, true],
    ['another kind does not count', { kind: 'answers_given', threshold: 1 }, { questions_asked: 5 }, false],
    ['a kind left out counts 0', { kind: 'groups_joined', threshold: 1 }, {}, false],
    ['a complete profile', { kind: 'profile_complete', threshold: 1 }, { profile_complete: 1 }, true],
    ['an incomplete profile', { kind: 'profile_complete', threshold: 1 }, { profile_complete: 0 }, false],
    [
      'a threshold of 0 still needs one',
      { kind: 'meetings_held', threshold: 0 },
      { meetings_held: 0 },
      false,
    ],
  ])('%s', (_name, rule, counts, expected) => {
    expect(isBadgeEarned(rule, counts)).toBe(expected);
  });
});

describe('badgeRuleError', () => {
  it('accepts whole thresholds from 1 up to the maximum', () => {
    expect(badgeRuleError({ kind: 'answers_given', threshold: 1 })).toBeNull();
    expect(badgeRuleError({ kind: 'answers_given', threshold: BADGE_MAX_THRESHOLD })).toBeNull();
  });

  it('refuses 0, fractions and thresholds above the maximum', () => {
    expect(badgeRuleError({ kind: 'answers_given', threshold: 0 })).toBe('Enter a whole number from 1.');
    expect(badgeRuleError({ kind: 'answers_given', threshold: 1.5 })).toBe('Enter a whole number from 1.');
    expect(badgeRuleError({ kind: 'answers_given', threshold: BADGE_MAX_THRESHOLD + 1 })).toMatch(/up to/);
  });

  it('fixes the complete-profile threshold at 1', () => {
    expect(badgeRuleError({ kind: 'profile_complete', threshold: 2 })).toMatch(/threshold is 1/);
  });
});

describe('describeBadgeRule', () => {
  it('names every kind and reads in the singular for one', () => {
    for (const kind of BADGE_RULE_KINDS) expect(BADGE_RULE_LABELS[kind].label.length).toBeGreaterThan(0);
    expect(describeBadgeRule({ kind: 'answers_given', threshold: 1 })).toBe('1 answer');
    expect(describeBadgeRule({ kind: 'meetings_held', threshold: 5 })).toBe('5 meetings');
    expect(describeBadgeRule({ kind: 'profile_complete', threshold: 1 })).toBe('Profile at 100 %');
  });
});
