/**
 * The user types editor's route (issue #22 item 1): its pattern for the route table and its builder, kept here so
 * the shared paths file stays as it is and only the site-admin index and the editor load it.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route pattern under the hub's routes. */
export const USER_TYPES_ADMIN_ROUTE = 'site-admin/user-types';

/** Builders of the user types editor's URL. */
export const userTypesPaths = {
  admin: (identifier: string) =>
    `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${USER_TYPES_ADMIN_ROUTE}`,
};
