/**
 * The admin people screens' routes (issue #22 items 1 and 6): their patterns for the route table and their
 * builders, kept here so the shared paths file stays as it is and only the site-admin index and the pages load it.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route patterns under the hub's routes. */
export const ADMIN_PEOPLE_ROUTES = {
  /** The hub's admins and their access rights (right manage-admins). */
  manageAdmins: 'site-admin/manage-admins',
  /** The admin list of the hub's members (right explore-users). */
  exploreUsers: 'site-admin/explore-users',
} as const;

const hubChild = (identifier: string, child: string) =>
  `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${child}`;

/** Builders of the admin people screens' URLs. */
export const adminPeoplePaths = {
  manageAdmins: (identifier: string) => hubChild(identifier, ADMIN_PEOPLE_ROUTES.manageAdmins),
  exploreUsers: (identifier: string) => hubChild(identifier, ADMIN_PEOPLE_ROUTES.exploreUsers),
};
