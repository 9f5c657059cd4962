import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp, type TApp } from '../src/app.js';
import { APP_DB_ROLE, loadConfig } from '../src/config.js';
import { openPgliteFromDump, openPostgresDatabase, type TDatabase } from '../src/db/client.js';

export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** `describe` for suites that need a database: skipped, with the reason, when PostgreSQL is absent. */
export const describeDb: typeof describe =
  TEST_DB === 'postgres' && inject('postgresSkipReason') ? (describe.skip as typeof describe) : describe;

/**
 * The connection strings a spawned server process (test/server-process.ts) needs for a PostgreSQL test database:
 * DATABASE_URL as the owner (the process runs the migrations) and DATABASE_APP_URL as the app role.
 */
export function spawnedServerDatabaseEnv(appUrl: string | null | undefined): {
  DATABASE_URL: string;
  DATABASE_APP_URL: string;
} {
  const template = inject('postgresTemplate');
  if (!appUrl || !template) throw new Error('PostgreSQL test database has no URL');
  const ownerUrl = new URL(appUrl);
  const admin = new URL(template.adminUrl);
  ownerUrl.username = admin.username;
  ownerUrl.password = admin.password;
  return { DATABASE_URL: ownerUrl.toString(), DATABASE_APP_URL: appUrl };
}

/** A fresh database for one test file, copied from the run's migrated template. */
export async function openTestDatabase(): Promise<
  TDatabase & { dropDatabase: () => Promise<void>; appUrl?: string }
> {
  if (TEST_DB === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const database = await openPgliteFromDump(dump);
    return { ...database, dropDatabase: async () => undefined };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error(inject('postgresSkipReason') ?? 'PostgreSQL template missing');
  const name = `commons_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  await admin.end();
  const appUrl = new URL(template.adminUrl);
  appUrl.username = APP_DB_ROLE;
  appUrl.pathname = `/${name}`;
  const database = await openPostgresDatabase({ ownerUrl: null, appUrl: appUrl.toString(), poolSize: 4 });
  return {
    ...database,
    /** A second server process connects here (two-process tests). */
    appUrl: appUrl.toString(),
    dropDatabase: async () => {
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TTestApp = {
  app: TApp;
  database: TDatabase & { dropDatabase: () => Promise<void>; appUrl?: string };
  close(): Promise<void>;
};

/** The real app on a fresh database; `clock` lets a test move time (token expiry, magic links). */
export async function getTestApp(
  options: {
    clock?: () => Date;
    rateLimits?: { authPerIp?: number; authPerEmail?: number; lookupPerIp?: number };
    env?: Record<string, string>;
  } = {},
): Promise<TTestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(`${tmpdir()}/commons-app-`),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    PUBLIC_URL: 'http://localhost:3000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    rateLimits: { authPerIp: 1000, authPerEmail: 1000, ...options.rateLimits },
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await database.dropDatabase();
    },
  };
}
