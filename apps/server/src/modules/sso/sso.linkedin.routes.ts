import { REFRESH_COOKIE, SSO_ENDPOINTS } from '@commons/contract';
import type { TSsoErrorCode, TSsoPurpose } from '@commons/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TConfig } from '../../config.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import { ssoErrorPathFor, SsoFlowError } from './sso.identity.js';
import {
  assertDeploymentRedirectDomain,
  linkedinProviderOfCluster,
  signedInUserOfRefreshToken,
} from './sso.linkedin.js';
import type { TOidcBegin } from './sso.oidc.routes.js';

type TLinkedinRouteDeps = {
  config: Pick<TConfig, 'publicUrl'>;
  limitPerIp: preHandlerAsyncHookHandler;
  begin: TOidcBegin;
};

/**
 * spec 7 GET /api/auth/linkedin and /api/auth/linkedin-link (browser navigation; issue #24 item 5): the OpenID
 * Connect sign-in and link of the cluster's provider with preset linkedin, started by sso.oidc.routes.ts's `begin`
 * and finished by its callback (which imports the profile fields). Refusals land on the sign-in page (or account
 * settings for a link) with ?sso_error=<code>.
 */
export function registerLinkedinRoutes(app: FastifyInstance, deps: TLinkedinRouteDeps): void {
  const publicHost = new URL(deps.config.publicUrl).host;
  const deploymentHostsOf = (request: FastifyRequest) => [publicHost, request.host];

  route(app, SSO_ENDPOINTS.linkedinStart, async ({ request, reply, query }) => {
    await deps.limitPerIp.call(app, request, reply);
    const tenant = {
      ...tenantOptionsOf(SSO_ENDPOINTS.linkedinStart, query.hubId),
      hub: query.hubId ? ('required' as const) : ('none' as const),
    };
    try {
      const { provider, hubId } = await request.tenant(tenant, async (ctx) => {
        await assertDeploymentRedirectDomain(ctx, query.redirectdomain, deploymentHostsOf(request));
        return { provider: await linkedinProviderOfCluster(ctx), hubId: ctx.hub?.id ?? null };
      });
      const url = await deps.begin(request, reply, {
        provider,
        purpose: 'signin',
        hubId,
        userId: null,
        returnTo: query.returnTo ?? null,
        open: (work) => request.tenant(tenant, work),
      });
      return reply.redirect(url, 302);
    } catch (error) {
      if (!(error instanceof SsoFlowError)) throw error;
      request.log.info({ err: error }, 'linkedin sign-in refused');
      return reply.redirect(
        ssoErrorPathFor(error.code, { purpose: 'signin', hubIdentifier: query.hubId ?? null }),
        302,
      );
    }
  });

  route(app, SSO_ENDPOINTS.linkedinLink, async ({ request, reply, query }) => {
    await deps.limitPerIp.call(app, request, reply);
    const tenant = {
      ...tenantOptionsOf(SSO_ENDPOINTS.linkedinLink, query.hubId),
      hub: query.hubId ? ('required' as const) : ('none' as const),
    };
    const refuse = (code: TSsoErrorCode) => {
      // Signed out: back to sign-in; else to account settings, where linked accounts are managed.
      const purpose: TSsoPurpose = code === 'signin_required' ? 'signin' : 'link';
      return reply.redirect(ssoErrorPathFor(code, { purpose, hubIdentifier: query.hubId ?? null }), 302);
    };
    try {
      const { provider, hubId, userId } = await request.tenant(tenant, async (ctx) => {
        // A browser navigation carries the refresh cookie (path /api/auth), an API client its bearer token.
        const userId =
          ctx.viewer?.user.id ?? (await signedInUserOfRefreshToken(ctx, request.cookies[REFRESH_COOKIE]));
        if (!userId) throw new SsoFlowError('signin_required');
        if (query.userId && query.userId !== userId) throw new SsoFlowError('link_user_mismatch');
        await assertDeploymentRedirectDomain(ctx, query.redirectdomain, deploymentHostsOf(request));
        return { provider: await linkedinProviderOfCluster(ctx), hubId: ctx.hub?.id ?? null, userId };
      });
      const url = await deps.begin(request, reply, {
        provider,
        purpose: 'link',
        hubId,
        userId,
        returnTo: null,
        open: (work) => request.tenant(tenant, work),
      });
      return reply.redirect(url, 302);
    } catch (error) {
      if (!(error instanceof SsoFlowError)) throw error;
      request.log.info({ err: error }, 'linkedin link refused');
      return refuse(error.code);
    }
  });
}
