import { HEALTH_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { migrationStatus, type TDatabase } from '../../db/client.js';
import { route } from '../../plugins/route.js';

/**
 * Health probes. GET /api/health: 200 when the database answers, 503 when it does not (kept for existing
 * checks). Issue #14 adds liveness (the process answers; nothing else is touched, so a database outage does
 * not get every process restarted) and readiness (database, migrations, not shutting down: send traffic).
 */
export function healthRoutes(database: TDatabase): FastifyPluginAsync {
  return async (app) => {
    let isShuttingDown = false;
    // app.close() runs preClose first: from then on a load balancer sees the process as not ready while
    // in-flight requests drain.
    app.addHook('preClose', async () => {
      isShuttingDown = true;
    });

    route(app, HEALTH_ENDPOINTS.health, async ({ reply }) => {
      const isUp = await database.ping();
      return reply.status(isUp ? 200 : 503).send({
        status: isUp ? ('ok' as const) : ('error' as const),
        database: isUp ? ('ok' as const) : ('unavailable' as const),
      });
    });

    route(app, HEALTH_ENDPOINTS.live, async () => ({ status: 'ok' as const }));

    route(app, HEALTH_ENDPOINTS.ready, async ({ reply }) => {
      const isDatabaseUp = await database.ping();
      const migrations = isDatabaseUp
        ? await migrationStatus(database.db).catch(() => 'unknown' as const)
        : ('unknown' as const);
      const isReady = isDatabaseUp && migrations === 'applied' && !isShuttingDown;
      return reply.status(isReady ? 200 : 503).send({
        status: isReady ? ('ready' as const) : ('not_ready' as const),
        database: isDatabaseUp ? ('ok' as const) : ('unavailable' as const),
        migrations,
        isShuttingDown,
      });
    });
  };
}
