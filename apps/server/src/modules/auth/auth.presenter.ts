import type { THubMembershipSummary, TSessionUser, TStandardUserType } from '@commons/contract';
import { dataRegionForHubId } from '@commons/domain';
import type { TMembership, TViewer } from '../../plugins/request-context.js';

/**
 * The signed-in user as GET /api/auth/me and the sign-in answers present it; organizationAdminHubIds: the hubs
 * where they administer an organisation (organization-admin.queries organizationAdminHubIds).
 */
export function presentSessionUser(
  viewer: Pick<TViewer, 'user' | 'memberships'>,
  organizationAdminHubIds: ReadonlySet<number>,
): TSessionUser {
  const { user, memberships } = viewer;
  return {
    id: user.id,
    clusterId: user.clusterId,
    identifier: user.identifier,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    photoUrl: user.photoUrl,
    timezone: user.timezone,
    isAdmin: user.isSuperAdmin,
    isClusterAdmin: user.isClusterAdmin,
    isAdminOnClusterHub: user.isAdminOnClusterHub,
    adminHubIds: adminHubIdsOf(memberships),
    pendingActions: user.pendingActions,
    requiredActions: user.requiredActions,
    startedSignupAt: user.startedSignupAt?.toISOString() ?? null,
    completedSignupAt: user.completedSignupAt?.toISOString() ?? null,
    dateJoined: user.dateJoined?.toISOString() ?? null,
    hubs: memberships.map((m) => presentMembership(m, organizationAdminHubIds.has(m.hubId))),
  };
}

/** Hubs where the user is a hub admin (spec 4 Session: per-hub admin comes from adminHubIds). */
export function adminHubIdsOf(memberships: readonly TMembership[]): string[] {
  return memberships.filter((m) => m.isAdmin).map((m) => String(m.hubId));
}

function presentMembership(m: TMembership, administersOrganization: boolean): THubMembershipSummary {
  return {
    hub: {
      id: String(m.hub.id),
      identifier: m.hub.identifier,
      name: m.hub.name,
      region: dataRegionForHubId(m.hub.id),
    },
    userType: m.userType
      ? {
          id: m.userType.id,
          title: m.userType.title,
          standardUserType: m.userType.standardUserType as TStandardUserType,
          showFirstTimeMatchingExperience: m.userType.showFirstTimeMatchingExperience,
        }
      : null,
    isDefault: m.isDefault,
    accessRights: m.isAdmin ? m.accessRights : [],
    approved: m.approved,
    parentApproved: m.parentApproved,
    importStatus: m.importStatus,
    signupStage: m.signupStage,
    isAdmin: m.isAdmin,
    administersOrganization,
    isVisible: m.isVisible,
    maxConnect: m.maxConnect,
    maxMentorship: m.maxMentorship,
    totalRequestedMentorship: m.totalRequestedMentorship,
    helpOffer: m.helpOffer,
    elAccessType: m.elAccessType,
  };
}
