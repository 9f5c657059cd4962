import { z } from 'zod';
import { singleLineText, ZId, ZIsoDateTime, ZPageQuery, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZDataRegion, ZStandardUserType } from './hub-public.js';

export const AUTH_PATHS = {
  signUp: '/api/auth/sign-up',
  signUpConfirm: '/api/auth/sign-up/confirm',
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  me: '/api/auth/me',
  refreshTimer: '/api/auth/refresh-token',
  refreshAfterError: '/api/auth/token/refresh',
  magicLink: '/api/auth/magic-link',
  magicLinkVerify: '/api/auth/magic-link/verify',
  passwordCheck: '/api/auth/password-check',
  passwordReset: '/api/auth/password-reset',
  passwordResetCheck: '/api/auth/password-reset/check',
  passwordResetComplete: '/api/auth/password-reset/complete',
  devOutbox: '/api/dev/outbox',
  /** Ends a login-as session (issue #22 item 6): here so the session code reaches it without the login-as schemas. */
  loginAsReturn: '/api/auth/login-as/return',
} as const;

/** Name of the httpOnly refresh cookie (path /api/auth). */
export const REFRESH_COOKIE = 'commons_refresh';

/**
 * The cookies a page request carries so the server can render it as the browser would (docs/adr/0007): the
 * session it belongs to (httpOnly, set by the server, read only by page rendering, never by the API), the hub the
 * browser acts on and whether its window is at least 62em wide ('1' or '0'; both set by the web app).
 */
export const PAGE_COOKIES = {
  session: 'commons_page_session',
  currentHub: 'commons_hub',
  wideViewport: 'commons_wide',
} as const;

const ZEmail = z.string().trim().toLowerCase().email().max(254);

export const ZSignUpRequest = z.object({
  hubIdentifier: z.string().min(1).max(100),
  userTypeId: ZUuid.optional(),
  firstName: singleLineText().min(1).max(100),
  lastName: singleLineText().min(1).max(100),
  email: ZEmail,
  password: z.string().min(1).max(200),
  /** Where to go once signup is done (spec 2 postSignupRedirect); carried in the confirmation link. */
  postSignupRedirect: z.string().max(500).optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;
/**
 * Sign-up answers the same whether or not the email has an account (issue #13 item 10): a link to
 * confirm the address (and create the account) or, for an existing account, a note to its owner.
 */
export const ZSignUpResponse = z.object({ isSent: z.literal(true), email: z.string() });
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;
export const ZSignUpConfirmRequest = z.object({
  token: z.string().min(16).max(200),
  /** The confirming browser's IANA zone: the new account's time zone when the server knows it. */
  timezone: z.string().max(64).optional(),
});
export type TSignUpConfirmRequest = z.infer<typeof ZSignUpConfirmRequest>;
/** How long a sign-up confirmation link works. */
export const SIGN_UP_LINK_TTL_HOURS = 24;

/** loginMethod stays loose here so the spec 5 rule answers 'Invalid Login Method' itself. */
export const ZSignInRequest = z.object({
  loginMethod: z.unknown().optional(),
  email: ZEmail,
  password: z.string().min(1).max(200),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZHubMembershipSummary = z.object({
  hub: z.object({ id: ZId, identifier: z.string(), name: z.string(), region: ZDataRegion }),
  userType: z
    .object({
      id: ZId,
      title: z.string(),
      standardUserType: ZStandardUserType,
      /** The type shows the first-time matching experience (spec 4 first-time-user redirect). */
      showFirstTimeMatchingExperience: z.boolean(),
    })
    .nullable(),
  isDefault: z.boolean(),
  accessRights: z.array(z.string()),
  approved: z.boolean().nullable(),
  parentApproved: z.boolean().nullable(),
  importStatus: z.enum(['joined', 'imported']),
  signupStage: z.string().nullable(),
  isAdmin: z.boolean(),
  /** An acting admin of one of the hub's organisations, with the organizations module on (spec 6). */
  administersOrganization: z.boolean(),
  isVisible: z.boolean(),
  maxConnect: z.number().int().nullable(),
  maxMentorship: z.number().int().nullable(),
  totalRequestedMentorship: z.number().int(),
  helpOffer: z.array(z.string()),
  elAccessType: z.string().nullable(),
});
export type THubMembershipSummary = z.infer<typeof ZHubMembershipSummary>;

/** The signed-in user as the session sees it (GET /api/auth/me). */
export const ZSessionUser = z.object({
  id: ZId,
  clusterId: ZId,
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  photoUrl: z.string().nullable(),
  timezone: z.string(),
  isAdmin: z.boolean(),
  isClusterAdmin: z.boolean(),
  isAdminOnClusterHub: z.boolean(),
  adminHubIds: z.array(ZId),
  pendingActions: z.array(z.string()),
  requiredActions: z.array(z.string()),
  startedSignupAt: ZIsoDateTime.nullable(),
  completedSignupAt: ZIsoDateTime.nullable(),
  dateJoined: ZIsoDateTime.nullable(),
  hubs: z.array(ZHubMembershipSummary),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZAuthResponse = z.object({ token: z.string(), user: ZSessionUser });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;
export const ZMeResponse = z.object({ user: ZSessionUser });
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** spec 7: both refresh calls answer `{ error, message, token }`. */
export const ZRefreshResponse = z.object({
  error: z.boolean(),
  message: z.string(),
  token: z.string().nullable(),
});
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;

/** spec 3 Session token payload plus the subject and session it belongs to. */
export const ZAccessTokenPayload = z.object({
  sub: z.string(),
  cid: z.string(),
  sid: z.string(),
  expiresAt: z.number().int(),
  accessLevelCode: z.number().int().nullable(),
  adminHubIds: z.array(z.string()),
  loginAsAdmin: z.boolean(),
  /**
   * While loginAsAdmin: the admin really acting (RFC 8693 actor claim), whom the audit log names as the actor
   * acting as `sub` (issue #22 items 6-7).
   */
  act: z.object({ sub: z.string() }).optional(),
});
export type TAccessTokenPayload = z.infer<typeof ZAccessTokenPayload>;

export const ZMagicLinkRequest = z.object({ email: ZEmail, hubIdentifier: z.string().max(100).optional() });
export const ZMagicLinkResponse = z.object({ isSent: z.boolean() });
export const ZMagicLinkVerifyRequest = z.object({ token: z.string().min(16).max(200) });

/** How long a password reset link works (issue #16 item 13); it works once. */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 60;

/** Forgot password: the hub, when asked from a hub's sign-in page, makes the mailed link open that hub's page. */
export const ZPasswordResetRequest = z.object({
  email: ZEmail,
  hubIdentifier: z.string().max(100).optional(),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;
/** The same answer whether or not the email has an account. */
export const ZPasswordResetRequestResponse = z.object({ isSent: z.literal(true) });
const ZPasswordResetToken = z.string().min(16).max(200);
export const ZPasswordResetCheckRequest = z.object({ token: ZPasswordResetToken });
/** The account a usable link resets: the page names it (and password managers file the new password under it). */
export const ZPasswordResetAccount = z.object({ email: z.string() });
export type TPasswordResetAccount = z.infer<typeof ZPasswordResetAccount>;
export const ZPasswordResetCompleteRequest = z.object({
  token: ZPasswordResetToken,
  password: z.string().min(1).max(200),
});
export type TPasswordResetCompleteRequest = z.infer<typeof ZPasswordResetCompleteRequest>;

export const ZPasswordCheckRequest = z.object({ password: z.string().max(200) });
export const ZPasswordRuleResult = z.object({
  id: z.string(),
  label: z.string(),
  isMet: z.boolean(),
});
export const ZPasswordCheckResponse = z.object({ isValid: z.boolean(), rules: z.array(ZPasswordRuleResult) });
export type TPasswordCheckResponse = z.infer<typeof ZPasswordCheckResponse>;

export const ZOutboxItem = z.object({
  id: ZId,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: ZIsoDateTime,
  sentAt: ZIsoDateTime.nullable(),
});
export const ZOutboxResponse = z.object({ items: z.array(ZOutboxItem), nextCursor: z.string().nullable() });

export const ZOkResponse = z.object({ ok: z.literal(true) });

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unavailable']),
});

export const ZLivenessResponse = z.object({ status: z.literal('ok') });
export const ZReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unavailable']),
  /** `pending`: the database lacks migrations this version ships (run the new version's migrations first). */
  migrations: z.enum(['applied', 'pending', 'unknown']),
  isShuttingDown: z.boolean(),
});

/** Statuses of the session endpoints: invalid input, bad credentials, refusals, conflicts, rate limits. */
const SESSION_ERRORS = [400, 401, 403, 404, 409, 429] as const;

/**
 * Auth API of issue #2, served by route(). The two refresh endpoints still register by hand in
 * auth.routes.ts: they answer 401 with their own body (ZRefreshResponse), not the one error body.
 */
export const AUTH_ENDPOINTS = {
  /** The hub is named in the body (hubIdentifier), hence hub 'path': no x-hub-id header. */
  signUp: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.signUp,
    operationId: 'signUp',
    summary:
      'Sign up into a hub: mails a link that confirms the email and creates the account (or a note to an existing account’s owner)',
    tag: 'auth',
    body: ZSignUpRequest,
    response: ZSignUpResponse,
    status: 202,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'path',
  }),
  signUpConfirm: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.signUpConfirm,
    operationId: 'confirmSignUp',
    summary: 'Confirm the email of a sign-up: creates the account and starts the session',
    tag: 'auth',
    body: ZSignUpConfirmRequest,
    response: ZAuthResponse,
    status: 201,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.signIn,
    operationId: 'signIn',
    summary: 'Sign in with email and password',
    tag: 'auth',
    body: ZSignInRequest,
    response: ZAuthResponse,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  magicLink: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.magicLink,
    operationId: 'requestMagicLink',
    summary: 'Email a one-time sign-in link (15 minutes)',
    tag: 'auth',
    body: ZMagicLinkRequest,
    response: ZMagicLinkResponse,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  magicLinkVerify: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.magicLinkVerify,
    operationId: 'verifyMagicLink',
    summary: 'Sign in with a magic link token',
    tag: 'auth',
    body: ZMagicLinkVerifyRequest,
    response: ZAuthResponse,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordReset,
    operationId: 'requestPasswordReset',
    summary: 'Forgot password: email a one-time link to choose a new password (same answer for any email)',
    tag: 'auth',
    body: ZPasswordResetRequest,
    response: ZPasswordResetRequestResponse,
    status: 202,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  passwordResetCheck: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordResetCheck,
    operationId: 'checkPasswordResetLink',
    summary: 'Whether a password reset link still works, and the account it resets',
    tag: 'auth',
    body: ZPasswordResetCheckRequest,
    response: ZPasswordResetAccount,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  passwordResetComplete: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordResetComplete,
    operationId: 'completePasswordReset',
    summary: 'Set a new password with a reset link; every session of the account ends',
    tag: 'auth',
    body: ZPasswordResetCompleteRequest,
    response: ZPasswordResetAccount,
    errors: SESSION_ERRORS,
    auth: 'public',
    hub: 'none',
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.signOut,
    operationId: 'signOut',
    summary: 'End this session on every device it was refreshed on',
    tag: 'auth',
    response: ZOkResponse,
    errors: [403],
    auth: 'optional',
    hub: 'none',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: AUTH_PATHS.me,
    operationId: 'getMe',
    summary: 'The signed-in user with hub memberships, user types and rights',
    tag: 'auth',
    response: ZMeResponse,
    errors: [401],
    auth: 'required',
    hub: 'none',
  }),
  passwordCheck: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordCheck,
    operationId: 'checkPassword',
    summary: 'Each password sub-rule with pass or fail (spec 5)',
    tag: 'auth',
    body: ZPasswordCheckRequest,
    response: ZPasswordCheckResponse,
    errors: [400],
    auth: 'public',
    hub: 'none',
  }),
  devOutbox: defineEndpoint({
    method: 'GET',
    path: AUTH_PATHS.devOutbox,
    operationId: 'listDevOutbox',
    summary: 'Mail kept in the outbox when no SMTP_URL is set (super admins)',
    tag: 'dev',
    query: ZPageQuery,
    response: ZOutboxResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
};

/** Health probes (issue #14): a process that is alive may still not be ready to serve. */
export const HEALTH_ENDPOINTS = {
  /** 200 when the database answers, 503 when it does not (kept for existing checks). */
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Liveness and database reachability',
    tag: 'health',
    response: ZHealthResponse,
    unavailableResponse: ZHealthResponse,
    errors: [],
    auth: 'public',
    hub: 'none',
  }),
  /** 200 while the process answers HTTP at all; touches nothing else (restart it when this fails). */
  live: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    operationId: 'getLiveness',
    summary: 'Liveness: the process answers HTTP',
    tag: 'health',
    response: ZLivenessResponse,
    errors: [],
    auth: 'public',
    hub: 'none',
  }),
  /** 200 when the database answers, every migration is applied and the process is not shutting down. */
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    operationId: 'getReadiness',
    summary: 'Readiness: database answers, migrations applied, not shutting down',
    tag: 'health',
    response: ZReadinessResponse,
    unavailableResponse: ZReadinessResponse,
    errors: [],
    auth: 'public',
    hub: 'none',
  }),
};
/** The probe paths, for load balancers, process managers and tests. */
export const HEALTH_PATH = HEALTH_ENDPOINTS.health.path;
export const HEALTH_PATHS = { live: HEALTH_ENDPOINTS.live.path, ready: HEALTH_ENDPOINTS.ready.path } as const;
