import { describe, expect, it } from 'vitest';
import {
  HUB_FEATURE_FLAGS,
  HUB_FEATURE_KEYS,
  hubFeatures,
  isHubFeatureKey,
  isHubFeatureOn,
  unknownHubFeatureKeys,
} from './feature-flags.js';

/** spec 6 'Feature flags per hub', word for word. */
const SPEC_FLAGS =
  'career paths, DIY projects, giving form, auto-greeting, autoMatchUser, social and co-curricular ' +
  'integrations, JTBD homepage, compass and achievements, navigation v2, phone verification modal, ' +
  'landing page template v3, auto-approval, secondary contact';

describe('hub feature flags (spec 6)', () => {
  it('lists the thirteen flags of the spec in its order and words (sentence case)', () => {
    const specWords = SPEC_FLAGS.split(', ');
    expect(HUB_FEATURE_FLAGS).toHaveLength(13);
    expect(HUB_FEATURE_FLAGS.map((flag) => flag.label)).toEqual(
      specWords.map((words) =>
        // Sentence case, except the flag the spec names by its identifier.
        words === 'autoMatchUser' ? words : words.charAt(0).toUpperCase() + words.slice(1),
      ),
    );
  });

  it('has unique keys and a one-line description for each flag', () => {
    expect(new Set(HUB_FEATURE_KEYS).size).toBe(HUB_FEATURE_KEYS.length);
    for (const flag of HUB_FEATURE_FLAGS) {
      expect(flag.description.length).toBeGreaterThan(10);
      expect(flag.description).not.toContain('\n');
    }
  });

  it('is on by default exactly for the features that exist and are on today', () => {
    expect(HUB_FEATURE_FLAGS.filter((flag) => flag.isOnByDefault).map((flag) => flag.key)).toEqual([
      'givingForm',
      'jtbdHomepage',
      'compassAndAchievements',
    ]);
    // Career paths (issue #20) and the auto-greeting (issue #22) exist and stay off until a hub turns them on.
    expect(HUB_FEATURE_FLAGS.filter((flag) => flag.isInUse).map((flag) => flag.key)).toEqual([
      'careerPaths',
      'givingForm',
      'autoGreeting',
      'jtbdHomepage',
      'compassAndAchievements',
    ]);
  });
});

describe('isHubFeatureOn', () => {
  it.each([
    ['no settings', undefined, 'compassAndAchievements', true],
    ['null settings', null, 'navigationV2', false],
    ['empty flags', {}, 'givingForm', true],
    ['empty flags, an off-by-default flag', {}, 'secondaryContact', false],
    ['stored off', { compassAndAchievements: false }, 'compassAndAchievements', false],
    ['stored on', { navigationV2: true }, 'navigationV2', true],
    ['another flag stored', { givingForm: false }, 'jtbdHomepage', true],
    ['a non-boolean value falls back to the default', { jtbdHomepage: 'no' }, 'jtbdHomepage', true],
  ] as const)('%s: %s → %s', (_name, flags, key, expected) => {
    expect(isHubFeatureOn(flags, key)).toBe(expected);
  });
});

describe('hubFeatures', () => {
  it('answers every flag with stored values over defaults and drops unknown keys', () => {
    const features = hubFeatures({ givingForm: false, autoGreeting: true, somethingElse: true });
    expect(Object.keys(features)).toEqual(HUB_FEATURE_KEYS);
    expect(features).toMatchObject({
      givingForm: false,
      autoGreeting: true,
      jtbdHomepage: true,
      compassAndAchievements: true,
      careerPaths: false,
    });
    expect('somethingElse' in features).toBe(false);
  });
});

describe('unknown keys', () => {
  it('names the keys that are not flags', () => {
    expect(isHubFeatureKey('givingForm')).toBe(true);
    expect(isHubFeatureKey('giving form')).toBe(false);
    expect(unknownHubFeatureKeys({ givingForm: true, badges: false, JTBDHomepage: true })).toEqual([
      'badges',
      'JTBDHomepage',
    ]);
  });
});
