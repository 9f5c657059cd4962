import { REALTIME_ENDPOINTS, REALTIME_PATHS } from '@commons/contract';
import { DEFAULT_DATA_REGION, dataRegionForHubId } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { setAlwaysOffline } from './realtime.commands.js';
import { isAlwaysOfflineOf, streamPositionOf } from './realtime.queries.js';
import { signRealtimeToken } from './realtime.tokens.js';

/** Realtime token, the WebSocket gateway and the always-offline setting (issue #5 item 3). */
export function realtimeRoutes(deps: Pick<TAppDeps, 'config' | 'realtime'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, REALTIME_ENDPOINTS.token, async (ctx) => {
      const viewer = ctx.requireViewer();
      const hub = ctx.hub ?? viewer.memberships[0]?.hub ?? null;
      const { token, expiresAt } = await signRealtimeToken({
        secret: deps.config.jwtSecret,
        userId: viewer.user.id,
        clusterId: ctx.clusterId,
        sessionId: viewer.sessionId,
        now: ctx.now,
      });
      return {
        token,
        region: hub ? dataRegionForHubId(hub.id) : DEFAULT_DATA_REGION,
        expiresAt: expiresAt.toISOString(),
        iceServers: deps.config.iceServers,
        lastSeq: await streamPositionOf(ctx.tx, viewer.user.id),
      };
    });

    app.get(
      REALTIME_PATHS.socket,
      {
        websocket: true,
        schema: {
          tags: ['realtime'],
          summary: 'WebSocket: hello with a realtime token, then events (see contract realtime.ts)',
        },
      },
      (socket, request) => deps.realtime.gateway.handleSocket(socket, request.hostname),
    );

    tenantRoute(app, REALTIME_ENDPOINTS.presence, async (ctx) => ({
      isAlwaysOffline: await isAlwaysOfflineOf(ctx.tx, ctx.requireViewer().user.id),
    }));

    route(app, REALTIME_ENDPOINTS.updatePresence, async ({ request, body }) => {
      const { clusterId, userId } = await request.tenant(
        tenantOptionsOf(REALTIME_ENDPOINTS.updatePresence),
        async (ctx) => {
          const viewerId = ctx.requireViewer().user.id;
          await setAlwaysOffline(ctx.tx, {
            clusterId: ctx.clusterId,
            userId: viewerId,
            isAlwaysOffline: body.isAlwaysOffline,
          });
          return { clusterId: ctx.clusterId, userId: viewerId };
        },
      );
      // Announced once the change is committed, so other tabs read the new state.
      await deps.realtime.gateway.announcePresence(clusterId, userId);
      return { isAlwaysOffline: body.isAlwaysOffline };
    });
  };
}
