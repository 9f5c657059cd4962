import {
  normalizeSsoDomain,
  OIDC_PRESETS,
  ssoDomainProblem,
  type TSsoAttributeMapping,
} from '@commons/domain';
import { z } from 'zod';
import { ZIsoDateTime, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { SIGNUP_METHODS } from './hub-public.js';

/**
 * Single sign-on (issue #24; spec 5 Signup methods and SSO-required email domains, spec 6 cluster-level group
 * sso-settings): the cluster's OpenID Connect providers (SAML ones are in sso-saml.ts), its sign-in options, the
 * email domains that must use SSO, the public sign-in options and a member's linked sign-in accounts.
 */

export const ZOidcPreset = z.enum(OIDC_PRESETS);
export type TOidcPresetName = z.infer<typeof ZOidcPreset>;
export const ZSsoProviderKind = z.enum(['oidc', 'saml']);
export const ZSignupMethodName = z.enum(SIGNUP_METHODS);

const ZProviderName = z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.');
const ZOptionalClaimName = z
  .string()
  .trim()
  .max(128)
  .transform((value) => (value ? value : undefined))
  .optional();

/**
 * Which ID-token claims fill the account; the defaults are the standard claims (email, given_name, family_name,
 * picture). `userType` names a claim whose values map (`userTypeValues`) to the title of one of the hub's types.
 */
export const ZOidcClaimMapping = z.object({
  email: ZOptionalClaimName,
  firstName: ZOptionalClaimName,
  lastName: ZOptionalClaimName,
  photo: ZOptionalClaimName,
  headline: ZOptionalClaimName,
  positionTitle: ZOptionalClaimName,
  positionCompany: ZOptionalClaimName,
  userType: ZOptionalClaimName,
  userTypeValues: z
    .record(
      z.string().trim().min(1, 'Enter the claim value.').max(256),
      z.string().trim().min(1, 'Enter the user type title.').max(80),
    )
    .refine((values) => Object.keys(values).length <= 20, 'Map at most 20 values.')
    .optional(),
}) satisfies z.ZodType<TSsoAttributeMapping>;
export type TOidcClaimMapping = z.output<typeof ZOidcClaimMapping>;
/** The mapping as answered (response schemas serialise, so they hold no transforms). */
export const ZOidcClaimMappingAnswer = z.object({
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  photo: z.string().optional(),
  headline: z.string().optional(),
  positionTitle: z.string().optional(),
  positionCompany: z.string().optional(),
  userType: z.string().optional(),
  userTypeValues: z.record(z.string(), z.string()).optional(),
});

const ZIssuerUrl = z
  .string()
  .trim()
  .max(2048)
  .url('Enter the issuer URL, such as https://login.example.edu.')
  .transform((value) => value.replace(/\/\.well-known\/openid-configuration$/, '').replace(/\/$/, ''));
const ZScopes = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'A scope has no spaces or quotes.'),
  )
  .max(20)
  .optional();

export const ZCreateOidcProviderRequest = z
  .object({
    preset: ZOidcPreset,
    name: ZProviderName,
    /** generic: the issuer (its discovery document is {issuer}/.well-known/openid-configuration). */
    issuer: ZIssuerUrl.optional(),
    /** microsoft: the Entra ID tenant (id or domain); 'organizations' when empty. */
    tenant: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9.-]*$/, 'Enter the tenant id or domain.')
      .optional(),
    clientId: z.string().trim().min(1, 'Enter the client id.').max(512),
    clientSecret: z.string().min(1, 'Enter the client secret.').max(2048),
    scopes: ZScopes,
    isEnabled: z.boolean().default(true),
    attributeMapping: ZOidcClaimMapping.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.preset === 'generic' && !body.issuer)
      ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'Enter the issuer URL.' });
  });
export type TCreateOidcProviderRequest = z.input<typeof ZCreateOidcProviderRequest>;

/** Any field; an empty secret keeps the stored one. */
export const ZUpdateOidcProviderRequest = z
  .object({
    name: ZProviderName.optional(),
    issuer: ZIssuerUrl.optional(),
    tenant: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z0-9.-]*$/, 'Enter the tenant id or domain.')
      .optional(),
    clientId: z.string().trim().min(1, 'Enter the client id.').max(512).optional(),
    clientSecret: z.string().max(2048).optional(),
    scopes: ZScopes,
    isEnabled: z.boolean().optional(),
    attributeMapping: ZOidcClaimMapping.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change.');
export type TUpdateOidcProviderRequest = z.input<typeof ZUpdateOidcProviderRequest>;

/** One provider of the cluster as the console lists it: never its secret, only whether it has one. */
export const ZSsoProviderSummary = z.object({
  id: ZUuid,
  kind: ZSsoProviderKind,
  preset: ZOidcPreset.nullable(),
  name: z.string(),
  isEnabled: z.boolean(),
  hasSecret: z.boolean(),
  /** OpenID Connect settings (null for SAML: see the SAML list). */
  oidc: z
    .object({
      issuer: z.string(),
      tenant: z.string().nullable(),
      clientId: z.string(),
      scopes: z.array(z.string()),
      attributeMapping: ZOidcClaimMappingAnswer,
    })
    .nullable(),
  lastTestedAt: ZIsoDateTime.nullable(),
  lastTestResult: z.string().nullable(),
  /** The last test succeeded. */
  isLastTestOk: z.boolean().nullable(),
  createdAt: ZIsoDateTime,
});
export type TSsoProviderSummary = z.infer<typeof ZSsoProviderSummary>;
export const ZSsoProviderList = z.object({
  items: z.array(ZSsoProviderSummary),
  /** The redirect URI to register at an OpenID provider for this cluster's address. */
  oidcRedirectUri: z.string(),
});
export type TSsoProviderList = z.infer<typeof ZSsoProviderList>;

export const ZOidcTestResult = z.object({
  isOk: z.boolean(),
  message: z.string(),
  provider: ZSsoProviderSummary,
});
export type TOidcTestResult = z.infer<typeof ZOidcTestResult>;

export const ZSsoDomainName = z
  .string()
  .transform(normalizeSsoDomain)
  .superRefine((value, ctx) => {
    const problem = ssoDomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZSsoDomainRule = z.object({
  id: ZUuid,
  domain: z.string(),
  providerId: ZUuid,
  providerName: z.string(),
  createdAt: ZIsoDateTime,
});
export type TSsoDomainRule = z.infer<typeof ZSsoDomainRule>;

export const ZSsoSettings = z.object({
  hiddenSignupMethods: z.array(ZSignupMethodName),
  domains: z.array(ZSsoDomainRule),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

export const ZUpdateSsoSettingsRequest = z.object({
  hiddenSignupMethods: z.array(ZSignupMethodName).max(SIGNUP_METHODS.length),
});
export type TUpdateSsoSettingsRequest = z.input<typeof ZUpdateSsoSettingsRequest>;

export const ZCreateSsoDomainRequest = z.object({ domain: ZSsoDomainName, providerId: ZUuid });
export type TCreateSsoDomainRequest = z.input<typeof ZCreateSsoDomainRequest>;

/** A provider a visitor may sign in with: its button and where the button goes. */
export const ZSsoOptionProvider = z.object({
  id: ZUuid,
  kind: ZSsoProviderKind,
  name: z.string(),
  preset: ZOidcPreset.nullable(),
  /** GET this in the browser (add hubId and returnTo): it goes on to the identity provider. */
  startUrl: z.string(),
});
export type TSsoOptionProvider = z.infer<typeof ZSsoOptionProvider>;

export const ZSsoOptionsQuery = z.object({
  /** An email typed on the sign-in or sign-up page: its domain may require one provider. */
  email: z.string().trim().toLowerCase().max(254).optional(),
  /** The hub of the page (identifier): its hidden signup methods are hidden too. */
  hubId: z.string().trim().min(1).max(64).optional(),
});
export const ZSsoOptions = z.object({
  providers: z.array(ZSsoOptionProvider),
  /** Signup methods shown: neither the cluster nor the hub hides them; only 'sso' for an SSO-required domain. */
  signupMethods: z.array(ZSignupMethodName),
  /** The provider the email's domain must use, or null. */
  requiredProviderId: ZUuid.nullable(),
});
export type TSsoOptions = z.infer<typeof ZSsoOptions>;

export const ZOidcStartQuery = z.object({
  /** The hub to sign in to (its identifier, as in x-hub-id); a first sign-in joins it. */
  hubId: z.string().trim().min(1).max(64).optional(),
  /** A path of this deployment to land on (postLoginRedirect); anything else is ignored. */
  returnTo: z.string().max(2048).optional(),
});
/** spec 7 GET /api/auth/linkedin and /api/auth/linkedin-link (browser navigation). */
export const ZLinkedinStartQuery = z.object({
  /** The host to come back to: only this deployment's (PUBLIC_URL host, this host, a verified hub domain). */
  redirectdomain: z.string().trim().max(300).optional(),
  /** linkedin-link: the signed-in member (another id is refused); ignored by sign-in. */
  userId: z.string().trim().max(64).optional(),
  /** The hub (its identifier, as in x-hub-id); a first sign-in joins it. */
  hubId: z.string().trim().min(1).max(64).optional(),
  /** A path of this deployment to land on after sign-in; anything else is ignored. */
  returnTo: z.string().max(2048).optional(),
});
export type TLinkedinStartQuery = z.infer<typeof ZLinkedinStartQuery>;

export const ZOidcCallbackQuery = z.object({
  state: z.string().max(256).optional(),
  code: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export const ZSsoLinkStart = z.object({ url: z.string() });

/** One of the member's linked sign-in accounts. */
export const ZLinkedSsoIdentity = z.object({
  id: ZUuid,
  providerId: ZUuid,
  providerName: z.string(),
  kind: ZSsoProviderKind,
  preset: ZOidcPreset.nullable(),
  email: z.string().nullable(),
  createdAt: ZIsoDateTime,
  lastUsedAt: ZIsoDateTime.nullable(),
});
export type TLinkedSsoIdentity = z.infer<typeof ZLinkedSsoIdentity>;
export const ZLinkedSsoIdentities = z.object({
  items: z.array(ZLinkedSsoIdentity),
  /** The account has a password (an identity may then be unlinked even when it is the only one). */
  hasPassword: z.boolean(),
  /** OpenID Connect providers the member may link (enabled, not linked yet). */
  linkable: z.array(ZSsoOptionProvider),
});
export type TLinkedSsoIdentities = z.infer<typeof ZLinkedSsoIdentities>;

const ZIdParams = z.object({ id: ZUuid });
const ZProviderParams = z.object({ providerId: ZUuid });
const ADMIN = { auth: 'required', hub: 'optional', tag: 'admin' } as const;
const PUBLIC = { auth: 'public', hub: 'none', tag: 'auth' } as const;

export const OIDC_CALLBACK_PATH = '/api/auth/sso/oidc/callback';
/** The browser entry of an OpenID Connect sign-in; SAML's is /api/auth/sso/saml/:providerId/start. */
export function ssoStartPath(kind: 'oidc' | 'saml', providerId: string): string {
  return `/api/auth/sso/${kind}/${encodeURIComponent(providerId)}/start`;
}

export const SSO_ENDPOINTS = {
  options: defineEndpoint({
    ...PUBLIC,
    hub: 'optional',
    method: 'GET',
    path: '/api/auth/sso/options',
    operationId: 'getSsoOptions',
    summary: 'The sign-in buttons of the cluster and the signup methods shown, for an email if given',
    query: ZSsoOptionsQuery,
    response: ZSsoOptions,
    errors: [400, 404],
  }),
  oidcStart: defineEndpoint({
    ...PUBLIC,
    method: 'GET',
    path: '/api/auth/sso/oidc/:providerId/start',
    operationId: 'startOidcSignIn',
    summary: 'Sends the browser to the OpenID provider (authorization code with PKCE, state and nonce)',
    description:
      'Answers 302 to the provider. State, nonce and the PKCE verifier are kept with a one-time sign-in attempt ' +
      '(10 minutes). An unknown or disabled provider lands on the sign-in page with a message.',
    params: ZProviderParams,
    query: ZOidcStartQuery,
    response: null,
    produces: ['text/html'],
    errors: [400],
  }),
  oidcCallback: defineEndpoint({
    ...PUBLIC,
    method: 'GET',
    path: OIDC_CALLBACK_PATH,
    operationId: 'oidcCallback',
    summary: "The OpenID provider's redirect back: checks state, exchanges the code, validates the ID token",
    description:
      'Answers 302 to /sso/complete (which opens the hub or the asked-for path of this deployment), or to the ' +
      'page the sign-in started from with ?sso_error=<code> when anything is refused.',
    query: ZOidcCallbackQuery,
    response: null,
    produces: ['text/html'],
    errors: [400],
  }),
  linkedinStart: defineEndpoint({
    ...PUBLIC,
    method: 'GET',
    path: '/api/auth/linkedin',
    operationId: 'startLinkedinSignIn',
    summary: "Sends the browser to the cluster's LinkedIn (OpenID Connect) provider to sign in",
    description:
      'The OpenID Connect sign-in of the provider with preset linkedin. Answers 302 to the provider, or to the ' +
      'sign-in page with ?sso_error=linkedin_unavailable (no enabled LinkedIn provider) or redirect_refused ' +
      '(redirectdomain names another site). A first sign-in imports headline, current position and photo where ' +
      'the provider returns them.',
    query: ZLinkedinStartQuery,
    response: null,
    produces: ['text/html'],
    errors: [400],
  }),
  linkedinLink: defineEndpoint({
    ...PUBLIC,
    tag: 'account',
    method: 'GET',
    path: '/api/auth/linkedin-link',
    operationId: 'startLinkedinLink',
    summary: "Links the signed-in member's LinkedIn account and imports its profile fields",
    description:
      'Browser navigation with the session cookie. Answers 302 to the provider; back at the callback the ' +
      "identity is linked and headline, current position and photo are imported where the member's are empty. " +
      'Refusals land on account settings (or sign-in when signed out) with ?sso_error=<code>.',
    query: ZLinkedinStartQuery,
    response: null,
    produces: ['text/html'],
    errors: [400],
  }),
  oidcSignInUrl: defineEndpoint({
    ...PUBLIC,
    method: 'POST',
    path: '/api/auth/sso/oidc/:providerId/sign-in-url',
    operationId: 'startOidcSignInForApp',
    summary: 'Starts an OpenID Connect sign-in and answers the provider URL to open (the native app runs it)',
    description:
      'Like GET …/start, but answers `{ url }` instead of redirecting, and binds the round trip to this browser ' +
      '(the state cookie), so the native app can open the provider in its system browser and hand the callback ' +
      'URL back to the webview (issue #24 item 8: OAUTH_BUTTON_CLICK, REACT_NATIVE_OAUTH_SUCCESS).',
    params: ZProviderParams,
    body: ZOidcStartQuery,
    response: ZSsoLinkStart,
    errors: [400, 404, 429],
  }),
  oidcLink: defineEndpoint({
    auth: 'required',
    hub: 'optional',
    tag: 'account',
    method: 'POST',
    path: '/api/auth/sso/oidc/:providerId/link',
    operationId: 'startOidcLink',
    summary: "Starts linking an OpenID provider's account to the signed-in member: answers the URL to open",
    params: ZProviderParams,
    response: ZSsoLinkStart,
    errors: [400, 401, 404],
  }),
  identities: defineEndpoint({
    auth: 'required',
    hub: 'optional',
    tag: 'account',
    method: 'GET',
    path: '/api/account/sso-identities',
    operationId: 'listLinkedSsoIdentities',
    summary: "The member's linked sign-in accounts and the providers they may link",
    response: ZLinkedSsoIdentities,
    errors: [401],
  }),
  unlink: defineEndpoint({
    auth: 'required',
    hub: 'optional',
    tag: 'account',
    method: 'DELETE',
    path: '/api/account/sso-identities/:id',
    operationId: 'unlinkSsoIdentity',
    summary: 'Unlinks a sign-in account, unless it is the last way to sign in',
    params: ZIdParams,
    response: null,
    status: 204,
    errors: [401, 404, 409],
  }),
} as const;

export const SSO_ADMIN_ENDPOINTS = {
  providers: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/sso/providers',
    operationId: 'listSsoProviders',
    summary: 'Cluster and super admins: every identity provider of the cluster (OpenID Connect and SAML)',
    response: ZSsoProviderList,
    errors: [401, 403],
  }),
  createOidc: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/sso/oidc-providers',
    operationId: 'createOidcProvider',
    summary:
      'Adds an OpenID Connect provider (a preset or any issuer); the client secret is stored encrypted',
    body: ZCreateOidcProviderRequest,
    response: ZSsoProviderSummary,
    status: 201,
    errors: [400, 401, 403],
  }),
  updateOidc: defineEndpoint({
    ...ADMIN,
    method: 'PATCH',
    path: '/api/admin/sso/oidc-providers/:id',
    operationId: 'updateOidcProvider',
    summary: 'Changes an OpenID Connect provider, turns it on or off (an empty secret keeps the stored one)',
    params: ZIdParams,
    body: ZUpdateOidcProviderRequest,
    response: ZSsoProviderSummary,
    errors: [400, 401, 403, 404],
  }),
  removeOidc: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/sso/oidc-providers/:id',
    operationId: 'deleteOidcProvider',
    summary: 'Removes an OpenID Connect provider, its domain rules and links; accounts stay',
    params: ZIdParams,
    response: null,
    status: 204,
    errors: [401, 403, 404],
  }),
  testOidc: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/sso/oidc-providers/:id/test',
    operationId: 'testOidcProvider',
    summary: "Test connection: fetches the provider's discovery document and keys, records the result",
    params: ZIdParams,
    response: ZOidcTestResult,
    errors: [401, 403, 404],
  }),
  settings: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/sso/settings',
    operationId: 'getSsoSettings',
    summary: "The cluster's hidden signup methods and SSO-required email domains",
    response: ZSsoSettings,
    errors: [401, 403],
  }),
  updateSettings: defineEndpoint({
    ...ADMIN,
    method: 'PUT',
    path: '/api/admin/sso/settings',
    operationId: 'updateSsoSettings',
    summary: 'Hides signup methods (google, linkedin, sso, email) for the whole cluster',
    body: ZUpdateSsoSettingsRequest,
    response: ZSsoSettings,
    errors: [400, 401, 403],
  }),
  addDomain: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/sso/domains',
    operationId: 'addSsoDomain',
    summary: 'Makes an email domain sign in only through one provider',
    body: ZCreateSsoDomainRequest,
    response: ZSsoDomainRule,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  removeDomain: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/sso/domains/:id',
    operationId: 'removeSsoDomain',
    summary: 'Lets an email domain use every sign-in method again',
    params: ZIdParams,
    response: null,
    status: 204,
    errors: [401, 403, 404],
  }),
} as const;
