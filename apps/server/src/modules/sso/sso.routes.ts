import { OIDC_CALLBACK_PATH, SSO_ADMIN_ENDPOINTS, SSO_ENDPOINTS } from '@commons/contract';
import { availableSignupMethods, emailDomainOf, SIGNUP_METHODS, type TSignupMethod } from '@commons/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { authAttemptLimiter, type TRateLimits } from '../../plugins/rate-limit.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import {
  addSsoDomain,
  createOidcProvider,
  oidcClientSettings,
  recordProviderTest,
  removeOidcProvider,
  removeSsoDomain,
  requireOidcProvider,
  saveSsoSettings,
  unlinkSsoIdentity,
  updateOidcProvider,
} from './sso.commands.js';
import { registerLinkedinRoutes } from './sso.linkedin.routes.js';
import { registerOidcRoutes } from './sso.oidc.routes.js';
import { createOidcClient, discoveryProblem } from './sso.oidc-client.js';
import { requireSsoAdmin } from './sso.policy.js';
import {
  presentLinkedIdentity,
  presentSsoDomainRule,
  presentSsoOption,
  presentSsoProvider,
  TEST_OK_PREFIX,
} from './sso.presenter.js';
import {
  clusterHiddenSignupMethods,
  clusterSsoDomainRules,
  clusterSsoProviders,
  linkedSsoIdentities,
  requiredProviderForDomain,
  userHasPassword,
} from './sso.queries.js';

/**
 * Single sign-on (issue #24): /api/admin/sso/* for cluster and super admins (spec 6 sso-settings; SAML providers are
 * saml.routes.ts), the public sign-in options, the OpenID Connect round trip (sso.oidc.routes.ts) and a member's
 * linked sign-in accounts. Every admin write is audited; a provider's secret is never answered.
 */
export function ssoRoutes(deps: Pick<TAppDeps, 'config'> & { rateLimits: TRateLimits }): FastifyPluginAsync {
  const serverSecret = deps.config.jwtSecret;
  const allowedOrigins = deps.config.ssoTestAllowedOrigins;
  const oidcClient = createOidcClient({ allowedOrigins });
  return async (app) => {
    tenantRoute(app, SSO_ADMIN_ENDPOINTS.providers, async (ctx, { request }) => {
      requireSsoAdmin(ctx);
      const rows = await clusterSsoProviders(ctx.tx, ctx.clusterId);
      return { items: rows.map(presentSsoProvider), oidcRedirectUri: oidcRedirectUri(request) };
    });

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.createOidc, async (ctx, { body }) =>
      presentSsoProvider(await createOidcProvider(ctx, { body, allowedOrigins, serverSecret })),
    );

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.updateOidc, async (ctx, { params, body }) => {
      const row = await updateOidcProvider(ctx, { id: params.id, body, allowedOrigins, serverSecret });
      oidcClient.forget(row.id);
      return presentSsoProvider(row);
    });

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.removeOidc, async (ctx, { params }) => {
      await removeOidcProvider(ctx, params.id);
      oidcClient.forget(params.id);
      return undefined;
    });

    // Test connection: discovery (network, up to 10 s) between two short transactions, never inside one.
    route(app, SSO_ADMIN_ENDPOINTS.testOidc, async ({ request, params }) => {
      const options = tenantOptionsOf(SSO_ADMIN_ENDPOINTS.testOidc);
      const settings = await request.tenant(options, async (ctx) => {
        requireSsoAdmin(ctx);
        return oidcClientSettings(await requireOidcProvider(ctx, params.id), serverSecret);
      });
      oidcClient.forget(params.id);
      let result: string;
      try {
        const metadata = (await oidcClient.configurationOf(settings)).serverMetadata();
        result = `${TEST_OK_PREFIX}: discovered ${metadata.issuer} (authorization, token and key endpoints present).`;
        if (!metadata.jwks_uri || !metadata.token_endpoint || !metadata.authorization_endpoint)
          result = 'The discovery document lacks the authorization, token or key endpoint.';
      } catch (error) {
        result = discoveryProblem(error);
      }
      const row = await request.tenant(options, (ctx) => recordProviderTest(ctx, { id: params.id, result }));
      return { isOk: result.startsWith(TEST_OK_PREFIX), message: result, provider: presentSsoProvider(row) };
    });

    const settingsOf = async (ctx: TRequestContext) => ({
      hiddenSignupMethods: (await clusterHiddenSignupMethods(ctx.tx, ctx.clusterId)).filter(isSignupMethod),
      domains: (await clusterSsoDomainRules(ctx.tx, ctx.clusterId)).map(presentSsoDomainRule),
    });

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.settings, async (ctx) => {
      requireSsoAdmin(ctx);
      return settingsOf(ctx);
    });

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.updateSettings, async (ctx, { body }) => {
      await saveSsoSettings(ctx, body);
      return settingsOf(ctx);
    });

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.addDomain, async (ctx, { body }) => {
      const id = await addSsoDomain(ctx, body);
      const rule = (await clusterSsoDomainRules(ctx.tx, ctx.clusterId)).find((r) => r.id === id);
      if (!rule) throw new Error('added domain rule not found');
      return presentSsoDomainRule(rule);
    });

    tenantRoute(app, SSO_ADMIN_ENDPOINTS.removeDomain, async (ctx, { params }) => {
      await removeSsoDomain(ctx, params.id);
      return undefined;
    });

    // The hub of the page (query hubId) adds its own hidden signup methods.
    route(app, SSO_ENDPOINTS.options, async ({ request, query }) =>
      request.tenant(tenantOptionsOf(SSO_ENDPOINTS.options, query.hubId), async (ctx) => {
        const providers = (await clusterSsoProviders(ctx.tx, ctx.clusterId)).filter((p) => p.isEnabled);
        const domain = query.email ? emailDomainOf(query.email) : null;
        const required = domain
          ? await requiredProviderForDomain(ctx.tx, { clusterId: ctx.clusterId, domain })
          : null;
        const hidden = [...(await clusterHiddenSignupMethods(ctx.tx, ctx.clusterId))];
        if (ctx.hub)
          hidden.push(...(await getHubSettings(ctx.tx, ctx.hub.id)).coreSettings.hiddenSignupMethods);
        return {
          providers: (required ? [required] : providers).map(presentSsoOption),
          signupMethods: availableSignupMethods({
            hiddenMethods: hidden,
            isSsoRequiredForEmailDomain: !!required,
          }),
          requiredProviderId: required?.id ?? null,
        };
      }),
    );

    tenantRoute(app, SSO_ENDPOINTS.identities, async (ctx) => {
      const userId = ctx.requireViewer().user.id;
      const linked = await linkedSsoIdentities(ctx.tx, { clusterId: ctx.clusterId, userId });
      const linkedProviderIds = new Set(linked.map((l) => l.provider.id));
      const linkable = (await clusterSsoProviders(ctx.tx, ctx.clusterId)).filter(
        (p) => p.isEnabled && p.kind === 'oidc' && !linkedProviderIds.has(p.id),
      );
      return {
        items: linked.map(presentLinkedIdentity),
        hasPassword: await userHasPassword(ctx.tx, userId),
        linkable: linkable.map(presentSsoOption),
      };
    });

    tenantRoute(app, SSO_ENDPOINTS.unlink, async (ctx, { params }) => {
      await unlinkSsoIdentity(ctx, params.id);
      return undefined;
    });

    // A start writes an attempt row and a callback costs a code exchange: limited per address as sign-in is.
    const limitPerIp = authAttemptLimiter(app, deps.rateLimits, { isPerEmail: false });
    const begin = registerOidcRoutes(app, {
      config: deps.config,
      limitPerIp,
      oidcClient,
      redirectUriOf: oidcRedirectUri,
    });
    registerLinkedinRoutes(app, { config: deps.config, limitPerIp, begin });
  };
}

function isSignupMethod(value: string): value is TSignupMethod {
  return (SIGNUP_METHODS as readonly string[]).includes(value);
}

/** The callback address of the request's host: each cluster registers its own at its providers. */
function oidcRedirectUri(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${OIDC_CALLBACK_PATH}`;
}
