/**
 * Who sees which home (issue #18): the version of spec 2 Home version choice, the archetype tabs of spec 9
 * and which sections the viewer's modules and standing allow.
 */
import { ZHomeLayoutSetting, type THomeTabLayout, type THubSettings } from '@commons/contract';
import {
  HOME_SECTION_ORDER,
  homeTabsFor,
  homeVersion,
  isLightUser,
  type THomeSectionKey,
  type THomeTab,
  type THomeVersion,
} from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireHubReader } from '../content/content.policy.js';
import { isApprovedMember, viewerStanding } from '../hubs/hubs.policy.js';
import { activeModulesFor } from '../hubs/hubs.presenter.js';

/** Standard user types that see the student archetype order (spec 9 Archetype ordering). */
const STUDENT_TYPES: readonly string[] = ['Student', 'Graduate Student'];

/** The navigation module a section's data belongs to; sections without one need no module. */
const SECTION_MODULES: Partial<Record<THomeSectionKey, string>> = {
  discussionModule: 'discussions',
  askAnythingWidget: 'discussions',
  askAnythingBanner: 'discussions',
  eventsWidget: 'events',
  resourcesWidget: 'resources',
  peopleRecommendation: 'network',
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
    // spec 9 Archetype ordering; spec 2 ElOnly hubs.
    tabs: homeTabsFor({
      isStudent: userType !== null && STUDENT_TYPES.includes(userType.standardUserType),
      isElOnly: hub.isElOnly,
    }),
    isModuleOpen: (section) => {
      const moduleId = SECTION_MODULES[section];
      return moduleId === undefined || shownModules.has(moduleId);
    },
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

/** Arranging the home is hub branding: hub admins with branding-settings, cluster and super admins. */
export function requireHomeLayoutManager(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('branding-settings');
}
