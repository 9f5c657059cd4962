import { describe, expect, it } from 'vitest';
import {
  approvalState,
  availableSignupMethods,
  doesFtuV2Apply,
  ftuRedirectPath,
  ftuRedirectTarget,
  ftuV2State,
  hubRedirect,
  isApprovedUser,
  isFtuV2Completed,
  isFtuV2Started,
  isLightUser,
  isModuleOpenTo,
  LIGHT_SIGNUP_STAGE,
  memberStanding,
  signupStatus,
} from './signup.js';

const t = '2025-01-01T00:00:00Z';

describe('signupStatus (spec 4)', () => {
  it.each([
    [{}, 'notstarted'],
    [{ startedSignupAt: null }, 'notstarted'],
    [{ startedSignupAt: '' }, 'notstarted'],
    [{ startedSignupAt: t }, 'started'],
    [{ startedSignupAt: new Date(t) }, 'started'],
    [{ startedSignupAt: t, completedSignupAt: t }, 'completed'],
    [{ dateJoined: t }, 'completed'],
    [{ completedSignupAt: t }, 'completed'],
  ])('%j is %s', (options, status) => {
    expect(signupStatus(options)).toBe(status);
  });
});

describe('approvalState (spec 4)', () => {
  it.each([
    [true, 'approved'],
    [false, 'rejected'],
    [null, 'pending'],
    [undefined, 'pending'],
  ] as const)('approved=%j is %s', (approved, state) => {
    expect(approvalState(approved)).toBe(state);
  });
});

describe('isApprovedUser (spec 4)', () => {
  it.each([
    [{ importStatus: 'joined', signupStage: null, approved: true }, true],
    [{ importStatus: 'joined', signupStage: '', approved: true }, true],
    [{ importStatus: 'joined', signupStage: undefined, approved: true }, true],
    [{ importStatus: 'imported', signupStage: null, approved: true }, false],
    [{ importStatus: 'joined', signupStage: LIGHT_SIGNUP_STAGE, approved: true }, false],
    [{ importStatus: 'joined', signupStage: null, approved: null }, false],
    [{ importStatus: 'joined', signupStage: null, approved: false }, false],
    [{ importStatus: null, signupStage: null, approved: true }, false],
  ])('%j is approved=%s', (options, expected) => {
    expect(isApprovedUser(options)).toBe(expected);
  });
});

describe('isLightUser (spec 4)', () => {
  it.each([
    [LIGHT_SIGNUP_STAGE, true],
    [null, false],
    ['OTHER', false],
  ])('stage %j is light=%s', (signupStage, expected) => {
    expect(isLightUser({ signupStage })).toBe(expected);
  });
});

describe('memberStanding (spec 4, spec 6)', () => {
  it.each([
    [{ approved: null, signupStage: null }, 'pending'],
    [{ approved: undefined, signupStage: LIGHT_SIGNUP_STAGE }, 'pending'],
    [{ approved: false, signupStage: null }, 'rejected'],
    [{ approved: true, signupStage: LIGHT_SIGNUP_STAGE }, 'light'],
    [{ approved: true, signupStage: null }, 'approved'],
    [{ approved: true, signupStage: '' }, 'approved'],
  ] as const)('%j is %s', (options, standing) => {
    expect(memberStanding(options)).toBe(standing);
  });
});

describe('isModuleOpenTo (spec 6 light users, spec 2 pending approval)', () => {
  it.each([
    ['inbox', 'approved', true],
    ['network', 'approved', true],
    ['home', 'light', true],
    ['events', 'light', true],
    ['resources', 'light', true],
    ['discussions', 'light', true],
    ['inbox', 'light', false],
    ['network', 'light', false],
    ['groups', 'light', false],
    ['home', 'pending', false],
    ['events', 'rejected', false],
  ] as const)('%s for a %s member: %s', (moduleId, standing, isOpen) => {
    expect(isModuleOpenTo({ moduleId, standing })).toBe(isOpen);
  });
});

describe('ftuRedirectTarget (spec 4)', () => {
  const ok = {
    pendingActions: ['FTU_REQUIRED'],
    signupStage: null,
    showFirstTimeMatchingExperience: true,
    parentApproved: true,
  };
  it.each([
    ['all conditions hold', {}, 'collect-preferences'],
    ['matching only', { pendingActions: ['FTU_MATCHING_REQUIRED'] }, 'matching'],
    ['both pending', { pendingActions: ['FTU_MATCHING_REQUIRED', 'FTU_REQUIRED'] }, 'collect-preferences'],
    ['no FTU action', { pendingActions: ['OTHER'] }, null],
    ['light signup stage', { signupStage: LIGHT_SIGNUP_STAGE }, null],
    ['user type hides matching', { showFirstTimeMatchingExperience: false }, null],
    ['parent approval unset', { parentApproved: null }, null],
    ['parent rejected', { parentApproved: false }, null],
  ])('%s', (_label, overrides, expected) => {
    expect(ftuRedirectTarget({ ...ok, ...overrides })).toBe(expected);
  });

  it('builds the hub path', () => {
    expect(ftuRedirectPath({ hubIdentifier: 'acme u', target: 'matching' })).toBe(
      '/hub/acme%20u/signup/new/matching',
    );
  });
});

describe('ftuV2 (spec 4)', () => {
  it.each([
    [{}, 'notStarted', false, false],
    [{ startedAt: t }, 'started', true, false],
    [{ startedAt: t, completedAt: t }, 'completed', false, true],
    [{ completedAt: t }, 'completed', false, true],
  ])('%j is %s', (options, state, isStarted, isCompleted) => {
    expect(ftuV2State(options)).toBe(state);
    expect(isFtuV2Started(options)).toBe(isStarted);
    expect(isFtuV2Completed(options)).toBe(isCompleted);
  });

  it.each([
    [
      'approved joined user with no groups',
      { approved: true, importStatus: 'joined', groupMemberships: [] },
      true,
    ],
    [
      'registered group',
      {
        approved: true,
        importStatus: 'joined',
        groupMemberships: [{ importStatus: 'joined', completedRegistrationDate: t }],
      },
      true,
    ],
    [
      'imported group',
      {
        approved: true,
        importStatus: 'joined',
        groupMemberships: [{ importStatus: 'imported', completedRegistrationDate: t }],
      },
      false,
    ],
    [
      'unregistered group',
      {
        approved: true,
        importStatus: 'joined',
        groupMemberships: [{ importStatus: 'joined', completedRegistrationDate: null }],
      },
      false,
    ],
    ['pending user', { approved: null, importStatus: 'joined', groupMemberships: [] }, false],
    ['imported user', { approved: true, importStatus: 'imported', groupMemberships: [] }, false],
  ])('applies for %s: %s', (_label, options, expected) => {
    expect(doesFtuV2Apply(options)).toBe(expected);
  });
});

describe('hubRedirect (spec 2 Redirect rules)', () => {
  const ok = { isSignedIn: true, hasCompletedSignup: true, isApproved: true, page: 'home' };
  it.each([
    ['approved member', {}, null],
    ['visitor', { isSignedIn: false }, 'hubLanding'],
    ['unfinished signup', { hasCompletedSignup: false }, 'signup'],
    ['admin without hubs', { isAdminWithoutHubs: true }, 'signup'],
    ['unapproved on home', { isApproved: false }, 'pendingApproval'],
    ['unapproved on terms', { isApproved: false, page: 'terms' }, null],
    ['unapproved on faq', { isApproved: false, page: 'faq' }, null],
  ])('%s goes to %j', (_label, overrides, expected) => {
    expect(hubRedirect({ ...ok, ...overrides })).toBe(expected);
  });
});

describe('availableSignupMethods (spec 5 Signup methods)', () => {
  it.each([
    [[], false, ['google', 'linkedin', 'sso', 'email']],
    [['linkedin', 'sso'], false, ['google', 'email']],
    [['sso'], true, ['sso']],
    [[], true, ['sso']],
  ])('hidden %j with SSO required=%s offers %j', (hiddenMethods, isSsoRequiredForEmailDomain, methods) => {
    expect(availableSignupMethods({ hiddenMethods, isSsoRequiredForEmailDomain })).toEqual(methods);
  });
});
