/**
 * Roles and permissions of spec 6: access-right catalogues and the checks built on them.
 */

/**
 * Hub access groups a hub admin can hold (spec 6 Hub access groups). The spec's list ends in
 * "and more": the last six entries are the ones Commons adds for screens the spec names elsewhere.
 */
export const HUB_ACCESS_RIGHTS = [
  'manage-admins',
  'manage-events',
  'bulk-emails',
  'announcements',
  'resources',
  'programs',
  'groups',
  'surveys',
  'manage-pathways',
  'explore-users',
  'reports',
  'analytics',
  'export-data',
  'import-data',
  'approve-users',
  'approve-job-posts',
  'approve-questions',
  'login-as-other-admins',
  'switch-user-types',
  'branding-settings',
  'job-settings',
  'standard-fields',
  'organizations',
  'manage-career-paths',
  'auto-greeting',
  'templates',
  'notifications',
  'approve-events',
  'donations',
  'signup-settings',
  // "and more" (Commons):
  'custom-fields',
  'homepage-settings',
  'action-items',
  'manage-badges',
  'manage-advising',
  'experiential-learning',
] as const;

/** One hub access right (spec 6). */
export type THubAccessRight = (typeof HUB_ACCESS_RIGHTS)[number];

/** Cluster-level access groups (spec 6 Cluster-level groups). */
export const CLUSTER_ACCESS_RIGHTS = [
  'sso-settings',
  'webhook-settings',
  'domain-management',
  'landing-page',
  'email-settings',
  'majors',
] as const;

/** One cluster access right (spec 6). */
export type TClusterAccessRight = (typeof CLUSTER_ACCESS_RIGHTS)[number];

/**
 * Reduced hub rights for experiential-learning-only hubs and clusters (spec 6). Commons keeps the
 * rights that concern people, branding, communication and experiential learning, and drops those
 * of modules an EL-only hub does not have (programs, groups, pathways, career paths, jobs, ...).
 */
export const EL_ONLY_HUB_ACCESS_RIGHTS = [
  'manage-admins',
  'bulk-emails',
  'announcements',
  'explore-users',
  'reports',
  'analytics',
  'export-data',
  'import-data',
  'approve-users',
  'login-as-other-admins',
  'switch-user-types',
  'branding-settings',
  'standard-fields',
  'templates',
  'notifications',
  'signup-settings',
  'experiential-learning',
] as const satisfies readonly THubAccessRight[];

/**
 * Rights an organisation admin can hold (spec 6 Organisation admins). The spec's 'events' and
 * 'bulk-email' are the hub groups 'manage-events' and 'bulk-emails'; "and others" are
 * announcements, reports and templates.
 */
export const ORGANIZATION_ADMIN_ACCESS_RIGHTS = [
  'explore-users',
  'analytics',
  'import-data',
  'groups',
  'programs',
  'custom-fields',
  'branding-settings',
  'resources',
  'manage-events',
  'bulk-emails',
  'announcements',
  'reports',
  'templates',
] as const satisfies readonly THubAccessRight[];

/** Hub platform types that offer the custom-fields right (spec 6: "applies only to certain hub types"). */
export const CUSTOM_FIELDS_HUB_TYPES = ['standard', 'bridges'] as const;

/** Type guard: is the string a known hub access right. */
export function isHubAccessRight(value: string): value is THubAccessRight {
  return (HUB_ACCESS_RIGHTS as readonly string[]).includes(value);
}

/** Type guard: is the string a known cluster access right. */
export function isClusterAccessRight(value: string): value is TClusterAccessRight {
  return (CLUSTER_ACCESS_RIGHTS as readonly string[]).includes(value);
}

/**
 * Hub rights that can be granted on a hub (spec 6): the reduced list on experiential-learning-only
 * hubs, and custom-fields only on the hub types of CUSTOM_FIELDS_HUB_TYPES.
 */
export function grantableHubAccessRights(options: {
  isElOnly: boolean;
  standardPlatformType?: string | null;
}): THubAccessRight[] {
  const base: readonly THubAccessRight[] = options.isElOnly ? EL_ONLY_HUB_ACCESS_RIGHTS : HUB_ACCESS_RIGHTS;
  const hasCustomFields = (CUSTOM_FIELDS_HUB_TYPES as readonly string[]).includes(
    options.standardPlatformType ?? '',
  );
  return base.filter((right) => right !== 'custom-fields' || hasCustomFields);
}

/** Rights an organisation admin may hold; none unless the organisations module is enabled (spec 6). */
export function grantableOrganizationAdminRights(options: {
  isOrganizationsModuleEnabled: boolean;
}): THubAccessRight[] {
  return options.isOrganizationsModuleEnabled ? [...ORGANIZATION_ADMIN_ACCESS_RIGHTS] : [];
}

/** Who is asking in a rights check. */
export interface TRightsHolder {
  isSuperAdmin: boolean;
  isClusterAdmin: boolean;
  accessRights: readonly string[];
}

/** Super and cluster admins pass every rights check; a hub admin needs the named right (spec 6). */
export function hasAccessRight(options: TRightsHolder, right: string): boolean {
  if (options.isSuperAdmin || options.isClusterAdmin) return true;
  return options.accessRights.includes(right);
}
