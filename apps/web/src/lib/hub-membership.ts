import type { THubMembershipSummary, TSessionUser } from '@commons/contract';
import { approvalState } from '@commons/domain';
import { session } from './session';

/** The user's membership in the hub with this identifier, if any. */
export function findMembership(user: TSessionUser, hubIdentifier: string): THubMembershipSummary | undefined {
  return user.hubs.find((membership) => membership.hub.identifier === hubIdentifier);
}

/**
 * The membership cluster pages act on (INTERPRETATION.md URLs): the preferred hub when the user
 * belongs to it, else the default membership, else the first.
 */
export function pickCurrentMembership(
  user: TSessionUser,
  preferredHubIdentifier: string | null,
): THubMembershipSummary | undefined {
  const preferred =
    preferredHubIdentifier === null ? undefined : findMembership(user, preferredHubIdentifier);
  return preferred ?? user.hubs.find((membership) => membership.isDefault) ?? user.hubs[0];
}

/** Super admin, cluster admin or admin on the cluster hub (spec 1 admin levels). */
export function isPlatformAdmin(user: TSessionUser): boolean {
  return user.isAdmin || user.isClusterAdmin || user.isAdminOnClusterHub;
}

/** Super or cluster admins may open any hub of their cluster without a membership (spec 6). */
export function mayOpenAnyHub(user: TSessionUser): boolean {
  return user.isAdmin || user.isClusterAdmin;
}

/** Whether the membership's approval is settled as approved (spec 4 Approval). */
export function isMembershipApproved(membership: THubMembershipSummary): boolean {
  return approvalState(membership.approved) === 'approved';
}

/**
 * Remembers the hub cluster pages (/inbox, /programs, /discussion…) act on as soon as the user is known,
 * when none is remembered yet: their first requests must carry a hub, and the shell, which remembers
 * the hub of each hub page, renders after them.
 */
export function rememberDefaultHub(user: TSessionUser): void {
  if (session.get().currentHub !== null) return;
  const membership = pickCurrentMembership(user, null);
  if (membership !== undefined) session.setCurrentHub(membership.hub.identifier);
}
