import { mappedUserTypeTitle, type TSsoAttributeMapping } from '@commons/domain';
import { SsoFlowError, type TSsoProviderRow, type TVerifiedIdentityInput } from './sso.identity.js';
import type { TProviderProfile } from './sso.linkedin.js';

/** The parts of a verified identity that come from the ID token. */
export type TOidcIdentity = Pick<
  TVerifiedIdentityInput,
  'subject' | 'email' | 'isEmailVerified' | 'firstName' | 'lastName' | 'photoUrl' | 'userTypeValue'
>;

/**
 * The profile fields a provider returns (issue #24 item 5): photo from the photo claim, headline and current
 * position only from the claims the attribute mapping names (not standard claims; LinkedIn's basic OpenID scopes
 * return none of them).
 */
export function profileFromClaims(
  provider: TSsoProviderRow,
  claims: Record<string, unknown>,
): TProviderProfile {
  const mapping = provider.attributeMapping as TSsoAttributeMapping;
  const named = (claim: string | undefined) => (claim ? text(claims[claim]) : null);
  return {
    headline: named(mapping.headline),
    positionTitle: named(mapping.positionTitle),
    positionCompany: named(mapping.positionCompany),
    photoUrl: text(claims[mapping.photo ?? 'picture']),
  };
}

/**
 * Claim mapping (issue #24): the provider's attribute mapping names the claims, else the standard ones (email,
 * email_verified, given_name, family_name, picture). An email counts as verified only when the provider says so
 * (email_verified true; Microsoft Entra ID's xms_edov for its domain-verified addresses).
 */
export function identityFromClaims(
  provider: TSsoProviderRow,
  claims: Record<string, unknown>,
): TOidcIdentity {
  const mapping = provider.attributeMapping as TSsoAttributeMapping;
  const subject = text(claims.sub);
  if (!subject) throw new SsoFlowError('token_invalid', 'ID token without sub');
  const email = text(claims[mapping.email ?? 'email']);
  return {
    subject,
    email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : null,
    isEmailVerified: isTrue(claims.email_verified) || isTrue(claims.xms_edov),
    firstName: text(claims[mapping.firstName ?? 'given_name']) ?? splitName(text(claims.name))[0],
    lastName: text(claims[mapping.lastName ?? 'family_name']) ?? splitName(text(claims.name))[1],
    photoUrl: text(claims[mapping.photo ?? 'picture']),
    userTypeValue: mapping.userType ? claimValue(claims[mapping.userType], mapping) : null,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 2048) : null;
}

/** Some providers send booleans as strings. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A user-type claim may be one value or a list (roles, groups): then the first value that maps to a type. */
function claimValue(value: unknown, mapping: TSsoAttributeMapping): string | null {
  if (!Array.isArray(value)) return text(value);
  const values = value.map(text).filter((v): v is string => v !== null);
  return values.find((v) => mappedUserTypeTitle(mapping, v) !== null) ?? values[0] ?? null;
}

function splitName(name: string | null): [string | null, string | null] {
  if (!name) return [null, null];
  const at = name.lastIndexOf(' ');
  return at < 1 ? [name, null] : [name.slice(0, at), name.slice(at + 1)];
}
