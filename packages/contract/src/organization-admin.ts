import { z } from 'zod';
import { ZAnalyticsCsvQuery, ZAnalyticsQuery, ZAnalyticsResponse } from './admin-data.js';
import { ZHubAccessRight, ZHubMemberRow, ZMembersQuery } from './admin-people.js';
import { ZId } from './common.js';
import { ZBrandColor, ZBrandImageUrl } from './hub-admin-settings.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The organisation admins' console (spec 6 Organisation admins; issue #22 "organisation admins the limited list,
 * for their organisation"): an organisation's admins see their organisations and, for each, only the limited
 * rights of ORGANIZATION_ADMIN_ACCESS_RIGHTS, every list scoped to the organisation's members.
 */

/** An organisation the viewer administers in the hub, with the rights they hold in it. */
export const ZAdministeredOrganization = z.object({
  id: ZId,
  identifier: z.string(),
  name: z.string(),
  description: z.string(),
  coverImageUrl: z.string().nullable(),
  /** Approved members of the organisation. */
  memberCount: z.number().int().min(0),
  rights: z.array(ZHubAccessRight),
});
export type TAdministeredOrganization = z.infer<typeof ZAdministeredOrganization>;

export const ZAdministeredOrganizationsResponse = z.object({
  items: z.array(ZAdministeredOrganization),
});
export type TAdministeredOrganizationsResponse = z.infer<typeof ZAdministeredOrganizationsResponse>;

export const ZOrganizationParams = z.object({ identifier: z.string().trim().min(1).max(200) });

/** The explore-users filters, within the organisation's members. */
export const ZOrganizationMembersQuery = ZMembersQuery;
export type TOrganizationMembersQuery = z.input<typeof ZOrganizationMembersQuery>;
export const ZOrganizationMembersCsvQuery = ZMembersQuery.omit({ cursor: true, limit: true });
export type TOrganizationMembersCsvQuery = z.input<typeof ZOrganizationMembersCsvQuery>;

/** A member of the organisation: the hub list's row and whether they administer the organisation. */
export const ZOrganizationMemberRow = ZHubMemberRow.extend({
  organizationRole: z.enum(['admin', 'viewOnlyAdmin', 'member']),
});
export type TOrganizationMemberRow = z.infer<typeof ZOrganizationMemberRow>;

export const ZOrganizationMembersPage = z.object({
  items: z.array(ZOrganizationMemberRow),
  nextCursor: z.string().nullable(),
  /** The hub's user types, for the filter. */
  userTypes: z.array(z.object({ id: ZId, title: z.string(), isDisabled: z.boolean() })),
});
export type TOrganizationMembersPage = z.infer<typeof ZOrganizationMembersPage>;

/**
 * An organisation's brand (branding-settings, limited to the organisation): the colour is refused below 4.5:1
 * against white with its ratio in the message, the logo is an image uploaded to the hub of at most 120 kB, as the
 * hub's own brand; null clears a field.
 */
export const ZUpdateOrganizationBrandingRequest = z.object({
  brandColor: ZBrandColor.nullable(),
  logoUrl: ZBrandImageUrl.nullable(),
});
export type TUpdateOrganizationBrandingRequest = z.infer<typeof ZUpdateOrganizationBrandingRequest>;
export const ZOrganizationBrandingResponse = z.object({
  branding: z.object({ brandColor: z.string().nullable(), logoUrl: z.string().nullable() }),
});
export type TOrganizationBrandingResponse = z.infer<typeof ZOrganizationBrandingResponse>;

/** The hub's analytics filters without the program one: the organisation is the population. */
export const ZOrganizationAnalyticsQuery = ZAnalyticsQuery.omit({ program: true });
export type TOrganizationAnalyticsQuery = z.input<typeof ZOrganizationAnalyticsQuery>;
export const ZOrganizationAnalyticsCsvQuery = ZAnalyticsCsvQuery.omit({ program: true });
export type TOrganizationAnalyticsCsvQuery = z.input<typeof ZOrganizationAnalyticsCsvQuery>;
export const ZOrganizationAnalyticsResponse = ZAnalyticsResponse.omit({ programs: true });
export type TOrganizationAnalyticsResponse = z.infer<typeof ZOrganizationAnalyticsResponse>;

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;
const ORG_ERRORS = [400, 401, 403, 404] as const;

export const ORGANIZATION_ADMIN_ENDPOINTS = {
  mine: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations',
    operationId: 'listAdministeredOrganizations',
    summary: 'The organisations of the hub the viewer administers, with the limited rights they hold in each',
    response: ZAdministeredOrganizationsResponse,
    errors: [401, 404],
  }),
  members: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/members',
    operationId: 'exploreOrganizationMembers',
    summary:
      'explore-users in one organisation: its approved members by name or email, user type and joined days',
    params: ZOrganizationParams,
    query: ZOrganizationMembersQuery,
    response: ZOrganizationMembersPage,
    errors: [...ORG_ERRORS],
  }),
  membersCsv: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/members.csv',
    operationId: 'exportOrganizationMembers',
    summary: 'explore-users in one organisation: the same filtered members as CSV',
    params: ZOrganizationParams,
    query: ZOrganizationMembersCsvQuery,
    response: null,
    produces: ['text/csv'],
    errors: [...ORG_ERRORS],
  }),
  analytics: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/analytics',
    operationId: 'getOrganizationAnalytics',
    summary: 'reports or analytics in one organisation: engagement of its members by week or month',
    params: ZOrganizationParams,
    query: ZOrganizationAnalyticsQuery,
    response: ZOrganizationAnalyticsResponse,
    errors: [...ORG_ERRORS],
  }),
  analyticsCsv: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/analytics.csv',
    operationId: 'exportOrganizationAnalytics',
    summary: 'The organisation’s engagement counts as CSV: one measure, or every measure as a column',
    params: ZOrganizationParams,
    query: ZOrganizationAnalyticsCsvQuery,
    response: null,
    produces: ['text/csv'],
    errors: [...ORG_ERRORS],
  }),
  branding: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/organizations/:identifier/branding',
    operationId: 'getOrganizationBranding',
    summary: 'branding-settings in one organisation: its colour and logo',
    params: ZOrganizationParams,
    response: ZOrganizationBrandingResponse,
    errors: [...ORG_ERRORS],
  }),
  updateBranding: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/organizations/:identifier/branding',
    operationId: 'updateOrganizationBranding',
    summary: 'branding-settings in one organisation: save its colour and logo',
    description:
      'The colour must be opaque with a contrast ratio of at least 4.5:1 against white (the ratio is in the ' +
      'message); the logo is an image uploaded to this hub of at most 120 kB. Audited before/after.',
    params: ZOrganizationParams,
    body: ZUpdateOrganizationBrandingRequest,
    response: ZOrganizationBrandingResponse,
    errors: [...ORG_ERRORS],
  }),
};
