import type { TGroupAbilities, TGroupSettings, THubSettings, TProgramRole, TRoleLabels } from '@commons/contract';
import {
  canAccessGroupContent,
  canModerateGroup,
  DEFAULT_ROLE_LABELS,
  favoritingWindow,
  grantableOrganizationAdminRights,
  GROUP_TABS,
  groupJoinResult,
  groupJoinWindow,
  groupMemberAccess,
  isFavoritingAllowed,
  isGroupAdminTabVisible,
  isHubAdminWithRight,
  joinResultMessage,
  resolveMessageTypeSettings,
  roleWindows,
  selectableJoinRoles,
  visibleGroupTabs,
  type TFavoritingWindow,
  type TGroupMemberAccess,
  type TGroupRole,
  type TGroupTab,
  type THubAccessRight,
  type TJoinResult,
  type TJoinWindow,
  type TRoleWindows,
  type TViewerRoles,
} from '@commons/domain';
import type { groupMemberships, groups } from '../../db/schema/index.js';
import type { THubRow, TMembership, TViewer } from '../../plugins/request-context.js';

export type TGroupRow = typeof groups.$inferSelect;
export type TGroupMembershipRow = typeof groupMemberships.$inferSelect;

/** Everything the group rules need about one viewer and one group, loaded once per request. */
export type TGroupAccess = {
  group: TGroupRow;
  hub: THubRow;
  hubSettings: THubSettings;
  viewer: TViewer;
  /** The viewer's membership of the group's hub. */
  hubMembership: TMembership | null;
  /** The viewer's membership of the group. */
  membership: TGroupMembershipRow | null;
  now: Date;
  isNativeApp: boolean;
};

/** The viewer's standing as spec 3 names it: admin, approved, pending, rejected, or invited (imported, not registered). */
export function membershipStatus(row: TGroupMembershipRow): 'admin' | 'approved' | 'pending' | 'rejected' | 'invited' {
  if (row.approved === false) return 'rejected';
  if (row.importStatus === 'imported' && row.completedRegistrationDate === null) return 'invited';
  if (row.approved === null) return 'pending';
  return row.isAdmin ? 'admin' : 'approved';
}

/** spec 4 good standing and continueRegistration, through the domain rule. */
export function memberAccess(access: Pick<TGroupAccess, 'membership' | 'hubMembership'>): TGroupMemberAccess {
  const m = access.membership;
  if (!m) return 'deny';
  return groupMemberAccess({
    status: m.approved === true ? (m.isAdmin ? 'admin' : 'approved') : 'pending',
    hubApproved: access.hubMembership?.approved ?? null,
    completedRegistrationDate: m.completedRegistrationDate,
    importStatus: m.importStatus,
  });
}

/** The viewer's roles for the spec 6 checks of the domain. */
export function viewerRoles(access: Pick<TGroupAccess, 'viewer' | 'hubMembership' | 'membership'>): TViewerRoles {
  const hm = access.hubMembership;
  const m = access.membership;
  const isGroupAdmin = Boolean(m && m.isAdmin && m.approved === true);
  return {
    isSuperAdmin: access.viewer.user.isSuperAdmin,
    isClusterAdmin: access.viewer.user.isClusterAdmin,
    isHubAdmin: hm?.isAdmin ?? false,
    isGroupAdmin,
    isViewOnlyAdmin: isGroupAdmin && (m?.isViewOnlyAdmin ?? false),
    accessRights: hm?.isAdmin ? hm.accessRights : [],
  };
}

/** The hub right that manages a group of this type (spec 6: groups, or programs for mentorship programs). */
export function managingRight(groupType: TGroupRow['groupType']): THubAccessRight {
  return groupType === 'mentorshipProgram' ? 'programs' : 'groups';
}

/** Super, cluster and hub admins: they skip group membership checks (spec 6 Group content). */
export function isAboveGroupAdmin(roles: TViewerRoles): boolean {
  return Boolean(roles.isSuperAdmin || roles.isClusterAdmin || roles.isHubAdmin);
}

/** A hub admin holding the right that manages groups of this type (or a super or cluster admin). */
export function isHubManager(access: TGroupAccess): boolean {
  return isHubAdminWithRight(viewerRoles(access), managingRight(access.group.groupType));
}

/**
 * Rights a group admin holds inside the group: every right for group and program admins; the
 * limited list of spec 6 Organisation admins for organizations, none unless the organizations module
 * is enabled.
 */
export function groupAdminRights(access: TGroupAccess): readonly THubAccessRight[] | 'all' {
  if (access.group.groupType !== 'organization') return 'all';
  return grantableOrganizationAdminRights({ isOrganizationsModuleEnabled: access.hubSettings.enabledModules.includes('organizations') });
}

/** Group admin (not view-only) who may manage the group: for organizations only with the module on. */
export function isActingGroupAdmin(access: TGroupAccess): boolean {
  const roles = viewerRoles(access);
  if (!roles.isGroupAdmin || roles.isViewOnlyAdmin) return false;
  const rights = groupAdminRights(access);
  return rights === 'all' || rights.length > 0;
}

/** Manage the group (edit, approve, roles, questions): hub managers and acting group admins. */
export function canManageGroup(access: TGroupAccess): boolean {
  return isHubManager(access) || isActingGroupAdmin(access);
}

/** A management action that needs a named right: hub managers always, group admins per groupAdminRights. */
export function canManageWith(access: TGroupAccess, right: THubAccessRight): boolean {
  if (isHubManager(access)) return true;
  if (!isActingGroupAdmin(access)) return false;
  const rights = groupAdminRights(access);
  return rights === 'all' || rights.includes(right);
}

/** The viewer's user type in the group's hub. */
function viewerUserTypeId(access: TGroupAccess): string | null {
  return access.hubMembership?.userTypeId ?? null;
}

/**
 * Whether the viewer may see the group at all: members of the hub (approved) or admins; hidden
 * groups and groups hidden from the viewer's user type (visibleToUserType) only for their members,
 * invitees and admins.
 */
export function canSeeGroup(access: TGroupAccess): boolean {
  const roles = viewerRoles(access);
  if (isAboveGroupAdmin(roles)) return true;
  if (access.hubMembership?.approved !== true) return false;
  const m = access.membership;
  if (m && m.approved !== false) return true;
  if (access.group.isHidden) return false;
  const typeId = viewerUserTypeId(access);
  return typeId === null || !access.group.hiddenForUserTypeIds.includes(typeId);
}

/** Role names of a program with its customText aliases (spec 3 customText). */
export function roleLabels(settings: TGroupSettings): TRoleLabels {
  const alias = (id: string, fallback: string) => settings.customText.find((c) => c.id === id)?.alias ?? fallback;
  return {
    mentor: alias('mentor', 'mentor'),
    mentors: alias('mentors', DEFAULT_ROLE_LABELS.mentors),
    mentee: alias('mentee', 'mentee'),
    mentees: alias('mentees', DEFAULT_ROLE_LABELS.mentees),
  };
}

/** Application window states of both roles in the viewer's time zone (spec 4). */
export function programWindows(access: TGroupAccess): TRoleWindows {
  const frames = access.group.settings.timelines.applicationTimeFrame;
  return roleWindows({ timeframes: { mentee: frames.mentee, mentor: frames.mentor }, now: access.now, timeZone: access.viewer.user.timezone });
}

/** spec 4 join window value of a program for the viewer. */
export function programJoinWindow(access: TGroupAccess): TJoinWindow {
  const frames = access.group.settings.timelines.applicationTimeFrame;
  return groupJoinWindow({ timeframes: { mentee: frames.mentee, mentor: frames.mentor }, now: access.now, timeZone: access.viewer.user.timezone });
}

/** The role an invitation fixed, when the viewer was invited (imported) with one. */
export function fixedRole(access: TGroupAccess): TProgramRole | null {
  const m = access.membership;
  if (!m || m.importStatus !== 'imported' || m.completedRegistrationDate !== null) return null;
  return m.role;
}

/** Roles the viewer may choose (open windows; both only with allowBoth and both windows open). */
export function selectableRoles(access: TGroupAccess): TProgramRole[] {
  if (access.group.groupType !== 'mentorshipProgram' || fixedRole(access) !== null) return [];
  const open: TProgramRole[] = selectableJoinRoles(programWindows(access));
  if (access.group.settings.allowBoth && open.length === 2) open.push('both');
  return open;
}

/**
 * spec 4 join result for a program: with a chosen role, blocked only when both windows are closed on
 * the same side, and then the chosen role must itself be open; a fixed role is blocked when its own
 * window is closed.
 */
export function programJoinResult(access: TGroupAccess, role: TProgramRole | null): TJoinResult {
  const windows = programWindows(access);
  const fixed = fixedRole(access);
  if (fixed !== null) return groupJoinResult({ windows, role: { kind: 'fixed', role: fixed } });
  const chosen = groupJoinResult({ windows, role: { kind: 'choose' } });
  if (chosen !== 'allow' || role === null) return chosen;
  return groupJoinResult({ windows, role: { kind: 'fixed', role } });
}

/** The spec 8 message of a blocked program join, with the program's role aliases. */
export function joinBlockedMessage(access: TGroupAccess, result: TJoinResult): string | null {
  const labels = roleLabels(access.group.settings);
  return joinResultMessage({ result, labels: { mentees: labels.mentees, mentors: labels.mentors } });
}

/** spec 4 favoriting window of a program for the viewer. */
export function programFavoritingWindow(access: TGroupAccess): TFavoritingWindow {
  return favoritingWindow({ favorite: access.group.settings.timelines.favorite, now: access.now, timeZone: access.viewer.user.timezone });
}

/** The viewer's group role for tab visibility: the registered role, admin for group admins. */
function tabRole(access: TGroupAccess): TGroupRole | null {
  const m = access.membership;
  if (!m || m.approved !== true) return null;
  if (m.role) return m.role;
  return m.isAdmin ? 'admin' : null;
}

/**
 * Tabs shown to the viewer (spec 2, spec 6 Group tabs) through the domain's visibleGroupTabs: feed
 * always; mentors in programs; the admin tab for group admins and hub admins with the groups or
 * programs right, never for view-only admins or in the native app (nor for organization admins when
 * the organizations module is off); the other tabs by visibleUserTypes and visibleForUserTypes, which
 * managers skip. visibleTabsKeys orders them.
 */
export function visibleTabs(access: TGroupAccess): TGroupTab[] {
  const roles = viewerRoles(access);
  const isManager = canManageGroup(access);
  const isAdminTabVisible =
    isGroupAdminTabVisible({ viewer: roles, groupType: access.group.groupType, isNativeApp: access.isNativeApp }) &&
    (isHubManager(access) || isActingGroupAdmin(access));
  const settings = access.group.settings.visibleTabs.map((tab) =>
    isManager ? { id: tab.id, visible: tab.visible } : { id: tab.id, visible: tab.visible, visibleUserTypes: tab.visibleUserTypes, visibleForUserTypes: tab.visibleForUserTypes },
  );
  const tabs = visibleGroupTabs({
    groupType: access.group.groupType,
    settings,
    role: isManager ? 'admin' : tabRole(access),
    userTypeId: viewerUserTypeId(access),
    isAdminTabVisible,
  });
  const order = access.group.settings.visibleTabsKeys;
  const rank = (tab: TGroupTab) => {
    const index = order.indexOf(tab);
    return index === -1 ? order.length + GROUP_TABS.indexOf(tab) : index;
  };
  return [...tabs].sort((a, b) => rank(a) - rank(b));
}

/** Whether long-term mentorship requests are enabled in the program (its message types over the defaults). */
export function isMentorshipEnabled(settings: TGroupSettings): boolean {
  return resolveMessageTypeSettings(settings.messageTypes).longTermMentorship.enabled;
}

/** The viewer's abilities on the group (presenter `can`). */
export function groupAbilities(access: TGroupAccess): TGroupAbilities {
  const roles = viewerRoles(access);
  const m = access.membership;
  const status = m ? membershipStatus(m) : null;
  const access_ = memberAccess(access);
  const isHubApproved = access.hubMembership?.approved === true;
  const isProgram = access.group.groupType === 'mentorshipProgram';
  const isNewcomer = m === null && isHubApproved;
  const policy = access.group.joinPolicy;
  const isMentee = access_ === 'allow' && (m?.role === 'mentee' || m?.role === 'both');
  const manage = canManageGroup(access);
  return {
    join: isNewcomer && !isProgram && policy === 'open',
    requestToJoin: isNewcomer && !isProgram && policy === 'request',
    register: isNewcomer && isProgram && policy !== 'invite',
    continueRegistration: status === 'invited' && isHubApproved,
    leave: m !== null,
    viewContent: canAccessGroupContent({ viewer: roles, hasApprovedMembership: access_ === 'allow' }),
    moderate: canModerateGroup(roles),
    manage,
    viewAdminData: manage || roles.isGroupAdmin === true || isAboveGroupAdmin(roles),
    inviteMembers: canManageWith(access, 'import-data'),
    exportMembers: canManageWith(access, 'export-data'),
    sendCommunications: access.group.groupType === 'organization' && canManageWith(access, 'bulk-emails'),
    favorite: isProgram && isMentee && isFavoritingAllowed(programFavoritingWindow(access)),
    requestMentorship: isProgram && isMentee && isMentorshipEnabled(access.group.settings),
  };
}
