import { REALTIME_PATHS, ZErrorBody, ZPresenceSettings, ZRealtimeTokenResponse } from '@commons/contract';
import { DEFAULT_DATA_REGION, dataRegionForHubId } from '@commons/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app-deps.js';
import { userPresence } from '../../db/schema/index.js';
import { signRealtimeToken } from './realtime.tokens.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Realtime token, the WebSocket gateway and the always-offline setting (issue #5 item 3). */
export function realtimeRoutes(deps: Pick<TAppDeps, 'config' | 'realtime'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      REALTIME_PATHS.token,
      {
        schema: {
          tags: ['realtime'],
          summary: 'A short-lived token for the realtime gateway and the data region (spec 7 auth/firebase/token)',
          response: { 200: ZRealtimeTokenResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
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
          };
        }),
    );

    app.get(
      REALTIME_PATHS.socket,
      { websocket: true, schema: { tags: ['realtime'], summary: 'WebSocket: hello with a realtime token, then events (see contract realtime.ts)' } },
      (socket, request) => deps.realtime.gateway.handleSocket(socket, request.hostname),
    );

    app.get(
      REALTIME_PATHS.presenceSettings,
      { schema: { tags: ['realtime'], summary: 'My always-offline setting (spec 4 Presence)', response: { 200: ZPresenceSettings, ...errors } } },
      async (request) =>
        request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const userId = ctx.requireViewer().user.id;
          const [row] = await ctx.tx.select().from(userPresence).where(eq(userPresence.userId, userId));
          return { isAlwaysOffline: row?.isAlwaysOffline ?? false };
        }),
    );

    app.put(
      REALTIME_PATHS.presenceSettings,
      {
        schema: {
          tags: ['realtime'],
          summary: 'Appear offline to everyone (spec 4: the always-offline flag forces offline)',
          body: ZPresenceSettings,
          response: { 200: ZPresenceSettings, ...errors },
        },
      },
      async (request) => {
        const { clusterId, userId } = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const viewerId = ctx.requireViewer().user.id;
          await ctx.tx
            .insert(userPresence)
            .values({ userId: viewerId, clusterId: ctx.clusterId, isAlwaysOffline: request.body.isAlwaysOffline })
            .onConflictDoUpdate({ target: userPresence.userId, set: { isAlwaysOffline: request.body.isAlwaysOffline } });
          return { clusterId: ctx.clusterId, userId: viewerId };
        });
        await deps.realtime.gateway.announcePresence(clusterId, userId);
        return { isAlwaysOffline: request.body.isAlwaysOffline };
      },
    );
  };
}
