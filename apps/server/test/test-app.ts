import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp, type TApp } from '../src/app.js';
import { APP_DB_ROLE, loadConfig } from '../src/config.js';
import {
  openPgliteClientFromDump,
  openPgliteFromDump,
  openPostgresDatabase,
  type TDatabase,
} from '../src/db/client.js';
import { seedDemoData } from '../src/db/demo-data/demo-data.js';

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

/** The run's migrated PostgreSQL template (global-setup.ts). */
function postgresTemplate(): { adminUrl: string; templateName: string } {
  const template = inject('postgresTemplate');
  if (!template) throw new Error(inject('postgresSkipReason') ?? 'PostgreSQL template missing');
  return template;
}

/** Copies a PostgreSQL database with CREATE DATABASE … TEMPLATE; answers the copy's URL for the app role. */
async function copyPostgresDatabase(source: string, name: string): Promise<string> {
  const { adminUrl } = postgresTemplate();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  } finally {
    await admin.end();
  }
  const appUrl = new URL(adminUrl);
  appUrl.username = APP_DB_ROLE;
  appUrl.pathname = `/${name}`;
  return appUrl.toString();
}

/**
 * A fresh database for one test file, copied from the run's migrated template (global-setup.ts), or from this
 * worker's copy of it with the demo data seeded (demoTemplate below).
 */
export async function openTestDatabase(
  options: { withDemoData?: boolean } = {},
): Promise<TDatabase & { dropDatabase: () => Promise<void>; appUrl?: string }> {
  const demo = options.withDemoData ? await demoTemplate() : null;
  if (TEST_DB === 'pglite') {
    const dump = demo?.pgliteDump ?? new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const database = await openPgliteFromDump(dump);
    return { ...database, dropDatabase: async () => undefined };
  }
  const template = postgresTemplate();
  const name = `commons_t_${randomBytes(6).toString('hex')}`;
  const appUrl = await copyPostgresDatabase(demo?.postgresTemplateName ?? template.templateName, name);
  const database = await openPostgresDatabase({ ownerUrl: null, appUrl, poolSize: 4 });
  return {
    ...database,
    /** A second server process connects here (two-process tests). */
    appUrl,
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
    withDemoData?: boolean;
  } = {},
): Promise<TTestApp> {
  const database = await openTestDatabase({ withDemoData: options.withDemoData === true });
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

type TDemoTemplate = {
  pgliteDump: Blob | null;
  postgresTemplateName: string | null;
  clusterId: string;
  jwtSecret: string;
};

let demoTemplatePromise: Promise<TDemoTemplate> | null = null;

/**
 * The demo data, seeded once per worker (test files share a worker's modules) into a template its demo test files
 * copy, instead of once per file (about 14 s each on PGlite): an in-memory dump, or a PostgreSQL database named
 * after the run's template (global-setup.ts drops it). Seeded as a new deployment is, by the app role.
 */
function demoTemplate(): Promise<TDemoTemplate> {
  demoTemplatePromise ??= (async () => {
    const jwtSecret = randomBytes(32).toString('hex');
    const seed = (database: TDatabase) =>
      seedDemoData(database.db, {
        serverSecret: new TextEncoder().encode(jwtSecret),
        publicUrl: 'http://localhost:3000',
      });
    if (TEST_DB === 'pglite') {
      const { client, database } = await openPgliteClientFromDump(
        new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      );
      try {
        const { clusterId } = await seed(database);
        return {
          pgliteDump: await client.dumpDataDir('none'),
          postgresTemplateName: null,
          clusterId,
          jwtSecret,
        };
      } finally {
        await database.close();
      }
    }
    const { templateName } = postgresTemplate();
    const name = `${templateName}_demo_${randomBytes(4).toString('hex')}`;
    const appUrl = await copyPostgresDatabase(templateName, name);
    const database = await openPostgresDatabase({ ownerUrl: null, appUrl, poolSize: 2 });
    try {
      const { clusterId } = await seed(database);
      return { pgliteDump: null, postgresTemplateName: name, clusterId, jwtSecret };
    } finally {
      // Copies are made with CREATE DATABASE … TEMPLATE, which no open connection may hold.
      await database.close();
    }
  })();
  return demoTemplatePromise;
}

/**
 * The real app on a fresh copy of the demo data, with the JWT secret the demo assessment's shared secret was
 * derived from.
 */
export async function getDemoTestApp(): Promise<TTestApp & { demoClusterId: string }> {
  const { jwtSecret, clusterId } = await demoTemplate();
  const t = await getTestApp({ withDemoData: true, env: { JWT_SECRET: jwtSecret } });
  return { ...t, demoClusterId: clusterId };
}
