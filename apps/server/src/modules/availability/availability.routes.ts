import { AVAILABILITY_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { tenantRoute } from '../../plugins/route.js';
import { buildFeedCalendar, rotateFeed, saveAvailability } from './availability.commands.js';
import { readAvailability } from './availability.queries.js';

/** My availability for meetings (/preferences/manage-calendar) and the private ICS feed of my meetings. */
export function availabilityRoutes(deps: Pick<TAppDeps, 'config'>): FastifyPluginAsync {
  const feed = { publicUrl: deps.config.publicUrl, secret: deps.config.jwtSecret };
  return async (app) => {
    tenantRoute(app, AVAILABILITY_ENDPOINTS.get, async (ctx) => ({
      availability: await readAvailability(ctx.tx, { user: ctx.requireViewer().user, feed }),
    }));

    tenantRoute(app, AVAILABILITY_ENDPOINTS.update, async (ctx, { body }) => ({
      availability: await saveAvailability(ctx, { input: body, feed }),
    }));

    tenantRoute(app, AVAILABILITY_ENDPOINTS.rotateFeed, async (ctx) => ({
      availability: await rotateFeed(ctx, feed),
    }));

    tenantRoute(app, AVAILABILITY_ENDPOINTS.feed, async (ctx, { params, reply }) => {
      const ics = await buildFeedCalendar(ctx, { segment: params.token, deps: deps.config });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    });
  };
}
