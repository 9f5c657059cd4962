import { z } from 'zod';
import {
  ZAdminProfileField,
  ZAdminProfileFieldsResponse,
  ZCreateProfileFieldRequest,
  ZReorderProfileFieldsRequest,
  ZUpdateProfileFieldRequest,
} from './admin-profile-fields.js';
import { ZId, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZOrganizationParams } from './organization-admin.js';

/**
 * An organisation's own custom profile fields (spec 6 Organisation admins: custom-fields; issue #22): the same
 * field definitions as the hub's (admin-profile-fields.ts), asked only of the organisation's approved members and
 * managed in the organisation's console by its admins holding custom-fields (and the hub's admins holding it).
 * Slugs stay unique in the hub. They do not count toward profile completeness or signup's required fields.
 */

/** The organisation the fields belong to, for the editor's heading. */
export const ZProfileFieldsOrganization = z.object({ id: ZId, identifier: z.string(), name: z.string() });

/** The organisation's fields in order, archived ones too, with the hub's user types to choose who is asked. */
export const ZOrganizationProfileFieldsResponse = ZAdminProfileFieldsResponse.extend({
  organization: ZProfileFieldsOrganization,
});
export type TOrganizationProfileFieldsResponse = z.infer<typeof ZOrganizationProfileFieldsResponse>;

export const ZOrganizationProfileFieldParams = ZOrganizationParams.extend({ id: ZUuid });

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;
const BASE = '/api/admin/organizations/:identifier/profile-fields';

/** The organisation console's custom fields editor (right custom-fields in that organisation). */
export const ORGANIZATION_PROFILE_FIELDS_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: BASE,
    operationId: 'listOrganizationProfileFields',
    summary:
      'custom-fields in one organisation: its profile fields in order, archived ones too, with answer counts',
    params: ZOrganizationParams,
    response: ZOrganizationProfileFieldsResponse,
    errors: [400, 401, 403, 404],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: BASE,
    operationId: 'createOrganizationProfileField',
    summary: 'custom-fields in one organisation: adds a field asked of its members, at the end of its list',
    params: ZOrganizationParams,
    body: ZCreateProfileFieldRequest,
    response: ZAdminProfileField,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  reorder: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: `${BASE}/order`,
    operationId: 'reorderOrganizationProfileFields',
    summary: 'custom-fields in one organisation: puts its fields in the given order (every id once)',
    params: ZOrganizationParams,
    body: ZReorderProfileFieldsRequest,
    response: ZOrganizationProfileFieldsResponse,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: `${BASE}/:id`,
    operationId: 'updateOrganizationProfileField',
    summary: 'custom-fields in one organisation: changes a field, archives or restores it',
    params: ZOrganizationProfileFieldParams,
    body: ZUpdateProfileFieldRequest,
    response: ZAdminProfileField,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'deleteOrganizationProfileField',
    summary: 'custom-fields in one organisation: deletes a field with every member’s answer to it (audited)',
    params: ZOrganizationProfileFieldParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
} as const;
