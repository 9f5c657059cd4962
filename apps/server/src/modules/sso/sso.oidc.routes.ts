import { SSO_ENDPOINTS } from '@commons/contract';
import type { TSsoErrorCode } from '@commons/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TConfig } from '../../config.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { setSessionCookies } from '../auth/session-cookies.js';
import { oidcClientSettings } from './sso.commands.js';
import {
  completeSsoSignIn,
  consumeSsoAttempt,
  createSsoAttempt,
  hubIdentifierOf,
  ssoErrorPathFor,
  SsoFlowError,
  ssoProviderOfCluster,
  type TSsoProviderRow,
} from './sso.identity.js';
import { authorizationUrl, exchangeCode, newOidcSecrets, type TOidcClient } from './sso.oidc-client.js';
import { oidcConfigOf } from './sso.presenter.js';
import { identityFromClaims, profileFromClaims } from './sso.oidc-claims.js';
import { importProviderProfile } from './sso.linkedin.js';

/**
 * The browser's cookie binding a started round trip to this browser: the callback is accepted only from the
 * browser that started it (no login CSRF with someone else's state). Lax, so the provider's redirect back
 * (a top-level GET from another site) carries it.
 */
export const SSO_STATE_COOKIE = 'commons_sso_state';
const STATE_COOKIE_PATH = '/api/auth/sso';

/** Starts an OpenID Connect round trip and answers the provider's authorization URL (sso.linkedin.routes.ts too). */
export type TOidcBegin = (
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    provider: TSsoProviderRow;
    purpose: 'signin' | 'link';
    hubId: number | null;
    userId: string | null;
    returnTo: string | null;
    open: (work: (ctx: TRequestContext) => Promise<{ id: string; expiresAt: Date }>) => Promise<{
      id: string;
      expiresAt: Date;
    }>;
  },
) => Promise<string>;

type TOidcRouteDeps = {
  config: Pick<TConfig, 'jwtSecret' | 'isProduction'>;
  oidcClient: TOidcClient;
  limitPerIp: preHandlerAsyncHookHandler;
  redirectUriOf: (request: FastifyRequest) => string;
};

/**
 * GET /api/auth/sso/oidc/:providerId/start, GET /api/auth/sso/oidc/callback and POST …/link. The provider's
 * discovery and the code exchange (network) run between short transactions, never inside one (PGlite has one
 * connection; ARCHITECTURE.md).
 */
export function registerOidcRoutes(app: FastifyInstance, deps: TOidcRouteDeps): TOidcBegin {
  const serverSecret = deps.config.jwtSecret;
  const isSecure = deps.config.isProduction;

  function setStateCookie(reply: FastifyReply, state: string, expiresAt: Date): void {
    reply.setCookie(SSO_STATE_COOKIE, state, {
      httpOnly: true,
      secure: isSecure,
      sameSite: 'lax',
      path: STATE_COOKIE_PATH,
      expires: expiresAt,
    });
  }

  /** Discovery (cached) and a new attempt; answers the provider's authorization URL. */
  const begin: TOidcBegin = async (request, reply, options) => {
    const { provider } = options;
    if (provider.kind !== 'oidc') throw new SsoFlowError('provider_unavailable', 'not an OpenID provider');
    let configuration;
    try {
      configuration = await deps.oidcClient.configurationOf(oidcClientSettings(provider, serverSecret));
    } catch (error) {
      throw new SsoFlowError('provider_unavailable', error instanceof Error ? error.message : String(error));
    }
    const secrets = await newOidcSecrets();
    const attempt = await options.open((ctx) =>
      createSsoAttempt(ctx, {
        providerId: provider.id,
        purpose: options.purpose,
        hubId: options.hubId,
        userId: options.userId,
        returnTo: options.returnTo,
        nonce: secrets.nonce,
        codeVerifier: secrets.codeVerifier,
      }),
    );
    setStateCookie(reply, attempt.id, attempt.expiresAt);
    return authorizationUrl(configuration, {
      redirectUri: deps.redirectUriOf(request),
      scopes: oidcConfigOf(provider).scopes,
      state: attempt.id,
      nonce: secrets.nonce,
      codeChallenge: secrets.codeChallenge,
    });
  };

  route(app, SSO_ENDPOINTS.oidcStart, async ({ request, reply, params, query }) => {
    await deps.limitPerIp.call(app, request, reply);
    const options = tenantOptionsOf(SSO_ENDPOINTS.oidcStart, query.hubId);
    const tenant = { ...options, hub: query.hubId ? ('required' as const) : ('none' as const) };
    const failure = (code: TSsoErrorCode) =>
      reply.redirect(ssoErrorPathFor(code, { purpose: 'signin', hubIdentifier: query.hubId ?? null }), 302);
    try {
      const { provider, hubId } = await request.tenant(tenant, async (ctx) => ({
        provider: await ssoProviderOfCluster(ctx, params.providerId),
        hubId: ctx.hub?.id ?? null,
      }));
      const url = await begin(request, reply, {
        provider,
        purpose: 'signin',
        hubId,
        userId: null,
        returnTo: query.returnTo ?? null,
        open: (work) => request.tenant(tenant, work),
      });
      return reply.redirect(url, 302);
    } catch (error) {
      if (error instanceof SsoFlowError) {
        request.log.info({ err: error }, 'oidc start refused');
        return failure(error.code);
      }
      throw error;
    }
  });

  // The native app's sign-in (issue #24 item 8): the webview starts the round trip here, so the state cookie is
  // its own, and the app opens the answered URL; the callback URL the app hands back then completes in the webview.
  route(app, SSO_ENDPOINTS.oidcSignInUrl, async ({ request, reply, params, body }) => {
    await deps.limitPerIp.call(app, request, reply);
    const options = tenantOptionsOf(SSO_ENDPOINTS.oidcSignInUrl, body.hubId);
    const tenant = { ...options, hub: body.hubId ? ('required' as const) : ('none' as const) };
    const { provider, hubId } = await request.tenant(tenant, async (ctx) => ({
      provider: await ssoProviderOfCluster(ctx, params.providerId).catch((error: unknown) => {
        if (error instanceof SsoFlowError) throw notFoundProvider();
        throw error;
      }),
      hubId: ctx.hub?.id ?? null,
    }));
    try {
      const url = await begin(request, reply, {
        provider,
        purpose: 'signin',
        hubId,
        userId: null,
        returnTo: body.returnTo ?? null,
        open: (work) => request.tenant(tenant, work),
      });
      return { url };
    } catch (error) {
      if (error instanceof SsoFlowError) throw unavailableProvider();
      throw error;
    }
  });

  route(app, SSO_ENDPOINTS.oidcLink, async ({ request, reply, params }) => {
    await deps.limitPerIp.call(app, request, reply);
    const options = tenantOptionsOf(SSO_ENDPOINTS.oidcLink);
    const { provider, userId, hubId } = await request.tenant(options, async (ctx) => ({
      provider: await ssoProviderOfCluster(ctx, params.providerId).catch((error: unknown) => {
        if (error instanceof SsoFlowError) throw notFoundProvider();
        throw error;
      }),
      userId: ctx.requireViewer().user.id,
      hubId: ctx.hub?.id ?? null,
    }));
    try {
      const url = await begin(request, reply, {
        provider,
        purpose: 'link',
        hubId,
        userId,
        returnTo: null,
        open: (work) => request.tenant(options, work),
      });
      return { url };
    } catch (error) {
      if (error instanceof SsoFlowError) throw unavailableProvider();
      throw error;
    }
  });

  route(app, SSO_ENDPOINTS.oidcCallback, async ({ request, reply, query }) => {
    await deps.limitPerIp.call(app, request, reply);
    const publicOptions = { auth: 'optional' as const, hub: 'none' as const };
    const stateCookie = request.cookies[SSO_STATE_COOKIE];
    reply.clearCookie(SSO_STATE_COOKIE, { path: STATE_COOKIE_PATH });
    try {
      // The state must be this browser's: someone else's callback URL cannot sign this browser in.
      if (!query.state || !stateCookie || stateCookie !== query.state)
        throw new SsoFlowError('state_invalid');
      const state = query.state;
      const started = await request.tenant(publicOptions, async (ctx) => {
        const attempt = await consumeSsoAttempt(ctx, { id: state });
        const hubIdentifier = await hubIdentifierOf(ctx, attempt.hubId);
        return { attempt, hubIdentifier, provider: await ssoProviderOfCluster(ctx, attempt.providerId) };
      });
      const { attempt, hubIdentifier, provider } = started;
      const fail = (code: TSsoErrorCode) =>
        ssoErrorPathFor(code, { purpose: attempt.purpose, hubIdentifier });
      try {
        if (query.error)
          throw new SsoFlowError('provider_error', `${query.error}: ${query.error_description ?? ''}`);
        if (provider.kind !== 'oidc' || !attempt.nonce || !attempt.codeVerifier)
          throw new SsoFlowError('state_invalid', 'not an OpenID attempt');
        const configuration = await deps.oidcClient
          .configurationOf(oidcClientSettings(provider, serverSecret))
          .catch((error: unknown) => {
            throw new SsoFlowError(
              'provider_unavailable',
              error instanceof Error ? error.message : String(error),
            );
          });
        const callbackUrl = new URL(deps.redirectUriOf(request));
        callbackUrl.search = new URL(request.url, 'http://localhost').search;
        const claims = await exchangeCode(configuration, {
          callbackUrl,
          state,
          nonce: attempt.nonce,
          codeVerifier: attempt.codeVerifier,
        });
        const identity = identityFromClaims(provider, claims);
        const outcome = await request.tenant(
          {
            auth: 'optional',
            hub: hubIdentifier ? 'required' : 'none',
            ...(hubIdentifier ? { hubIdentifier } : {}),
          },
          async (ctx) => {
            const completed = await completeSsoSignIn(ctx, {
              provider,
              ...identity,
              purpose: attempt.purpose,
              hubId: attempt.hubId,
              linkingUserId: attempt.userId,
              returnTo: attempt.returnTo,
              jwtSecret: serverSecret,
              userAgent: userAgentOf(request),
            });
            // The professional-network flow (issue #24 item 5): a link or a first sign-in brings the profile
            // fields the provider returns where the member's own are empty.
            if (provider.preset === 'linkedin' && (attempt.purpose === 'link' || completed.isNewUser))
              await importProviderProfile(ctx, completed.userId, profileFromClaims(provider, claims));
            return completed;
          },
        );
        if (outcome.session)
          await setSessionCookies(reply, outcome.session, { isSecure, jwtSecret: serverSecret });
        return reply.redirect(outcome.redirectTo, 302);
      } catch (error) {
        if (error instanceof SsoFlowError) {
          request.log.info({ err: error, providerId: provider.id }, 'oidc callback refused');
          return reply.redirect(fail(error.code), 302);
        }
        throw error;
      }
    } catch (error) {
      if (error instanceof SsoFlowError) {
        request.log.info({ err: error }, 'oidc callback refused');
        return reply.redirect(ssoErrorPathFor(error.code, { purpose: 'signin', hubIdentifier: null }), 302);
      }
      throw error;
    }
  });

  return begin;
}

function notFoundProvider(): AppError {
  return notFound('Identity provider');
}

/** The provider could not be reached to start linking (discovery failed). */
function unavailableProvider(): AppError {
  return new AppError({
    statusCode: 400,
    code: 'sso_provider_unavailable',
    message: 'The identity provider could not be reached',
    userMessage: 'This sign-in option is not available right now. Please try again later.',
  });
}

function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : null;
}
