import type {
  TGroupDetail,
  TGroupMember,
  TGroupMembership,
  TGroupSummary,
  TProgramQuestion,
} from '@commons/contract';
import {
  canManageGroup,
  fixedRole,
  groupAbilities,
  joinBlockedMessage,
  memberAccess,
  membershipStatus,
  programFavoritingWindow,
  programJoinResult,
  programJoinWindow,
  roleLabels,
  selectableRoles,
  visibleTabs,
  type TGroupAccess,
  type TGroupMembershipRow,
  type TGroupRow,
} from './groups.policy.js';
import type { TMemberRow, TQuestionRow } from './groups.queries.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A group in a list, with the viewer's standing. */
export function presentGroupSummary(row: {
  group: TGroupRow;
  memberCount: number;
  membership: TGroupMembershipRow | null;
}): TGroupSummary {
  const { group } = row;
  return {
    id: group.id,
    identifier: group.identifier,
    name: group.name,
    groupType: group.groupType,
    description: group.description,
    joinPolicy: group.joinPolicy,
    isHidden: group.isHidden,
    coverImageUrl: group.coverImageUrl,
    memberCount: row.memberCount,
    membershipStatus: row.membership ? membershipStatus(row.membership) : null,
  };
}

/** The viewer's membership (spec 3 Group membership of a user). */
export function presentMembership(access: TGroupAccess): TGroupMembership | null {
  const m = access.membership;
  if (!m) return null;
  return {
    status: membershipStatus(m),
    role: m.role ?? (m.isAdmin ? 'admin' : null),
    isAdmin: m.isAdmin,
    isViewOnlyAdmin: m.isViewOnlyAdmin,
    approved: m.approved,
    importStatus: m.importStatus,
    completedRegistrationDate: iso(m.completedRegistrationDate),
    userJoinedAt: iso(m.userJoinedAt),
    access: memberAccess(access),
  };
}

/**
 * The group page (GET /api/groups/{identifier}): visible tabs, the viewer's membership, the program's
 * join window and the roles the viewer may choose, and abilities. Non-admins get the settings members
 * need; message-type limits and visibility rules stay with admins.
 */
export function presentGroupDetail(
  access: TGroupAccess,
  counts: { members: number; mentors: number; mentees: number },
): TGroupDetail {
  const { group } = access;
  const isProgram = group.groupType === 'mentorshipProgram';
  const result = isProgram ? programJoinResult(access, null) : null;
  const settings = canManageGroup(access)
    ? group.settings
    : { ...group.settings, visibleToUserType: [], visibleTabs: [], messageTypes: {} };
  return {
    ...presentGroupSummary({ group, memberCount: counts.members, membership: access.membership }),
    hub: { id: String(access.hub.id), identifier: access.hub.identifier, name: access.hub.name },
    about: group.about,
    tabs: visibleTabs(access),
    membership: presentMembership(access),
    roleLabels: roleLabels(group.settings),
    joinWindow: isProgram ? programJoinWindow(access) : null,
    selectableRoles: selectableRoles(access),
    fixedRole: isProgram ? fixedRole(access) : null,
    joinBlockedMessage: result ? joinBlockedMessage(access, result) : null,
    favoritingWindow: isProgram ? programFavoritingWindow(access) : null,
    mentorCount: counts.mentors,
    menteeCount: counts.mentees,
    settings,
    can: groupAbilities(access),
    createdAt: group.createdAt.toISOString(),
  };
}

/** A member's public user fields. */
export function presentMemberUser(user: TMemberRow['user']): TGroupMember['user'] {
  return {
    id: user.id,
    identifier: user.identifier,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    photoUrl: user.photoUrl,
    headline: user.headline,
  };
}

/** One member; answers only for viewers who may see admin data. */
export function presentMember(row: TMemberRow, options: { isAnswersVisible: boolean }): TGroupMember {
  const m = row.membership;
  return {
    user: presentMemberUser(row.user),
    status: membershipStatus(m),
    role: m.role ?? (m.isAdmin ? 'admin' : null),
    isAdmin: m.isAdmin,
    isViewOnlyAdmin: m.isViewOnlyAdmin,
    importStatus: m.importStatus,
    completedRegistrationDate: iso(m.completedRegistrationDate),
    userJoinedAt: iso(m.userJoinedAt),
    answers: options.isAnswersVisible ? m.answers : null,
  };
}

/** A registration question. */
export function presentQuestion(q: TQuestionRow): TProgramQuestion {
  return {
    id: q.id,
    questionType: q.questionType,
    audience: q.audience,
    texts: q.texts,
    options: q.options,
    allowsMultiple: q.allowsMultiple,
    isRequired: q.isRequired,
    videoUrl: q.videoUrl,
    matchingWeight: q.matchingWeight,
    order: q.order,
  };
}
