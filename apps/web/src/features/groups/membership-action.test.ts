import type { TGroupDetail } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { membershipAction } from './membership-action';

const can = {
  join: false,
  requestToJoin: false,
  register: false,
  continueRegistration: false,
  leave: false,
  viewContent: false,
  moderate: false,
  manage: false,
  viewAdminData: false,
  inviteMembers: false,
  exportMembers: false,
  sendCommunications: false,
  favorite: false,
  requestMentorship: false,
};

function group(patch: Partial<TGroupDetail> = {}): TGroupDetail {
  return {
    id: 'g1',
    identifier: 'chess',
    name: 'Chess',
    groupType: 'group',
    description: '',
    joinPolicy: 'open',
    isHidden: false,
    coverImageUrl: null,
    memberCount: 1,
    membershipStatus: null,
    hub: { id: '1', identifier: 'northfield', name: 'Northfield' },
    about: '',
    tabs: ['about', 'feed'],
    membership: null,
    roleLabels: { mentor: 'mentor', mentors: 'mentors', mentee: 'mentee', mentees: 'mentees' },
    joinWindow: null,
    selectableRoles: [],
    fixedRole: null,
    joinBlockedMessage: null,
    favoritingWindow: null,
    mentorCount: 0,
    menteeCount: 0,
    settings: {
      timelines: { applicationTimeFrame: { mentee: null, mentor: null }, favorite: null },
      pathwayTimelines: {},
      visibleToUserType: [],
      visibleTabs: [],
      visibleTabsKeys: [],
      messageTypes: {},
      allowBoth: false,
      customText: [],
      isCustomGroup: false,
      branding: { brandColor: null, logoUrl: null },
    },
    can,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

const membership = (status: 'approved' | 'pending' | 'rejected' | 'admin' | 'invited') => ({
  status,
  role: null,
  isAdmin: status === 'admin',
  isViewOnlyAdmin: false,
  approved: status === 'pending' ? null : status !== 'rejected',
  importStatus: 'joined' as const,
  completedRegistrationDate: null,
  userJoinedAt: null,
  access: 'deny' as const,
});

describe('membershipAction', () => {
  it('offers join, request to join and registration by ability', () => {
    expect(membershipAction(group({ can: { ...can, join: true } }))).toEqual({ kind: 'join' });
    expect(membershipAction(group({ can: { ...can, requestToJoin: true } }))).toEqual({
      kind: 'requestToJoin',
    });
    expect(
      membershipAction(
        group({
          groupType: 'mentorshipProgram',
          selectableRoles: ['mentee'],
          can: { ...can, register: true },
        }),
      ),
    ).toEqual({ kind: 'register' });
  });

  it('shows the spec 8 message when no program window is open', () => {
    const message = 'Sorry! This program is no longer accepting mentees or mentors';
    expect(
      membershipAction(
        group({
          groupType: 'mentorshipProgram',
          joinBlockedMessage: message,
          can: { ...can, register: true },
        }),
      ),
    ).toEqual({ kind: 'registrationClosed', message });
  });

  it('sends invitees to accept (groups) or to continue registration (programs)', () => {
    const invited = { membership: membership('invited'), can: { ...can, continueRegistration: true } };
    expect(membershipAction(group(invited))).toEqual({ kind: 'acceptInvitation' });
    expect(membershipAction(group({ ...invited, groupType: 'mentorshipProgram' }))).toEqual({
      kind: 'continueRegistration',
    });
  });

  it('reads pending, rejected and member states from the membership', () => {
    expect(membershipAction(group({ membership: membership('pending') }))).toEqual({ kind: 'pending' });
    expect(membershipAction(group({ membership: membership('rejected') }))).toEqual({ kind: 'rejected' });
    expect(membershipAction(group({ membership: membership('admin') }))).toEqual({ kind: 'member' });
  });

  it('says an invite-only group takes invitations only', () => {
    expect(membershipAction(group({ joinPolicy: 'invite' }))).toEqual({ kind: 'inviteOnly' });
  });
});
