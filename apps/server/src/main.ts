import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPgliteDatabase, openPostgresDatabase, type TDatabase } from './db/client.js';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from './db/demo-data/demo-data.js';
import { listClusterIds } from './db/tenant.js';

/** Process entry: config, migrate, seed demo data if empty, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database: TDatabase =
    config.databaseUrl && config.databaseAppUrl
      ? await openPostgresDatabase({
          ownerUrl: config.databaseUrl,
          appUrl: config.databaseAppUrl,
          poolSize: config.databasePoolSize,
        })
      : await openPgliteDatabase({ dataDir: path.join(config.dataDir, 'db') });

  let isFirstStart = false;
  if (config.shouldSeedDemoData && (await listClusterIds(database.db)).length === 0) {
    await seedDemoData(database.db, { serverSecret: config.jwtSecret });
    isFirstStart = true;
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const app = await buildApp({ config, database, redis });

  let shutdownStartedAt: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shutdownStartedAt !== null) {
      // npm and tsx relay the terminal's Ctrl-C too: a copy within a second is the same request.
      if (Date.now() - shutdownStartedAt < 1000) return;
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    shutdownStartedAt = Date.now();
    void shutDownGracefully({ app, database, redis, timeoutMs: config.shutdownTimeoutMs, signal }).then(
      (exitCode) => process.exit(exitCode),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  await app.listen({ port: config.port, host: config.host });
  const address = `http://localhost:${config.port}`;
  console.info(
    `\nCommons is running at ${address} (API under ${address}/api, reference at ${address}/api/docs)`,
  );
  console.info(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}`,
  );
  if (isFirstStart) {
    console.info(`\nDemo data created. Every demo account uses the password ${DEMO_PASSWORD}:`);
    for (const a of demoAccounts())
      console.info(`  ${a.email.padEnd(36)} ${a.role}${a.hub ? ` (${a.hub})` : ''}`);
    console.info('');
  }
}

/**
 * Graceful shutdown (issue #14): the listener stops accepting connections at once; readiness turns 503 and
 * realtime sockets close with 1001 (going away: clients reconnect, to another process); requests in flight
 * finish, or after `timeoutMs` their connections are closed; jobs stop; then the database and Redis close.
 * Resolves the exit code: 0 when everything drained, 1 when something had to be cut off.
 */
async function shutDownGracefully(options: {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TDatabase;
  redis: Redis | null;
  timeoutMs: number;
  signal: NodeJS.Signals;
}): Promise<number> {
  const { app, database, redis, timeoutMs } = options;
  app.log.info(
    { signal: options.signal, timeoutMs },
    'shutting down: draining requests and realtime sockets',
  );
  let exitCode = 0;
  const drainTimer = setTimeout(() => {
    exitCode = 1;
    app.log.warn({ timeoutMs }, 'requests still running at the shutdown timeout: closing their connections');
    app.server.closeAllConnections();
    // Whatever still holds the process (an upgraded socket that never answers the close) gets 5 s more.
    setTimeout(() => {
      app.log.error('shutdown did not finish: exiting');
      process.exit(1);
    }, 5000).unref();
  }, timeoutMs);
  // Closed here rather than at the end of app.close()'s preClose hooks, so no socket that is told to go away
  // can reconnect to this process. Resolves once every connection (requests in flight included) has ended.
  const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
  try {
    await app.close();
    await drained;
  } catch (error) {
    exitCode = 1;
    app.log.error({ err: error }, 'closing the server failed');
  }
  clearTimeout(drainTimer);
  await database.close().catch((error: unknown) => {
    exitCode = 1;
    app.log.error({ err: error }, 'closing the database failed');
  });
  if (redis) await redis.quit().catch(() => redis.disconnect());
  app.log.info({ exitCode }, 'shut down');
  return exitCode;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
