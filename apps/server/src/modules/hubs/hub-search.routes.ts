import { HUB_ENDPOINTS, HUB_SEARCH_LIMIT } from '@commons/contract';
import { isOpenForEmailSignup } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { lookupLimiter, type TRateLimits } from '../../plugins/rate-limit.js';
import { route, tenantOptionsOf } from '../../plugins/route.js';
import { getPublicHubSettings, searchHubsByName } from './hub-search.queries.js';

/**
 * GET /api/hubs/search: the community step of /signup (issue #16 item 10). Public and limited per IP; it
 * answers only hubs open for email sign-up, and of them only what their sign-up page shows (name, identifier).
 */
export function hubSearchRoutes(deps: { rateLimits: TRateLimits }): FastifyPluginAsync {
  return async (app) => {
    const limitLookups = lookupLimiter(app, deps.rateLimits);
    // The limit runs first, as a preHandler would: after validation, before any database work.
    route(app, HUB_ENDPOINTS.search, async ({ request, reply, query }) => {
      await limitLookups.call(app, request, reply);
      return request.tenant(tenantOptionsOf(HUB_ENDPOINTS.search), async (ctx) => {
        const candidates = await searchHubsByName(ctx.tx, query.q);
        const settings = await getPublicHubSettings(ctx.tx, {
          clusterId: ctx.clusterId,
          hubIds: candidates.map((hub) => hub.id),
        });
        const open = candidates.filter((hub) => {
          const core = settings.get(hub.id)?.coreSettings;
          return core !== undefined && isOpenForEmailSignup(core);
        });
        return {
          items: open
            .slice(0, HUB_SEARCH_LIMIT)
            .map((hub) => ({ identifier: hub.identifier, name: hub.name })),
        };
      });
    });
  };
}
