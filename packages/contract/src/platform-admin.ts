import { TENANT_TYPES } from '@commons/domain';
import { z } from 'zod';
import { singleLineText, ZIsoDateTime, ZPageQuery, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZDataRegion } from './hub-public.js';

/**
 * The super admin console (issue #23 item 1; spec 3 Tenant fields, spec 9 tenant types and data region): every
 * cluster (tenant) with its hubs and usage; create a cluster or a hub from a tenant type; edit a cluster's name,
 * isProduction and CRM account id; request its deletion (erased 30 days later by the tenant-erasure job) or
 * cancel the request during that grace period. Super admins only; every write is audited.
 */

export const ZTenantType = z.enum(TENANT_TYPES);

const NAME_MESSAGE = 'Enter a name of 1 to 120 characters.';
const ZName = singleLineText().min(1, NAME_MESSAGE).max(120, NAME_MESSAGE);

const SF_MESSAGE = 'Enter the CRM account id: up to 64 letters, digits, "-" or "_".';
/** The CRM (Salesforce) account id; an empty string clears it. */
const ZSfAccountId = z
  .string()
  .trim()
  .max(64, SF_MESSAGE)
  .refine((value) => value === '' || /^[A-Za-z0-9_-]+$/.test(value), SF_MESSAGE)
  .transform((value) => (value === '' ? null : value));

const HOSTNAME_MESSAGE = 'Enter host names such as alumni.example.edu (letters, digits, dots and hyphens).';
const ZHostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, HOSTNAME_MESSAGE)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    HOSTNAME_MESSAGE,
  );

const HUB_ID_MESSAGE = 'Enter a hub id from 1 to 9,999,999 (it decides the data region).';
/** A hub's id is chosen, not generated: its range decides the data region (spec 9). */
export const ZPlatformHubId = z.coerce
  .number({ message: HUB_ID_MESSAGE })
  .int(HUB_ID_MESSAGE)
  .min(1, HUB_ID_MESSAGE)
  .max(9_999_999, HUB_ID_MESSAGE);

const IDENTIFIER_MESSAGE =
  'Use lowercase letters, digits and single hyphens, starting with a letter (at most 63).';
const ZHubIdentifier = z
  .string()
  .trim()
  .max(63, IDENTIFIER_MESSAGE)
  .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, IDENTIFIER_MESSAGE);

export const ZCreateClusterRequest = z.object({
  name: ZName,
  tenantType: ZTenantType,
  isProduction: z.boolean().optional(),
  sfAccountId: ZSfAccountId.optional(),
  hostnames: z
    .array(ZHostname)
    .max(10, 'At most 10 host names.')
    .default([])
    .transform((hosts) => [...new Set(hosts)]),
});
export type TCreateClusterRequest = z.input<typeof ZCreateClusterRequest>;

export const ZUpdateClusterRequest = z
  .object({
    name: ZName.optional(),
    isProduction: z.boolean().optional(),
    sfAccountId: ZSfAccountId.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change.');
export type TUpdateClusterRequest = z.input<typeof ZUpdateClusterRequest>;

export const ZCreatePlatformHubRequest = z.object({
  id: ZPlatformHubId,
  identifier: ZHubIdentifier,
  name: ZName,
  /** Default: the cluster's tenant type. */
  tenantType: ZTenantType.optional(),
});
export type TCreatePlatformHubRequest = z.input<typeof ZCreatePlatformHubRequest>;

export const ZPlatformHub = z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  region: ZDataRegion,
  isDefault: z.boolean(),
  isElOnly: z.boolean(),
  standardPlatformType: z.string().nullable(),
  /** Hub memberships. */
  members: z.number().int(),
  createdAt: ZIsoDateTime,
});
export type TPlatformHub = z.infer<typeof ZPlatformHub>;

export const ZTenantUsage = z.object({
  /** Accounts of the cluster. */
  members: z.number().int(),
  hubs: z.number().int(),
  /** Messages sent in the last 30 days. */
  messagesLast30Days: z.number().int(),
  /** Bytes of stored files: profile files and message attachments. */
  storedFileBytes: z.number().int(),
});
export type TTenantUsage = z.infer<typeof ZTenantUsage>;

export const ZPlatformCluster = z.object({
  id: z.string(),
  name: z.string(),
  hostnames: z.array(z.string()),
  isDefault: z.boolean(),
  isProduction: z.boolean(),
  /** The CRM account id. */
  sfAccountId: z.string().nullable(),
  /** The tenant type it was created from (spec 3 defaultSetting), with its label. */
  defaultSetting: z.string().nullable(),
  defaultSettingLabel: z.string().nullable(),
  deleteRequestedAt: ZIsoDateTime.nullable(),
  /** deleteRequestedAt + 30 days: when the tenant-erasure job erases it. */
  erasureAt: ZIsoDateTime.nullable(),
  /** The cluster the super admin is signed in to (its deletion cannot be requested here). */
  isCurrent: z.boolean(),
  createdAt: ZIsoDateTime,
  hubs: z.array(ZPlatformHub),
  usage: ZTenantUsage,
});
export type TPlatformCluster = z.infer<typeof ZPlatformCluster>;

export const ZPlatformClusterPage = z.object({
  items: z.array(ZPlatformCluster),
  nextCursor: z.string().nullable(),
});
export type TPlatformClusterPage = z.infer<typeof ZPlatformClusterPage>;

export const ZTenantTypeOption = z.object({
  type: ZTenantType,
  label: z.string(),
  description: z.string(),
  isProductionByDefault: z.boolean(),
  enabledModules: z.array(z.string()),
  isElOnly: z.boolean(),
});
export const ZTenantTypeList = z.object({ items: z.array(ZTenantTypeOption) });
export type TTenantTypeList = z.infer<typeof ZTenantTypeList>;

const ZClusterParams = z.object({ id: ZUuid });
const PLATFORM = { auth: 'required', hub: 'none', tag: 'admin' } as const;
const SUPER = 'Super admins:';

export const PLATFORM_ADMIN_ENDPOINTS = {
  tenantTypes: defineEndpoint({
    ...PLATFORM,
    method: 'GET',
    path: '/api/platform/tenant-types',
    operationId: 'listTenantTypes',
    summary: `${SUPER} the tenant types a cluster or hub is created from`,
    response: ZTenantTypeList,
    errors: [401, 403],
  }),
  list: defineEndpoint({
    ...PLATFORM,
    method: 'GET',
    path: '/api/platform/clusters',
    operationId: 'listPlatformClusters',
    summary: `${SUPER} every cluster, oldest first, with its hubs, data regions and usage`,
    query: ZPageQuery,
    response: ZPlatformClusterPage,
    errors: [400, 401, 403],
  }),
  create: defineEndpoint({
    ...PLATFORM,
    method: 'POST',
    path: '/api/platform/clusters',
    operationId: 'createPlatformCluster',
    summary: `${SUPER} creates a cluster of a tenant type`,
    body: ZCreateClusterRequest,
    response: ZPlatformCluster,
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  update: defineEndpoint({
    ...PLATFORM,
    method: 'PATCH',
    path: '/api/platform/clusters/:id',
    operationId: 'updatePlatformCluster',
    summary: `${SUPER} changes a cluster's name, isProduction or CRM account id`,
    params: ZClusterParams,
    body: ZUpdateClusterRequest,
    response: ZPlatformCluster,
    errors: [400, 401, 403, 404],
  }),
  createHub: defineEndpoint({
    ...PLATFORM,
    method: 'POST',
    path: '/api/platform/clusters/:id/hubs',
    operationId: 'createPlatformHub',
    summary: `${SUPER} creates a hub in a cluster from a tenant type; its id decides the data region`,
    params: ZClusterParams,
    body: ZCreatePlatformHubRequest,
    response: ZPlatformCluster,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  requestDeletion: defineEndpoint({
    ...PLATFORM,
    method: 'POST',
    path: '/api/platform/clusters/:id/delete-request',
    operationId: 'requestClusterDeletion',
    summary: `${SUPER} requests a cluster's erasure, 30 days from now`,
    params: ZClusterParams,
    response: ZPlatformCluster,
    errors: [401, 403, 404, 409],
  }),
  cancelDeletion: defineEndpoint({
    ...PLATFORM,
    method: 'DELETE',
    path: '/api/platform/clusters/:id/delete-request',
    operationId: 'cancelClusterDeletion',
    summary: `${SUPER} cancels a delete request during its grace period`,
    params: ZClusterParams,
    response: ZPlatformCluster,
    errors: [401, 403, 404, 409],
  }),
} as const;
