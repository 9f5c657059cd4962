import { PROFILE_FIELD_LIMITS } from '@commons/domain';
import { z } from 'zod';
import { ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZProfileFieldType } from './profile-fields.js';

/**
 * The custom profile fields editor (issue #22 item 1, standard-fields and custom fields): hub admins with the
 * 'standard-fields' right define the fields members fill in on their profile (spec 3 additionalInfo), in order,
 * for some or all user types, and archive them (answers are kept).
 */

/** A field as the editor shows it. */
export const ZAdminProfileField = z.object({
  id: ZUuid,
  label: z.string(),
  slug: z.string(),
  description: z.string(),
  type: ZProfileFieldType,
  options: z.array(z.string()),
  isRequired: z.boolean(),
  /** The user types asked; empty for every type. */
  userTypeIds: z.array(ZUuid),
  order: z.number().int(),
  isArchived: z.boolean(),
  /** How many members answered it. */
  answerCount: z.number().int().min(0),
  updatedAt: z.string(),
});
export type TAdminProfileField = z.infer<typeof ZAdminProfileField>;

export const ZAdminProfileFieldsResponse = z.object({
  items: z.array(ZAdminProfileField),
  /** The hub's user types, to choose who is asked. */
  userTypes: z.array(z.object({ id: ZUuid, title: z.string() })),
});
export type TAdminProfileFieldsResponse = z.infer<typeof ZAdminProfileFieldsResponse>;

const ZFieldBody = z.object({
  label: z.string().trim().min(1, 'Give the field a label.').max(PROFILE_FIELD_LIMITS.labelMax),
  description: z.string().trim().max(PROFILE_FIELD_LIMITS.descriptionMax),
  type: ZProfileFieldType,
  options: z.array(z.string().max(PROFILE_FIELD_LIMITS.optionMax)).max(PROFILE_FIELD_LIMITS.optionsMax),
  isRequired: z.boolean(),
  userTypeIds: z.array(ZUuid).max(100),
  isArchived: z.boolean(),
});

/** A new field; its slug is made from the label unless given. */
export const ZCreateProfileFieldRequest = ZFieldBody.partial({
  description: true,
  options: true,
  isRequired: true,
  userTypeIds: true,
  isArchived: true,
}).extend({ slug: z.string().trim().max(PROFILE_FIELD_LIMITS.slugMax).optional() });
export type TCreateProfileFieldRequest = z.input<typeof ZCreateProfileFieldRequest>;

/** Changes to a field (the slug stays: answers and exports are keyed by it). */
export const ZUpdateProfileFieldRequest = ZFieldBody.partial().refine(
  (body) => Object.keys(body).length > 0,
  {
    message: 'Nothing to change',
  },
);
export type TUpdateProfileFieldRequest = z.input<typeof ZUpdateProfileFieldRequest>;

/** The hub's fields in their new order: every id once. */
export const ZReorderProfileFieldsRequest = z.object({ ids: z.array(ZUuid).min(1).max(200) });

export const ZProfileFieldIdParams = z.object({ id: ZUuid });

/** The 409 of a slug another field of the hub has. */
export const PROFILE_FIELD_SLUG_TAKEN_MESSAGE = 'Another field of this hub already uses this slug.';

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

/** The custom profile fields editor's API (hub admins with 'standard-fields'). */
export const ADMIN_PROFILE_FIELDS_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/profile-fields',
    operationId: 'listAdminProfileFields',
    summary: 'The hub’s custom profile fields in order, archived ones too, with answer counts',
    response: ZAdminProfileFieldsResponse,
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/profile-fields',
    operationId: 'createProfileField',
    summary: 'Adds a custom profile field at the end of the hub’s list',
    body: ZCreateProfileFieldRequest,
    response: ZAdminProfileField,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  reorder: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/profile-fields/order',
    operationId: 'reorderProfileFields',
    summary: 'Puts the hub’s custom profile fields in the given order',
    body: ZReorderProfileFieldsRequest,
    response: ZAdminProfileFieldsResponse,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/profile-fields/:id',
    operationId: 'updateProfileField',
    summary: 'Changes a custom profile field, archives or restores it',
    params: ZProfileFieldIdParams,
    body: ZUpdateProfileFieldRequest,
    response: ZAdminProfileField,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/profile-fields/:id',
    operationId: 'deleteProfileField',
    summary: 'Deletes a custom profile field with every member’s answer to it',
    params: ZProfileFieldIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
} as const;
