import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite, type Db as IDatabase } from 'pg-boss';
import { APP_DB_ROLE } from '../config.js';
import { installJobQueue } from '../jobs/job-queue.js';
import * as schema from './schema/index.js';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
export type TTx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;

export type TDatabase = {
  kind: 'pglite' | 'postgres';
  /** Connected as the non-owner app role: row-level security applies to every query. */
  db: TDb;
  ping(): Promise<boolean>;
  /** Connection pool numbers for /metrics (issue #14); PGlite is one connection and reports no idle or queue. */
  poolStats(): TPoolStats;
  /** The same connection(s) for pg-boss (ADR 0005): PGlite's one connection, or the app role's pool. */
  jobQueueDb: IDatabase;
  /**
   * Runs `work` in one transaction that opens with `opening` (a request's context statement, issue #17 item 1):
   * on PostgreSQL BEGIN and that statement travel as one round trip, on PGlite (in process) it is the
   * transaction's first statement. `work` gets the transaction and the opening statement's rows.
   */
  transactionWith<T>(opening: SQL, work: (tx: TTx, rows: unknown[]) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type TPoolStats = { size: number; max: number; idle: number | null; waiting: number | null };

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Grants the app role what it needs on every table; idempotent, so new tables are covered too. */
const GRANT_APP_ROLE = [
  `GRANT USAGE ON SCHEMA public TO ${APP_DB_ROLE}`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_DB_ROLE}`,
  `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_DB_ROLE}`,
  // The audit log is append-only for the app (issue #22 item 7): what it wrote stays as written.
  `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${APP_DB_ROLE}`,
  // Readiness (GET /api/health/ready) compares the applied migrations with the ones this version ships.
  `GRANT USAGE ON SCHEMA drizzle TO ${APP_DB_ROLE}`,
  `GRANT SELECT ON drizzle.__drizzle_migrations TO ${APP_DB_ROLE}`,
];

/** The PGlite extensions the migrations need (pg_trgm: typo search; btree_gist: the advising exclusion constraint). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/** Migrates a PGlite database as its owner; `target` is a data directory or undefined for memory. */
export async function migratePgliteAsOwner(client: PGlite): Promise<void> {
  await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await client.exec('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  for (const statement of GRANT_APP_ROLE) await client.exec(statement);
  await installJobQueueAsAppRole((statement) => client.exec(statement), fromPglite(client), 'pglite');
}

/**
 * Installs pg-boss as the app role, which owns the pgboss schema (migration 0021) and so every table pg-boss creates
 * in it. pg-boss's install script says CREATE SCHEMA IF NOT EXISTS, which PostgreSQL checks against the database's
 * CREATE right even when the schema exists: the app role holds that right only while the owner installs.
 */
async function installJobQueueAsAppRole(
  run: (statement: string) => Promise<unknown>,
  jobQueueDb: IDatabase,
  backend: 'pglite' | 'postgres',
) {
  await run(
    `DO $$ BEGIN EXECUTE format('GRANT CREATE ON DATABASE %I TO ${APP_DB_ROLE}', current_database()); END $$`,
  );
  await run(`SET ROLE ${APP_DB_ROLE}`);
  try {
    await installJobQueue(jobQueueDb, backend);
  } finally {
    await run('RESET ROLE');
    await run(
      `DO $$ BEGIN EXECUTE format('REVOKE CREATE ON DATABASE %I FROM ${APP_DB_ROLE}', current_database()); END $$`,
    );
  }
}

/** Opens the embedded database in `dataDir` (creating and migrating it), connected as the app role. */
export async function openPgliteDatabase(options: { dataDir: string }): Promise<TDatabase> {
  mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(options.dataDir);
  try {
    const owner = await PGlite.create(options.dataDir, { extensions: PGLITE_EXTENSIONS });
    await migratePgliteAsOwner(owner);
    await owner.close();
    const client = await PGlite.create(options.dataDir, {
      extensions: PGLITE_EXTENSIONS,
      username: APP_DB_ROLE,
    });
    return pgliteDatabase(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Opens an embedded database from a migrated dump (tests copy one template per file this way). */
export async function openPgliteFromDump(dump: Blob): Promise<TDatabase> {
  return (await openPgliteClientFromDump(dump)).database;
}

/** The same, with its PGlite client (tests dump a seeded copy again as a template of its own). */
export async function openPgliteClientFromDump(dump: Blob): Promise<{ client: PGlite; database: TDatabase }> {
  const client = await PGlite.create({
    loadDataDir: dump,
    extensions: PGLITE_EXTENSIONS,
    username: APP_DB_ROLE,
  });
  return { client, database: pgliteDatabase(client, () => undefined) };
}

function pgliteDatabase(client: PGlite, onClose: () => void): TDatabase {
  const db = drizzlePglite(client, { schema }) as unknown as TDb;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    poolStats: () => ({ size: client.closed ? 0 : 1, max: 1, idle: null, waiting: null }),
    jobQueueDb: fromPglite(client),
    transactionWith: (opening, work) =>
      db.transaction(async (tx) => work(tx, await queryRows<unknown>(tx, opening))),
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

/** Migrates a PostgreSQL database through the owner's connection. */
export async function migratePostgresAsOwner(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    for (const statement of GRANT_APP_ROLE) await client.query(statement);
    await installJobQueueAsAppRole(
      (statement) => client.query(statement),
      poolJobQueueDb(client),
      'postgres',
    );
  } finally {
    await client.end();
  }
}

/** Opens a PostgreSQL database as the app role (migrating it first through the owner URL when given). */
export async function openPostgresDatabase(options: {
  ownerUrl: string | null;
  appUrl: string;
  poolSize?: number;
}): Promise<TDatabase> {
  if (options.ownerUrl) await migratePostgresAsOwner(options.ownerUrl);
  const max = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: options.appUrl, max });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema }) as unknown as TDb;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      try {
        await db.execute(sql`SELECT 1`);
        return true;
      } catch {
        return false;
      }
    },
    poolStats: () => ({ size: pool.totalCount, max, idle: pool.idleCount, waiting: pool.waitingCount }),
    jobQueueDb: poolJobQueueDb(pool),
    transactionWith: openingTransaction(pool, db),
    close: () => pool.end(),
  };
}

type TNodePgSessionInternals = {
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: { logger?: Logger };
};

/**
 * A request's transaction on a pooled connection with BEGIN and the opening statement in one round trip
 * (issue #17 item 1): `BEGIN; <opening>` goes as one simple-protocol query, its parameters written in as
 * literals (`escapeLiteral`), which is why an opening statement must not hold `$n` inside a string literal.
 * The transaction object of each pooled connection is made once and kept (Drizzle's own `transaction()` builds
 * a session and a whole PgDatabase, query builders of every table, per call). Statements go to the database's
 * logger as Drizzle's own do, so statement counts (test/explain/statement-budget.test.ts) see the round trips.
 */
function openingTransaction(pool: pg.Pool, db: TDb): TDatabase['transactionWith'] {
  const root = (db as unknown as { session: TNodePgSessionInternals }).session;
  // The logger is read on each call: tests attach theirs to the database's session after the app is built.
  const logger: Logger = { logQuery: (query, params) => root.options.logger?.logQuery(query, params) };
  const transactions = new WeakMap<pg.PoolClient, TTx>();
  const transactionOf = (client: pg.PoolClient): TTx => {
    let tx = transactions.get(client);
    if (!tx) {
      const session = new NodePgSession(client, root.dialect, root.schema, { logger });
      tx = new NodePgTransaction(root.dialect, session, root.schema) as unknown as TTx;
      transactions.set(client, tx);
    }
    return tx;
  };
  return async (opening, work) => {
    const query = root.dialect.sqlToQuery(opening);
    const text = `BEGIN; ${inlineParams(query.sql, query.params)}`;
    const client = await pool.connect();
    let releaseError: Error | undefined;
    try {
      logger.logQuery(text, []);
      const results = (await client.query(text)) as unknown as pg.QueryResult[];
      const result = await work(transactionOf(client), results[1]?.rows ?? []);
      logger.logQuery('COMMIT', []);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        logger.logQuery('ROLLBACK', []);
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // A connection that cannot roll back leaves the pool instead of serving the next request.
        releaseError = rollbackError as Error;
      }
      throw error;
    } finally {
      client.release(releaseError);
    }
  };
}

/** `$n` placeholders of a statement replaced by SQL literals of their values (strings, numbers, null). */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return pg.escapeLiteral(value);
    throw new Error(`inlineParams: parameter $${index} is a ${typeof value}`);
  });
}

/** pg-boss over a node-postgres client or pool; pg-boss unwraps the array a multi-statement query answers. */
function poolJobQueueDb(client: pg.Pool | pg.Client): IDatabase {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      client.query(text, values) as Promise<{ rows: unknown[] }>,
  };
}

/** Folder timestamp of the newest migration in MIGRATIONS_DIR, read once. */
let newestShippedMigration: number | null = null;

/**
 * Whether the database has every migration this version ships (readiness, issue #14). Drizzle records each
 * applied migration with its folder timestamp and applies those newer than the last one recorded.
 */
export async function migrationStatus(db: TDb): Promise<'applied' | 'pending'> {
  newestShippedMigration ??= Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  );
  const newest = newestShippedMigration;
  const rows = await queryRows<{ last: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.last ?? 0) >= newest ? 'applied' : 'pending';
}

/**
 * PGlite is one process's database: a second server on the same directory would corrupt it, so the
 * directory is locked with the owner's pid and a stale lock (dead pid) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'commons.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid)) {
        throw new Error(
          `The database in ${dataDir} is already in use by another Commons process (pid ${pid}). ` +
            'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database directory ${dataDir}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Prepared queries kept per database or transaction object (preparedOnce). */
const preparedQueries = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared query built once per database or transaction object and then reused: a pooled connection keeps its
 * transaction object as long as it lives (openingTransaction), so a hot read pays Drizzle's query building and
 * SQL compilation once per connection instead of on every request (about a fifth of the home's server time,
 * issue #18 benchmark). `build` must take its inputs as `sql.placeholder(name)`s, given to `execute(values)`;
 * `name` must stand for one SQL text.
 */
export function preparedOnce<T>(db: TDb | TTx, name: string, build: () => T): T {
  let byName = preparedQueries.get(db);
  if (!byName) {
    byName = new Map();
    preparedQueries.set(db, byName);
  }
  let prepared = byName.get(name) as T | undefined;
  if (prepared === undefined) {
    prepared = build();
    byName.set(name, prepared);
  }
  return prepared;
}

/**
 * Rows of a raw SQL query as a named prepared statement compiled once per database or transaction object
 * (preparedOnce): `query` takes its inputs as `sql.placeholder(name)`s, filled from `values`.
 */
export async function queryPreparedRows<T>(
  db: TDb | TTx,
  name: string,
  query: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const prepared = preparedOnce(db, name, () => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
    return session.prepareQuery(dialect.sqlToQuery(query()), undefined, name, false);
  });
  const result = (await prepared.execute(values)) as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a raw SQL query whose text varies with its input (optional filters, a cursor), as named prepared
 * statements: one name per text (`prefix` and a hash of the text), so each shape is parsed and planned once per
 * connection (PostgreSQL; PGlite ignores the name). The query is still compiled on every call: a hot read with
 * few shapes is better served by queryPreparedRows. Only for queries with a small, fixed set of shapes: every
 * shape stays prepared on every pooled connection.
 */
export async function queryShapedRows<T>(db: TDb | TTx, prefix: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const compiled = dialect.sqlToQuery(query);
  const shape = createHash('sha1').update(compiled.sql).digest('hex').slice(0, 16);
  const prepared = session.prepareQuery(compiled, undefined, `${prefix}_${shape}`, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared base type leaves unknown. */
export async function queryRows<T>(db: TDb | TTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
