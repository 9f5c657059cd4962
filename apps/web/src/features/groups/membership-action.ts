import type { TGroupDetail } from '@commons/contract';

/** What the group header offers the viewer (issue #6 Joining: open, request-to-join, invite-only, programs). */
export type TMembershipAction =
  | { kind: 'join' }
  | { kind: 'requestToJoin' }
  | { kind: 'register' }
  | { kind: 'registrationClosed'; message: string }
  | { kind: 'acceptInvitation' }
  | { kind: 'continueRegistration' }
  | { kind: 'pending' }
  | { kind: 'member' }
  | { kind: 'rejected' }
  | { kind: 'inviteOnly' }
  | { kind: 'none' };

/**
 * The header's membership action from the group's abilities (never re-deriving the server's rules):
 * join an open group, ask to join, register in a program (or the spec 8 'Sorry! This program…'
 * message when no window is open), accept an invitation or finish an invited program registration,
 * withdraw a pending request, leave, or nothing to do.
 */
export function membershipAction(group: TGroupDetail): TMembershipAction {
  const { can, membership } = group;
  if (can.continueRegistration) {
    return group.groupType === 'mentorshipProgram'
      ? { kind: 'continueRegistration' }
      : { kind: 'acceptInvitation' };
  }
  if (membership !== null) {
    if (membership.status === 'pending') return { kind: 'pending' };
    if (membership.status === 'rejected') return { kind: 'rejected' };
    if (membership.status === 'approved' || membership.status === 'admin') return { kind: 'member' };
    return { kind: 'none' };
  }
  if (can.join) return { kind: 'join' };
  if (can.requestToJoin) return { kind: 'requestToJoin' };
  if (can.register) {
    const isClosed =
      group.selectableRoles.length === 0 && group.fixedRole === null && group.joinBlockedMessage !== null;
    return isClosed && group.joinBlockedMessage !== null
      ? { kind: 'registrationClosed', message: group.joinBlockedMessage }
      : { kind: 'register' };
  }
  if (group.joinPolicy === 'invite') return { kind: 'inviteOnly' };
  return { kind: 'none' };
}

/** The word for a group type in button labels. */
export function groupNoun(groupType: TGroupDetail['groupType']): string {
  if (groupType === 'mentorshipProgram') return 'program';
  if (groupType === 'organization') return 'organization';
  return 'group';
}
