/**
 * Feature flags per hub (spec 6 'Feature flags per hub'), stored in hub settings `featureFlags` as
 * `{ key: boolean }`. A key the hub never set takes the flag's default.
 */

/** One hub feature flag: its stored key, the spec's words for it, what it does, and its default. */
export interface THubFeatureFlag {
  key: string;
  /** The spec 6 name of the flag, in sentence case. */
  label: string;
  /** One line for the hub admins' switch. */
  description: string;
  /** Whether the flag is on for a hub that never set it. */
  isOnByDefault: boolean;
  /**
   * Whether Commons acts on the flag. The others are kept for the hub (the spec lists them) while the
   * features they govern do not exist in Commons yet.
   */
  isInUse: boolean;
}

/**
 * The thirteen flags of spec 6, in the spec's order. On by default: the three whose feature exists and is on
 * today (giving form, JTBD homepage, compass and achievements); the others off.
 */
export const HUB_FEATURE_FLAGS = [
  {
    key: 'careerPaths',
    label: 'Career paths',
    description:
      'Members browse, search and favourite career paths, with alumni recommended (Career Paths tab).',
    isOnByDefault: false,
    isInUse: true,
  },
  {
    key: 'diyProjects',
    label: 'DIY projects',
    description: 'Members post their own do-it-yourself projects (Commons sets this under Job settings).',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'givingForm',
    label: 'Giving form',
    description:
      'Members pledge gifts through the hub’s giving form; when off, giving links go to the payment page.',
    isOnByDefault: true,
    isInUse: true,
  },
  {
    key: 'autoGreeting',
    label: 'Auto-greeting',
    description:
      'New members receive a welcome message in their inbox from a hub admin (written under Auto-greeting).',
    isOnByDefault: false,
    isInUse: true,
  },
  {
    key: 'autoMatchUser',
    label: 'autoMatchUser',
    description: 'New members are matched with people automatically.',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'socialAndCoCurricularIntegrations',
    label: 'Social and co-curricular integrations',
    description: 'Connections to outside social and co-curricular platforms.',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'jtbdHomepage',
    label: 'JTBD homepage',
    description: 'The home shows every archetype tab (Explore, Discover, Pursue…); when off, only the first.',
    isOnByDefault: true,
    isInUse: true,
  },
  {
    key: 'compassAndAchievements',
    label: 'Compass and achievements',
    description: 'Members earn badges and see them on profiles; when off, no badge is awarded or shown.',
    isOnByDefault: true,
    isInUse: true,
  },
  {
    key: 'navigationV2',
    label: 'Navigation v2',
    description: 'The second version of the hub navigation.',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'phoneVerificationModal',
    label: 'Phone verification modal',
    description: 'Members are asked to verify their phone number.',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'landingPageTemplateV3',
    label: 'Landing page template v3',
    description: 'The third landing page template for visitors.',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'autoApproval',
    label: 'Auto-approval',
    description: 'Requests are approved automatically, without waiting for an admin.',
    isOnByDefault: false,
    isInUse: false,
  },
  {
    key: 'secondaryContact',
    label: 'Secondary contact',
    description: 'Members may add a secondary contact address.',
    isOnByDefault: false,
    isInUse: false,
  },
] as const satisfies readonly THubFeatureFlag[];

/** The key of one hub feature flag. */
export type THubFeatureKey = (typeof HUB_FEATURE_FLAGS)[number]['key'];

/** Every flag key, in the spec's order. */
export const HUB_FEATURE_KEYS = HUB_FEATURE_FLAGS.map((flag) => flag.key) as [
  THubFeatureKey,
  ...THubFeatureKey[],
];

/** Type guard: is the string a known feature flag key. */
export function isHubFeatureKey(value: string): value is THubFeatureKey {
  return (HUB_FEATURE_KEYS as readonly string[]).includes(value);
}

/** The flag of a key. */
export function hubFeatureFlag(key: THubFeatureKey): THubFeatureFlag {
  const flag = HUB_FEATURE_FLAGS.find((f) => f.key === key);
  // HUB_FEATURE_KEYS is derived from the same table, so every key has its flag.
  if (flag === undefined) throw new Error(`unknown hub feature flag ${key}`);
  return flag;
}

/** Whether a feature is on in a hub: the stored value when it is a boolean, else the flag's default. */
export function isHubFeatureOn(
  flags: Readonly<Record<string, unknown>> | null | undefined,
  key: THubFeatureKey,
): boolean {
  const value = flags?.[key];
  return typeof value === 'boolean' ? value : hubFeatureFlag(key).isOnByDefault;
}

/** Every flag's effective value in a hub (stored values over defaults); unknown stored keys are left out. */
export function hubFeatures(
  flags: Readonly<Record<string, unknown>> | null | undefined,
): Record<THubFeatureKey, boolean> {
  return Object.fromEntries(HUB_FEATURE_KEYS.map((key) => [key, isHubFeatureOn(flags, key)])) as Record<
    THubFeatureKey,
    boolean
  >;
}

/** The keys of `flags` that are not feature flags, for the error of an edit naming them. */
export function unknownHubFeatureKeys(flags: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(flags).filter((key) => !isHubFeatureKey(key));
}
