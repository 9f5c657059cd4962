/**
 * The organisation admins' console (spec 6 Organisation admins; issue #22): its route pattern for the route table
 * and its builders, kept here (as admin-people-paths.ts does) so only the site-admin index and the console load it.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** The console's own sections; the others open the organisation's existing pages (organization-sections.ts). */
export const ORGANIZATION_CONSOLE_SECTIONS = ['members', 'analytics', 'import', 'branding'] as const;
export type TOrganizationConsoleSection = (typeof ORGANIZATION_CONSOLE_SECTIONS)[number];

/** Route pattern under the hub's routes. */
export const ORGANIZATION_ADMIN_ROUTE = 'site-admin/organizations/:organization/:section';

/** Builder of the console's URLs. */
export const organizationAdminPaths = {
  section: (hubIdentifier: string, organization: string, section: TOrganizationConsoleSection) =>
    `/${HUB_SEGMENT}/${encodeURIComponent(hubIdentifier)}/site-admin/organizations/${encodeURIComponent(organization)}/${section}`,
};
