import { z } from 'zod';
import { AUTH_PATHS, ZAuthResponse } from './auth.js';
import { ZId, ZIsoDateTime, ZPageQuery, ZUuid, zPage } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Login as a member (issue #22 item 6; spec 6 hub access group login-as-other-admins, spec 2 query parameter
 * adminToken, spec 3 Session token payload loginAsAdmin). An admin holding the right asks for a one-time admin
 * token for a member of the hub; the page opened with ?adminToken= exchanges it, in the admin's own browser,
 * for a short-lived session of the member whose token carries loginAsAdmin; 'Return to my account' ends it and
 * gives the admin their own session back. Start, return and every audited action in between are audited with
 * the admin as the actor, acting as the member.
 */

/** How long an admin token works before it is exchanged (it works once). */
export const LOGIN_AS_ADMIN_TOKEN_TTL_MINUTES = 2;
/** How long a login-as session lasts at most; it is never extended by refreshing. */
export const LOGIN_AS_SESSION_MINUTES = 30;
/** The httpOnly cookie that keeps the admin's own refresh token while they act as someone (path below). */
export const LOGIN_AS_RETURN_COOKIE = 'commons_login_as_return';
/** The banner's button (issue #22 item 6: exact label). */
export const RETURN_TO_MY_ACCOUNT_LABEL = 'Return to my account';

export const LOGIN_AS_PATHS = {
  start: '/api/admin/login-as',
  candidates: '/api/admin/login-as/candidates',
  exchange: '/api/auth/login-as',
  return: AUTH_PATHS.loginAsReturn,
} as const;

export const ZLoginAsRequest = z.object({ userId: ZUuid });
export type TLoginAsRequest = z.infer<typeof ZLoginAsRequest>;

export const ZLoginAsStartResponse = z.object({
  /** One-time, expires at expiresAt; put in the URL as ?adminToken= (spec 2) and exchanged on load. */
  adminToken: z.string(),
  expiresAt: ZIsoDateTime,
  /** Where the session starts: the hub's home, with the admin token. */
  url: z.string(),
});
export type TLoginAsStartResponse = z.infer<typeof ZLoginAsStartResponse>;

export const ZLoginAsExchangeRequest = z.object({ adminToken: z.string().min(16).max(200) });
export type TLoginAsExchangeRequest = z.infer<typeof ZLoginAsExchangeRequest>;

export const ZLoginAsCandidatesQuery = ZPageQuery.extend({
  /** Part of the name or email. */
  q: z.string().trim().max(100).optional(),
});
export type TLoginAsCandidatesQuery = z.input<typeof ZLoginAsCandidatesQuery>;

export const ZLoginAsCandidate = z.object({
  id: ZId,
  fullName: z.string(),
  email: z.string(),
  userType: z.string().nullable(),
});
export type TLoginAsCandidate = z.infer<typeof ZLoginAsCandidate>;
export const ZLoginAsCandidatesPage = zPage(ZLoginAsCandidate);
export type TLoginAsCandidatesPage = z.infer<typeof ZLoginAsCandidatesPage>;

export const LOGIN_AS_ENDPOINTS = {
  candidates: defineEndpoint({
    method: 'GET',
    path: LOGIN_AS_PATHS.candidates,
    operationId: 'listLoginAsCandidates',
    summary: 'Members of the hub the admin may log in as (login-as-other-admins), by name',
    tag: 'admin',
    query: ZLoginAsCandidatesQuery,
    response: ZLoginAsCandidatesPage,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  start: defineEndpoint({
    method: 'POST',
    path: LOGIN_AS_PATHS.start,
    operationId: 'startLoginAs',
    summary: 'Log in as a member of the hub: a one-time admin token for the ?adminToken= URL (audited)',
    tag: 'admin',
    body: ZLoginAsRequest,
    response: ZLoginAsStartResponse,
    status: 201,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  exchange: defineEndpoint({
    method: 'POST',
    path: LOGIN_AS_PATHS.exchange,
    operationId: 'exchangeLoginAsToken',
    summary: 'Exchange an admin token for the member’s short-lived session, keeping the admin’s own aside',
    tag: 'auth',
    body: ZLoginAsExchangeRequest,
    response: ZAuthResponse,
    errors: [400, 401, 403],
    auth: 'optional',
    hub: 'none',
  }),
  return: defineEndpoint({
    method: 'POST',
    path: LOGIN_AS_PATHS.return,
    operationId: 'returnFromLoginAs',
    summary: 'End the login-as session and return to the admin’s own account (audited)',
    tag: 'auth',
    response: ZAuthResponse,
    errors: [401, 403, 404],
    auth: 'optional',
    /** The hub the member was in, for the audit entry (x-hub-id, when sent). */
    hub: 'optional',
  }),
};
