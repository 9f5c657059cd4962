import { SCIM_SCHEMA } from '@commons/contract';
import type { TScimBase } from './scim.presenter.js';

/** The most resources one list answers (ServiceProviderConfig filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/**
 * RFC 7643 5-7: what this server supports, for providers that read it before provisioning. PATCH and filter
 * yes (eq on the listed attributes); bulk, sort, ETags and password changes no (users sign in by SSO).
 */
export function serviceProviderConfig(base: TScimBase) {
  return {
    schemas: [SCIM_SCHEMA.serviceProviderConfig],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "A token of the cluster, created by a cluster admin in the admin console's SSO settings",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: TScimBase) {
  return [
    {
      schemas: [SCIM_SCHEMA.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the cluster; userName is the email address',
      schema: SCIM_SCHEMA.user,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMA.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "A group of the provider; an admin may map it to a hub's user type",
      schema: SCIM_SCHEMA.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

type TAttribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable';
  returned: 'always' | 'default';
  uniqueness: 'none' | 'server';
  subAttributes?: TAttribute[];
  referenceTypes?: string[];
};

const attribute = (
  name: string,
  description: string,
  options: Partial<Omit<TAttribute, 'name' | 'description'>> = {},
): TAttribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const USER_ATTRIBUTES: TAttribute[] = [
  attribute('userName', "The person's email address, unique in the cluster", {
    required: true,
    uniqueness: 'server',
  }),
  attribute('name', "The person's name", {
    type: 'complex',
    subAttributes: [
      attribute('givenName', 'First name'),
      attribute('familyName', 'Last name'),
      attribute('formatted', 'The full name', { mutability: 'readOnly' }),
    ],
  }),
  attribute('displayName', 'The full name', { mutability: 'readOnly' }),
  attribute('emails', 'The email address (the same as userName)', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The address'),
      attribute('type', 'work'),
      attribute('primary', 'Always true', { type: 'boolean' }),
    ],
  }),
  attribute('active', 'false: the person cannot sign in and every session has ended', {
    type: 'boolean',
  }),
];

const GROUP_ATTRIBUTES: TAttribute[] = [
  attribute('displayName', 'The group name, unique in the cluster', { required: true, uniqueness: 'server' }),
  attribute('members', 'The users in the group', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The user id', { mutability: 'immutable' }),
      attribute('display', 'The user name', { mutability: 'readOnly' }),
      attribute('$ref', 'The user', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
    ],
  }),
];

export function schemas(base: TScimBase) {
  return [
    {
      schemas: [SCIM_SCHEMA.schema],
      id: SCIM_SCHEMA.user,
      name: 'User',
      description: 'User account',
      attributes: USER_ATTRIBUTES,
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_SCHEMA.user}` },
    },
    {
      schemas: [SCIM_SCHEMA.schema],
      id: SCIM_SCHEMA.group,
      name: 'Group',
      description: 'Group',
      attributes: GROUP_ATTRIBUTES,
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCIM_SCHEMA.group}` },
    },
  ];
}
