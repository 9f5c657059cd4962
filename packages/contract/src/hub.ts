import { HUB_FEATURE_KEYS, type THubFeatureKey } from '@commons/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZId } from './common.js';
import { PUBLIC_HUB_ENDPOINT, SIGNUP_METHODS, ZDataRegion, ZStandardUserType } from './hub-public.js';

/** Navigation tabs of spec 2, keyed by module id; a hub's active modules turn them on. */
export const NAVIGATION_MODULES = [
  { id: 'home', name: 'Home', link: '/home' },
  { id: 'inbox', name: 'Inbox', link: '/inbox' },
  { id: 'advisers', name: 'Advisers', link: '/advising/people' },
  { id: 'network', name: 'Network', link: '/person' },
  { id: 'jobs', name: 'Job board', link: '/job/list/all-job' },
  { id: 'discussions', name: 'Discussions', link: '/discussion' },
  { id: 'events', name: 'Events', link: '/events' },
  { id: 'resources', name: 'Resources', link: '/resources' },
  { id: 'groups', name: 'Groups', link: '/groups' },
  { id: 'programs', name: 'Programs', link: '/programs' },
  { id: 'pathways', name: 'Pathways', link: '/pathways' },
  { id: 'career-paths', name: 'Career Paths', link: '/career-paths' },
  { id: 'organizations', name: 'Organizations', link: '/organizations' },
] as const;
export type TModuleId = (typeof NAVIGATION_MODULES)[number]['id'];
export const MODULE_IDS = NAVIGATION_MODULES.map((m) => m.id) as [TModuleId, ...TModuleId[]];
export const ZModuleId = z.enum(MODULE_IDS);

/** spec 3 Active module item. */
export const ZActiveModule = z.object({
  id: z.string(),
  name: z.string(),
  link: z.string(),
  isShown: z.boolean(),
  isExternal: z.boolean(),
  disableJobs: z.boolean().optional(),
  disableProjects: z.boolean().optional(),
  enableCareerPathsPathwayUAssessments: z.boolean().optional(),
});
export type TActiveModule = z.infer<typeof ZActiveModule>;

/** spec 3 Banner. */
export const ZBanner = z.object({
  title: z.string(),
  description: z.string(),
  bannerImage: z.string().nullable(),
  giveCampusURL: z.string().nullable(),
  linkLabel: z.string(),
});

/**
 * Profile fields a hub may require before a member finishes the signup steps (issue #22 item 1 signup
 * settings 'required fields'): each is asked for on one of the signup steps.
 */
export const SIGNUP_REQUIRED_FIELDS = ['headline', 'location', 'schools', 'workHistory'] as const;
export const ZSignupRequiredField = z.enum(SIGNUP_REQUIRED_FIELDS);
export type TSignupRequiredField = z.infer<typeof ZSignupRequiredField>;

/** The hub's brand (issue #22 item 1 branding-settings): colours, logo and banner image, each optional. */
export const ZHubBranding = z.object({
  primaryColor: z.string().nullable().default(null),
  secondaryColor: z.string().nullable().default(null),
  logoUrl: z.string().nullable().default(null),
  bannerImageUrl: z.string().nullable().default(null),
});
export type THubBranding = z.infer<typeof ZHubBranding>;
export const DEFAULT_HUB_BRANDING: THubBranding = {
  primaryColor: null,
  secondaryColor: null,
  logoUrl: null,
  bannerImageUrl: null,
};

/** Typed hub settings stored as jsonb (spec 3 Hub.settings); the server validates every write with it. */
export const ZHubSettings = z.object({
  enabledModules: z.array(ZModuleId).default(['home', 'inbox', 'network', 'groups', 'programs']),
  /** The admins' order of the navigation modules (issue #22 item 1); modules it does not name follow, in spec order. */
  moduleOrder: z.array(ZModuleId).default([]),
  branding: ZHubBranding.default(DEFAULT_HUB_BRANDING),
  moduleSettings: z.record(z.string(), z.unknown()).default({}),
  coreSettings: z
    .object({
      isStandardSignupEnabled: z.boolean().default(true),
      isAutoApprovalEnabled: z.boolean().default(false),
      hiddenSignupMethods: z.array(z.enum(SIGNUP_METHODS)).default([]),
      ssoEmailDomains: z.array(z.string()).default([]),
      requiredSignupFields: z.array(ZSignupRequiredField).default([]),
    })
    .default({
      isStandardSignupEnabled: true,
      isAutoApprovalEnabled: false,
      hiddenSignupMethods: [],
      ssoEmailDomains: [],
      requiredSignupFields: [],
    }),
  directoryPageSettings: z.record(z.string(), z.unknown()).default({}),
  isDonationsEnabled: z.boolean().default(false),
  homepageDonationBanner: ZBanner.nullable().default(null),
  widget: z.record(z.string(), z.unknown()).nullable().default(null),
  dynamicProfileEnabled: z.boolean().default(false),
  featureFlags: z.record(z.string(), z.boolean()).default({}),
});
export type THubSettings = z.infer<typeof ZHubSettings>;

/** spec 3 User type (per hub): every field. */
export const ZUserType = z.object({
  id: ZId,
  title: z.string(),
  pluralTitle: z.string(),
  order: z.number().int(),
  standardUserType: ZStandardUserType,
  isDisabled: z.boolean(),
  activeModules: z.array(ZModuleId),
  messageTypes: z.array(z.string()),
  canOfferHelp: z.boolean(),
  canOfferAMA: z.boolean(),
  canPostJob: z.boolean(),
  canApplyProject: z.boolean(),
  canGetMessage: z.boolean(),
  canCreateResource: z.boolean(),
  meetingsDisabled: z.boolean(),
  givingForm: z.boolean(),
  corporateHomepageEnabled: z.boolean(),
  homepageV3Enabled: z.boolean(),
  newHomepageEnabled: z.boolean(),
  showFirstTimeMatchingExperience: z.boolean(),
  hideProfileSections: z.array(z.string()),
});
export type TUserType = z.infer<typeof ZUserType>;

/** One hub feature flag key (spec 6 Feature flags per hub; packages/domain HUB_FEATURE_FLAGS). */
export const ZHubFeatureKey = z.enum(HUB_FEATURE_KEYS);
/** Every feature flag of a hub with its effective value (stored over the default). */
export const ZHubFeatures = z.object(
  Object.fromEntries(HUB_FEATURE_KEYS.map((key) => [key, z.boolean()])) as Record<
    THubFeatureKey,
    z.ZodBoolean
  >,
);
export type THubFeatures = z.infer<typeof ZHubFeatures>;

/** A feature flag as the hub admins' switch shows it. */
export const ZHubFeatureFlag = z.object({
  key: ZHubFeatureKey,
  /** The spec 6 name of the flag. */
  label: z.string(),
  description: z.string(),
  /** The effective value in this hub. */
  isOn: z.boolean(),
  isOnByDefault: z.boolean(),
  /** Whether Commons acts on the flag; the others are kept for the hub until their feature exists. */
  isInUse: z.boolean(),
});
export type THubFeatureFlag = z.infer<typeof ZHubFeatureFlag>;
export const ZHubFeatureFlagsResponse = z.object({ flags: z.array(ZHubFeatureFlag) });
export type THubFeatureFlagsResponse = z.infer<typeof ZHubFeatureFlagsResponse>;

/**
 * An edit of a hub's feature flags (PATCH /api/hub/feature-flags): the flags to set, by key; the others keep
 * their value. A key that is not a feature flag is refused by the server with 400 naming it.
 */
export const ZUpdateHubFeatureFlagsRequest = z.object({
  flags: z
    .record(z.string().max(100), z.boolean())
    .refine((flags) => Object.keys(flags).length > 0, 'Name at least one feature flag to change.'),
});
export type TUpdateHubFeatureFlagsRequest = z.infer<typeof ZUpdateHubFeatureFlagsRequest>;

/** The hub as its members see it (GET /api/hub). */
export const ZHub = z.object({
  id: ZId,
  identifier: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  isDefault: z.boolean(),
  isElOnly: z.boolean(),
  standardPlatformType: z.string().nullable(),
  region: ZDataRegion,
  activeModules: z.array(ZActiveModule),
  /** The hub's colours, logo and banner (branding settings), which the app's theme uses. */
  branding: ZHubBranding,
  userTypes: z.array(ZUserType),
  /** The hub's feature flags (spec 6) with their effective values, for the pages they change. */
  features: ZHubFeatures,
  settings: z.object({
    enabledModules: z.array(ZModuleId),
    isStandardSignupEnabled: z.boolean(),
    isDonationsEnabled: z.boolean(),
    homepageDonationBanner: ZBanner.nullable(),
    dynamicProfileEnabled: z.boolean(),
    /** The profile fields the signup steps require (signup settings). */
    requiredSignupFields: z.array(ZSignupRequiredField),
    /** Full settings are included only for viewers who may manage the hub. */
    full: ZHubSettings.optional(),
  }),
});
export type THub = z.infer<typeof ZHub>;
export const ZHubResponse = z.object({ hub: ZHub });
export type THubResponse = z.infer<typeof ZHubResponse>;

/** What a visitor may see of a hub before joining: enough to sign up. */

/** How many communities the sign-up search answers at most (issue #16 item 10). */
export const HUB_SEARCH_LIMIT = 8;
export const ZHubSearchQuery = z.object({ q: z.string().trim().min(1).max(100) });
/** A community offered by the sign-up search: only what its public sign-up page shows anyway. */
export const ZHubSearchResult = z.object({ identifier: z.string(), name: z.string() });
export type THubSearchResult = z.infer<typeof ZHubSearchResult>;
export const ZHubSearchResponse = z.object({ items: z.array(ZHubSearchResult) });

/** Hub endpoints (issue #2, #4). */
export const HUB_ENDPOINTS = {
  current: defineEndpoint({
    method: 'GET',
    path: '/api/hub',
    operationId: 'getHub',
    summary: 'The hub named by x-hub-id, as its members see it',
    tag: 'hubs',
    response: ZHubResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  publicHub: PUBLIC_HUB_ENDPOINT,
  featureFlags: defineEndpoint({
    method: 'GET',
    path: '/api/hub/feature-flags',
    operationId: 'getHubFeatureFlags',
    summary: 'The hub’s feature flags with their values (hub admins with branding-settings)',
    description:
      'Every flag of spec 6 Feature flags per hub, in the spec’s order: its name, what it does, its value in ' +
      'this hub (the stored one, else its default) and whether Commons acts on it.',
    tag: 'hubs',
    response: ZHubFeatureFlagsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  updateFeatureFlags: defineEndpoint({
    method: 'PATCH',
    path: '/api/hub/feature-flags',
    operationId: 'updateHubFeatureFlags',
    summary: 'Turn hub feature flags on or off (hub admins with branding-settings)',
    description:
      'Sets the named flags and keeps the others; a key that is not a feature flag answers 400 naming it. ' +
      'The change is audited. Answers every flag as GET does.',
    tag: 'hubs',
    body: ZUpdateHubFeatureFlagsRequest,
    response: ZHubFeatureFlagsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/hubs/search',
    operationId: 'searchHubs',
    summary: 'Hubs open for sign-up whose name or identifier matches, typos forgiven, best first',
    description:
      'For the community step of /signup: at most HUB_SEARCH_LIMIT hubs of the host’s cluster that offer ' +
      'email sign-up, matched by word prefix, substring or trigram word similarity. Rate-limited per IP.',
    tag: 'hubs',
    query: ZHubSearchQuery,
    response: ZHubSearchResponse,
    errors: [400, 429],
    auth: 'public',
    hub: 'none',
  }),
};
