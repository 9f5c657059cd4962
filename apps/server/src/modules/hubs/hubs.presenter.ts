import {
  NAVIGATION_MODULES,
  SIGNUP_METHODS,
  type TActiveModule,
  type THub,
  type THubFeatureFlag,
  type THubSettings,
  type TPublicHub,
  type TStandardUserType,
  type TUserType,
} from '@commons/contract';
import {
  dataRegionForHubId,
  HUB_FEATURE_FLAGS,
  hubFeatures,
  isHubFeatureOn,
  isModuleOpenTo,
  type TMemberStanding,
} from '@commons/domain';
import type { THubRow, TUserTypeRow } from '../../plugins/request-context.js';
import { assessmentSettingsOf } from '../assessments/assessments.policy.js';

/**
 * The navigation modules in the admins' order (hub settings moduleOrder, issue #22 item 1): those it names
 * first, in its order, then the others in the spec's order.
 */
export function orderedModules(order: readonly string[]): Array<(typeof NAVIGATION_MODULES)[number]> {
  const rank = new Map(order.map((id, index) => [id, index]));
  const unranked = order.length;
  return NAVIGATION_MODULES.map((m, index) => ({ m, key: rank.get(m.id) ?? unranked + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ m }) => m);
}

/**
 * Navigation tabs of spec 2: the hub's enabled modules (Career Paths only with its feature flag on), narrowed
 * by the viewer's user type and standing
 * (light users get the reduced set of spec 6, pending members none: their hub pages wait for approval). The
 * job board's item says which of its boards the hub hides (spec 3 Active module item disableJobs and
 * disableProjects, from the job settings) when `jobBoards` is given.
 */
export function activeModulesFor(
  settings: THubSettings,
  userType: TUserTypeRow | null,
  standing: TMemberStanding,
  jobBoards?: { areJobsShown: boolean; areProjectsShown: boolean },
): TActiveModule[] {
  const enabled = new Set<string>(settings.enabledModules);
  const typeModules = userType && userType.activeModules.length > 0 ? new Set(userType.activeModules) : null;
  // The Career Paths tab also needs the hub's career paths feature flag (spec 6; issue #20 item 2).
  const isOn = (id: string) => id !== 'career-paths' || isHubFeatureOn(settings.featureFlags, 'careerPaths');
  return orderedModules(settings.moduleOrder)
    .filter((m) => m.id === 'home' || (enabled.has(m.id) && isOn(m.id)))
    .map((m) => ({
      id: m.id,
      name: m.name,
      link: m.link,
      isShown:
        (m.id === 'home' || !typeModules || typeModules.has(m.id)) &&
        isModuleOpenTo({ moduleId: m.id, standing }),
      isExternal: false,
      ...(m.id === 'jobs' && jobBoards
        ? { disableJobs: !jobBoards.areJobsShown, disableProjects: !jobBoards.areProjectsShown }
        : {}),
      // Career Paths offers the hub's career assessment (PathwayU) while one is active (issue #20 item 4).
      ...(m.id === 'career-paths'
        ? { enableCareerPathsPathwayUAssessments: assessmentSettingsOf(settings).isEnabled }
        : {}),
    }));
}

export function presentUserType(row: TUserTypeRow): TUserType {
  return {
    id: row.id,
    title: row.title,
    pluralTitle: row.pluralTitle,
    order: row.order,
    standardUserType: row.standardUserType as TStandardUserType,
    isDisabled: row.isDisabled,
    activeModules: row.activeModules as TUserType['activeModules'],
    messageTypes: row.messageTypes,
    canOfferHelp: row.canOfferHelp,
    canOfferAMA: row.canOfferAMA,
    canPostJob: row.canPostJob,
    canApplyProject: row.canApplyProject,
    canGetMessage: row.canGetMessage,
    canCreateResource: row.canCreateResource,
    meetingsDisabled: row.meetingsDisabled,
    givingForm: row.givingForm,
    corporateHomepageEnabled: row.corporateHomepageEnabled,
    homepageV3Enabled: row.homepageV3Enabled,
    newHomepageEnabled: row.newHomepageEnabled,
    showFirstTimeMatchingExperience: row.showFirstTimeMatchingExperience,
    hideProfileSections: row.hideProfileSections,
  };
}

/** The hub for a member; full settings only for viewers who may change them. */
export function presentHub(options: {
  hub: THubRow;
  settings: THubSettings;
  userTypes: TUserTypeRow[];
  viewerUserType: TUserTypeRow | null;
  viewerStanding: TMemberStanding;
  canManageSettings: boolean;
  jobBoards?: { areJobsShown: boolean; areProjectsShown: boolean };
}): THub {
  const { hub, settings } = options;
  return {
    id: String(hub.id),
    identifier: hub.identifier,
    name: hub.name,
    domain: hub.domain,
    isDefault: hub.isDefault,
    isElOnly: hub.isElOnly,
    standardPlatformType: hub.standardPlatformType,
    region: dataRegionForHubId(hub.id),
    activeModules: activeModulesFor(
      settings,
      options.viewerUserType,
      options.viewerStanding,
      options.jobBoards,
    ),
    branding: settings.branding,
    userTypes: options.userTypes.map(presentUserType),
    features: hubFeatures(settings.featureFlags),
    settings: {
      enabledModules: settings.enabledModules,
      isStandardSignupEnabled: settings.coreSettings.isStandardSignupEnabled,
      isDonationsEnabled: settings.isDonationsEnabled,
      homepageDonationBanner: settings.homepageDonationBanner,
      dynamicProfileEnabled: settings.dynamicProfileEnabled,
      requiredSignupFields: settings.coreSettings.requiredSignupFields,
      ...(options.canManageSettings ? { full: settings } : {}),
    },
  };
}

/** Every feature flag of spec 6 with its value in the hub, in the spec's order, for the admins' switches. */
export function presentFeatureFlags(settings: THubSettings): { flags: THubFeatureFlag[] } {
  return {
    flags: HUB_FEATURE_FLAGS.map((flag) => ({
      key: flag.key,
      label: flag.label,
      description: flag.description,
      isOn: isHubFeatureOn(settings.featureFlags, flag.key),
      isOnByDefault: flag.isOnByDefault,
      isInUse: flag.isInUse,
    })),
  };
}

/** What a visitor needs to sign up: name, signup methods and the user types to pick from. */
export function presentPublicHub(options: {
  hub: THubRow;
  settings: THubSettings;
  userTypes: TUserTypeRow[];
}): TPublicHub {
  const hidden = new Set(options.settings.coreSettings.hiddenSignupMethods);
  return {
    id: String(options.hub.id),
    identifier: options.hub.identifier,
    name: options.hub.name,
    isStandardSignupEnabled: options.settings.coreSettings.isStandardSignupEnabled,
    signupMethods: SIGNUP_METHODS.filter((m) => m === 'email' && !hidden.has(m)),
    userTypes: options.userTypes
      .filter((t) => !t.isDisabled)
      .map((t) => ({ id: t.id, title: t.title, standardUserType: t.standardUserType as TStandardUserType })),
  };
}
