import { describe, expect, it } from 'vitest';
import {
  archetypeOrder,
  BADGE_HIGHLIGHT_MS,
  DEFAULT_TAB_NAMES,
  HOME_SECTION_KEYS,
  HOME_SECTION_LIMIT,
  HOME_SECTION_ORDER,
  HOME_TAB_LABELS,
  HOME_TABS,
  HOME_VERSION_PATHS,
  homeSectionsFor,
  homeTabsFor,
  homeVersion,
  postQuestionTitle,
} from './home.js';

describe('homeVersion (spec 2 Home version choice)', () => {
  const base = {
    standardPlatformType: 'alumni',
    isCorporateUserType: false,
    isCorporateHomepageEnabled: false,
    isHomepageV3Enabled: false,
    isLightUser: false,
  };
  it.each([
    [
      'corporate user type with corporate homepage',
      { isCorporateUserType: true, isCorporateHomepageEnabled: true, standardPlatformType: 'standard' },
      'job-list',
    ],
    ['corporate user type without corporate homepage', { isCorporateUserType: true }, 'home'],
    ['standard platform', { standardPlatformType: 'standard' }, 'home-v3'],
    ['homepage v3 enabled', { isHomepageV3Enabled: true, standardPlatformType: 'corporate' }, 'home-v3'],
    ['corporate platform', { standardPlatformType: 'corporate' }, 'home-v2'],
    ['bridges platform', { standardPlatformType: 'bridges' }, 'home-v2'],
    ['light user', { isLightUser: true }, 'home-v2'],
    ['anything else', { standardPlatformType: null }, 'home'],
  ])('%s gets %s', (_label, overrides, version) => {
    expect(homeVersion({ ...base, ...overrides })).toBe(version);
  });

  it('maps versions to hub paths', () => {
    expect(HOME_VERSION_PATHS['job-list']).toBe('job/list/all-job');
  });
});

describe('home sections (spec 2 Home sections)', () => {
  it('orders only known, distinct sections on every tab, within the limit of 30', () => {
    for (const tab of HOME_TABS) {
      const order = HOME_SECTION_ORDER[tab];
      expect(new Set(order).size).toBe(order.length);
      expect(order.length).toBeLessThanOrEqual(HOME_SECTION_LIMIT);
      for (const key of order) expect(HOME_SECTION_KEYS).toContain(key);
    }
  });

  it('places every section on at least one tab', () => {
    const placed = new Set(HOME_TABS.flatMap((tab) => HOME_SECTION_ORDER[tab]));
    for (const key of HOME_SECTION_KEYS) expect(placed.has(key)).toBe(true);
  });

  it('leads each tab with the sections of its archetype', () => {
    expect(homeSectionsFor({ tab: 'network', isShown: (key) => !key.endsWith('Banner') })[0]).toBe(
      'peopleRecommendation',
    );
    expect(homeSectionsFor({ tab: 'elOnly', isShown: () => true }).slice(3, 5)).toEqual([
      'elAddInterests',
      'elRecommendedOpportunities',
    ]);
    expect(homeSectionsFor({ tab: 'explore', isShown: (key) => key === 'likedCareers' })).toEqual([
      'likedCareers',
    ]);
  });

  // The sections that have data today (issue #18), in each tab's order.
  const TODAY = new Set([
    'heroBanner',
    'peopleRecommendation',
    'askAnythingWidget',
    'askAnythingBanner',
    'discussionModule',
    'eventsWidget',
    'resourcesWidget',
    'staticLinkBlocks',
    'userActivities',
  ]);
  const tail = ['staticLinkBlocks', 'userActivities'];
  it.each([
    [
      'explore',
      [
        'heroBanner',
        'peopleRecommendation',
        'askAnythingBanner',
        'resourcesWidget',
        'eventsWidget',
        'discussionModule',
        ...tail,
      ],
    ],
    [
      'discover',
      [
        'heroBanner',
        'peopleRecommendation',
        'eventsWidget',
        'resourcesWidget',
        'askAnythingWidget',
        'discussionModule',
        ...tail,
      ],
    ],
    [
      'pursue',
      [
        'heroBanner',
        'peopleRecommendation',
        'eventsWidget',
        'resourcesWidget',
        'askAnythingBanner',
        'discussionModule',
        ...tail,
      ],
    ],
    [
      'giveBack',
      [
        'heroBanner',
        'askAnythingWidget',
        'discussionModule',
        'peopleRecommendation',
        'eventsWidget',
        'resourcesWidget',
        ...tail,
      ],
    ],
    [
      'network',
      [
        'heroBanner',
        'peopleRecommendation',
        'discussionModule',
        'askAnythingBanner',
        'eventsWidget',
        'resourcesWidget',
        ...tail,
      ],
    ],
    ['elOnly', ['heroBanner', 'eventsWidget', 'resourcesWidget', 'staticLinkBlocks']],
  ] as const)('orders the %s tab as %j', (tab, expected) => {
    expect(homeSectionsFor({ tab, isShown: (key) => TODAY.has(key) })).toEqual(expected);
  });

  it('labels tabs with their archetype names', () => {
    expect(HOME_TAB_LABELS).toMatchObject({
      discover: 'Planner',
      explore: 'Explorer',
      pursue: 'Adventurer',
      giveBack: 'Guide',
    });
  });
});

describe('archetype ordering (spec 9)', () => {
  it.each([
    [true, ['explore', 'discover', 'pursue', 'network', 'giveBack']],
    [false, ['giveBack', 'network', 'discover', 'pursue', 'explore']],
  ])('student=%s sees %j', (isStudent, order) => {
    expect(archetypeOrder({ isStudent })).toEqual(order);
    expect(homeTabsFor({ isStudent, isElOnly: false })).toEqual(order);
  });

  it('shows only the ElOnly tab on experiential-learning-only hubs', () => {
    expect(homeTabsFor({ isStudent: true, isElOnly: true })).toEqual(['elOnly']);
  });
});

describe('default names (spec 9)', () => {
  it.each([
    [false, 'Ask Anything'],
    [true, 'Ask Your Community'],
  ])('v2=%s titles the post-question module %j', (isV2, title) => {
    expect(postQuestionTitle({ isV2 })).toBe(title);
  });

  it('has the default tab names and the 2 s badge highlight', () => {
    expect(Object.values(DEFAULT_TAB_NAMES)).toEqual(['Experiences', 'Student Projects', 'PathwayU']);
    expect(BADGE_HIGHLIGHT_MS).toBe(2_000);
  });
});
