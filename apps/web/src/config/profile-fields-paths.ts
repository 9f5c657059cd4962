/**
 * The custom profile fields editors' routes (issue #22 item 1; spec 6 Organisation admins: custom-fields): their
 * patterns for the route table and their builders, kept here so the shared paths file stays as it is and only the
 * site-admin index, the organisation console's sections and the editors load them.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route pattern under the hub's routes. */
export const PROFILE_FIELDS_ADMIN_ROUTE = 'site-admin/profile-fields';

/** An organisation's own fields, beside its console's sections (site-admin/organizations/:organization/…). */
export const ORGANIZATION_PROFILE_FIELDS_ROUTE = 'site-admin/organizations/:organization/custom-fields';

/** Builders of the custom profile fields editors' URLs. */
export const profileFieldsPaths = {
  admin: (identifier: string) =>
    `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${PROFILE_FIELDS_ADMIN_ROUTE}`,
  organization: (identifier: string, organization: string) =>
    `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/site-admin/organizations/${encodeURIComponent(organization)}/custom-fields`,
};
