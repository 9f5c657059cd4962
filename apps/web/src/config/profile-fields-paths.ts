/**
 * The custom profile fields editor's route (issue #22 item 1): its pattern for the route table and its builder,
 * kept here so the shared paths file stays as it is and only the site-admin index and the editor load it.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route pattern under the hub's routes. */
export const PROFILE_FIELDS_ADMIN_ROUTE = 'site-admin/profile-fields';

/** Builders of the custom profile fields editor's URL. */
export const profileFieldsPaths = {
  admin: (identifier: string) =>
    `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${PROFILE_FIELDS_ADMIN_ROUTE}`,
};
