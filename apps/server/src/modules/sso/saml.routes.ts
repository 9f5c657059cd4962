import {
  SAML_ACS_PATH,
  SAML_ADMIN_ENDPOINTS,
  SAML_ENDPOINTS,
  type TSamlAttributeMapping,
} from '@commons/contract';
import type { TSsoPurpose } from '@commons/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { ssoUsedAssertions } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { authAttemptLimiter, type TRateLimits } from '../../plugins/rate-limit.js';
import { route, tenantRoute } from '../../plugins/route.js';
import type { TRequestContext, TTenantOptions } from '../../plugins/request-context.js';
import { setSessionCookies } from '../auth/session-cookies.js';
import {
  createSamlProvider,
  deleteSamlProvider,
  requireSamlProvider,
  updateSamlProvider,
} from './saml.commands.js';
import { presentSamlProvider, samlAttributeMappingOf } from './saml.presenter.js';
import {
  authnRequestUrl,
  newSamlRequestId,
  samlIdpConfigOf,
  samlServiceProviderInfo,
  SamlResponseRefused,
  serviceProviderMetadataXml,
  verifySamlResponse,
  type TVerifiedSamlAssertion,
} from './saml.protocol.js';
import { clusterSamlProviders, findSamlProvider, originOfCluster } from './saml.queries.js';
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
import { requireSsoAdmin } from './sso.policy.js';

/** The one sign-in attempt this browser started (its id is the RelayState); read only by the ACS. */
export const SAML_ATTEMPT_COOKIE = 'commons_saml_attempt';

/** The SAML IdP's form post is small; a whole federation's metadata is not. */
const ACS_BODY_LIMIT = 1024 * 1024;

/** The first value of an attribute (IdPs send one or several values). */
function attributeValue(attributes: Record<string, unknown>, name: string | undefined): string | null {
  if (!name) return null;
  const value = attributes[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : null;
}

/** The assertion's identity through the provider's attribute mapping (an email NameID stands in for the email). */
function identityOf(assertion: TVerifiedSamlAssertion, mapping: TSamlAttributeMapping) {
  const email =
    attributeValue(assertion.attributes, mapping.email) ??
    (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(assertion.nameId) ? assertion.nameId : null);
  return {
    subject: assertion.nameId,
    email,
    // The cluster's own IdP vouches for the address it asserts (the admin chose to trust it for this cluster).
    isEmailVerified: email !== null,
    firstName: attributeValue(assertion.attributes, mapping.firstName),
    lastName: attributeValue(assertion.attributes, mapping.lastName),
    photoUrl: attributeValue(assertion.attributes, mapping.photo),
    userTypeValue: attributeValue(assertion.attributes, mapping.userType),
  };
}

/** A public request's tenant: the hub the sign-in started from (new members join it), or none. */
function tenantOfHub(hubIdentifier: string | null): TTenantOptions {
  return hubIdentifier === null
    ? { auth: 'optional', hub: 'none' }
    : { auth: 'optional', hub: 'required', hubIdentifier };
}

/**
 * Records an accepted assertion's id until it expires; one already recorded is a replay (the same assertion
 * re-sent, even inside a new round trip) and is refused.
 */
async function rememberAssertion(
  ctx: TRequestContext,
  providerId: string,
  assertion: TVerifiedSamlAssertion,
): Promise<void> {
  const [fresh] = await ctx.tx
    .insert(ssoUsedAssertions)
    .values({
      clusterId: ctx.clusterId,
      providerId,
      assertionId: assertion.assertionId,
      expiresAt: assertion.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ assertionId: ssoUsedAssertions.assertionId });
  if (!fresh) throw new SsoFlowError('state_invalid', `assertion ${assertion.assertionId} replayed`);
}

/**
 * SAML 2.0 single sign-on (issue #24 item 2): Commons' SP metadata per provider, the AuthnRequest (HTTP-Redirect),
 * the assertion consumer service, and the cluster admins' provider settings (sso-settings, audited).
 */
export function samlRoutes(deps: Pick<TAppDeps, 'config'> & { rateLimits: TRateLimits }): FastifyPluginAsync {
  const { publicUrl, jwtSecret, isProduction } = deps.config;
  const spOf = async (ctx: TRequestContext, providerId: string) =>
    samlServiceProviderInfo(await originOfCluster(ctx.tx, ctx.clusterId, publicUrl), providerId);

  /** An SAML provider that may sign members in: enabled, of this cluster, kind saml. */
  const signInProvider = async (ctx: TRequestContext, providerId: string): Promise<TSsoProviderRow> => {
    const provider = await ssoProviderOfCluster(ctx, providerId);
    if (provider.kind !== 'saml') throw new SsoFlowError('provider_unavailable', 'not a SAML provider');
    return provider;
  };

  /**
   * Starts a round trip at the IdP: a one-time attempt keeps the AuthnRequest's id; the answer is the IdP URL
   * (HTTP-Redirect binding) whose RelayState is the attempt id.
   */
  const startRoundTrip = async (
    ctx: TRequestContext,
    reply: FastifyReply,
    provider: TSsoProviderRow,
    input: { purpose: TSsoPurpose; userId: string | null; returnTo: string | null },
  ): Promise<string> => {
    const requestId = newSamlRequestId();
    const attempt = await createSsoAttempt(ctx, {
      providerId: provider.id,
      purpose: input.purpose,
      hubId: ctx.hub?.id ?? null,
      userId: input.userId,
      returnTo: input.returnTo,
      samlRequestId: requestId,
    });
    // The response must come back to this browser: a RelayState handed to someone else is refused.
    reply.setCookie(SAML_ATTEMPT_COOKIE, attempt.id, {
      httpOnly: true,
      secure: isProduction,
      // The IdP's form post is a cross-site POST, which carries only SameSite=None cookies (Secure, so https).
      sameSite: isProduction ? 'none' : 'lax',
      path: SAML_ACS_PATH,
      expires: attempt.expiresAt,
    });
    return authnRequestUrl({
      sp: await spOf(ctx, provider.id),
      idp: samlIdpConfigOf(provider.config),
      requestId,
      relayState: attempt.id,
    });
  };

  return async (app) => {
    // A start writes an attempt row and a response costs a signature check: limited per address as sign-in is.
    const limitPerIp = authAttemptLimiter(app, deps.rateLimits, { isPerEmail: false });

    route(app, SAML_ENDPOINTS.metadata, async ({ params, request, reply }) => {
      const xml = await request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
        const provider = await findSamlProvider(ctx.tx, ctx.clusterId, params.providerId);
        if (!provider) throw notFound('SAML provider');
        return serviceProviderMetadataXml(await spOf(ctx, provider.id), samlIdpConfigOf(provider.config));
      });
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    });

    route(app, SAML_ENDPOINTS.start, async ({ params, query, request, reply }) => {
      await limitPerIp.call(app, request, reply);
      const hubIdentifier = query.hubId ?? null;
      const tenant = tenantOfHub(hubIdentifier);
      try {
        const location = await request.tenant(tenant, async (ctx) =>
          startRoundTrip(ctx, reply, await signInProvider(ctx, params.providerId), {
            purpose: 'signin',
            userId: null,
            returnTo: query.returnTo ?? null,
          }),
        );
        return reply.redirect(location, 302);
      } catch (error) {
        if (!(error instanceof SsoFlowError)) throw error;
        request.log.info({ err: error }, 'saml start refused');
        return reply.redirect(ssoErrorPathFor(error.code, { purpose: 'signin', hubIdentifier }), 303);
      }
    });

    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      route(scope, SAML_ENDPOINTS.acs, async ({ body, request, reply }) => {
        await limitPerIp.call(scope, request, reply);
        // Until the attempt is known, a failure cannot tell which hub's sign-in page it started from.
        let from: { purpose: TSsoPurpose; hubIdentifier: string | null } = {
          purpose: 'signin',
          hubIdentifier: null,
        };
        try {
          const relayState = body.RelayState;
          const bound = request.cookies[SAML_ATTEMPT_COOKIE];
          reply.clearCookie(SAML_ATTEMPT_COOKIE, { path: SAML_ACS_PATH });
          if (!relayState) throw new SsoFlowError('state_invalid', 'no RelayState');
          if (bound !== relayState) throw new SsoFlowError('state_invalid', 'RelayState of another browser');
          // The attempt is used up in its own transaction first: a refused response cannot give it back.
          const { attempt, hubIdentifier, provider, sp } = await request.tenant(
            { auth: 'optional', hub: 'none' },
            async (ctx) => {
              const used = await consumeSsoAttempt(ctx, { id: relayState });
              const started = {
                attempt: used,
                hubIdentifier: await hubIdentifierOf(ctx, used.hubId),
              };
              from = { purpose: used.purpose, hubIdentifier: started.hubIdentifier };
              // An admin tests a provider before turning it on; sign-ins and links need it on.
              const saml =
                used.purpose === 'test'
                  ? await requireSamlProvider(ctx, used.providerId).catch(() => {
                      throw new SsoFlowError('provider_unavailable', 'tested provider removed');
                    })
                  : await signInProvider(ctx, used.providerId);
              return { ...started, provider: saml, sp: await spOf(ctx, saml.id) };
            },
          );
          if (attempt.samlRequestId === null) throw new SsoFlowError('state_invalid', 'not a SAML attempt');
          const assertion = await verifySamlResponse({
            sp,
            idp: samlIdpConfigOf(provider.config),
            requestId: attempt.samlRequestId,
            requestIssuedAt: attempt.createdAt,
            samlResponse: body.SAMLResponse,
          }).catch((error: unknown) => {
            if (error instanceof SamlResponseRefused) throw new SsoFlowError('token_invalid', error.message);
            throw error;
          });
          const outcome = await request.tenant(tenantOfHub(hubIdentifier), async (ctx) => {
            await rememberAssertion(ctx, provider.id, assertion);
            return completeSsoSignIn(ctx, {
              provider,
              ...identityOf(assertion, samlAttributeMappingOf(provider)),
              purpose: attempt.purpose,
              hubId: attempt.hubId,
              linkingUserId: attempt.userId,
              returnTo: attempt.returnTo,
              jwtSecret,
              userAgent: request.headers['user-agent'] ?? null,
            });
          });
          if (outcome.session)
            await setSessionCookies(reply, outcome.session, { isSecure: isProduction, jwtSecret });
          return reply.redirect(outcome.redirectTo, 303);
        } catch (error) {
          if (!(error instanceof SsoFlowError)) throw error;
          request.log.info({ err: error }, 'saml response refused');
          return reply.redirect(ssoErrorPathFor(error.code, from), 303);
        }
      });
    });

    // ---- Cluster admins (sso-settings) ----

    tenantRoute(app, SAML_ADMIN_ENDPOINTS.list, async (ctx) => {
      requireSsoAdmin(ctx);
      const origin = await originOfCluster(ctx.tx, ctx.clusterId, publicUrl);
      const rows = await clusterSamlProviders(ctx.tx, ctx.clusterId);
      return { items: rows.map((row) => presentSamlProvider(row, { origin, now: ctx.now })) };
    });

    tenantRoute(app, SAML_ADMIN_ENDPOINTS.create, async (ctx, { body }) => {
      const row = await createSamlProvider(ctx, body);
      return presentSamlProvider(row, {
        origin: await originOfCluster(ctx.tx, ctx.clusterId, publicUrl),
        now: ctx.now,
      });
    });

    tenantRoute(app, SAML_ADMIN_ENDPOINTS.update, async (ctx, { params, body }) => {
      const row = await updateSamlProvider(ctx, { id: params.id, body });
      return presentSamlProvider(row, {
        origin: await originOfCluster(ctx.tx, ctx.clusterId, publicUrl),
        now: ctx.now,
      });
    });

    tenantRoute(app, SAML_ADMIN_ENDPOINTS.test, async (ctx, { params, reply }) => {
      requireSsoAdmin(ctx);
      const provider = await requireSamlProvider(ctx, params.id);
      const userId = ctx.requireViewer().user.id;
      return {
        url: await startRoundTrip(ctx, reply, provider, { purpose: 'test', userId, returnTo: null }),
      };
    });

    tenantRoute(app, SAML_ADMIN_ENDPOINTS.remove, async (ctx, { params }) => {
      await deleteSamlProvider(ctx, params.id);
      return undefined;
    });
  };
}
