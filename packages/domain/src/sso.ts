/**
 * Single sign-on rules (issue #24; spec 5 Signup methods and SSO-required email domains, spec 8 messages): no I/O.
 */

/** OpenID Connect presets: the issuer each one discovers (Microsoft's names the Entra ID tenant). */
export const OIDC_PRESETS = ['google', 'microsoft', 'linkedin', 'generic'] as const;
export type TOidcPreset = (typeof OIDC_PRESETS)[number];

/** The issuer URL of a preset, or null for generic (the admin enters it). */
export function presetIssuer(preset: TOidcPreset, options: { tenant?: string | null } = {}): string | null {
  switch (preset) {
    case 'google':
      return 'https://accounts.google.com';
    case 'microsoft':
      return `https://login.microsoftonline.com/${encodeURIComponent(options.tenant?.trim() || 'organizations')}/v2.0`;
    case 'linkedin':
      return 'https://www.linkedin.com/oauth';
    case 'generic':
      return null;
  }
}

/** The usual button label of a preset. */
export const OIDC_PRESET_LABELS: Record<TOidcPreset, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  linkedin: 'LinkedIn',
  generic: 'Single sign-on',
};

/** A started sign-in at a provider is good for ten minutes, once. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** What a started SSO round trip is for: a sign-in, linking an account to the signed-in user, an admin's test. */
export const SSO_PURPOSES = ['signin', 'link', 'test'] as const;
export type TSsoPurpose = (typeof SSO_PURPOSES)[number];

/** spec 5: an email whose domain requires SSO signs in only through its provider. */
export const SSO_REQUIRED_MESSAGE =
  'Your organization signs you in with single sign-on. Use the button for your organization instead of a password.';

/**
 * Why an SSO round trip ended without a session, as the sign-in page shows it (`?sso_error=<code>`): never a
 * stack or the provider's raw answer.
 */
export const SSO_ERROR_MESSAGES = {
  state_invalid: 'This sign-in link has expired or was already used. Please start again.',
  provider_unavailable: 'This sign-in option is not available. Please choose another one.',
  provider_error: 'The identity provider did not sign you in. Please try again.',
  token_invalid: 'The identity provider’s answer could not be verified. Please try again.',
  email_missing:
    'The identity provider did not share a verified email address, so no account can be found or created.',
  email_unverified:
    'Your email address is not verified at the identity provider, so it cannot be linked to your existing account. Sign in with your password, then link the provider from your account settings.',
  account_deactivated: 'Your account has been deactivated by your organization.',
  already_linked: 'This identity provider account is already linked to another Commons account.',
  account_closed: 'This account is being deleted, so it cannot sign in.',
  no_user_type: 'This community has no user types to join yet. Please contact its administrators.',
  hub_required:
    'No account uses this email yet. Open your community’s page first, then sign in there to join it.',
  linkedin_unavailable:
    'Signing in with LinkedIn is not set up for this community. Please choose another sign-in option.',
  redirect_refused:
    'This sign-in link points to another website, so it was stopped. Please start again from this site.',
  signin_required: 'Please sign in first, then connect your LinkedIn account from your account settings.',
  link_user_mismatch:
    'This link was made for another account. Start connecting LinkedIn again from your own account settings.',
} as const;
export type TSsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;

export function isSsoErrorCode(value: string): value is TSsoErrorCode {
  return Object.hasOwn(SSO_ERROR_MESSAGES, value);
}

/** The domain of an email address, lower case, or null when it has none. */
export function emailDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why a value cannot be an SSO email domain (`example.edu`: no '@', scheme or path), or null. */
export function ssoDomainProblem(value: string): string | null {
  if (value === '') return 'Enter an email domain, such as example.edu.';
  if (value.length > 253) return 'A domain name has at most 253 characters.';
  if (/[/:@?#\s[\]]/.test(value))
    return 'Enter the domain only, such as example.edu: no @, https:// or path.';
  const labels = value.split('.');
  if (labels.length < 2) return 'Enter a full domain name with a dot, such as example.edu.';
  if (!labels.every((label) => DOMAIN_LABEL.test(label)))
    return 'A domain name is made of letters, digits and hyphens, separated by dots.';
  return null;
}

/** A domain as stored: trimmed, lower case, without a leading '@' or trailing dot. */
export function normalizeSsoDomain(value: string): string {
  return value.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
}

/**
 * How claims or attributes map onto a Commons account (sso_providers.attribute_mapping). Names default to the
 * OpenID Connect standard claims; `userTypeValues` maps a value of the `userType` attribute to the title of one
 * of the hub's user types (titles, so one provider serves every hub of the cluster).
 */
export type TSsoAttributeMapping = {
  email?: string;
  firstName?: string;
  lastName?: string;
  photo?: string;
  /**
   * Profile claims the link flow imports where the member's own field is empty (issue #24 item 5). They are not
   * standard OpenID Connect claims: LinkedIn's basic OpenID scopes (openid profile email) give only sub, names,
   * email, email_verified, picture and locale, so these are named only for a provider that returns them.
   */
  headline?: string;
  positionTitle?: string;
  positionCompany?: string;
  userType?: string;
  userTypeValues?: Record<string, string>;
};

/** The user type title an attribute value maps to (case-insensitive value), or null for the hub's default. */
export function mappedUserTypeTitle(mapping: TSsoAttributeMapping, value: string | null): string | null {
  if (value === null || !mapping.userTypeValues) return null;
  const wanted = value.trim().toLowerCase();
  for (const [attributeValue, title] of Object.entries(mapping.userTypeValues))
    if (attributeValue.trim().toLowerCase() === wanted) return title;
  return null;
}

/**
 * Whether a user may drop one linked sign-in account: only while another way to sign in remains (a password, or
 * another linked account). An email link alone does not count: an SSO-only domain refuses it.
 */
export function canUnlinkSsoIdentity(options: { hasPassword: boolean; otherIdentityCount: number }): boolean {
  return options.hasPassword || options.otherIdentityCount > 0;
}

/** The signup method (spec 5) a provider's button belongs to: Google, LinkedIn, else single sign-on. */
export function signupMethodOfProvider(provider: {
  kind: 'oidc' | 'saml';
  preset: TOidcPreset | null;
}): 'google' | 'linkedin' | 'sso' {
  if (provider.kind === 'oidc' && provider.preset === 'google') return 'google';
  if (provider.kind === 'oidc' && provider.preset === 'linkedin') return 'linkedin';
  return 'sso';
}

/**
 * Whether the `redirectdomain` of a professional-network sign-in names this deployment (spec 7
 * /api/auth/linkedin): a bare host or an http(s) origin equal to one of `deploymentHosts` (the PUBLIC_URL host,
 * the requested host, the cluster's verified hub domains). Anything else (another site, a path, credentials) is
 * refused; the landing itself is always a path of the deployment.
 */
export function isDeploymentRedirectDomain(value: string, deploymentHosts: readonly string[]): boolean {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '' || trimmed.length > 253) return false;
  const candidate = /^https?:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!URL.canParse(candidate)) return false;
  const url = new URL(candidate);
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return false;
  const hosts = new Set(deploymentHosts.map((host) => host.trim().toLowerCase()));
  return hosts.has(url.host) || (url.port === '' && hosts.has(url.hostname));
}
