import { HEALTH_PATH, ZHealthResponse } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../../db/client.js';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(database: TDatabase): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      HEALTH_PATH,
      { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
      async (_request, reply) => {
        const isUp = await database.ping();
        return reply
          .status(isUp ? 200 : 503)
          .send({ status: isUp ? ('ok' as const) : ('error' as const), database: isUp ? ('ok' as const) : ('unavailable' as const) });
      },
    );
  };
}
