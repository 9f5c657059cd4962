import { z } from 'zod';
import { ZIsoDateTime, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * SCIM 2.0 provisioning (issue #24 item 6; RFC 7643 and RFC 7644; spec 6 cluster-level group sso-settings). An
 * identity provider creates, updates and deactivates the cluster's users and pushes groups through
 * /scim/v2 with a bearer token of the cluster; cluster admins create and revoke those tokens and map a pushed
 * group to a hub's user type in sso-settings.
 */

export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** Where the protocol lives on every host of the deployment (the Host names the cluster). */
export const SCIM_BASE_PATH = '/scim/v2';

export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 3.12 scimType values this server answers. */
export type TScimErrorType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'uniqueness'
  | 'noTarget'
  | 'tooMany';

/** RFC 7644 3.12: the body of every SCIM error. */
export type TScimError = {
  schemas: [typeof SCIM_SCHEMA.error];
  status: string;
  scimType?: TScimErrorType;
  detail: string;
};

/**
 * A SCIM boolean. Some providers (Microsoft Entra ID) send "True"/"False" strings in PATCH values, so the
 * strings are read as booleans too.
 */
export const ZScimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false']))
    .transform((value) => value === 'true'),
]);

const ZScimText = (max: number) => z.string().trim().max(max);

export const ZScimName = z.looseObject({
  givenName: ZScimText(100).nullish(),
  familyName: ZScimText(100).nullish(),
  formatted: ZScimText(300).nullish(),
});

export const ZScimEmail = z.looseObject({
  value: z.string().trim().toLowerCase().email('emails.value must be an email address').max(254),
  type: z.string().max(50).nullish(),
  primary: ZScimBoolean.nullish(),
});

/** POST and PUT /Users: the attributes this server keeps; others the provider sends are ignored. */
export const ZScimUserRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  userName: z.string().trim().toLowerCase().min(1, 'userName is required').max(254),
  externalId: ZScimText(255).nullish(),
  name: ZScimName.nullish(),
  displayName: ZScimText(300).nullish(),
  emails: z.array(ZScimEmail).max(20).nullish(),
  active: ZScimBoolean.nullish(),
});
export type TScimUserRequest = z.output<typeof ZScimUserRequest>;

export const ZScimPatchOperation = z.looseObject({
  op: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['add', 'remove', 'replace'], 'op must be add, remove or replace')),
  path: z.string().trim().max(500).optional(),
  value: z.unknown().optional(),
});
export type TScimPatchOperation = z.output<typeof ZScimPatchOperation>;

/** RFC 7644 3.5.2 PATCH. */
export const ZScimPatchRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z.array(ZScimPatchOperation).min(1, 'Operations is required').max(1000),
});

export const ZScimMemberRef = z.looseObject({ value: z.string().trim().min(1).max(64) });

/** POST and PUT /Groups. */
export const ZScimGroupRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  displayName: ZScimText(200).min(1, 'displayName is required'),
  externalId: ZScimText(255).nullish(),
  members: z.array(ZScimMemberRef).max(10_000).nullish(),
});
export type TScimGroupRequest = z.output<typeof ZScimGroupRequest>;

// ---- sso-settings: tokens and group mappings (cluster admins) ----

export const ZScimToken = z.object({
  id: ZUuid,
  name: z.string(),
  /** The token's first characters, to tell tokens apart; the token itself is shown only once. */
  prefix: z.string(),
  createdAt: ZIsoDateTime,
  createdBy: z.string().nullable(),
  lastUsedAt: ZIsoDateTime.nullable(),
  revokedAt: ZIsoDateTime.nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimGroupMapping = z.object({
  id: ZUuid,
  displayName: z.string(),
  externalId: z.string().nullable(),
  memberCount: z.number().int(),
  hubId: z.number().int().nullable(),
  userTypeId: ZUuid.nullable(),
  updatedAt: ZIsoDateTime,
});
export type TScimGroupMapping = z.infer<typeof ZScimGroupMapping>;

/** The cluster's hubs and their user types, the choices of a group mapping. */
export const ZScimMappingHub = z.object({
  id: z.number().int(),
  name: z.string(),
  userTypes: z.array(z.object({ id: ZUuid, title: z.string() })),
});
export type TScimMappingHub = z.infer<typeof ZScimMappingHub>;

export const ZScimSettings = z.object({
  /** Where the provider sends its requests, e.g. https://commons.example.edu/scim/v2. */
  basePath: z.string(),
  tokens: z.array(ZScimToken),
  groups: z.array(ZScimGroupMapping),
  hubs: z.array(ZScimMappingHub),
});
export type TScimSettings = z.infer<typeof ZScimSettings>;

export const ZCreateScimTokenRequest = z.object({
  name: z.string().trim().min(1, 'Give the token a name.').max(100, 'Use at most 100 characters.'),
});
export type TCreateScimTokenRequest = z.input<typeof ZCreateScimTokenRequest>;

/** A new token with its secret: the only answer that ever holds it. */
export const ZCreatedScimToken = z.object({ token: ZScimToken, secret: z.string().startsWith('scim_') });
export type TCreatedScimToken = z.infer<typeof ZCreatedScimToken>;

/** Both set (the group's members get that hub membership and user type) or both null (no mapping). */
export const ZScimGroupMappingRequest = z
  .object({ hubId: z.number().int().positive().nullable(), userTypeId: ZUuid.nullable() })
  .refine(
    (body) => (body.hubId === null) === (body.userTypeId === null),
    'Choose both a hub and a user type, or neither.',
  );
export type TScimGroupMappingRequest = z.input<typeof ZScimGroupMappingRequest>;

const ADMIN = { auth: 'required', hub: 'optional', tag: 'admin' } as const;
const ZIdParams = z.object({ id: ZUuid });

export const SCIM_ADMIN_ENDPOINTS = {
  settings: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/scim',
    operationId: 'getScimSettings',
    summary: "Cluster and super admins: the cluster's SCIM tokens, pushed groups and their hub mappings",
    response: ZScimSettings,
    errors: [401, 403],
  }),
  createToken: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/scim/tokens',
    operationId: 'createScimToken',
    summary: 'Creates a SCIM bearer token; the answer holds it, shown this once',
    body: ZCreateScimTokenRequest,
    response: ZCreatedScimToken,
    status: 201,
    errors: [400, 401, 403],
  }),
  revokeToken: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/scim/tokens/:id',
    operationId: 'revokeScimToken',
    summary: 'Revokes a SCIM token: the provider using it is refused from now on',
    params: ZIdParams,
    response: null,
    status: 204,
    errors: [401, 403, 404],
  }),
  mapGroup: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/scim/groups/:id/mapping',
    operationId: 'mapScimGroup',
    summary:
      "Maps a pushed group to a hub's user type (its members join the hub with it), or clears the mapping",
    params: ZIdParams,
    body: ZScimGroupMappingRequest,
    response: ZScimGroupMapping,
    errors: [400, 401, 403, 404],
  }),
} as const;
