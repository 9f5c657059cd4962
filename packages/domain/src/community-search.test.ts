import { describe, expect, it } from 'vitest';
import { exactCommunityMatch, isOpenForEmailSignup, normalizeCommunitySearch } from './community-search.js';

const northfield = { identifier: 'northfield', name: 'Northfield University' };
const riverside = { identifier: 'riverside', name: 'Riverside College' };

describe('community search', () => {
  it('compares without case or extra spaces', () => {
    expect(normalizeCommunitySearch('  Northfield   UNIVERSITY ')).toBe('northfield university');
  });

  it('matches a community exactly by name or identifier, never by a near miss', () => {
    expect(exactCommunityMatch('northfield  university', [riverside, northfield])).toBe(northfield);
    expect(exactCommunityMatch('Riverside', [riverside, northfield])).toBe(riverside);
    expect(exactCommunityMatch('northfeild', [northfield])).toBeUndefined();
    expect(
      exactCommunityMatch('Northfield', [{ identifier: 'nf', name: 'Northfield University' }]),
    ).toBeUndefined();
    expect(exactCommunityMatch('   ', [northfield])).toBeUndefined();
  });

  it('is open for sign-up when standard sign-up is on and email is not hidden', () => {
    expect(isOpenForEmailSignup({ isStandardSignupEnabled: true, hiddenSignupMethods: [] })).toBe(true);
    expect(isOpenForEmailSignup({ isStandardSignupEnabled: false, hiddenSignupMethods: [] })).toBe(false);
    expect(isOpenForEmailSignup({ isStandardSignupEnabled: true, hiddenSignupMethods: ['email'] })).toBe(
      false,
    );
    expect(isOpenForEmailSignup({ isStandardSignupEnabled: true, hiddenSignupMethods: ['google'] })).toBe(
      true,
    );
  });
});
