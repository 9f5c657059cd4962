import type { THubMembershipSummary, TSessionUser } from '@commons/contract';
import { FTU_PENDING_ACTIONS, LIGHT_SIGNUP_STAGE } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import { decideRedirect } from './decide-redirect';

function membership(identifier: string, patch: Partial<THubMembershipSummary> = {}): THubMembershipSummary {
  return {
    hub: { id: identifier === 'northfield' ? '1' : '2000001', identifier, name: identifier, region: 'us' },
    userType: {
      id: '11',
      title: 'Student',
      standardUserType: 'Student',
      showFirstTimeMatchingExperience: true,
    },
    isDefault: false,
    accessRights: [],
    approved: true,
    parentApproved: true,
    importStatus: 'joined',
    signupStage: null,
    isAdmin: false,
    administersOrganization: false,
    isVisible: true,
    maxConnect: null,
    maxMentorship: null,
    totalRequestedMentorship: 0,
    helpOffer: [],
    elAccessType: null,
    ...patch,
  };
}

function user(patch: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: '100',
    clusterId: '1',
    identifier: 'sam-student',
    firstName: 'Sam',
    lastName: 'Student',
    email: 'student@northfield.example.edu',
    emailVerified: true,
    photoUrl: null,
    timezone: 'America/Los_Angeles',
    isAdmin: false,
    isClusterAdmin: false,
    isAdminOnClusterHub: false,
    adminHubIds: [],
    pendingActions: [],
    requiredActions: [],
    startedSignupAt: '2025-01-01T00:00:00.000Z',
    completedSignupAt: '2025-01-01T00:10:00.000Z',
    dateJoined: '2025-01-01T00:10:00.000Z',
    hubs: [membership('northfield', { isDefault: true })],
    ...patch,
  };
}

const decide = (pathname: string, signedIn: TSessionUser | null, sessionHub: string | null = null) =>
  decideRedirect({ pathname, search: '', user: signedIn, sessionHubIdentifier: sessionHub });

describe('decideRedirect (spec 2 Redirect rules)', () => {
  it("sends a visitor on a hub path to that hub's sign-in, remembering where they were going", () => {
    expect(decide('/hub/northfield/', null)).toBe(
      '/hub/northfield/auth/sign-in?postLoginRedirect=%2Fhub%2Fnorthfield%2F',
    );
  });

  it('sends a visitor on a cluster page to /sign-in', () => {
    expect(
      decideRedirect({ pathname: '/inbox', search: '?tab=rooms', user: null, sessionHubIdentifier: null }),
    ).toBe('/sign-in?postLoginRedirect=%2Finbox%3Ftab%3Drooms');
  });

  it('lets an approved member in', () => {
    expect(decide('/hub/northfield/', user())).toBeNull();
    expect(decide('/home', user())).toBeNull();
    expect(decide('/inbox', user(), 'northfield')).toBeNull();
  });

  it("sends a user who has not finished signup to the hub's signup", () => {
    const unfinished = user({ completedSignupAt: null, dateJoined: null });
    expect(decide('/hub/northfield/', unfinished)).toBe('/hub/northfield/signup');
    expect(decide('/home', unfinished)).toBe('/hub/northfield/signup');
  });

  it("sends a signed-in non-member to that hub's signup", () => {
    expect(decide('/hub/riverside/', user())).toBe('/hub/riverside/signup');
  });

  it('sends a pending member to pending-approval', () => {
    const pending = user({ hubs: [membership('northfield', { approved: null, isDefault: true })] });
    expect(decide('/hub/northfield/', pending)).toBe('/hub/northfield/pending-approval');
    expect(decide('/home', pending)).toBe('/hub/northfield/pending-approval');
    expect(decide('/hub/northfield/pending-approval', pending)).toBeNull();
  });

  it('sends a rejected member to pending-approval too', () => {
    const rejected = user({ hubs: [membership('northfield', { approved: false })] });
    expect(decide('/hub/northfield/home', rejected)).toBe('/hub/northfield/pending-approval');
  });

  it.each(['submit', 'posts/12', 'faq', 'terms', 'privacy'])(
    'lets a pending member open the %s page',
    (page) => {
      const pending = user({ hubs: [membership('northfield', { approved: null })] });
      expect(decide(`/hub/northfield/${page}`, pending)).toBeNull();
    },
  );

  it('lets a pending member open their account settings but nothing else of the cluster', () => {
    const pending = user({ hubs: [membership('northfield', { approved: null, isDefault: true })] });
    expect(decide('/preferences/account', pending)).toBeNull();
    expect(decide('/inbox', pending)).toBe('/hub/northfield/pending-approval');
    expect(decide('/preferences/account', user({ completedSignupAt: null, dateJoined: null }))).toBe(
      '/hub/northfield/signup',
    );
  });

  it('sends an approved member with the first-time-user flow pending to it on every navigation (spec 4)', () => {
    const ftu = user({ pendingActions: [FTU_PENDING_ACTIONS.required] });
    expect(decide('/hub/northfield/', ftu)).toBe('/hub/northfield/signup/new/collect-preferences');
    expect(decide('/inbox', ftu)).toBe('/hub/northfield/signup/new/collect-preferences');
    expect(decide('/hub/northfield/signup/new/collect-preferences', ftu)).toBeNull();
    expect(decide('/hub/northfield/signup/new/matching', ftu)).toBeNull();
    expect(decide('/preferences/account', ftu)).toBeNull();
    const matchingOnly = user({ pendingActions: [FTU_PENDING_ACTIONS.matchingRequired] });
    expect(decide('/home', matchingOnly)).toBe('/hub/northfield/signup/new/matching');
  });

  it('leaves the first-time-user flow alone while pending, for light users and types without matching', () => {
    const actions = [FTU_PENDING_ACTIONS.required];
    const pending = user({ pendingActions: actions, hubs: [membership('northfield', { approved: null })] });
    expect(decide('/hub/northfield/', pending)).toBe('/hub/northfield/pending-approval');
    const light = user({
      pendingActions: actions,
      hubs: [membership('northfield', { signupStage: LIGHT_SIGNUP_STAGE })],
    });
    expect(decide('/hub/northfield/', light)).toBeNull();
    const noMatching = user({
      pendingActions: actions,
      hubs: [
        membership('northfield', {
          userType: {
            id: '12',
            title: 'Alumni',
            standardUserType: 'Alumni',
            showFirstTimeMatchingExperience: false,
          },
        }),
      ],
    });
    expect(decide('/hub/northfield/', noMatching)).toBeNull();
  });

  it('does not treat an approved light user as pending', () => {
    const light = user({ hubs: [membership('northfield', { signupStage: LIGHT_SIGNUP_STAGE })] });
    expect(decide('/hub/northfield/', light)).toBeNull();
  });

  it('sends an approved member away from pending-approval to the hub home', () => {
    expect(decide('/hub/northfield/pending-approval', user())).toBe('/hub/northfield/');
  });

  it('sends an admin with no hubs to signup', () => {
    const admin = user({ isAdmin: true, hubs: [] });
    expect(decide('/home', admin)).toBe('/signup');
    expect(decide('/hub/northfield/', admin)).toBe('/signup');
    expect(decide('/hub/northfield/', user({ isClusterAdmin: true, hubs: [] }))).toBe('/signup');
  });

  it('lets a cluster admin with hubs open a hub they are not a member of', () => {
    const admin = user({ isClusterAdmin: true });
    expect(decide('/hub/riverside/', admin)).toBeNull();
  });

  it('sends a regular user without any hub to signup', () => {
    expect(decide('/home', user({ hubs: [] }))).toBe('/signup');
  });

  it('uses the session hub for cluster pages when the user belongs to it', () => {
    const twoHubs = user({
      hubs: [membership('northfield', { isDefault: true }), membership('riverside', { approved: null })],
    });
    expect(decide('/home', twoHubs, 'riverside')).toBe('/hub/riverside/pending-approval');
    expect(decide('/home', twoHubs, 'elsewhere')).toBeNull();
  });
});
