/**
 * Who sees which home (issue #18): the version of spec 2 Home version choice, the archetype tabs of spec 9
 * and which sections the viewer's modules and standing allow.
 */
import type { THubSettings } from '@commons/contract';
import {
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
  };
}
