import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import { GuardedFetchError, guardedFetch, guardedPost } from '../link-previews/guarded-fetch.js';
import { SsoFlowError } from './sso.identity.js';

/**
 * The OpenID Connect relying party (issue #24) on openid-client 6: discovery, the authorization URL (code + PKCE
 * S256, state, nonce) and the code exchange with ID-token validation (signature, issuer, audience, expiry, nonce).
 * Every request to the provider goes through the SSRF guard (link-previews/guarded-fetch.ts), so an issuer
 * entered by an admin cannot reach this machine or a private network; only the test-only SSO_TEST_ALLOWED_ORIGINS
 * let a local provider through (over http too). None of this runs inside a database transaction.
 */

/** What the client needs of a provider row: its issuer, client and secret. */
export type TOidcClientSettings = {
  /** Changes when the provider is edited, so a cached configuration is never stale. */
  cacheKey: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** Discovery answers (and the keys fetched through them) are kept this long in memory. */
const DISCOVERY_TTL_MS = 5 * 60 * 1000;
const TIMEOUT_SECONDS = 10;

export type TOidcClient = {
  /** Discovers the provider (or reuses a recent discovery). */
  configurationOf(settings: TOidcClientSettings): Promise<oidc.Configuration>;
  /** Drops a provider's cached discovery (it was edited or removed). */
  forget(providerId: string): void;
  allowedOrigins: ReadonlySet<string>;
};

export function createOidcClient(options: { allowedOrigins: ReadonlySet<string> }): TOidcClient {
  const { allowedOrigins } = options;
  const cache = new LRUCache<string, Promise<oidc.Configuration>>({ max: 500, ttl: DISCOVERY_TTL_MS });

  /** openid-client's fetch, through the guard: JSON GETs (discovery, keys) and the token endpoint's POST. */
  const guardedOidcFetch: oidc.CustomFetch = async (url, request) => {
    const headers = { ...request.headers };
    if (request.method === 'GET') {
      const page = await guardedFetch(url, {
        allowedOrigins,
        accept: headers.accept ?? 'application/json',
        isAcceptedType: (type) => /json/i.test(type),
        typeError: 'unexpected_type',
        isTruncationRefused: true,
      });
      return new Response(new Uint8Array(page.body), {
        status: 200,
        headers: { 'content-type': page.contentType },
      });
    }
    const body =
      typeof request.body === 'string'
        ? Buffer.from(request.body)
        : request.body instanceof URLSearchParams
          ? Buffer.from(request.body.toString())
          : null;
    if (body === null) throw new GuardedFetchError('invalid_url', 'unsupported request body');
    const answer = await guardedPost(url, { allowedOrigins, headers, body, maxBytes: 256 * 1024 });
    return new Response(answer.status === 204 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };

  async function discover(settings: TOidcClientSettings): Promise<oidc.Configuration> {
    const issuer = new URL(settings.issuer);
    const isLocalTest = allowedOrigins.has(issuer.origin);
    return oidc.discovery(
      issuer,
      settings.clientId,
      undefined,
      oidc.ClientSecretPost(settings.clientSecret),
      {
        [oidc.customFetch]: guardedOidcFetch,
        timeout: TIMEOUT_SECONDS,
        ...(isLocalTest && issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
  }

  return {
    allowedOrigins,
    configurationOf(settings) {
      const cached = cache.get(settings.cacheKey);
      if (cached) return cached;
      const pending = discover(settings).then(chooseClientAuthentication(settings));
      // A failed discovery is not remembered: the next try asks again.
      pending.catch(() => cache.delete(settings.cacheKey));
      cache.set(settings.cacheKey, pending);
      return pending;
    },
    forget(providerId) {
      for (const key of cache.keys()) if (key.startsWith(`${providerId}:`)) cache.delete(key);
    },
  };
}

/**
 * client_secret_post unless the provider lists only client_secret_basic (openid-client's default is post;
 * LinkedIn takes only post, some enterprise providers only basic).
 */
function chooseClientAuthentication(settings: TOidcClientSettings) {
  return (configuration: oidc.Configuration): oidc.Configuration => {
    const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported;
    if (methods && !methods.includes('client_secret_post') && methods.includes('client_secret_basic')) {
      const basic = new oidc.Configuration(
        configuration.serverMetadata(),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
      );
      copyTransport(configuration, basic);
      return basic;
    }
    return configuration;
  };
}

function copyTransport(from: oidc.Configuration, to: oidc.Configuration): void {
  const fetcher = from[oidc.customFetch];
  if (fetcher) to[oidc.customFetch] = fetcher;
  to.timeout = from.timeout;
  if (new URL(from.serverMetadata().issuer).protocol === 'http:') oidc.allowInsecureRequests(to);
}

/** A new round trip's secrets: PKCE verifier and challenge, nonce. */
export async function newOidcSecrets(): Promise<{
  codeVerifier: string;
  codeChallenge: string;
  nonce: string;
}> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    nonce: oidc.randomNonce(),
  };
}

/** The provider's authorization URL for one round trip. */
export function authorizationUrl(
  configuration: oidc.Configuration,
  input: { redirectUri: string; scopes: string[]; state: string; nonce: string; codeChallenge: string },
): string {
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: input.redirectUri,
      scope: input.scopes.join(' '),
      response_type: 'code',
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();
}

/** The verified ID token's claims after the code exchange (state, PKCE and nonce checked). */
export async function exchangeCode(
  configuration: oidc.Configuration,
  input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, input.callbackUrl, {
      expectedState: input.state,
      expectedNonce: input.nonce,
      pkceCodeVerifier: input.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    throw oidcFailure(error);
  }
  const claims = tokens.claims();
  if (!claims) throw new SsoFlowError('token_invalid', 'no ID token');
  return claims as Record<string, unknown>;
}

/** A provider's refusal (an OAuth error answer) or a check that failed (signature, nonce, issuer…). */
function oidcFailure(error: unknown): SsoFlowError {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError)
    return new SsoFlowError('provider_error', `${error.error}: ${error.error_description ?? ''}`);
  if (
    error instanceof GuardedFetchError ||
    (error instanceof Error && error.cause instanceof GuardedFetchError)
  )
    return new SsoFlowError('provider_unavailable', error.message);
  return new SsoFlowError('token_invalid', error instanceof Error ? error.message : String(error));
}

/** Why discovery failed, as Test connection shows it to the admin. */
export function discoveryProblem(error: unknown): string {
  const guard =
    error instanceof GuardedFetchError
      ? error
      : error instanceof Error && error.cause instanceof GuardedFetchError
        ? error.cause
        : null;
  if (guard) {
    switch (guard.reason) {
      case 'private_address':
      case 'port_not_allowed':
      case 'invalid_url':
        return 'The issuer URL points to a private or local address, which is not allowed.';
      case 'timeout':
        return 'The provider did not answer within 10 seconds.';
      case 'http_error':
        return `The discovery document could not be read (${guard.message}). Check the issuer URL.`;
      case 'unexpected_type':
        return 'The discovery address did not answer JSON. Check the issuer URL.';
      default:
        return `The provider could not be reached (${guard.message}).`;
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/issuer/i.test(message))
    return 'The discovery document names another issuer than the URL entered. Enter the exact issuer URL.';
  return `The discovery document is not valid: ${message.slice(0, 200)}`;
}
