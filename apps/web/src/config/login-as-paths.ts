/**
 * Paths of login as a member (issue #22 item 6): the route pattern of the site-admin screen, its builder, and the
 * query parameter of the admin token (spec 2 Query parameters adminToken).
 */
import { HUB_SEGMENT } from '@commons/contract';

/** The screen's route, relative to the hub's routes. */
export const LOGIN_AS_ADMIN_ROUTE = 'site-admin/login-as';

/** The query parameter carrying the one-time admin token (spec 2). */
export const ADMIN_TOKEN_PARAM = 'adminToken';

/** Builders of the login-as URLs. */
export const loginAsPaths = {
  /** Site administration's "Log in as a member" (right login-as-other-admins). */
  admin: (identifier: string) => `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${LOGIN_AS_ADMIN_ROUTE}`,
};
