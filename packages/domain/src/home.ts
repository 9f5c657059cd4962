/**
 * Home page rules (spec 2 Home version choice and Home sections, spec 9 Archetype ordering and Home).
 */

/** Home page versions and the corporate job list (spec 2 Home version choice). */
export type THomeVersion = 'job-list' | 'home-v3' | 'home-v2' | 'home';

/** Hub-relative path of each home version (spec 2 Hub routes). */
export const HOME_VERSION_PATHS: Readonly<Record<THomeVersion, string>> = {
  'job-list': 'job/list/all-job',
  'home-v3': 'home-v3',
  'home-v2': 'home-v2',
  home: 'home',
};

/**
 * Home version (spec 2): the job list for a corporate user type whose corporate homepage is on;
 * home-v3 on standard platforms or when homepage v3 is enabled; home-v2 on corporate or bridges
 * platforms or for light users; otherwise home. A corporate user type is one whose standard user
 * type is Corporate Partner & Employer.
 */
export function homeVersion(options: {
  standardPlatformType: string | null | undefined;
  isCorporateUserType: boolean;
  isCorporateHomepageEnabled: boolean;
  isHomepageV3Enabled: boolean;
  isLightUser: boolean;
}): THomeVersion {
  if (options.isCorporateUserType && options.isCorporateHomepageEnabled) return 'job-list';
  if (options.standardPlatformType === 'standard' || options.isHomepageV3Enabled) return 'home-v3';
  if (
    options.standardPlatformType === 'corporate' ||
    options.standardPlatformType === 'bridges' ||
    options.isLightUser
  ) {
    return 'home-v2';
  }
  return 'home';
}

/** Home section keys (spec 2 Home sections). */
export const HOME_SECTION_KEYS = [
  'heroBanner',
  'donationBanner',
  'giveCampusBanner',
  'opportunities',
  'peopleRecommendation',
  'secondaryActions',
  'videoRecommendation',
  'editableStandardData',
  'likedCareers',
  'recommendedCareers',
  'careerJourneyBanner',
  'careerJourneyQuestions',
  'discussionModule',
  'customizableWidget',
  'careerPathWidget',
  'recommendedAnswers',
  'recommendedPathways',
  'askAnythingWidget',
  'askAnythingBanner',
  'resourcesWidget',
  'eventsWidget',
  'staticLinkBlocks',
  'organizationRegistration',
  'userActivities',
  'elRecentOpportunities',
  'elRecommendedOpportunities',
  'elNearbyOpportunities',
  'elSavedOpportunities',
  'elAppliedOpportunities',
  'elAddInterests',
] as const;

/** One home section key. */
export type THomeSectionKey = (typeof HOME_SECTION_KEYS)[number];

/** Home tabs (spec 2). */
export const HOME_TABS = ['discover', 'explore', 'pursue', 'giveBack', 'network', 'elOnly'] as const;

/** One home tab. */
export type THomeTab = (typeof HOME_TABS)[number];

/** Labels of the home tabs; the archetype tabs carry their archetype names (spec 2). */
export const HOME_TAB_LABELS: Readonly<Record<THomeTab, string>> = {
  discover: 'Planner',
  explore: 'Explorer',
  pursue: 'Adventurer',
  giveBack: 'Guide',
  network: 'Network',
  elOnly: 'Experiences',
};

/** At most this many sections on a home tab (spec 9 Home). */
export const HOME_SECTION_LIMIT = 30;

/**
 * Section order per home tab (spec 2: "differs per tab"; the order is Commons' decision). Each tab
 * opens with the hero and donation banners, then leads with what its archetype needs: Explore
 * careers and stories, Discover planning and pathways, Pursue opportunities and jobs, Give Back
 * helping others, Network people, ElOnly experiential-learning lists.
 */
export const HOME_SECTION_ORDER: Readonly<Record<THomeTab, readonly THomeSectionKey[]>> = {
  explore: [
    'heroBanner',
    'donationBanner',
    'giveCampusBanner',
    'editableStandardData',
    'likedCareers',
    'recommendedCareers',
    'careerPathWidget',
    'videoRecommendation',
    'careerJourneyBanner',
    'careerJourneyQuestions',
    'recommendedAnswers',
    'peopleRecommendation',
    'askAnythingBanner',
    'resourcesWidget',
    'eventsWidget',
    'discussionModule',
    'staticLinkBlocks',
    'customizableWidget',
    'userActivities',
  ],
  discover: [
    'heroBanner',
    'donationBanner',
    'giveCampusBanner',
    'recommendedPathways',
    'careerJourneyBanner',
    'careerJourneyQuestions',
    'secondaryActions',
    'careerPathWidget',
    'likedCareers',
    'peopleRecommendation',
    'eventsWidget',
    'resourcesWidget',
    'askAnythingWidget',
    'discussionModule',
    'organizationRegistration',
    'staticLinkBlocks',
    'customizableWidget',
    'userActivities',
  ],
  pursue: [
    'heroBanner',
    'donationBanner',
    'giveCampusBanner',
    'opportunities',
    'secondaryActions',
    'peopleRecommendation',
    'eventsWidget',
    'recommendedPathways',
    'careerPathWidget',
    'resourcesWidget',
    'askAnythingBanner',
    'discussionModule',
    'staticLinkBlocks',
    'customizableWidget',
    'userActivities',
  ],
  giveBack: [
    'heroBanner',
    'donationBanner',
    'giveCampusBanner',
    'askAnythingWidget',
    'recommendedAnswers',
    'discussionModule',
    'peopleRecommendation',
    'secondaryActions',
    'opportunities',
    'eventsWidget',
    'organizationRegistration',
    'resourcesWidget',
    'staticLinkBlocks',
    'customizableWidget',
    'userActivities',
  ],
  network: [
    'heroBanner',
    'donationBanner',
    'giveCampusBanner',
    'peopleRecommendation',
    'secondaryActions',
    'discussionModule',
    'askAnythingBanner',
    'eventsWidget',
    'organizationRegistration',
    'opportunities',
    'resourcesWidget',
    'staticLinkBlocks',
    'customizableWidget',
    'userActivities',
  ],
  elOnly: [
    'heroBanner',
    'donationBanner',
    'giveCampusBanner',
    'elAddInterests',
    'elRecommendedOpportunities',
    'elRecentOpportunities',
    'elNearbyOpportunities',
    'elSavedOpportunities',
    'elAppliedOpportunities',
    'eventsWidget',
    'resourcesWidget',
    'staticLinkBlocks',
    'customizableWidget',
  ],
};

/** Sections of a home tab in order, keeping only those shown, capped at 30 (spec 2, spec 9). */
export function homeSectionsFor(options: {
  tab: THomeTab;
  isShown: (section: THomeSectionKey) => boolean;
}): THomeSectionKey[] {
  return HOME_SECTION_ORDER[options.tab].filter(options.isShown).slice(0, HOME_SECTION_LIMIT);
}

/** The archetype tabs in display order (spec 9): students Explore, Discover, Pursue, Network, Give Back; others the reverse emphasis. */
export function archetypeOrder(options: { isStudent: boolean }): THomeTab[] {
  return options.isStudent
    ? ['explore', 'discover', 'pursue', 'network', 'giveBack']
    : ['giveBack', 'network', 'discover', 'pursue', 'explore'];
}

/** Home tabs of a hub: only ElOnly on experiential-learning-only hubs, else the archetype order (spec 2, spec 9). */
export function homeTabsFor(options: { isStudent: boolean; isElOnly: boolean }): THomeTab[] {
  return options.isElOnly ? ['elOnly'] : archetypeOrder(options);
}

/** Title of the post-question module: 'Ask Anything', or 'Ask Your Community' in v2 (spec 9 Default names). */
export function postQuestionTitle(options: { isV2: boolean }): string {
  return options.isV2 ? 'Ask Your Community' : 'Ask Anything';
}

/** Default tab names (spec 9 Default names). */
export const DEFAULT_TAB_NAMES = {
  experientialLearning: 'Experiences',
  studentProjects: 'Student Projects',
  careerAssessment: 'PathwayU',
} as const;

/** Navbar highlight after an action item is completed (spec 4 Real-time events, spec 9 Home). */
export const BADGE_HIGHLIGHT_MS = 2_000;
