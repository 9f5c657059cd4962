import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { APP_DB_ROLE, loadConfig } from '../src/config.js';
import {
  migrationStatus,
  openPgliteDatabase,
  openPostgresDatabase,
  queryRows,
  type TDatabase,
  type TDb,
} from '../src/db/client.js';
import { withTenant } from '../src/db/tenant.js';
import { createLocalStorage } from '../src/lib/storage.js';
import { enqueueMail } from '../src/modules/mail/mail.commands.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestUser,
} from './factories.js';
import { describeDb, openTestDatabase, TEST_DB } from './test-app.js';

const SCRIPTS = path.resolve(import.meta.dirname, '../../../scripts');
const hasPostgresTools = ['pg_dump', 'pg_restore', 'psql'].every(
  (tool) => spawnSync(tool, ['--version']).status === 0,
);
const needsPostgresTools = TEST_DB === 'postgres';
if (needsPostgresTools && !hasPostgresTools) {
  const reason = 'pg_dump, pg_restore or psql is missing (Debian: apt-get install postgresql-client)';
  if (process.env.REQUIRE_SERVICES === '1')
    throw new Error(`${reason}; REQUIRE_SERVICES=1 makes this a failure.`);
  console.warn(`\n  NOTICE: ${reason}. The PostgreSQL backup and restore test is SKIPPED.\n`);
}

/** Runs one of the scripts/ shell scripts with the server's environment variables. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const run = spawnSync('bash', [path.join(SCRIPTS, script), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, output: `${run.stdout}${run.stderr}` };
}

/** A database URL with another user and database name (the test's admin URL names the server). */
function databaseUrl(options: { user: string; database: string }): string {
  const url = new URL(inject('postgresTemplate')?.adminUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.username = options.user;
  url.pathname = `/${options.database}`;
  return url.toString();
}

/**
 * scripts/backup.sh and scripts/restore.sh (issue #14 item 5, "a tested restore script"): a database with
 * rows, an upload and the generated secret are backed up, restored into a new empty database (PostgreSQL:
 * pg_dump/pg_restore; PGlite: its data directory) and a new DATA_DIR, and the restored copy serves the app.
 */
describeDb.skipIf(needsPostgresTools && !hasPostgresTools)('backup and restore scripts', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'commons-backup-'));
  const sourceDataDir = path.join(workDir, 'source');
  const targetDataDir = path.join(workDir, 'target');
  const restoredDatabaseName = `commons_restore_${randomBytes(5).toString('hex')}`;
  const upload = { region: 'us' as const, key: randomBytes(16).toString('hex'), bytes: randomBytes(2048) };
  let cluster: TTestCluster;
  let users: TTestUser[] = [];
  let sourceEnv: Record<string, string> = { DATA_DIR: sourceDataDir };
  let dropSource: () => Promise<void> = async () => undefined;

  const seed = async (db: TDb) => {
    cluster = await createCluster(db);
    const hub = await createHub(db, cluster);
    users = [
      await createUser(db, cluster, { hub, firstName: 'Ada' }),
      await createUser(db, cluster, { hub, userType: 'alumni', firstName: 'Bo' }),
    ];
    await withTenant(db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      enqueueMail(tx, cluster.clusterId, {
        to: users[0]?.email ?? '',
        subject: 'Kept in the outbox',
        text: 'Hello',
      }),
    );
  };

  beforeAll(async () => {
    // The secret is generated into DATA_DIR (no JWT_SECRET), as on a server started without one.
    loadConfig({ DATA_DIR: sourceDataDir });
    await createLocalStorage(sourceDataDir).put(upload.region, upload.key, upload.bytes);
    if (TEST_DB === 'postgres') {
      const database = await openTestDatabase();
      await seed(database.db);
      await database.close();
      dropSource = database.dropDatabase;
      sourceEnv = {
        ...sourceEnv,
        DATABASE_URL: databaseUrl({
          user: 'postgres',
          database: new URL(database.appUrl ?? '').pathname.slice(1),
        }),
      };
    } else {
      const database = await openPgliteDatabase({ dataDir: path.join(sourceDataDir, 'db') });
      await seed(database.db);
      await database.close();
    }
  }, 60_000);

  afterAll(async () => {
    await dropSource();
    if (TEST_DB === 'postgres') {
      const admin = new pg.Client({
        connectionString: databaseUrl({ user: 'postgres', database: 'postgres' }),
      });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${restoredDatabaseName} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up the database, the uploads and the secret, and restores them into an empty copy that serves the app', async () => {
    const backup = runScript('backup.sh', ['--out', path.join(workDir, 'backups')], sourceEnv);
    expect(backup.status, backup.output).toBe(0);
    const backupDir = backup.stdout.trim().split('\n').at(-1) ?? '';
    const manifest = readFileSync(path.join(backupDir, 'manifest.txt'), 'utf8');
    expect(manifest).toContain(
      TEST_DB === 'postgres' ? 'database=postgres database.dump' : 'database=pglite pglite-db.tar.gz',
    );
    expect(manifest).toContain('files=local files.tar.gz');
    expect(manifest).toContain('jwt_secret=jwt-secret');

    const restoreEnv: Record<string, string> = {};
    let openRestored: () => Promise<TDatabase>;
    if (TEST_DB === 'postgres') {
      const admin = new pg.Client({
        connectionString: databaseUrl({ user: 'postgres', database: 'postgres' }),
      });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${restoredDatabaseName}`);
      await admin.end();
      restoreEnv.DATABASE_URL = databaseUrl({ user: 'postgres', database: restoredDatabaseName });
      openRestored = () =>
        openPostgresDatabase({
          ownerUrl: null,
          appUrl: databaseUrl({ user: APP_DB_ROLE, database: restoredDatabaseName }),
          poolSize: 2,
        });
    } else {
      openRestored = () => openPgliteDatabase({ dataDir: path.join(targetDataDir, 'db') });
    }
    const restore = runScript('restore.sh', [backupDir, '--data-dir', targetDataDir], restoreEnv);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain('restore complete');
    // A second restore into the same (now filled) targets is refused and changes nothing.
    const again = runScript('restore.sh', [backupDir, '--data-dir', targetDataDir], restoreEnv);
    expect(again.status).not.toBe(0);
    expect(again.output).toMatch(/already has \d+ tables|is not empty/);

    expect(readFileSync(path.join(targetDataDir, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(path.join(sourceDataDir, 'jwt-secret'), 'utf8'),
    );
    expect(await createLocalStorage(targetDataDir).get(upload.region, upload.key)).toEqual(upload.bytes);

    const database = await openRestored();
    try {
      expect(await migrationStatus(database.db)).toBe('applied');
      // Row-level security came back with the rows: without a tenant the server's role sees nothing.
      expect(await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM users`)).toEqual([
        { n: 0 },
      ]);
      const rows = await withTenant(
        database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        async (tx) => ({
          users: await queryRows<{ email: string }>(tx, sql`SELECT email FROM users ORDER BY email`),
          mail: await queryRows<{ subject: string }>(tx, sql`SELECT subject FROM mail_outbox`),
        }),
      );
      expect(rows.users.map((u) => u.email)).toEqual(users.map((u) => u.email).sort());
      expect(rows.mail).toEqual([{ subject: 'Kept in the outbox' }]);

      // The restored data directory's secret signs the tokens: a member signs in on the restored copy.
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: targetDataDir,
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: '/nonexistent',
        }),
        database,
        logger: false,
      });
      try {
        const { token } = await signIn(app, cluster, users[1] as TTestUser);
        const me = await app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { host: cluster.host, authorization: `Bearer ${token}` },
        });
        expect(me.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
