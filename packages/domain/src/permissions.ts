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

/** The rights of the one approvals page: any of them opens it, each shows its kind (issue #22 item 2). */
export const APPROVAL_RIGHTS = [
  'approve-users',
  'approve-job-posts',
  'approve-questions',
  'approve-events',
] as const satisfies readonly THubAccessRight[];

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

/**
 * Hub rights that manage (or approve the content of) a navigation module (issue #22 item 1): their holders keep
 * using the module while the hub has it off, so they can prepare its content; members cannot.
 */
export const MODULE_MANAGER_RIGHTS: Readonly<Partial<Record<string, readonly THubAccessRight[]>>> = {
  discussions: ['approve-questions'],
  events: ['manage-events', 'approve-events'],
  resources: ['resources'],
  jobs: ['approve-job-posts', 'job-settings'],
  network: ['explore-users'],
  groups: ['groups'],
  programs: ['programs'],
};

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

/** The roles of a viewer in a permission check (spec 6 Roles). Absent flags are false. */
export interface TViewerRoles {
  isSuperAdmin?: boolean;
  isClusterAdmin?: boolean;
  isHubAdmin?: boolean;
  isGroupAdmin?: boolean;
  isViewOnlyAdmin?: boolean;
  accessRights?: readonly string[];
}

const isSet = (flag: boolean | undefined): boolean => flag === true;

/** A hub admin who holds the named right, or a super or cluster admin (spec 6). */
export function isHubAdminWithRight(viewer: TViewerRoles, right: THubAccessRight): boolean {
  if (isSet(viewer.isSuperAdmin) || isSet(viewer.isClusterAdmin)) return true;
  return isSet(viewer.isHubAdmin) && (viewer.accessRights ?? []).includes(right);
}

function isAboveGroupAdmin(viewer: TViewerRoles): boolean {
  return isSet(viewer.isSuperAdmin) || isSet(viewer.isClusterAdmin) || isSet(viewer.isHubAdmin);
}

/**
 * Group content access (spec 6 Group content): super, cluster and hub admins skip membership
 * checks; anyone else needs an approved group membership or to own the event.
 */
export function canAccessGroupContent(options: {
  viewer: TViewerRoles;
  hasApprovedMembership: boolean;
  isEventOwner?: boolean;
}): boolean {
  return isAboveGroupAdmin(options.viewer) || options.hasApprovedMembership || options.isEventOwner === true;
}

/**
 * Group admin tab (spec 6): shown to group admins, or to hub admins with the groups right (the
 * programs right for mentorship programs); hidden in the native app, and hidden for view-only
 * admins unless they hold that hub right.
 */
export function isGroupAdminTabVisible(options: {
  viewer: TViewerRoles;
  groupType: 'group' | 'mentorshipProgram' | 'organization';
  isNativeApp: boolean;
}): boolean {
  if (options.isNativeApp) return false;
  const right: THubAccessRight = options.groupType === 'mentorshipProgram' ? 'programs' : 'groups';
  if (isHubAdminWithRight(options.viewer, right)) return true;
  return isSet(options.viewer.isGroupAdmin) && !isSet(options.viewer.isViewOnlyAdmin);
}

/** Whether a group admin may edit, delete and pin: view-only admins may not, unless they also hold a higher role (spec 6). */
export function canModerateGroup(viewer: TViewerRoles): boolean {
  if (isAboveGroupAdmin(viewer)) return true;
  return isSet(viewer.isGroupAdmin) && !isSet(viewer.isViewOnlyAdmin);
}

/**
 * Edit and delete of a post or comment (spec 6 Posts): allowed if the item says canEdit, or the
 * user is super admin, cluster admin, group admin (not view-only) or hub admin with 'approve-questions'.
 */
export function canEditOrDeletePost(options: { viewer: TViewerRoles; canEdit: boolean }): boolean {
  const { viewer } = options;
  if (options.canEdit || isSet(viewer.isSuperAdmin) || isSet(viewer.isClusterAdmin)) return true;
  if (isSet(viewer.isGroupAdmin) && !isSet(viewer.isViewOnlyAdmin)) return true;
  return isHubAdminWithRight(viewer, 'approve-questions');
}

/** Pin is allowed for a signed-in hub, cluster, super or group admin; not for view-only admins (spec 6 Posts). */
export function canPinPost(options: { viewer: TViewerRoles; isSignedIn: boolean }): boolean {
  return options.isSignedIn && canModerateGroup(options.viewer);
}

/** Abilities a presenter attaches to a post (ARCHITECTURE Policies and abilities). */
export function postAbilities(options: { viewer: TViewerRoles; canEdit: boolean; isSignedIn: boolean }): {
  edit: boolean;
  delete: boolean;
  pin: boolean;
} {
  const canChange = options.isSignedIn && canEditOrDeletePost(options);
  return { edit: canChange, delete: canChange, pin: canPinPost(options) };
}

/** Audience value that opens a project to every user type (spec 6 Projects). */
export const ALL_AUDIENCE = 'all';

/**
 * Project actions (spec 6 Projects): an admin, the owner or a hired user may always act; otherwise
 * the user type must allow canApplyProject (which covers a first application only) and the user
 * type must be in the audience ('all' or the type; an empty audience is 'all').
 */
export function canActOnProject(options: {
  isAdmin: boolean;
  isOwner: boolean;
  isHired: boolean;
  canApplyProject: boolean;
  hasApplied: boolean;
  audience: readonly string[];
  userTypeId: string;
}): boolean {
  if (options.isAdmin || options.isOwner || options.isHired) return true;
  if (!options.canApplyProject || options.hasApplied) return false;
  const { audience } = options;
  return audience.length === 0 || audience.includes(ALL_AUDIENCE) || audience.includes(options.userTypeId);
}

/** The messaging settings of a sender's user type for one message type (spec 3 User type messageTypes). */
export interface TUserTypeMessaging {
  enabled: boolean;
  /** Recipient user type ids this type may message; empty or absent means every type. */
  recipientUserTypeIds?: readonly string[];
}

/** Why messaging is refused; null when allowed. */
export type TMessagingDenial =
  | 'typeDisabled'
  | 'senderTypeDisabled'
  | 'recipientTypeNotAllowed'
  | 'advisingHidden'
  | 'meetingsDisabled'
  | null;

/**
 * Messaging check (spec 6 Messaging): the message type must be enabled for the hub or program; it
 * must be enabled for the sender's user type and include the recipient's user type; adviser
 * meetings need advising shown; meeting types are refused when meetings are disabled for the pair
 * of user types (the sender type's meetingsDisabled list holds recipient type ids).
 */
export function messagingDenial(options: {
  isTypeEnabledForHubOrProgram: boolean;
  senderTypeSettings: TUserTypeMessaging | null | undefined;
  recipientUserTypeId: string;
  isMeetingType: boolean;
  isAdviserMeeting: boolean;
  isAdvisingShown: boolean;
  meetingsDisabledForUserTypeIds?: readonly string[];
}): TMessagingDenial {
  if (!options.isTypeEnabledForHubOrProgram) return 'typeDisabled';
  const sender = options.senderTypeSettings;
  if (sender === null || sender === undefined || !sender.enabled) return 'senderTypeDisabled';
  const recipients = sender.recipientUserTypeIds ?? [];
  if (recipients.length > 0 && !recipients.includes(options.recipientUserTypeId))
    return 'recipientTypeNotAllowed';
  if (options.isAdviserMeeting && !options.isAdvisingShown) return 'advisingHidden';
  if (
    options.isMeetingType &&
    (options.meetingsDisabledForUserTypeIds ?? []).includes(options.recipientUserTypeId)
  ) {
    return 'meetingsDisabled';
  }
  return null;
}

/** Whether messaging is allowed (spec 6 Messaging); see messagingDenial for the reason. */
export function isMessagingAllowed(options: Parameters<typeof messagingDenial>[0]): boolean {
  return messagingDenial(options) === null;
}

/** Resource creation needs the business directory V2 on and a user type with canCreateResource (spec 6). */
export function canCreateResource(options: {
  isBusinessDirectoryV2Enabled: boolean;
  canCreateResource: boolean;
}): boolean {
  return options.isBusinessDirectoryV2Enabled && options.canCreateResource;
}

/** Standard user types every hub user type maps to (spec 1). */
export const STANDARD_USER_TYPES = [
  'student',
  'alumni',
  'graduateStudent',
  'friend',
  'facultyStaff',
  'corporatePartnerEmployer',
] as const;

/** One standard user type. */
export type TStandardUserType = (typeof STANDARD_USER_TYPES)[number];

/** Display names of the standard user types (spec 1). */
export const STANDARD_USER_TYPE_LABELS: Readonly<Record<TStandardUserType, string>> = {
  student: 'Student',
  alumni: 'Alumni',
  graduateStudent: 'Graduate Student',
  friend: 'Friend of',
  facultyStaff: 'Faculty & Staff',
  corporatePartnerEmployer: 'Corporate Partner & Employer',
};

/** Career stories are hidden for Corporate Partner, Employer and Restricted users unless configured (spec 6). */
export function areCareerStoriesVisible(options: {
  standardUserType: TStandardUserType;
  isRestricted: boolean;
  isEnabledByConfiguration: boolean;
}): boolean {
  const isHiddenByDefault = options.standardUserType === 'corporatePartnerEmployer' || options.isRestricted;
  return !isHiddenByDefault || options.isEnabledByConfiguration;
}

/**
 * Profile section visibility (spec 6 Profile sections): the owner and admins see every section
 * not hidden for the user type; others see it when settings allow.
 */
export function isProfileSectionVisible(options: {
  isOwner: boolean;
  isAdmin: boolean;
  isAllowedBySettings: boolean;
  isHiddenForUserType?: boolean;
}): boolean {
  if (options.isHiddenForUserType === true) return false;
  return options.isOwner || options.isAdmin || options.isAllowedBySettings;
}

/**
 * Cluster-level groups (spec 6: sso-settings, webhook-settings, domain-management, landing-page, email-settings,
 * majors): the cluster's own admins and super admins manage them; a hub admin never does, whatever hub rights
 * they hold. Commons grants the groups with the cluster admin role, so every group answers the same today; the
 * group is named so a finer grant lands here alone. Whose cluster it is comes from the request (a token of
 * another cluster is refused before any check).
 */
export function canManageClusterGroup(viewer: TViewerRoles, group: TClusterAccessRight): boolean {
  return isClusterAccessRight(group) && (isSet(viewer.isSuperAdmin) || isSet(viewer.isClusterAdmin));
}

/** Whether the holder manages the navigation module (MODULE_MANAGER_RIGHTS); super and cluster admins manage all. */
export function managesModule(holder: TRightsHolder, moduleId: string): boolean {
  if (holder.isSuperAdmin || holder.isClusterAdmin) return true;
  return (MODULE_MANAGER_RIGHTS[moduleId] ?? []).some((right) => holder.accessRights.includes(right));
}
