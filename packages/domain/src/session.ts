/**
 * Session rules of spec 4 (Session), spec 8 (401/403 refresh, sign-out) and spec 9 (timings).
 */

/** Access level codes carried in the session token payload (spec 4 Session). */
export const ACCESS_LEVEL_CODES = {
  superAdmin: 10001,
  clusterAdmin: 10002,
  adminOnClusterHub: 10003,
} as const;

/** One access level code. */
export type TAccessLevelCode = (typeof ACCESS_LEVEL_CODES)[keyof typeof ACCESS_LEVEL_CODES];

/** Interval of the session token check (spec 9 Session: every 60 s). */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;

/** The token is refreshed at this much time or less before expiry (spec 9 Session: 5 minutes). */
export const REFRESH_WINDOW_MS = 300_000;

/** Admin flags derived from the token payload. */
export interface TAdminFlags {
  isAdmin: boolean;
  isClusterAdmin: boolean;
  isAdminOnClusterHub: boolean;
  adminHubIds: number[];
}

/**
 * Maps the token's access level code to admin flags (spec 4 Session): 10001 admin (super admin),
 * 10002 cluster admin, 10003 admin on the cluster hub; for 10002 and 10003 the per-hub admin ids
 * come from adminHubIds. Any other code gives no admin flags and no admin hubs.
 */
export function adminFlagsFromAccessLevel(options: {
  accessLevelCode: number | null | undefined;
  adminHubIds?: readonly number[] | null;
}): TAdminFlags {
  const hubIds = [...(options.adminHubIds ?? [])];
  switch (options.accessLevelCode) {
    case ACCESS_LEVEL_CODES.superAdmin:
      return { isAdmin: true, isClusterAdmin: false, isAdminOnClusterHub: false, adminHubIds: [] };
    case ACCESS_LEVEL_CODES.clusterAdmin:
      return { isAdmin: false, isClusterAdmin: true, isAdminOnClusterHub: false, adminHubIds: hubIds };
    case ACCESS_LEVEL_CODES.adminOnClusterHub:
      return { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: true, adminHubIds: hubIds };
    default:
      return { isAdmin: false, isClusterAdmin: false, isAdminOnClusterHub: false, adminHubIds: [] };
  }
}

/** The access level code to put in a token for these roles, highest role first; null for none (spec 4 Session). */
export function accessLevelCodeFor(options: {
  isSuperAdmin: boolean;
  isClusterAdmin: boolean;
  isAdminOnClusterHub: boolean;
}): TAccessLevelCode | null {
  if (options.isSuperAdmin) return ACCESS_LEVEL_CODES.superAdmin;
  if (options.isClusterAdmin) return ACCESS_LEVEL_CODES.clusterAdmin;
  if (options.isAdminOnClusterHub) return ACCESS_LEVEL_CODES.adminOnClusterHub;
  return null;
}

/** A token is expired from its expiry instant on (spec 4 Session). */
export function isTokenExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** A refresh is due at 5 minutes or less to expiry while not yet expired (spec 4 Session). */
export function isRefreshDue(expiresAt: Date, now: Date): boolean {
  const remaining = expiresAt.getTime() - now.getTime();
  return remaining > 0 && remaining <= REFRESH_WINDOW_MS;
}

/** What the periodic token check does (spec 4 Session). */
export type TTokenCheckAction = 'signOut' | 'refresh' | 'none';

/** The periodic check: clear and sign out once expired, refresh inside the window, else nothing (spec 4 Session). */
export function tokenCheckAction(expiresAt: Date, now: Date): TTokenCheckAction {
  if (isTokenExpired(expiresAt, now)) return 'signOut';
  if (isRefreshDue(expiresAt, now)) return 'refresh';
  return 'none';
}

/** Error code answered for an expired token (spec 8). */
export const TOKEN_EXPIRED_CODE = 'token_expired';

/** Error code answered by refresh for an invalid token; it signs the user out (spec 8). */
export const TOKEN_INVALID_CODE = 'token_invalid';

/** Query parameters whose presence forbids a refresh after an error (spec 8). */
export const NO_REFRESH_QUERY_PARAMS = ['adminToken', 'magic_link'] as const;

function hasNoRefreshQueryParam(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://commons.invalid');
  } catch {
    return false;
  }
  return NO_REFRESH_QUERY_PARAMS.some((name) => parsed.searchParams.has(name));
}

/**
 * Whether an error answer may trigger a token refresh (spec 8): HTTP 401, or 403 with no error
 * code (no token) or 'token_expired'; and only when a refresh flag is stored and the page URL has
 * no adminToken or magic_link query parameter.
 */
export function mayRefreshAfterError(options: {
  status: number;
  errorCode?: string | null;
  hasRefreshFlag: boolean;
  url: string;
}): boolean {
  const { status, errorCode } = options;
  const isRefreshableError =
    status === 401 ||
    (status === 403 &&
      (errorCode === undefined ||
        errorCode === null ||
        errorCode === '' ||
        errorCode === TOKEN_EXPIRED_CODE));
  return isRefreshableError && options.hasRefreshFlag && !hasNoRefreshQueryParam(options.url);
}

/** A refresh answered 'token_invalid' signs the user out; any other failure fails the original request (spec 8). */
export function refreshFailureOutcome(errorCode: string | null | undefined): 'signOut' | 'failOriginal' {
  return errorCode === TOKEN_INVALID_CODE ? 'signOut' : 'failOriginal';
}

const SIGN_IN_PAGE = /^(?:\/hub\/[^/]+)?\/(?:sign-in|login|login-v2|auth\/sign-in)\/?$/;
const AUTH_PAGE =
  /^(?:\/hub\/[^/]+)?\/(?:sign-in|login|login-v2|auth\/sign-in|create-account|create-account\/confirmation|auth\/create-account)\/?$/;

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** True on a sign-in page (/sign-in, /login, /login-v2, /hub/{id}/auth/sign-in): the generic error toast is suppressed there (spec 8). */
export function isSignInPath(path: string): boolean {
  return SIGN_IN_PAGE.test(pathOnly(path));
}

/** True on a sign-in, create-account or confirmation page, where notification toasts are not shown unless forced (spec 8). */
export function isAuthPagePath(path: string): boolean {
  return AUTH_PAGE.test(pathOnly(path));
}

/**
 * Where sign-out (or an expired token) sends the user (spec 8 Sign-out): '/sign-in' when standard
 * signup is on, except that a user already on a sign-in or create-account page stays (null);
 * '/' when standard signup is off.
 */
export function signOutDestination(options: {
  isStandardSignupEnabled: boolean;
  currentPath: string;
}): string | null {
  if (!options.isStandardSignupEnabled) return '/';
  return isAuthPagePath(options.currentPath) ? null : '/sign-in';
}

/** Whether a notification toast is shown on this page (spec 8: not on sign-in, create-account or confirmation unless forced). */
export function shouldShowNotificationToast(options: { currentPath: string; isForced: boolean }): boolean {
  return options.isForced || !isAuthPagePath(options.currentPath);
}

/** Generic error toast text when the response carries no user_message (spec 8). */
export const GENERIC_ERROR_MESSAGE = 'An error occurred, please try again.';

/** The generic error toast text: user_message from the error, else the generic text; null on sign-in pages (spec 8). */
export function errorToastMessage(options: {
  userMessage?: string | null;
  currentPath: string;
}): string | null {
  if (isSignInPath(options.currentPath)) return null;
  const message = options.userMessage?.trim();
  return message !== undefined && message !== '' ? message : GENERIC_ERROR_MESSAGE;
}

/** Message of a 404 that is returned as an error instead of redirecting (spec 8). */
export const UNAUTHORIZED_CUSTOM_MESSAGE = 'UNAUTHORIZED_CUSTOM';

/** Error raised when a sign-in starts while another is running (spec 8 Auth). */
export const AUTH_IN_PROGRESS_MESSAGE = 'auth already in progress';

/** What the API client does with a 404: redirect to /404, unless the message is UNAUTHORIZED_CUSTOM (spec 8). */
export function notFoundOutcome(message: string | null | undefined): 'redirect404' | 'returnError' {
  return message === UNAUTHORIZED_CUSTOM_MESSAGE ? 'returnError' : 'redirect404';
}

/**
 * Messages the web app posts to the native app that hosts it (spec 7 'Native app bridge messages sent';
 * INTERPRETATION.md: to window.ReactNativeWebView when present). OAUTH_BUTTON_CLICK belongs to the
 * social sign-in flow.
 */
export const NATIVE_APP_MESSAGES = {
  loggedOut: 'LoggedOut',
  requestPermissions: 'REQUEST_PERMISSIONS',
  oauthButtonClick: 'OAUTH_BUTTON_CLICK',
} as const;

/** The message the native app sends back with its device push token (Commons' side of the bridge). */
export const NATIVE_APP_PUSH_TOKEN_MESSAGE = 'PUSH_TOKEN';

/** The native app's answers to OAUTH_BUTTON_CLICK (spec 7): the round trip it ran came back, or did not. */
export const NATIVE_APP_OAUTH_ANSWERS = {
  success: 'REACT_NATIVE_OAUTH_SUCCESS',
  failure: 'REACT_NATIVE_OAUTH_FAILURE',
} as const;

/** Shown when sign-out in the native app could not delete the device's push token (spec 8). */
export const PUSH_TOKEN_DELETE_ERROR_MESSAGE = 'Error while deleting Mobile pushtoken.';
