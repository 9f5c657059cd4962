/**
 * E2E global setup: builds the web app when apps/web/dist is missing or older than its sources,
 * starts E2E_WORKERS real servers (`npx tsx apps/server/src/main.ts`, default 2: one per test worker, each
 * on a free port with a fresh DATA_DIR and its own demo data), waits for GET /api/health, hands their base
 * URLs to the tests (support/test-server.ts) and stops them afterwards.
 * Each server has its own PostgreSQL database when PostgreSQL answers (E2E_DB=postgres, the default), else
 * the embedded PGlite (E2E_DB=pglite, or a notice when PostgreSQL is missing; REQUIRE_SERVICES=1 fails then).
 * PostgreSQL runs beside the node process on the second core where PGlite computes inside it: a CI run is
 * shorter, and every server test already runs on both engines (integration suites).
 * With E2E_BASE_URL set, the tests run against that server instead and nothing is started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './support/mail-catcher';
import './support/provided-context';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');
const HEALTH_TIMEOUT_MS = 120_000;

/** Newest modification time of the files under `path` (tests and build output excluded). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Builds apps/web unless dist/index.html is newer than every source the bundle is made from. */
function ensureWebBuild(): void {
  const builtAt = newestMtime(join(WEB, 'dist/index.html'));
  const sources = [
    join(WEB, 'src'),
    join(WEB, 'public'),
    join(WEB, 'index.html'),
    join(WEB, 'vite.config.ts'),
    join(WEB, 'postcss.config.cjs'),
    join(WEB, 'package.json'),
    join(ROOT, 'packages/contract/src'),
    join(ROOT, 'packages/domain/src'),
  ];
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > changedAt) return;
  console.info('[e2e] building the web app (apps/web/dist is missing or stale)…');
  // vitest sets NODE_ENV=test, and vite would then bundle React's development build (twice the size, slower).
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${String(result.status)}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited early with code ${String(child.exitCode)}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) {
      resolve();
      return;
    }
    const pid = child.pid;
    const force = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      // The server runs in its own process group (npx → tsx → node): stop all of it.
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

/** How many servers (and test workers) run side by side; each server has its own demo data. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2'));

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the PostgreSQL server of POSTGRES_ADMIN_URL. */
function postgresUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

type TE2EDatabases = { urls: string[]; drop: () => Promise<void> };

/**
 * One PostgreSQL database per server, copied from a template migrated once (two servers migrating side by
 * side would race on creating the shared app role). Null when the run uses PGlite.
 */
async function createPostgresDatabases(count: number): Promise<TE2EDatabases | null> {
  const wanted = process.env.E2E_DB ?? 'postgres';
  if (wanted === 'pglite') return null;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `PostgreSQL at ${POSTGRES_ADMIN_URL} did not answer (${(error as Error).message})`;
    if (process.env.REQUIRE_SERVICES === '1' || process.env.E2E_DB === 'postgres')
      throw new Error(
        `${reason}; the E2E servers need it (E2E_DB=pglite runs them on the embedded database).`,
      );
    console.warn(`\n  NOTICE: ${reason}. The E2E servers run on the embedded PGlite instead.\n`);
    return null;
  }
  const tag = randomBytes(4).toString('hex');
  const template = `commons_e2e_tpl_${tag}`;
  const names = Array.from({ length: count }, (_, index) => `commons_e2e_${tag}_${index + 1}`);
  const drop = async () => {
    for (const name of [...names, template])
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    // The server's own migration code, run once through tsx (this file is loaded by vitest's config loader).
    const migrate = spawnSync(
      'npx',
      [
        'tsx',
        '-e',
        `import('./apps/server/src/db/client.ts').then((db) => db.migratePostgresAsOwner(${JSON.stringify(postgresUrl(template))}))`,
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (migrate.status !== 0)
      throw new Error(`migrating the E2E template database failed (exit ${String(migrate.status)})`);
    for (const name of names) await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } catch (error) {
    await drop();
    throw error;
  }
  return { urls: names.map(postgresUrl), drop };
}

type TRunningServer = { baseUrl: string; mailLog: string; stop: () => Promise<void> };

/** Attempts at starting a server when its port was taken between freePort() and the server's own listen. */
const PORT_ATTEMPTS = 3;

/** Starts one server on a free port with a fresh DATA_DIR (demo data) and its own mail catcher. */
async function startServer(index: number, databaseUrl: string | null): Promise<TRunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'commons-e2e-'));
  const artifacts = join(ROOT, 'e2e/artifacts');
  mkdirSync(artifacts, { recursive: true });
  const logName = `server-${index + 1}.log`;
  const log = createWriteStream(join(artifacts, logName));
  // Mail goes out over real SMTP to a local catcher; the tests read what it received.
  const mailLog = join(dataDir, 'mail.jsonl');
  const catcher = await startMailCatcher(mailLog);
  for (let attempt = 1; ; attempt += 1) {
    // Picked after the catcher listens, and again if taken: freePort() releases the port before the server binds
    // it, and the other worker's catcher or server may get it first (EADDRINUSE, seen in CI).
    const port = await freePort();
    const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
        // Testing only: webhook deliveries may reach the local receiver of webhooks.e2e.test.ts (issue #23 item 3).
        WEBHOOK_TEST_ALLOWED_ORIGINS: 'http://127.0.0.1:4717',
        // Testing only: the local OpenID provider of sso-oidc.e2e.test.ts (issue #24).
        SSO_TEST_ALLOWED_ORIGINS: 'http://127.0.0.1:4718,http://127.0.0.1:4719',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    // Two sources, one file: neither may end it (the first to close would, and the other would then write after end).
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    let outputTail = '';
    const keepTail = (chunk: unknown) => {
      outputTail = (outputTail + String(chunk)).slice(-4000);
    };
    child.stdout?.on('data', keepTail);
    child.stderr?.on('data', keepTail);
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(baseUrl, child);
    } catch (error) {
      await stopServer(child);
      child.stdout?.unpipe(log);
      child.stderr?.unpipe(log);
      if (attempt < PORT_ATTEMPTS && outputTail.includes('EADDRINUSE')) {
        log.write(`[e2e] port ${port} was taken; starting again on another port\n`);
        continue;
      }
      await catcher.close();
      log.end();
      throw new Error(`${(error as Error).message}; see e2e/artifacts/${logName}`);
    }
    console.info(
      `[e2e] server ${index + 1} ready at ${baseUrl} (${databaseUrl === null ? 'PGlite' : 'PostgreSQL'}, files in ${dataDir})`,
    );
    return {
      baseUrl,
      mailLog,
      stop: async () => {
        await stopServer(child);
        await catcher.close();
        // Output still buffered after the exit is dropped, not written after the log's end.
        child.stdout?.unpipe(log);
        child.stderr?.unpipe(log);
        log.end();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external !== undefined && external !== '') {
    project.provide('servers', [
      { baseUrl: external.replace(/\/$/, ''), mailLog: process.env.E2E_MAIL_LOG ?? '' },
    ]);
    return async () => undefined;
  }

  ensureWebBuild();
  const databases = await createPostgresDatabases(E2E_WORKERS);
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_, index) => startServer(index, databases?.urls[index] ?? null)),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure !== undefined) {
    await Promise.all(servers.map((server) => server.stop()));
    await databases?.drop();
    throw failure.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, mailLog }) => ({ baseUrl, mailLog })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await databases?.drop();
  };
}
