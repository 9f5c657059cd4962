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
      ? await openPostgresDatabase({ ownerUrl: config.databaseUrl, appUrl: config.databaseAppUrl })
      : await openPgliteDatabase({ dataDir: path.join(config.dataDir, 'db') });

  let isFirstStart = false;
  if (config.shouldSeedDemoData && (await listClusterIds(database.db)).length === 0) {
    await seedDemoData(database.db);
    isFirstStart = true;
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const app = await buildApp({ config, database, redis });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = `http://localhost:${config.port}`;
  console.info(`\nCommons is running at ${address} (API under ${address}/api, reference at ${address}/api/docs)`);
  console.info(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}`);
  if (isFirstStart) {
    console.info(`\nDemo data created. Every demo account uses the password ${DEMO_PASSWORD}:`);
    for (const a of demoAccounts()) console.info(`  ${a.email.padEnd(36)} ${a.role}${a.hub ? ` (${a.hub})` : ''}`);
    console.info('');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
