import {
  HEADERS,
  type TGroupAbilities,
  type TGroupMembersQuery,
  type TGroupSettings,
  type THubSettings,
  type TProgramRole,
  type TRoleLabels,
} from '@commons/contract';
import {
  canAccessGroupContent,
  canModerateGroup,
  DEFAULT_ROLE_LABELS,
  favoritingMessage,
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
import type { FastifyRequest } from 'fastify';
import type { groupMemberships, groups } from '../../db/schema/index.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { MODULE_OF_GROUP_TYPE, moduleHiddenError } from '../../lib/module-gate.js';
import type { THubRow, TMembership, TRequestContext, TViewer } from '../../plugins/request-context.js';
import { isAdmittedMember } from '../hubs/hubs.policy.js';
import { loadGroupAccess } from './groups.queries.js';

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
export function membershipStatus(
  row: TGroupMembershipRow,
): 'admin' | 'approved' | 'pending' | 'rejected' | 'invited' {
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
export function viewerRoles(
  access: Pick<TGroupAccess, 'viewer' | 'hubMembership' | 'membership'>,
): TViewerRoles {
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

/** Whether the viewer may create groups of this type in the request's hub (hub right groups, or programs). */
export function canCreateGroup(ctx: TRequestContext, groupType: TGroupRow['groupType']): boolean {
  return ctx.hasRight(managingRight(groupType));
}

/** 403 unless the viewer may create groups of this type in the request's hub. */
export function requireGroupCreator(ctx: TRequestContext, groupType: TGroupRow['groupType']): void {
  ctx.requireRight(managingRight(groupType));
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
  return grantableOrganizationAdminRights({
    isOrganizationsModuleEnabled: access.hubSettings.enabledModules.includes('organizations'),
  });
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
  if (!isAdmittedMember(access.hubMembership)) return false;
  const m = access.membership;
  if (m && m.approved !== false) return true;
  if (access.group.isHidden) return false;
  const typeId = viewerUserTypeId(access);
  return typeId === null || !access.group.hiddenForUserTypeIds.includes(typeId);
}

/** Role names of a program with its customText aliases (spec 3 customText). */
export function roleLabels(settings: TGroupSettings): TRoleLabels {
  const alias = (id: string, fallback: string) =>
    settings.customText.find((c) => c.id === id)?.alias ?? fallback;
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
  return roleWindows({
    timeframes: { mentee: frames.mentee, mentor: frames.mentor },
    now: access.now,
    timeZone: access.viewer.user.timezone,
  });
}

/** spec 4 join window value of a program for the viewer. */
export function programJoinWindow(access: TGroupAccess): TJoinWindow {
  const frames = access.group.settings.timelines.applicationTimeFrame;
  return groupJoinWindow({
    timeframes: { mentee: frames.mentee, mentor: frames.mentor },
    now: access.now,
    timeZone: access.viewer.user.timezone,
  });
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
  return favoritingWindow({
    favorite: access.group.settings.timelines.favorite,
    now: access.now,
    timeZone: access.viewer.user.timezone,
  });
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
    isGroupAdminTabVisible({
      viewer: roles,
      groupType: access.group.groupType,
      isNativeApp: access.isNativeApp,
    }) &&
    (isHubManager(access) || isActingGroupAdmin(access));
  const settings = access.group.settings.visibleTabs.map((tab) =>
    isManager
      ? { id: tab.id, visible: tab.visible }
      : {
          id: tab.id,
          visible: tab.visible,
          visibleUserTypes: tab.visibleUserTypes,
          visibleForUserTypes: tab.visibleForUserTypes,
        },
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
  const isHubApproved = isAdmittedMember(access.hubMembership);
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

/** An admin of the group who acts (approved, not view-only): a group keeps one while it has other members. */
export function isActingAdminMembership(
  m: Pick<TGroupMembershipRow, 'isAdmin' | 'isViewOnlyAdmin' | 'approved'>,
): boolean {
  return m.isAdmin && !m.isViewOnlyAdmin && m.approved === true;
}

/** spec 6: the admin tab is hidden in the native app, which says so in the platform header (spec 7). */
export function isNativeAppRequest(request: FastifyRequest): boolean {
  return request.headers[HEADERS.platform] === 'nativeMobileApp';
}

/** A group found for the viewer, with their abilities on it. */
export type TFoundGroup = { access: TGroupAccess; can: TGroupAbilities };

/** The group a request names: its identifier, and the request (whose platform header hides the admin tab). */
type TGroupLookup = { identifier: string; request: FastifyRequest };

/**
 * The group a request names, with the viewer's memberships and abilities; 404 when it does not exist
 * in the viewer's hubs or is hidden from them (hidden groups, visibleToUserType), so a hidden group is
 * indistinguishable from a missing one. For other modules (discussions, resources, events, feed) too.
 */
export async function requireGroup(ctx: TRequestContext, options: TGroupLookup): Promise<TFoundGroup> {
  const access = await loadGroupAccess(ctx, {
    identifier: options.identifier,
    isNativeApp: isNativeAppRequest(options.request),
  });
  if (!access || !canSeeGroup(access)) throw notFound('Group');
  requireGroupModuleOn(access);
  return { access, can: groupAbilities(access) };
}

/**
 * Groups and programs of a hub that has turned the Groups or Programs module off answer 403 `groups_hidden`
 * or `programs_hidden` (lib/module-gate; issue #22 item 1), except to the hub admins who manage them (and
 * cluster and super admins), who prepare them meanwhile. Organizations keep their own rule (groupAdminRights).
 */
function requireGroupModuleOn(access: TGroupAccess): void {
  if (access.group.groupType === 'organization') return;
  const moduleId = MODULE_OF_GROUP_TYPE[access.group.groupType];
  if (!access.hubSettings.enabledModules.includes(moduleId) && !isHubManager(access))
    throw moduleHiddenError(moduleId);
}

/**
 * Group content (spec 4 good standing, spec 6 Group content): admins above group level skip the
 * membership check; anyone else needs an approved, registered membership. An imported member who has
 * not registered gets 403 `continue_registration` so the page can send them to continueRegistration.
 */
export async function requireGroupContentAccess(
  ctx: TRequestContext,
  options: TGroupLookup,
): Promise<TFoundGroup> {
  const found = await requireGroup(ctx, options);
  if (found.can.viewContent) return found;
  if (found.can.continueRegistration) {
    throw new AppError({
      statusCode: 403,
      code: 'continue_registration',
      message: 'Registration not completed',
      userMessage: 'Please complete your registration to see this group.',
    });
  }
  throw new AppError({
    statusCode: 403,
    code: 'not_group_member',
    message: 'Not a member in good standing',
    userMessage: 'Join this group to see its content.',
  });
}

/** 403 unless the viewer manages the group. */
export function requireManage(can: Pick<TGroupAbilities, 'manage'>): void {
  if (!can.manage) throw forbidden('Only the admins of this group can do this.');
}

/** The group a request names, for those who manage it (edit, members, questions); else 403. */
export async function requireManagedGroup(ctx: TRequestContext, options: TGroupLookup): Promise<TFoundGroup> {
  const found = await requireGroup(ctx, options);
  requireManage(found.can);
  return found;
}

/**
 * Whether the viewer sees every group of the hub (super, cluster and hub admins) rather than the
 * visible ones; anyone else must be an admitted member of the hub (403).
 */
export function requireGroupListViewer(ctx: TRequestContext): { seesAll: boolean } {
  const viewer = ctx.requireViewer();
  const membership = ctx.membership;
  const seesAll = isAboveGroupAdmin({
    isSuperAdmin: viewer.user.isSuperAdmin,
    isClusterAdmin: viewer.user.isClusterAdmin,
    isHubAdmin: membership?.isAdmin ?? false,
  });
  if (!seesAll && !isAdmittedMember(membership))
    throw forbidden('Only approved members of this hub can see its groups.');
  return { seesAll };
}

/** Members with content access see approved members; the other statuses are for the group's admins. */
export function requireMemberListAccess(
  can: TGroupAbilities,
  status: NonNullable<TGroupMembersQuery['status']>,
): void {
  if (!can.viewContent) throw forbidden('Join this group to see its members.');
  if (status !== 'approved' && !can.viewAdminData)
    throw forbidden('Only the admins of this group can see these members.');
}

/** 404 unless the group is a mentorship program. */
export function requireProgram(access: TGroupAccess): void {
  if (access.group.groupType !== 'mentorshipProgram') throw notFound('Program');
}

/** The program a request names, for its admins: view-only admins may look (isWrite false), never write. */
export async function requireProgramAdmin(
  ctx: TRequestContext,
  options: TGroupLookup & { isWrite: boolean },
): Promise<TFoundGroup> {
  const found = await requireGroup(ctx, options);
  requireProgram(found.access);
  if (options.isWrite) requireManage(found.can);
  else if (!found.can.viewAdminData) throw forbidden('Only the admins of this program can see this.');
  return found;
}

/** The program a request names, for those who may read its content (its mentors); else 403. */
export async function requireProgramContent(
  ctx: TRequestContext,
  options: TGroupLookup,
): Promise<TFoundGroup> {
  const found = await requireGroup(ctx, options);
  requireProgram(found.access);
  if (!found.can.viewContent) throw forbidden('Join this program to see its mentors.');
  return found;
}

/** 403 unless the viewer may invite members (import-data right inside the group). */
export function requireInviteMembers(can: TGroupAbilities): void {
  if (!can.inviteMembers) throw forbidden('Only the admins of this group can invite members.');
}

/** 403 unless the viewer may export the members (export-data right inside the group). */
export function requireExportMembers(can: TGroupAbilities): void {
  if (!can.exportMembers) throw forbidden('Only the admins of this group can export its members.');
}

/** 404 unless the group is an organization; 403 unless the viewer may read its announcements. */
export function requireAnnouncementsReader(found: TFoundGroup): void {
  if (found.access.group.groupType !== 'organization') throw notFound('Organization');
  if (!found.can.sendCommunications && !found.can.viewAdminData)
    throw forbidden('Only the admins of this organization can see its announcements.');
}

/** 404 unless the group is an organization; 403 unless the viewer may send it announcements (spec 6 bulk-emails). */
export function requireAnnouncementSender(found: TFoundGroup): void {
  if (found.access.group.groupType !== 'organization') throw notFound('Organization');
  if (!found.can.sendCommunications)
    throw forbidden('Only the admins of this organization can send announcements.');
}

function refuse(message: string, code = 'forbidden'): AppError {
  return new AppError({ statusCode: 403, code, message, userMessage: message });
}

/**
 * Whether the viewer may join the group now (issue #6 Joining): admitted hub members only; a declined
 * request stays declined (403), a member or a pending request cannot join again (409), and an
 * invite-only group takes only its invitees (403). Invitees join by completing registration.
 */
export function requireJoinable(access: TGroupAccess): { isInvited: boolean } {
  if (!isAdmittedMember(access.hubMembership))
    throw refuse('Only approved members of this hub can join its groups.');
  const status = access.membership ? membershipStatus(access.membership) : null;
  if (status === 'rejected') throw refuse('Your request to join was declined.', 'join_declined');
  if (status && status !== 'invited')
    throw conflict(
      status === 'pending' ? 'Your request is waiting for approval.' : 'You are already a member.',
    );
  const isInvited = status === 'invited';
  if (!isInvited && access.group.joinPolicy === 'invite')
    throw refuse('This group is by invitation only.', 'invite_only');
  return { isInvited };
}

/**
 * Favouriting (spec 4 Favoriting window): a program's mentees in good standing, inside the window;
 * outside it the spec 8 message answers (403 favorites_closed).
 */
export function requireFavoriting(access: TGroupAccess): void {
  requireProgram(access);
  const m = access.membership;
  if (memberAccess(access) !== 'allow' || (m?.role !== 'mentee' && m?.role !== 'both')) {
    const labels = roleLabels(access.group.settings);
    throw forbidden(`Only ${labels.mentees} of this program can favourite ${labels.mentors}.`);
  }
  const closed = favoritingMessage(programFavoritingWindow(access));
  if (closed !== null)
    throw new AppError({
      statusCode: 403,
      code: 'favorites_closed',
      message: 'Favouriting window closed',
      userMessage: closed,
    });
}
