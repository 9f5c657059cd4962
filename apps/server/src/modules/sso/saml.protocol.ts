import { randomUUID, X509Certificate } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import {
  SAML_ACS_PATH,
  SAML_ENDPOINTS,
  endpointPath,
  type TSamlServiceProviderInfo,
} from '@commons/contract';
import * as xpath from 'xpath';
import { validationError } from '../../lib/app-error.js';

/**
 * The SAML protocol pieces of Commons as a service provider (issue #24 item 2), on @node-saml/node-saml: reading
 * an IdP's metadata, Commons' own metadata, the AuthnRequest and the checks of a response. No database here.
 */

/** What Commons keeps of an IdP (sso_providers.config for kind 'saml'). */
export type TSamlIdpConfig = {
  entityId: string;
  /** The IdP's SingleSignOnService for the HTTP-Redirect binding. */
  ssoUrl: string;
  /** Base64 DER of each signing certificate (several while the IdP rolls its key over). */
  signingCertificates: string[];
};

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const select = xpath.useNamespaces({ md: MD, ds: DS });

/** A 400 on the metadata field: what is wrong with the document and what to do. */
function metadataError(message: string) {
  return validationError({ metadataXml: message });
}

/** The certificate of a ds:X509Certificate element, or null when it is not one. */
export function parseCertificate(base64: string): X509Certificate | null {
  try {
    return new X509Certificate(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return null;
  }
}

/**
 * Reads an IdP's metadata: its entity id, the HTTP-Redirect SSO URL and the signing certificates (KeyDescriptor
 * use="signing" or without use). Refuses, with a message for the admin, a document that is not SAML metadata,
 * has no IdP, no redirect SSO URL or no signing certificate. A DOCTYPE is refused (no entity tricks).
 */
export function parseIdpMetadata(xml: string): TSamlIdpConfig {
  if (/<!DOCTYPE/i.test(xml))
    throw metadataError('This metadata has a DOCTYPE, which Commons does not accept.');
  let isMalformed = false;
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: () => (isMalformed = true),
      fatalError: () => (isMalformed = true),
    },
  }).parseFromString(xml, 'text/xml');
  if (isMalformed || !document?.documentElement)
    throw metadataError('This is not valid XML: paste the whole metadata document.');
  const descriptors = select(
    '//md:EntityDescriptor[md:IDPSSODescriptor]',
    document as unknown as Node,
  ) as Element[];
  const entity = descriptors[0];
  if (!entity)
    throw metadataError(
      "This is not an identity provider's SAML metadata (no EntityDescriptor with an IDPSSODescriptor).",
    );
  if (descriptors.length > 1)
    throw metadataError('This metadata describes several identity providers: export the metadata of one.');
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId) throw metadataError('This metadata has no entityID.');
  const idp = select('md:IDPSSODescriptor', entity as unknown as Node, true) as Element;
  const redirectService = (select('md:SingleSignOnService', idp as unknown as Node) as Element[]).find(
    (service) => service.getAttribute('Binding') === HTTP_REDIRECT,
  );
  const ssoUrl = redirectService?.getAttribute('Location')?.trim() ?? '';
  if (!/^https?:\/\//i.test(ssoUrl) || !URL.canParse(ssoUrl))
    throw metadataError(
      'This metadata has no SingleSignOnService for the HTTP-Redirect binding with an http(s) address.',
    );
  const keyDescriptors = (select('md:KeyDescriptor', idp as unknown as Node) as Element[]).filter((key) => {
    const use = key.getAttribute('use');
    return use === null || use === '' || use === 'signing';
  });
  const certificates = keyDescriptors.flatMap((key) =>
    (select('.//ds:X509Certificate', key as unknown as Node) as Element[]).map((node) =>
      (node.textContent ?? '').replace(/\s+/g, ''),
    ),
  );
  const signingCertificates = [...new Set(certificates.filter((value) => value !== ''))];
  if (signingCertificates.length === 0)
    throw metadataError(
      'This metadata has no signing certificate. Commons only accepts signed assertions: export the metadata ' +
        "again with the IdP's signing certificate (a KeyDescriptor with an X509Certificate).",
    );
  if (signingCertificates.some((value) => parseCertificate(value) === null))
    throw metadataError('A signing certificate in this metadata cannot be read (not an X.509 certificate).');
  return { entityId, ssoUrl, signingCertificates };
}

/** Reads the stored config back (written by parseIdpMetadata only). */
export function samlIdpConfigOf(config: Record<string, unknown>): TSamlIdpConfig {
  return {
    entityId: String(config['entityId'] ?? ''),
    ssoUrl: String(config['ssoUrl'] ?? ''),
    signingCertificates: Array.isArray(config['signingCertificates'])
      ? config['signingCertificates'].map(String)
      : [],
  };
}

/**
 * The origin a cluster's members use, which names Commons to the IdP: PUBLIC_URL when its host is one of the
 * cluster's host names or the cluster has none (the default cluster), else the cluster's first host name with
 * PUBLIC_URL's scheme and port. Never the request's Host header, so nobody can make the audience another.
 */
export function clusterOrigin(publicUrl: string, hostnames: readonly string[]): string {
  const base = new URL(publicUrl);
  const first = hostnames[0];
  if (first === undefined || hostnames.includes(base.hostname)) return base.origin;
  return `${base.protocol}//${first}${base.port ? `:${base.port}` : ''}`;
}

/** Commons as this provider's SP: the metadata URL is also the entity id (unique per provider and cluster). */
export function samlServiceProviderInfo(origin: string, providerId: string): TSamlServiceProviderInfo {
  const metadataUrl = `${origin}${endpointPath(SAML_ENDPOINTS.metadata.path, { providerId })}`;
  return { entityId: metadataUrl, metadataUrl, acsUrl: `${origin}${SAML_ACS_PATH}` };
}

/**
 * node-saml's "request cache" answering for the one request id of the sign-in attempt (kept in the database):
 * its value is when the request was made.
 */
function oneRequestId(request: { id: string; issuedAt: Date } | null): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (request !== null && key === request.id ? request.issuedAt.toISOString() : null),
    // The attempt is consumed in the database, in the transaction that signs the member in.
    removeAsync: async () => null,
  };
}

/** Clock skew tolerated between the IdP and Commons on NotBefore / NotOnOrAfter. */
const ACCEPTED_CLOCK_SKEW_MS = 60_000;

function samlClient(options: {
  sp: TSamlServiceProviderInfo;
  idp: TSamlIdpConfig;
  requestId: string | null;
  requestIssuedAt?: Date;
}): SAML {
  const request =
    options.requestId === null
      ? null
      : { id: options.requestId, issuedAt: options.requestIssuedAt ?? new Date() };
  return new SAML({
    issuer: options.sp.entityId,
    callbackUrl: options.sp.acsUrl,
    audience: options.sp.entityId,
    entryPoint: options.idp.ssoUrl,
    idpCert: options.idp.signingCertificates,
    idpIssuer: options.idp.entityId,
    // Signed assertions only (issue #24): a response signed around an unsigned assertion is refused too.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: oneRequestId(request),
    generateUniqueId: () => options.requestId ?? newSamlRequestId(),
    acceptedClockSkewMs: ACCEPTED_CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    // No RequestedAuthnContext: the IdP decides how members authenticate (MFA, Kerberos, passkeys).
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** An xs:ID: it must not start with a digit. */
export function newSamlRequestId(): string {
  return `_${randomUUID().replaceAll('-', '')}`;
}

/** Commons' SP metadata for one provider: wants signed assertions, one HTTP-POST ACS. */
export function serviceProviderMetadataXml(sp: TSamlServiceProviderInfo, idp: TSamlIdpConfig): string {
  return samlClient({ sp, idp, requestId: null }).generateServiceProviderMetadata(null);
}

/** The IdP's URL with the deflated AuthnRequest of `requestId` and the RelayState (HTTP-Redirect binding). */
export async function authnRequestUrl(options: {
  sp: TSamlServiceProviderInfo;
  idp: TSamlIdpConfig;
  requestId: string;
  relayState: string;
}): Promise<string> {
  return samlClient(options).getAuthorizeUrlAsync(options.relayState, undefined, {});
}

/** A response whose checks passed: the NameID, the attributes, and the assertion's id and end of validity. */
export type TVerifiedSamlAssertion = {
  nameId: string;
  assertionId: string;
  /** The latest NotOnOrAfter of the assertion: a replay is refused at least until then. */
  expiresAt: Date;
  attributes: Record<string, unknown>;
};

/** Why a response was refused, for the log (the member sees one plain message). */
export class SamlResponseRefused extends Error {}

/** Reads an attribute of node-saml's parsed assertion (xml2js shape). */
function assertionOf(profile: Profile): Record<string, unknown> {
  const parsed = profile.getAssertion?.() as { Assertion?: Record<string, unknown> } | undefined;
  return parsed?.Assertion ?? {};
}

function firstAttribute(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const attributes = (node as { $?: Record<string, string> }).$;
  return attributes?.[name];
}

function childrenOf(node: unknown, name: string): unknown[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as Record<string, unknown>)[name];
  return Array.isArray(value) ? value : [];
}

/**
 * Checks a SAMLResponse against this provider and the attempt's request id: a valid signature by one of the
 * imported certificates over the assertion, the IdP's issuer, Commons as the audience, InResponseTo naming the
 * attempt's request, the time conditions, and the ACS as the Destination / Recipient where given.
 */
export async function verifySamlResponse(options: {
  sp: TSamlServiceProviderInfo;
  idp: TSamlIdpConfig;
  requestId: string;
  /** When the attempt sent the AuthnRequest (its expiry is the attempt's, checked when it was consumed). */
  requestIssuedAt: Date;
  samlResponse: string;
}): Promise<TVerifiedSamlAssertion> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(options).validatePostResponseAsync({
      SAMLResponse: options.samlResponse,
    }));
  } catch (error) {
    throw new SamlResponseRefused(error instanceof Error ? error.message : String(error));
  }
  if (!profile) throw new SamlResponseRefused('No assertion in the response');
  if (profile.issuer !== options.idp.entityId)
    throw new SamlResponseRefused(
      `Assertion issuer ${String(profile.issuer)} is not ${options.idp.entityId}`,
    );
  const assertion = assertionOf(profile);
  const assertionId = firstAttribute(assertion, 'ID');
  if (!assertionId) throw new SamlResponseRefused('The assertion has no ID');
  const confirmations = childrenOf(childrenOf(assertion, 'Subject')[0], 'SubjectConfirmation').flatMap(
    (confirmation) => childrenOf(confirmation, 'SubjectConfirmationData'),
  );
  const recipients = confirmations.map((data) => firstAttribute(data, 'Recipient')).filter((value) => value);
  if (recipients.some((recipient) => recipient !== options.sp.acsUrl))
    throw new SamlResponseRefused(`Recipient ${recipients.join(', ')} is not ${options.sp.acsUrl}`);
  const destination = new DOMParser()
    .parseFromString(Buffer.from(options.samlResponse, 'base64').toString('utf8'), 'text/xml')
    .documentElement?.getAttribute('Destination');
  if (destination && destination !== options.sp.acsUrl)
    throw new SamlResponseRefused(`Destination ${destination} is not ${options.sp.acsUrl}`);
  const ends = [
    firstAttribute(childrenOf(assertion, 'Conditions')[0], 'NotOnOrAfter'),
    ...confirmations.map((data) => firstAttribute(data, 'NotOnOrAfter')),
  ]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => Date.parse(value))
    .filter((value) => Number.isFinite(value));
  // An assertion without an end is remembered for a day: long past any sign-in it could still open.
  const expiresAt = new Date(
    ends.length ? Math.max(...ends) + ACCEPTED_CLOCK_SKEW_MS : Date.now() + 86_400_000,
  );
  const attributes = (profile['attributes'] as Record<string, unknown> | undefined) ?? {};
  return { nameId: profile.nameID, assertionId, expiresAt, attributes };
}
