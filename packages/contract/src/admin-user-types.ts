import {
  MESSAGE_TYPES,
  PROFILE_SECTIONS,
  ZMessageTypeSettings,
  ZUserTypeMessageTypeSetting,
  type TMessageType,
} from '@commons/domain';
import { z } from 'zod';
import { ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZModuleId } from './hub.js';
import { ZStandardUserType } from './hub-public.js';

/**
 * The user types editor (issue #22 item 1): every field of spec 3 User type and, per user type, every setting
 * of spec 3 Message types. Hub admins with the 'standard-fields' right (see the server's admin-user-types
 * policy for why that right) list, create, edit, reorder and disable the hub's user types; a type that has
 * members is never deleted.
 */

/** Longest user type title or plural title. */
export const USER_TYPE_TITLE_MAX = 60;

/** Why a user type with members is kept (the 409 of a delete and the editor's explanation). */
export const USER_TYPE_HAS_MEMBERS_MESSAGE =
  'This user type has members, so it cannot be deleted. Disable it instead: members keep it, and nobody new can choose it.';

/** The refusal to delete a user type members hold, naming how many (issue #22 item 1). */
export function userTypeHasMembersMessage(count: number): string {
  const members = count === 1 ? '1 member has' : `${count} members have`;
  return `${members} this user type, so it cannot be deleted. Disable it instead: members keep it, and nobody new can choose it.`;
}

const ZTitle = z
  .string()
  .trim()
  .min(1, 'Enter a title.')
  .max(USER_TYPE_TITLE_MAX, `Use at most ${USER_TYPE_TITLE_MAX} characters.`);

/** Every message type's settings for one user type (spec 3 Message types). */
export const ZUserTypeMessageTypeSettings = z.object(
  Object.fromEntries(MESSAGE_TYPES.map((type) => [type, ZUserTypeMessageTypeSetting])) as Record<
    TMessageType,
    typeof ZUserTypeMessageTypeSetting
  >,
);
export type TUserTypeMessageTypeSettings = z.infer<typeof ZUserTypeMessageTypeSettings>;

/** The fields of spec 3 User type an admin edits (order is set by the reorder call). */
export const ZUserTypeFields = z.object({
  title: ZTitle,
  pluralTitle: ZTitle,
  standardUserType: ZStandardUserType,
  isDisabled: z.boolean(),
  /** Tabs members of this type see; empty shows every tab the hub has on. */
  activeModules: z.array(ZModuleId).max(50),
  canOfferHelp: z.boolean(),
  canOfferAMA: z.boolean(),
  canPostJob: z.boolean(),
  canApplyProject: z.boolean(),
  canGetMessage: z.boolean(),
  canCreateResource: z.boolean(),
  meetingsDisabled: z.boolean(),
  givingForm: z.boolean(),
  corporateHomepageEnabled: z.boolean(),
  homepageV3Enabled: z.boolean(),
  newHomepageEnabled: z.boolean(),
  showFirstTimeMatchingExperience: z.boolean(),
  hideProfileSections: z.array(z.enum(PROFILE_SECTIONS)).max(50),
});
export type TUserTypeFields = z.infer<typeof ZUserTypeFields>;

/** A user type as the editor shows it. */
export const ZAdminUserType = ZUserTypeFields.extend({
  id: ZUuid,
  order: z.number().int(),
  /** Members of the hub with this type (a type with members cannot be deleted). */
  memberCount: z.number().int().min(0),
  messageTypeSettings: ZUserTypeMessageTypeSettings,
  can: z.object({ delete: z.boolean() }),
});
export type TAdminUserType = z.infer<typeof ZAdminUserType>;

export const ZAdminUserTypesResponse = z.object({
  items: z.array(ZAdminUserType),
  /**
   * The hub's own message type settings (hub settings over the spec 9 defaults): what a type never edited here
   * follows; a type off in the hub is off for every user type.
   */
  hubMessageTypes: z.object(
    Object.fromEntries(MESSAGE_TYPES.map((type) => [type, ZMessageTypeSettings])) as Record<
      TMessageType,
      typeof ZMessageTypeSettings
    >,
  ),
});
export type TAdminUserTypesResponse = z.infer<typeof ZAdminUserTypesResponse>;

/**
 * Message types to set on a user type, each given whole; a type left out keeps what it has (a type never set
 * follows the hub's message settings).
 */
export const ZUserTypeMessageTypeChanges = z.partialRecord(
  z.enum(MESSAGE_TYPES),
  ZUserTypeMessageTypeSetting,
);

/** A new user type: its titles and standard type; everything else starts from the defaults. */
export const ZCreateUserTypeRequest = ZUserTypeFields.partial().extend({
  title: ZTitle,
  pluralTitle: ZTitle,
  standardUserType: ZStandardUserType,
  messageTypeSettings: ZUserTypeMessageTypeChanges.optional(),
});
export type TCreateUserTypeRequest = z.input<typeof ZCreateUserTypeRequest>;

/** Changes to a user type; message types given are replaced whole, the others kept. */
export const ZUpdateUserTypeRequest = ZUserTypeFields.partial().extend({
  messageTypeSettings: ZUserTypeMessageTypeChanges.optional(),
});
export type TUpdateUserTypeRequest = z.input<typeof ZUpdateUserTypeRequest>;

/** The hub's user types in their new order: every id once. */
export const ZReorderUserTypesRequest = z.object({ ids: z.array(ZUuid).min(1).max(200) });
export type TReorderUserTypesRequest = z.infer<typeof ZReorderUserTypesRequest>;

export const ZUserTypeIdParams = z.object({ id: ZUuid });

const ADMIN = { auth: 'required', hub: 'required', tag: 'admin' } as const;

/** The user types editor's API (hub admins with 'standard-fields'). */
export const ADMIN_USER_TYPES_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/user-types',
    operationId: 'listAdminUserTypes',
    summary: 'The hub’s user types in order, every field and message type setting, with member counts',
    response: ZAdminUserTypesResponse,
    errors: [401, 403, 404],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/user-types',
    operationId: 'createUserType',
    summary: 'Adds a user type at the end of the hub’s list',
    body: ZCreateUserTypeRequest,
    response: ZAdminUserType,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  reorder: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/user-types/order',
    operationId: 'reorderUserTypes',
    summary: 'Puts the hub’s user types in the given order',
    body: ZReorderUserTypesRequest,
    response: ZAdminUserTypesResponse,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/user-types/:id',
    operationId: 'updateUserType',
    summary: 'Changes a user type’s fields and message type settings, or disables it',
    params: ZUserTypeIdParams,
    body: ZUpdateUserTypeRequest,
    response: ZAdminUserType,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/user-types/:id',
    operationId: 'deleteUserType',
    summary: 'Deletes a user type nobody has (409 when it has members: disable it instead)',
    params: ZUserTypeIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
} as const;
