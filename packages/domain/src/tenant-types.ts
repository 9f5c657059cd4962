/**
 * Tenant types with a v2 default setting (spec 9: "a fixed list (standard, trial, plus, non-profit, student
 * success, alumni community, all-in-one and their variants)"; issue #23 item 1). A super admin creates a cluster
 * or a hub from a type; the type's default setting decides the new hub's navigation modules, whether it is an
 * experiential-learning-only hub, its standard platform type and its first user types. Afterwards the hub's
 * admins change any of it; the cluster keeps the type's key in `default_setting`.
 */

/** Navigation module ids (the contract's NAVIGATION_MODULES; the domain cannot import the contract). */
export type TTenantModuleId =
  | 'home'
  | 'inbox'
  | 'advisers'
  | 'network'
  | 'jobs'
  | 'discussions'
  | 'events'
  | 'resources'
  | 'groups'
  | 'programs'
  | 'pathways'
  | 'career-paths'
  | 'organizations';

/** Standard user types (the contract's STANDARD_USER_TYPES). */
export type TTenantStandardUserType =
  | 'Student'
  | 'Alumni'
  | 'Graduate Student'
  | 'Friend of'
  | 'Faculty & Staff'
  | 'Corporate Partner & Employer';

/** The type families of spec 9; each family has a base type and variants. */
export const TENANT_TYPE_FAMILIES = [
  'standard',
  'trial',
  'plus',
  'non-profit',
  'student-success',
  'alumni-community',
  'all-in-one',
] as const;
export type TTenantTypeFamily = (typeof TENANT_TYPE_FAMILIES)[number];

/** Every tenant type key, base types and their variants. */
export const TENANT_TYPES = [
  'standard',
  'standard-el-only',
  'trial',
  'trial-el-only',
  'plus',
  'plus-el',
  'non-profit',
  'non-profit-plus',
  'student-success',
  'student-success-el-only',
  'alumni-community',
  'alumni-community-plus',
  'all-in-one',
  'all-in-one-el',
] as const;
export type TTenantType = (typeof TENANT_TYPES)[number];

/** A first user type of a new hub. */
export type TTenantUserTypeDefault = {
  title: string;
  pluralTitle: string;
  standardUserType: TTenantStandardUserType;
  canOfferHelp: boolean;
  canPostJob: boolean;
  canApplyProject: boolean;
};

/** The v2 default setting of a tenant type, applied to a hub created from it. */
export type TTenantDefaultSetting = {
  enabledModules: readonly TTenantModuleId[];
  /** An experiential-learning-only hub: projects and the reduced admin rights (spec 6 EL-only). */
  isElOnly: boolean;
  /** The hub's standardPlatformType (spec 3 Hub); 'standard' gives home v3 (spec 2 Home version). */
  standardPlatformType: 'standard' | 'bridges';
  /** Members join without an admin's approval. */
  isAutoApprovalEnabled: boolean;
  /** The giving banner and form (spec 3 Hub settings isDonationsEnabled). */
  isDonationsEnabled: boolean;
  userTypes: readonly TTenantUserTypeDefault[];
};

export type TTenantTypeDefinition = {
  type: TTenantType;
  family: TTenantTypeFamily;
  label: string;
  description: string;
  /** Production by default (a trial is not). */
  isProductionByDefault: boolean;
  setting: TTenantDefaultSetting;
};

const STUDENT: TTenantUserTypeDefault = {
  title: 'Student',
  pluralTitle: 'Students',
  standardUserType: 'Student',
  canOfferHelp: false,
  canPostJob: false,
  canApplyProject: true,
};
const ALUMNI: TTenantUserTypeDefault = {
  title: 'Alumni',
  pluralTitle: 'Alumni',
  standardUserType: 'Alumni',
  canOfferHelp: true,
  canPostJob: true,
  canApplyProject: false,
};
const STAFF: TTenantUserTypeDefault = {
  title: 'Faculty & Staff',
  pluralTitle: 'Faculty & Staff',
  standardUserType: 'Faculty & Staff',
  canOfferHelp: true,
  canPostJob: true,
  canApplyProject: false,
};
const EMPLOYER: TTenantUserTypeDefault = {
  title: 'Employer',
  pluralTitle: 'Employers',
  standardUserType: 'Corporate Partner & Employer',
  canOfferHelp: true,
  canPostJob: true,
  canApplyProject: false,
};
const FRIEND: TTenantUserTypeDefault = {
  title: 'Friend',
  pluralTitle: 'Friends',
  standardUserType: 'Friend of',
  canOfferHelp: true,
  canPostJob: false,
  canApplyProject: false,
};

const STANDARD_MODULES: readonly TTenantModuleId[] = [
  'home',
  'inbox',
  'network',
  'jobs',
  'discussions',
  'events',
  'resources',
  'groups',
  'programs',
];
/** Experiential learning only: projects on the job board and what a project needs around it. */
const EL_ONLY_MODULES: readonly TTenantModuleId[] = ['home', 'inbox', 'jobs', 'resources'];
const PLUS_MODULES: readonly TTenantModuleId[] = [
  ...STANDARD_MODULES,
  'advisers',
  'pathways',
  'career-paths',
];
const ALL_MODULES: readonly TTenantModuleId[] = [...PLUS_MODULES, 'organizations'];

function base(setting: Partial<TTenantDefaultSetting>): TTenantDefaultSetting {
  return {
    enabledModules: STANDARD_MODULES,
    isElOnly: false,
    standardPlatformType: 'standard',
    isAutoApprovalEnabled: false,
    isDonationsEnabled: false,
    userTypes: [STUDENT, ALUMNI, STAFF, EMPLOYER],
    ...setting,
  };
}

/** The fixed list, in the order a super admin is offered it. */
export const TENANT_TYPE_DEFINITIONS: readonly TTenantTypeDefinition[] = [
  {
    type: 'standard',
    family: 'standard',
    label: 'Standard',
    description: 'Mentoring, jobs, discussions, events, resources, groups and programs.',
    isProductionByDefault: true,
    setting: base({}),
  },
  {
    type: 'standard-el-only',
    family: 'standard',
    label: 'Standard (experiential learning only)',
    description: 'Projects for students with employers and staff; no mentoring network.',
    isProductionByDefault: true,
    setting: base({ enabledModules: EL_ONLY_MODULES, isElOnly: true, userTypes: [STUDENT, STAFF, EMPLOYER] }),
  },
  {
    type: 'trial',
    family: 'trial',
    label: 'Trial',
    description: 'A short evaluation: home, inbox, network, discussions and events; members join at once.',
    isProductionByDefault: false,
    setting: base({
      enabledModules: ['home', 'inbox', 'network', 'discussions', 'events'],
      isAutoApprovalEnabled: true,
      userTypes: [STUDENT, ALUMNI],
    }),
  },
  {
    type: 'trial-el-only',
    family: 'trial',
    label: 'Trial (experiential learning only)',
    description: 'An evaluation of projects only; members join at once.',
    isProductionByDefault: false,
    setting: base({
      enabledModules: EL_ONLY_MODULES,
      isElOnly: true,
      isAutoApprovalEnabled: true,
      userTypes: [STUDENT, EMPLOYER],
    }),
  },
  {
    type: 'plus',
    family: 'plus',
    label: 'Plus',
    description: 'Standard with advising, pathways and career paths.',
    isProductionByDefault: true,
    setting: base({ enabledModules: PLUS_MODULES }),
  },
  {
    type: 'plus-el',
    family: 'plus',
    label: 'Plus with experiential learning',
    description: 'Plus, with projects for students and the giving banner.',
    isProductionByDefault: true,
    setting: base({ enabledModules: PLUS_MODULES, isDonationsEnabled: true }),
  },
  {
    type: 'non-profit',
    family: 'non-profit',
    label: 'Non-profit',
    description:
      'A community network for an organisation: network, discussions, events, resources and groups.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: ['home', 'inbox', 'network', 'discussions', 'events', 'resources', 'groups'],
      standardPlatformType: 'bridges',
      userTypes: [FRIEND, STAFF, EMPLOYER],
    }),
  },
  {
    type: 'non-profit-plus',
    family: 'non-profit',
    label: 'Non-profit Plus',
    description: 'Non-profit with programs, jobs and the giving banner.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: [
        'home',
        'inbox',
        'network',
        'jobs',
        'discussions',
        'events',
        'resources',
        'groups',
        'programs',
      ],
      standardPlatformType: 'bridges',
      isDonationsEnabled: true,
      userTypes: [FRIEND, STAFF, EMPLOYER],
    }),
  },
  {
    type: 'student-success',
    family: 'student-success',
    label: 'Student success',
    description: 'Advising, pathways and career paths for students with their staff.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: [
        'home',
        'inbox',
        'advisers',
        'network',
        'events',
        'resources',
        'pathways',
        'career-paths',
      ],
      userTypes: [
        STUDENT,
        {
          ...STUDENT,
          title: 'Graduate Student',
          pluralTitle: 'Graduate Students',
          standardUserType: 'Graduate Student',
        },
        STAFF,
      ],
    }),
  },
  {
    type: 'student-success-el-only',
    family: 'student-success',
    label: 'Student success (experiential learning only)',
    description: 'Projects and advising for students, without the mentoring network.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: ['home', 'inbox', 'advisers', 'jobs', 'resources'],
      isElOnly: true,
      userTypes: [STUDENT, STAFF, EMPLOYER],
    }),
  },
  {
    type: 'alumni-community',
    family: 'alumni-community',
    label: 'Alumni community',
    description: 'Alumni networking, jobs, events, groups and the giving banner.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: ['home', 'inbox', 'network', 'jobs', 'discussions', 'events', 'groups'],
      isDonationsEnabled: true,
      userTypes: [ALUMNI, STAFF, FRIEND],
    }),
  },
  {
    type: 'alumni-community-plus',
    family: 'alumni-community',
    label: 'Alumni community Plus',
    description: 'Alumni community with programs, resources and organisations.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: [
        'home',
        'inbox',
        'network',
        'jobs',
        'discussions',
        'events',
        'resources',
        'groups',
        'programs',
        'organizations',
      ],
      isDonationsEnabled: true,
      userTypes: [ALUMNI, STUDENT, STAFF, FRIEND],
    }),
  },
  {
    type: 'all-in-one',
    family: 'all-in-one',
    label: 'All-in-one',
    description: 'Every module: mentoring, jobs, advising, pathways, career paths and organisations.',
    isProductionByDefault: true,
    setting: base({ enabledModules: ALL_MODULES, isDonationsEnabled: true }),
  },
  {
    type: 'all-in-one-el',
    family: 'all-in-one',
    label: 'All-in-one with experiential learning',
    description: 'Every module, projects for students, and members of every standard type.',
    isProductionByDefault: true,
    setting: base({
      enabledModules: ALL_MODULES,
      isDonationsEnabled: true,
      userTypes: [STUDENT, ALUMNI, STAFF, EMPLOYER, FRIEND],
    }),
  },
];

const BY_TYPE = new Map<string, TTenantTypeDefinition>(TENANT_TYPE_DEFINITIONS.map((d) => [d.type, d]));

/** Type guard for a stored `default_setting` or a request's tenant type. */
export function isTenantType(value: unknown): value is TTenantType {
  return typeof value === 'string' && BY_TYPE.has(value);
}

/** The definition of a tenant type. */
export function tenantTypeDefinition(type: TTenantType): TTenantTypeDefinition {
  const definition = BY_TYPE.get(type);
  if (!definition) throw new Error(`Unknown tenant type ${type}`);
  return definition;
}

/** A stored type's label, or the stored text itself for a type this version does not know (null: none). */
export function tenantTypeLabel(value: string | null): string | null {
  if (value === null) return null;
  return BY_TYPE.get(value)?.label ?? value;
}

/** Days between a tenant's delete request and its erasure (issue #23 item 1: a 30-day grace period). */
export const TENANT_ERASURE_GRACE_DAYS = 30;

const DAY_MS = 86_400_000;

/** When a tenant whose deletion was requested at `requestedAt` is erased. */
export function tenantErasureDate(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + TENANT_ERASURE_GRACE_DAYS * DAY_MS);
}

/** A delete request can still be cancelled until its erasure date. */
export function isInErasureGracePeriod(requestedAt: Date, now: Date): boolean {
  return now.getTime() < tenantErasureDate(requestedAt).getTime();
}
