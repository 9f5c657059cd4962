import type { TSsoAttributeMapping } from '@commons/domain';
import { z } from 'zod';
import { ZIsoDateTime, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZOidcClaimMappingAnswer, ZSsoLinkStart } from './sso.js';

/**
 * SAML 2.0 single sign-on (issue #24 item 2; spec 6 cluster-level group sso-settings). Commons is the service
 * provider of each of the cluster's SAML providers: the cluster admin imports the identity provider's metadata
 * (entity id, SSO URL, signing certificates) and gives the IdP Commons' metadata URL (entity id and ACS URL).
 * Assertions must be signed; RelayState carries only the sign-in attempt's id, so nobody can steer where
 * the member lands.
 */

/** The largest metadata document accepted (one IdP's metadata is a few KB; a whole federation's is not wanted). */
export const SAML_METADATA_MAX_CHARS = 256 * 1024;

const ZAttributeName = z.string().trim().min(1, 'Enter an attribute name.').max(256);
/** An optional attribute name: empty means none. */
const ZOptionalAttributeName = z
  .string()
  .trim()
  .max(256)
  .transform((value) => (value ? value : undefined))
  .optional();

/**
 * Which assertion attributes fill the account (the NameID is its subject), in the shape every provider's
 * sso_providers.attribute_mapping has (domain TSsoAttributeMapping): email, names, photo URL, and an attribute
 * whose values map to the title of one of the hub's user types (titles, so one provider serves every hub).
 */
export const ZSamlAttributeMapping = z.object({
  email: ZAttributeName,
  firstName: ZOptionalAttributeName,
  lastName: ZOptionalAttributeName,
  photo: ZOptionalAttributeName,
  userType: ZOptionalAttributeName,
  userTypeValues: z
    .record(
      z.string().trim().min(1, 'Enter the attribute value.').max(256),
      z.string().trim().min(1, 'Enter the user type title.').max(80),
    )
    .refine((values) => Object.keys(values).length <= 20, 'Map at most 20 values.')
    .optional(),
}) satisfies z.ZodType<TSsoAttributeMapping>;
export type TSamlAttributeMapping = z.output<typeof ZSamlAttributeMapping>;

/** Attribute names most IdPs can send (the eduPerson / X.500 OIDs); the user type values are the hub's titles. */
export const DEFAULT_SAML_ATTRIBUTE_MAPPING: TSamlAttributeMapping = {
  email: 'urn:oid:0.9.2342.19200300.100.1.3',
  firstName: 'urn:oid:2.5.4.42',
  lastName: 'urn:oid:2.5.4.4',
  userType: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
  userTypeValues: {},
};

const ZProviderName = z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.');
const ZMetadataXml = z
  .string()
  .trim()
  .min(1, "Paste the identity provider's metadata XML.")
  .max(SAML_METADATA_MAX_CHARS, 'This metadata is too large (256 KB at most): export one identity provider.');

export const ZCreateSamlProviderRequest = z.object({
  name: ZProviderName,
  metadataXml: ZMetadataXml,
  isEnabled: z.boolean().default(true),
  attributeMapping: ZSamlAttributeMapping.optional(),
});
export type TCreateSamlProviderRequest = z.input<typeof ZCreateSamlProviderRequest>;

/** Rename, turn on or off, change the mapping, or import new metadata (a rotated certificate). */
export const ZUpdateSamlProviderRequest = z
  .object({
    name: ZProviderName.optional(),
    metadataXml: ZMetadataXml.optional(),
    isEnabled: z.boolean().optional(),
    attributeMapping: ZSamlAttributeMapping.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change.');
export type TUpdateSamlProviderRequest = z.input<typeof ZUpdateSamlProviderRequest>;

export const ZSamlCertificate = z.object({
  subject: z.string(),
  /** SHA-256 of the DER certificate, colon-separated hex (as IdP consoles show it). */
  fingerprintSha256: z.string(),
  validTo: ZIsoDateTime,
  /** Past validTo: IdPs often keep signing with an expired certificate, but it is time to rotate it. */
  isExpired: z.boolean(),
});
export type TSamlCertificate = z.infer<typeof ZSamlCertificate>;

/** What the IdP needs of Commons for this provider: paste the metadata URL, or the entity id and ACS URL. */
export const ZSamlServiceProviderInfo = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  metadataUrl: z.string(),
});
export type TSamlServiceProviderInfo = z.infer<typeof ZSamlServiceProviderInfo>;

export const ZSamlProvider = z.object({
  id: ZUuid,
  name: z.string(),
  isEnabled: z.boolean(),
  idp: z.object({ entityId: z.string(), ssoUrl: z.string(), certificates: z.array(ZSamlCertificate) }),
  /** As answered: the same shape as an OpenID Connect provider's mapping (domain TSsoAttributeMapping). */
  attributeMapping: ZOidcClaimMappingAnswer,
  sp: ZSamlServiceProviderInfo,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TSamlProvider = z.infer<typeof ZSamlProvider>;

export const ZSamlProviderList = z.object({ items: z.array(ZSamlProvider) });
export type TSamlProviderList = z.infer<typeof ZSamlProviderList>;

/** Where to land after signing in: a path of this deployment only (anything else is ignored). */
export const ZSamlStartQuery = z.object({
  /** The hub to sign in to (its identifier, as in x-hub-id); a first sign-in joins it. */
  hubId: z.string().trim().min(1).max(64).optional(),
  returnTo: z.string().max(2048).optional(),
});

/** The IdP's HTTP-POST to the assertion consumer service. */
export const ZSamlAcsBody = z.object({
  SAMLResponse: z
    .string()
    .min(1)
    .max(1024 * 1024),
  RelayState: z.string().max(128).optional(),
});

const ZProviderParams = z.object({ providerId: ZUuid });
const ZAdminParams = z.object({ id: ZUuid });
const ADMIN = { auth: 'required', hub: 'optional', tag: 'admin' } as const;
const PUBLIC = { auth: 'public', hub: 'none', tag: 'auth' } as const;

export const SAML_ACS_PATH = '/api/auth/sso/saml/acs';

export const SAML_ENDPOINTS = {
  metadata: defineEndpoint({
    ...PUBLIC,
    method: 'GET',
    path: '/api/auth/sso/saml/:providerId/metadata',
    operationId: 'samlServiceProviderMetadata',
    summary:
      "Commons' SAML service provider metadata for one of the cluster's providers (entity id, ACS URL)",
    params: ZProviderParams,
    response: null,
    produces: ['application/samlmetadata+xml'],
    errors: [404],
  }),
  start: defineEndpoint({
    ...PUBLIC,
    method: 'GET',
    path: '/api/auth/sso/saml/:providerId/start',
    operationId: 'startSamlSignIn',
    summary: 'Sends the browser to the identity provider with a SAML AuthnRequest (HTTP-Redirect binding)',
    description:
      'Answers 302 to the IdP. The request id is kept with a one-time sign-in attempt (10 minutes) whose id is the ' +
      'RelayState. An unknown or disabled provider lands on the sign-in page with a message.',
    params: ZProviderParams,
    query: ZSamlStartQuery,
    response: null,
    produces: ['text/html'],
    errors: [400, 404, 429],
  }),
  acs: defineEndpoint({
    ...PUBLIC,
    method: 'POST',
    path: SAML_ACS_PATH,
    operationId: 'samlAssertionConsumerService',
    summary: "Receives the identity provider's signed SAML response and signs the member in",
    description:
      'Answers 303: to the page the sign-in started from, inside this deployment, or to the sign-in page with a ' +
      'message when the response is refused (unsigned assertion, wrong certificate or audience, expired, ' +
      'not answering an open sign-in attempt, or replayed).',
    body: ZSamlAcsBody,
    consumes: 'application/x-www-form-urlencoded',
    response: null,
    produces: ['text/html'],
    errors: [400, 429],
  }),
} as const;

export const SAML_ADMIN_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/sso/saml-providers',
    operationId: 'listSamlProviders',
    summary: "Cluster and super admins: the cluster's SAML identity providers",
    response: ZSamlProviderList,
    errors: [401, 403],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/sso/saml-providers',
    operationId: 'createSamlProvider',
    summary: 'Adds a SAML identity provider from its metadata XML (entity id, SSO URL, signing certificates)',
    body: ZCreateSamlProviderRequest,
    response: ZSamlProvider,
    status: 201,
    errors: [400, 401, 403],
  }),
  update: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/sso/saml-providers/:id',
    operationId: 'updateSamlProvider',
    summary:
      'Renames a SAML provider, turns it on or off, changes its attribute mapping or imports new metadata',
    params: ZAdminParams,
    body: ZUpdateSamlProviderRequest,
    response: ZSamlProvider,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/sso/saml-providers/:id',
    operationId: 'deleteSamlProvider',
    summary: 'Removes a SAML provider; members who signed in through it keep their accounts',
    params: ZAdminParams,
    response: null,
    status: 204,
    errors: [401, 403, 404],
  }),
  test: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/sso/saml-providers/:id/test',
    operationId: 'testSamlProvider',
    summary:
      'Test connection: answers the IdP URL of a test sign-in; its signed response is checked like any other ' +
      'and lands on /cluster-admin/sso with ?sso_tested=<id> or ?sso_error=<code>, signing nobody in',
    params: ZAdminParams,
    response: ZSsoLinkStart,
    errors: [401, 403, 404],
  }),
} as const;
