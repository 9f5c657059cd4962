import { describe, expect, it } from 'vitest';
import {
  ACCESS_LEVEL_CODES,
  accessLevelCodeFor,
  adminFlagsFromAccessLevel,
  AUTH_IN_PROGRESS_MESSAGE,
  notFoundOutcome,
  errorToastMessage,
  GENERIC_ERROR_MESSAGE,
  isAuthPagePath,
  isRefreshDue,
  isSignInPath,
  isTokenExpired,
  mayRefreshAfterError,
  REFRESH_WINDOW_MS,
  refreshFailureOutcome,
  shouldShowNotificationToast,
  signOutDestination,
  TOKEN_CHECK_INTERVAL_MS,
  tokenCheckAction,
} from './session.js';

const expiresAt = new Date('2025-03-01T12:00:00Z');
const before = (ms: number): Date => new Date(expiresAt.getTime() - ms);

describe('session constants (spec 9 Session)', () => {
  it('checks every 60 s and refreshes within 5 minutes', () => {
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(60_000);
    expect(REFRESH_WINDOW_MS).toBe(300_000);
    expect(ACCESS_LEVEL_CODES).toEqual({ superAdmin: 10001, clusterAdmin: 10002, adminOnClusterHub: 10003 });
  });
});

describe('adminFlagsFromAccessLevel (spec 4 Session)', () => {
  it.each([
    [10001, [5], { isAdmin: true, isClusterAdmin: false, isAdminOnClusterHub: false, adminHubIds: [] }],
    [
      10002,
      [5, 6],
      { isAdmin: false, isClusterAdmin: true, isAdminOnClusterHub: false, adminHubIds: [5, 6] },
    ],
    [10003, [7], { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: true, adminHubIds: [7] }],
    [10003, null, { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: true, adminHubIds: [] }],
    [null, [7], { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: false, adminHubIds: [] }],
    [
      undefined,
      undefined,
      { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: false, adminHubIds: [] },
    ],
    [10004, [7], { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: false, adminHubIds: [] }],
  ])('maps code %j with hubs %j to %j', (accessLevelCode, adminHubIds, expected) => {
    expect(adminFlagsFromAccessLevel({ accessLevelCode, adminHubIds })).toEqual(expected);
  });

  it('round-trips accessLevelCodeFor', () => {
    const code = accessLevelCodeFor({
      isSuperAdmin: false,
      isClusterAdmin: true,
      isAdminOnClusterHub: false,
    });
    expect(adminFlagsFromAccessLevel({ accessLevelCode: code, adminHubIds: [1] }).isClusterAdmin).toBe(true);
  });
});

describe('accessLevelCodeFor (spec 4 Session)', () => {
  it.each([
    [{ isSuperAdmin: true, isClusterAdmin: true, isAdminOnClusterHub: true }, 10001],
    [{ isSuperAdmin: false, isClusterAdmin: true, isAdminOnClusterHub: true }, 10002],
    [{ isSuperAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: true }, 10003],
    [{ isSuperAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: false }, null],
  ])('gives %j the code %j', (roles, code) => {
    expect(accessLevelCodeFor(roles)).toBe(code);
  });
});

describe('token expiry and refresh window (spec 4 Session)', () => {
  it.each([
    ['10 minutes before expiry', before(600_000), false, false, 'none'],
    ['5 minutes and 1 ms before expiry', before(300_001), false, false, 'none'],
    ['exactly 5 minutes before expiry', before(300_000), false, true, 'refresh'],
    ['1 ms before expiry', before(1), false, true, 'refresh'],
    ['exactly at expiry', before(0), true, false, 'signOut'],
    ['after expiry', before(-1), true, false, 'signOut'],
  ])('%s: expired=%s, refresh due=%s, check=%s', (_label, now, isExpired, isDue, action) => {
    expect(isTokenExpired(expiresAt, now)).toBe(isExpired);
    expect(isRefreshDue(expiresAt, now)).toBe(isDue);
    expect(tokenCheckAction(expiresAt, now)).toBe(action);
  });
});

describe('mayRefreshAfterError (spec 8)', () => {
  const base = { hasRefreshFlag: true, url: 'https://commons.example/inbox' };
  it.each([
    ['401', { status: 401 }, true],
    ['401 with any code', { status: 401, errorCode: 'whatever' }, true],
    ['403 without an error code', { status: 403 }, true],
    ['403 with a null code', { status: 403, errorCode: null }, true],
    ['403 with an empty code', { status: 403, errorCode: '' }, true],
    ['403 token_expired', { status: 403, errorCode: 'token_expired' }, true],
    ['403 forbidden', { status: 403, errorCode: 'forbidden' }, false],
    ['404', { status: 404 }, false],
    ['500', { status: 500 }, false],
    ['401 without refresh flag', { status: 401, hasRefreshFlag: false }, false],
    ['401 with adminToken', { status: 401, url: '/hub/x/home?adminToken=abc' }, false],
    ['401 with magic_link', { status: 401, url: 'https://c.example/inbox?a=1&magic_link=1' }, false],
    ['401 with an unrelated query', { status: 401, url: '/inbox?tab=rooms' }, true],
    ['401 with an unparsable url', { status: 401, url: 'http://[' }, true],
  ])('%s', (_label, options, expected) => {
    expect(mayRefreshAfterError({ ...base, ...options })).toBe(expected);
  });

  it.each([
    ['token_invalid', 'signOut'],
    ['token_expired', 'failOriginal'],
    [null, 'failOriginal'],
    [undefined, 'failOriginal'],
  ] as const)('on refresh error %j the outcome is %s', (code, outcome) => {
    expect(refreshFailureOutcome(code)).toBe(outcome);
  });
});

describe('sign-in and auth pages (spec 8)', () => {
  it.each([
    ['/sign-in', true, true],
    ['/sign-in?next=/inbox', true, true],
    ['/login', true, true],
    ['/login-v2/', true, true],
    ['/hub/acme/auth/sign-in', true, true],
    ['/create-account', false, true],
    ['/create-account/confirmation#top', false, true],
    ['/hub/acme/auth/create-account', false, true],
    ['/inbox', false, false],
    ['/hub/acme/home', false, false],
    ['/signing-in', false, false],
  ])('%s: sign-in=%s auth page=%s', (path, isSignIn, isAuth) => {
    expect(isSignInPath(path)).toBe(isSignIn);
    expect(isAuthPagePath(path)).toBe(isAuth);
  });
});

describe('signOutDestination (spec 8 Sign-out)', () => {
  it.each([
    [true, '/inbox', '/sign-in'],
    [true, '/sign-in', null],
    [true, '/create-account', null],
    [false, '/inbox', '/'],
    [false, '/sign-in', '/'],
  ])('standard signup %s on %s goes to %j', (isStandardSignupEnabled, currentPath, destination) => {
    expect(signOutDestination({ isStandardSignupEnabled, currentPath })).toBe(destination);
  });
});

describe('toasts (spec 8)', () => {
  it.each([
    ['/inbox', false, true],
    ['/create-account/confirmation', false, false],
    ['/create-account/confirmation', true, true],
  ])('notification toast on %s forced=%s shows=%s', (currentPath, isForced, expected) => {
    expect(shouldShowNotificationToast({ currentPath, isForced })).toBe(expected);
  });

  it.each([
    ['Your session is over', '/inbox', 'Your session is over'],
    [null, '/inbox', GENERIC_ERROR_MESSAGE],
    ['   ', '/inbox', GENERIC_ERROR_MESSAGE],
    [undefined, '/inbox', 'An error occurred, please try again.'],
    ['Nope', '/sign-in', null],
  ])('user message %j on %s shows %j', (userMessage, currentPath, expected) => {
    expect(errorToastMessage({ userMessage, currentPath })).toBe(expected);
  });
});

describe('notFoundOutcome (spec 8 HTTP 404)', () => {
  it.each([
    ['UNAUTHORIZED_CUSTOM', 'returnError'],
    ['Not Found', 'redirect404'],
    [null, 'redirect404'],
  ] as const)('message %j leads to %s', (message, outcome) => {
    expect(notFoundOutcome(message)).toBe(outcome);
  });

  it('has the auth-in-progress text', () => {
    expect(AUTH_IN_PROGRESS_MESSAGE).toBe('auth already in progress');
  });
});
