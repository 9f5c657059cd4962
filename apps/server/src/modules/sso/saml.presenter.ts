import {
  DEFAULT_SAML_ATTRIBUTE_MAPPING,
  ZSamlAttributeMapping,
  type TSamlAttributeMapping,
  type TSamlCertificate,
  type TSamlProvider,
} from '@commons/contract';
import { parseCertificate, samlIdpConfigOf, samlServiceProviderInfo } from './saml.protocol.js';
import type { TSsoProviderRow } from './sso.identity.js';

/** A stored mapping read back; one that no longer parses falls back to the defaults. */
export function samlAttributeMappingOf(row: TSsoProviderRow): TSamlAttributeMapping {
  const parsed = ZSamlAttributeMapping.safeParse(row.attributeMapping);
  return parsed.success ? parsed.data : DEFAULT_SAML_ATTRIBUTE_MAPPING;
}

/** What admins compare with the IdP's console: subject, SHA-256 fingerprint and end of validity. */
function presentCertificate(base64: string, now: Date): TSamlCertificate | null {
  const certificate = parseCertificate(base64);
  if (!certificate) return null;
  const validTo = new Date(certificate.validTo);
  return {
    subject: certificate.subject.replaceAll('\n', ', '),
    fingerprintSha256: certificate.fingerprint256,
    validTo: validTo.toISOString(),
    isExpired: validTo.getTime() < now.getTime(),
  };
}

/** A SAML provider as cluster admins see it, with what to give the IdP (Commons' entity id and ACS URL). */
export function presentSamlProvider(
  row: TSsoProviderRow,
  options: { origin: string; now: Date },
): TSamlProvider {
  const idp = samlIdpConfigOf(row.config);
  return {
    id: row.id,
    name: row.name,
    isEnabled: row.isEnabled,
    idp: {
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificates: idp.signingCertificates
        .map((certificate) => presentCertificate(certificate, options.now))
        .filter((certificate): certificate is TSamlCertificate => certificate !== null),
    },
    attributeMapping: samlAttributeMappingOf(row),
    sp: samlServiceProviderInfo(options.origin, row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
