/**
 * Who sees which home (issue #18): the version of spec 2 Home version choice, the archetype tabs of spec 9
 * and which sections the viewer's modules and standing allow.
 */
import {
  webPaths,
  ZHomeLayoutSetting,
  ZHomeWidget,
  type THomeTabLayout,
  type THomeWidget,
  type THubSettings,
} from '@commons/contract';
import {
  HOME_SECTION_ORDER,
  isAdditionalInfoPresent,
  isProfilePhotoPresent,
  PROFILE_HEALTH_ATTRIBUTE_SECTION,
  PROFILE_HEALTH_WEIGHTS,
  type TProfileHealthAttribute,
  homeTabsFor,
  homeVersion,
  isHubFeatureOn,
  isLightUser,
  type THomeSectionKey,
  type THomeTab,
  type THomeVersion,
} from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireHubReader } from '../content/content.policy.js';
import { isApprovedMember, viewerStanding } from '../hubs/hubs.policy.js';
import { activeModulesFor } from '../hubs/hubs.presenter.js';
import { hubMessageTypeSettings, userTypeMessaging } from '../inbox/inbox.policy.js';

/** Standard user types that see the student archetype order (spec 9 Archetype ordering). */
const STUDENT_TYPES: readonly string[] = ['Student', 'Graduate Student'];

/** The navigation module a section's data belongs to; sections without one need no module. */
const SECTION_MODULES: Partial<Record<THomeSectionKey, string>> = {
  discussionModule: 'discussions',
  askAnythingWidget: 'discussions',
  askAnythingBanner: 'discussions',
  eventsWidget: 'events',
  resourcesWidget: 'resources',
  videoRecommendation: 'resources',
  recommendedAnswers: 'discussions',
  peopleRecommendation: 'network',
  opportunities: 'jobs',
  elAddInterests: 'jobs',
  elRecommendedOpportunities: 'jobs',
  elRecentOpportunities: 'jobs',
  elNearbyOpportunities: 'jobs',
  elSavedOpportunities: 'jobs',
  elAppliedOpportunities: 'jobs',
  likedCareers: 'career-paths',
  recommendedCareers: 'career-paths',
  careerPathWidget: 'career-paths',
};

/** The home is for those who may read the hub's content: admitted members and cluster or super admins. */
export function requireHomeReader(ctx: TRequestContext): void {
  requireHubReader(ctx);
}

export type THomeViewer = {
  version: THomeVersion;
  tabs: THomeTab[];
  /** Whether a section's module is open to the viewer (hub modules, user type modules, standing). */
  isModuleOpen: (section: THomeSectionKey) => boolean;
  /** Whether a navigation module (spec 2 Navigation tabs) is open to the viewer; light users get the reduced set. */
  hasModule: (moduleId: string) => boolean;
  /** Approved members (and admins) act in the hub: ask questions, see the people recommendation. */
  isApproved: boolean;
  /** The viewer's user type is asked to give (spec 3 User type givingForm): the donation banner shows. */
  isAskedToGive: boolean;
};

/** The viewer's home version, tabs and open modules, from their user type, standing and the hub. */
export function homeViewer(ctx: TRequestContext, settings: THubSettings): THomeViewer {
  const hub = ctx.requireHub();
  const membership = ctx.membership;
  const userType = membership?.userType ?? null;
  const standing = viewerStanding(ctx);
  // spec 9 Archetype ordering; spec 2 ElOnly hubs. With the JTBD homepage off (spec 6 feature flag) the
  // home is one tab: the viewer's first by archetype.
  const tabs = homeTabsFor({
    isStudent: userType !== null && STUDENT_TYPES.includes(userType.standardUserType),
    isElOnly: hub.isElOnly,
  });
  const shownModules = new Set(
    activeModulesFor(settings, userType, standing)
      .filter((m) => m.isShown)
      .map((m) => m.id),
  );
  return {
    // spec 2 Home version choice, per user type and hub.
    version: homeVersion({
      standardPlatformType: hub.standardPlatformType,
      isCorporateUserType: userType?.standardUserType === 'Corporate Partner & Employer',
      isCorporateHomepageEnabled: userType?.corporateHomepageEnabled ?? false,
      isHomepageV3Enabled: userType?.homepageV3Enabled ?? false,
      isLightUser: isLightUser({ signupStage: membership?.signupStage }),
    }),
    tabs: isHubFeatureOn(settings.featureFlags, 'jtbdHomepage') ? tabs : tabs.slice(0, 1),
    isModuleOpen: (section) => {
      const moduleId = SECTION_MODULES[section];
      return moduleId === undefined || shownModules.has(moduleId);
    },
    hasModule: (moduleId) => shownModules.has(moduleId),
    isApproved: ctx.isClusterAdmin() || membership?.isAdmin === true || isApprovedMember(membership),
    isAskedToGive: userType?.givingForm === true && isApprovedMember(membership),
  };
}

/**
 * A tab's sections in the hub admins' order, hidden ones left out (issue #18 item 3): the stored order first
 * (keys of other tabs dropped), then the tab's sections the arrangement does not name yet, in the default
 * order, so a section added later still shows.
 */
export function arrangedSections(options: {
  tab: THomeTab;
  layout: { order: readonly THomeSectionKey[]; hidden: readonly THomeSectionKey[] } | undefined;
}): Array<{ key: THomeSectionKey; isHidden: boolean }> {
  const defaults = HOME_SECTION_ORDER[options.tab];
  const stored = (options.layout?.order ?? []).filter((key) => defaults.includes(key));
  const ordered = [...new Set([...stored, ...defaults])];
  const hidden = new Set(options.layout?.hidden ?? []);
  return ordered.map((key) => ({ key, isHidden: hidden.has(key) }));
}

/** The hub's stored arrangements (moduleSettings.homeLayout); a malformed value counts as none. */
export function homeLayoutOf(settings: THubSettings): Partial<Record<THomeTab, THomeTabLayout>> {
  const parsed = ZHomeLayoutSetting.safeParse(settings.moduleSettings['homeLayout'] ?? {});
  return parsed.success ? parsed.data : {};
}

/** The hub's customizable widget (spec 3 Hub settings widget) as stored; a malformed value counts as none. */
export function homeWidgetOf(settings: THubSettings): THomeWidget | null {
  const parsed = ZHomeWidget.safeParse(settings.widget);
  return parsed.success ? parsed.data : null;
}

/** Arranging the home is hub branding: hub admins with branding-settings, cluster and super admins. */
export function requireHomeLayoutManager(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('branding-settings');
}

/** Most quick actions the secondary actions section offers. */
const SECONDARY_ACTION_LIMIT = 4;

/**
 * The quick actions of the secondary actions section (spec 2 Home sections): what the viewer can do in
 * this hub right now, by their standing and the modules open to them (light users get the reduced set of
 * spec 6, so the directory, groups and programs are not offered to them), each a page they can open.
 */
export function secondaryActionsFor(
  ctx: TRequestContext,
  options: { viewer: THomeViewer; settings: THubSettings },
): Array<{ id: string; title: string; description: string; href: string }> {
  const { viewer } = options;
  const hub = ctx.requireHub();
  // spec 6 Messaging: the hub offers plain messages and the viewer's user type may send them.
  const canMessage =
    viewer.isApproved &&
    hubMessageTypeSettings(options.settings).message.enabled &&
    userTypeMessaging(ctx.membership?.userType ?? null, 'message')?.enabled === true;
  const actions = [
    viewer.hasModule('network') && canMessage
      ? {
          id: 'message-mentor',
          title: 'Message a mentor',
          description: 'Find alumni and staff who have walked your path and send them a message.',
          href: webPaths.hub.network(hub.identifier),
        }
      : null,
    viewer.hasModule('discussions') && viewer.isApproved
      ? {
          id: 'ask-question',
          title: 'Ask a question',
          description: 'Students, alumni and staff answer in the discussions.',
          href: '/discussion',
        }
      : null,
    viewer.hasModule('groups') && viewer.isApproved
      ? {
          id: 'join-group',
          title: 'Join a group',
          description: 'Meet people who share your interests, school or industry.',
          href: '/groups',
        }
      : null,
    viewer.hasModule('events')
      ? {
          id: 'browse-events',
          title: 'Browse events',
          description: 'Talks, fairs and meetups coming up in the hub.',
          href: '/events',
        }
      : null,
    viewer.hasModule('programs') && viewer.isApproved
      ? {
          id: 'join-program',
          title: 'Find a program',
          description: 'Mentoring programs you can apply to.',
          href: '/programs',
        }
      : null,
    viewer.hasModule('resources')
      ? {
          id: 'read-resources',
          title: 'Read the resources',
          description: 'Guides, templates and links from the community.',
          href: '/resources',
        }
      : null,
  ];
  return actions.filter((action) => action !== null).slice(0, SECONDARY_ACTION_LIMIT);
}

/** Standard profile fields (spec 3 profile health) in the order the home asks for them, with their wording. */
const PROFILE_FIELD_PROMPTS: Record<
  Exclude<TProfileHealthAttribute, 'dynamicProfile'>,
  { title: string; edit: string | null; anchor?: string }
> = {
  photoUrl: { title: 'Add a profile photo', edit: null, anchor: 'profile-photo' },
  headline: { title: 'Write a headline', edit: 'basic' },
  schools: { title: 'Add your school', edit: 'schools' },
  workHistory: { title: 'Add your work history', edit: 'workHistory' },
  careerPathExpertise: { title: 'Share your career path expertise', edit: 'help' },
  location: { title: 'Add your location', edit: 'about' },
  helpOffer: { title: 'Say how you can help others', edit: 'help' },
  about: { title: 'Tell people about yourself', edit: 'about' },
  additionalInfo: { title: 'Fill in the additional information', edit: 'additionalInfo' },
  demographicInfo: { title: 'Add demographic information', edit: 'demographicInfo' },
};

/**
 * The viewer's standard profile fields still empty (spec 3 profile health weights; the hub's profile
 * questions are not standard data and have their own page part), heaviest first, each leading to its editor
 * on the viewer's profile (spec 2 /profile/{id}?edit={section}). Fields whose section the viewer's user type
 * hides, and the help offer of user types that do not offer help, are not asked for, as in the health score.
 */
export function missingProfileFields(
  ctx: TRequestContext,
  lists: {
    hasSchools: boolean;
    hasWorkHistory: boolean;
    /** The hub's custom fields asked of the viewer, required and answered (issue #22 item 1). */
    customFields?: ReadonlyArray<{ isRequired: boolean; isAnswered: boolean }>;
  },
): Array<{ id: string; title: string; description: string; href: string }> {
  const { user } = ctx.requireViewer();
  const userType = ctx.membership?.userType ?? null;
  const hidden = new Set(userType?.hideProfileSections ?? []);
  const present: Record<keyof typeof PROFILE_FIELD_PROMPTS, boolean> = {
    headline: Boolean(user.headline?.trim()),
    about: Boolean(user.about?.trim()),
    photoUrl: isProfilePhotoPresent({ photoUrl: user.photoUrl }),
    careerPathExpertise: user.careerPathExpertise.length > 0,
    location: Boolean(user.location?.trim()),
    schools: lists.hasSchools,
    workHistory: lists.hasWorkHistory,
    helpOffer:
      user.helpTopics.length > 0 || ctx.requireViewer().memberships.some((m) => m.helpOffer.length > 0),
    additionalInfo: isAdditionalInfoPresent({
      fields: lists.customFields ?? [],
      hasOwnItem: user.additionalInfo.some((info) => info.value.trim() !== ''),
    }),
    demographicInfo: Object.values(user.demographicInfo).some((value) => value.trim() !== ''),
  };
  const profile = webPaths.profile(user.identifier);
  const applicable = (Object.keys(PROFILE_FIELD_PROMPTS) as Array<keyof typeof PROFILE_FIELD_PROMPTS>).filter(
    (attribute) => {
      const section = PROFILE_HEALTH_ATTRIBUTE_SECTION[attribute];
      return (
        (attribute !== 'helpOffer' || userType?.canOfferHelp === true) &&
        (section === null || !hidden.has(section))
      );
    },
  );
  const applicableWeight = applicable.reduce((sum, attribute) => sum + PROFILE_HEALTH_WEIGHTS[attribute], 0);
  return applicable
    .filter((attribute) => !present[attribute])
    .sort((a, b) => PROFILE_HEALTH_WEIGHTS[b] - PROFILE_HEALTH_WEIGHTS[a])
    .map((attribute) => {
      const prompt = PROFILE_FIELD_PROMPTS[attribute];
      // spec 9 profile score: the field's share of the weights the viewer can fill in.
      const gain = Math.round((PROFILE_HEALTH_WEIGHTS[attribute] * 100) / applicableWeight);
      return {
        id: attribute,
        title: prompt.title,
        description: `Adds about ${gain} % to your profile health.`,
        href:
          prompt.edit === null
            ? `${profile}/#${prompt.anchor ?? ''}`
            : `${profile}/?edit=${encodeURIComponent(prompt.edit)}`,
      };
    });
}
