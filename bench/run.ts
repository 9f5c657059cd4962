/**
 * `npm run bench` (issue #8 item 2): the real server (apps/server/src/main.ts, production config) against
 * PostgreSQL (DATABASE_URL, filled by `npm run bench:data`) and against PGlite (a smaller dataset), driven by
 * autocannon over loopback; each scenario has a warm-up and a fixed duration, and is compared with a bare
 * Fastify route running the same SQL through the same driver. Then realtime fan-out over WebSockets on one
 * process and on two processes with Redis. Results: bench/results/<date>-<db>.json and .md.
 *
 * Flags: --duration 5 --warmup 2 --connections 10 --rate 200 --scenario <substring,…> --db postgres,pglite
 *        --pglite-users 2000 --ws-clients 5000 --rt-rate 20 --rt-duration 10 --skip-realtime --profile
 *        --log-level info
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { APP_DB_ROLE, loadConfig } from '../apps/server/src/config.js';
import {
  migratePgliteAsOwner,
  migratePostgresAsOwner,
  openPgliteDatabase,
  openPostgresDatabase,
  PGLITE_EXTENSIONS,
  type TDatabase,
} from '../apps/server/src/db/client.js';
import { signAccessToken } from '../apps/server/src/lib/tokens.js';
import {
  attachStatementLog,
  HOT_PATHS,
  type THotPathContext,
  type TStatement,
} from '../apps/server/test/explain/hot-paths.js';
import { BENCH_PASSWORD, DEFAULT_BENCH_URL, numberArg, parseArgs, withDatabase } from './lib/common.js';
import { runRealtime, type TRealtimeResult } from './realtime.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/**
 * The compiled server (apps/server/scripts/build.mjs), built fresh at the start of each run, into
 * BENCH_SERVER_BUILD_DIR when set (e.g. apps/server/build-test-<name>: runs sharing a working tree then
 * neither rebuild nor bench each other's bundle).
 */
const SERVER_BUILD_DIR = process.env.BENCH_SERVER_BUILD_DIR ?? 'apps/server/build';
const SERVER_BUILD = path.join(SERVER_BUILD_DIR, 'main.js');
const args = parseArgs(process.argv.slice(2));
const opts = {
  duration: numberArg(args, 'duration', 5),
  warmup: numberArg(args, 'warmup', 2),
  connections: numberArg(args, 'connections', 10),
  rate: numberArg(args, 'rate', 200),
  scenarios: (args.get('scenario') ?? '').split(',').filter(Boolean),
  dbs: (args.get('db') ?? 'postgres,pglite').split(',').filter(Boolean) as Array<'postgres' | 'pglite'>,
  pgliteUsers: numberArg(args, 'pglite-users', 2000),
  wsClients: numberArg(args, 'ws-clients', 5000),
  rtRate: numberArg(args, 'rt-rate', 20),
  rtDuration: numberArg(args, 'rt-duration', 10),
  skipRealtime: args.has('skip-realtime'),
  profile: args.has('profile'),
  logLevel: args.get('log-level') ?? 'info',
  variants: numberArg(args, 'variants', 10),
};
const pgUrl = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const jwtSecret = randomBytes(32).toString('hex');
const selected = HOT_PATHS.filter(
  (s) => opts.scenarios.length === 0 || opts.scenarios.some((f) => s.name.includes(f)),
);

/** The issue's targets (2-core machine, PostgreSQL, 100 000 users). */
const TARGETS = { readP99Ms: 50, readRatio: 0.5, directoryP95Ms: 40, fanoutP99Ms: 100 };

type TLoad = { rps: number; p50: number; p95: number; p99: number; errors: number; requests: number };
type TScenarioResult = {
  name: string;
  isRead: boolean;
  max: TLoad;
  atRate: TLoad | null;
  /** One connection, one request at a time: measured when the max-load run answered fewer than 20 requests. */
  serial: TLoad | null;
  baseline: TLoad | null;
  ratio: number | null;
  checks: TCheck[];
};
type TCheck = { target: string; value: number; limit: number; pass: boolean; margin: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One autocannon run; latencies are recorded per response so p95 is exact (autocannon reports p97.5). */
async function load(options: {
  port: number;
  seconds: number;
  connections: number;
  rate?: number;
  next: (n: number) => { method: string; path: string; headers: Record<string, string>; body?: string };
}): Promise<TLoad> {
  const latencies: number[] = [];
  let n = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}`,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        ...(options.rate ? { overallRate: options.rate } : {}),
        requests: [
          {
            setupRequest: (request) => {
              const r = options.next(n++);
              return {
                ...request,
                method: r.method as autocannon.Request['method'],
                path: r.path,
                headers: r.headers,
                ...(r.body ? { body: r.body } : {}),
              };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    rps: round(result.requests.total / options.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors + result.non2xx + result.timeouts,
    requests: result.requests.total,
  };
}

/**
 * A fixed load, open loop, for the targets "p99 at 200 req/s": one request every 1000/rate ms, sent on time
 * whether or not earlier ones have answered (over at most `connections` keep-alive sockets; a request waiting
 * for a free socket waits on the clock), each latency measured from its scheduled instant, so a stall counts
 * in every request it delays (no coordinated omission). autocannon's `overallRate` is not this: each
 * connection sends its whole second's quota back to back at the start of every second, so "200 req/s" was
 * bursts of 200 requests on 20 connections, measuring the latency of 20 concurrent clients.
 */
async function loadAtRate(options: {
  port: number;
  seconds: number;
  connections: number;
  rate: number;
  next: (n: number) => { method: string; path: string; headers: Record<string, string>; body?: string };
}): Promise<TLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.seconds * options.rate);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  const send = (r: ReturnType<typeof options.next>) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: options.port, method: r.method, path: r.path, headers: r.headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(r.body);
    });
  const pending: Array<Promise<void>> = [];
  const start = performance.now() + 10;
  for (let i = 0; i < total; i++) {
    const at = start + i * interval;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      send(options.next(i)).then(
        (status) => {
          latencies.push(performance.now() - at);
          if (status >= 400) errors += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    rps: round(latencies.length / options.seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors,
    requests: total,
  };
}

/**
 * Waits until the database has no active query of the app role left (requests still running after a run's
 * clients went away would otherwise slow the next scenario down); PGlite: until a health check is quick.
 */
async function settle(target: TTarget, port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.ownerUrl });
    await client.connect();
    try {
      while (Date.now() < deadline) {
        const active = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND usename = $1 AND state = 'active'`,
          [APP_DB_ROLE],
        );
        if ((active.rows[0]?.n ?? 0) === 0) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await client.end();
    }
    return;
  }
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (performance.now() - started < 100) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Data: samples of real members of the largest hub, with live sessions and signed access tokens.

type TSession = { userId: string; clusterId: string; familyId: string };
type TSample = Omit<THotPathContext, 'token' | 'studentToken' | 'password'> &
  TSession & {
    /** A student of the same hub with a session of their own (the home scenario's viewer). */
    student: TSession;
  };

async function pickSamples(ownerUrl: string, count: number): Promise<TSample[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const hub = (
      await client.query<{ hub_id: string; identifier: string; cluster_id: string }>(
        `SELECT d.hub_id, h.identifier, h.cluster_id FROM directory_entries d JOIN hubs h ON h.id = d.hub_id GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`,
      )
    ).rows[0];
    if (!hub)
      throw new Error(`No dataset in ${ownerUrl}: run \`npm run bench:data -- --users 100000\` first.`);
    const alumni = (
      await client.query<{ id: string }>(`SELECT id FROM user_types WHERE hub_id = $1 AND title = 'Alumni'`, [
        hub.hub_id,
      ])
    ).rows[0];
    const industry = (
      await client.query<{ v: string }>(
        `SELECT v FROM directory_entries, unnest(industries) v WHERE hub_id = $1 GROUP BY v ORDER BY count(*) DESC LIMIT 1`,
        [hub.hub_id],
      )
    ).rows[0];
    // Members of a large group of the hub who also have an accepted conversation in the hub.
    const rows = await client.query<{
      user_id: string;
      email: string;
      thread_id: string;
      group_identifier: string;
    }>(
      `WITH g AS (SELECT gm.group_id, count(*) n FROM group_memberships gm WHERE gm.hub_id = $1 GROUP BY 1 ORDER BY n DESC LIMIT 5)
       SELECT DISTINCT ON (u.id) u.id AS user_id, u.email, t.id AS thread_id, gr.identifier AS group_identifier
         FROM g JOIN group_memberships gm ON gm.group_id = g.group_id AND gm.approved
         JOIN groups gr ON gr.id = g.group_id
         JOIN users u ON u.id = gm.user_id
         JOIN hub_memberships hm ON hm.user_id = u.id AND hm.hub_id = $1 AND hm.approved
         JOIN threads t ON t.from_user_id = u.id AND t.hub_id = $1 AND t.status = 'accepted'
        ORDER BY u.id LIMIT $2`,
      [hub.hub_id, count],
    );
    // Approved students of the same hub, for the home scenario (its Explore tab is the students' first, spec 9).
    const students = await client.query<{ user_id: string }>(
      `SELECT m.user_id FROM hub_memberships m JOIN user_types t ON t.id = m.user_type_id
        WHERE m.hub_id = $1 AND m.approved AND t.title = 'Student' ORDER BY m.user_id LIMIT $2`,
      [hub.hub_id, count],
    );
    // An adviser of the hub and their first appointment type (issue #21: the free-slots scenario).
    const adviser = await client.query<{ id: string; type_id: string }>(
      `SELECT a.id, a.appointment_type_ids[1] AS type_id FROM advisers a
        WHERE a.hub_id = $1 AND a.is_active AND cardinality(a.appointment_type_ids) > 0 ORDER BY a.id LIMIT 1`,
      [hub.hub_id],
    );
    return rows.rows.map((r, i) => ({
      student: {
        userId: students.rows[i % Math.max(1, students.rows.length)]?.user_id ?? r.user_id,
        clusterId: hub.cluster_id,
        familyId: randomUUID(),
      },
      userId: r.user_id,
      clusterId: hub.cluster_id,
      familyId: randomUUID(),
      email: r.email,
      hubIdentifier: hub.identifier,
      threadId: r.thread_id,
      groupIdentifier: r.group_identifier,
      userTypeId: alumni?.id ?? '',
      industry: industry?.v ?? 'Technology',
      typoQuery: 'mircosoft',
      jobQuery: 'enginer',
      adviserId: adviser.rows[0]?.id ?? '',
      appointmentTypeId: adviser.rows[0]?.type_id ?? '',
    }));
  } finally {
    await client.end();
  }
}

/** Live refresh-session families for the sampled users (the request context checks the `sid`). */
async function insertSessions(
  run: (sql: string, params: unknown[]) => Promise<unknown>,
  samples: Array<{ userId: string; clusterId: string; familyId: string }>,
): Promise<void> {
  for (let i = 0; i < samples.length; i += 500) {
    const chunk = samples.slice(i, i + 500);
    const values = chunk
      .map(
        (_, k) =>
          `($${k * 4 + 1}::uuid, $${k * 4 + 2}::uuid, $${k * 4 + 3}::uuid, $${k * 4 + 4}, now() + interval '1 day')`,
      )
      .join(', ');
    await run(
      `INSERT INTO refresh_sessions (cluster_id, user_id, family_id, token_hash, expires_at) VALUES ${values}`,
      chunk.flatMap((s) => [s.clusterId, s.userId, s.familyId, randomBytes(32).toString('base64url')]),
    );
  }
}

async function tokenFor(sample: { userId: string; clusterId: string; familyId: string }): Promise<string> {
  const { token } = await signAccessToken({
    secret: new TextEncoder().encode(jwtSecret),
    payload: {
      sub: sample.userId,
      cid: sample.clusterId,
      sid: sample.familyId,
      accessLevelCode: null,
      adminHubIds: [],
      loginAsAdmin: false,
    },
    now: new Date(),
  });
  return token;
}

// ---------------------------------------------------------------------------------------------------------
// Processes.

/** A port nobody listens on right now (other agents run servers on this machine too). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startProcess(options: {
  script: string;
  env: Record<string, string>;
  port: number;
  profileName?: string;
}): ChildProcess {
  // The server runs compiled, as in production (issue #17 item 5); the baseline server is TypeScript.
  const nodeArgs = options.script.endsWith('.js') ? ['--enable-source-maps'] : ['--import', 'tsx'];
  if (opts.profile && options.profileName) {
    // One folder per process: node writes one profile per thread (tsx's loader runs in a worker); the main
    // thread's is the largest file.
    const dir = path.join(ROOT, 'bench/results/profiles', options.profileName);
    mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', '--cpu-prof-dir', dir);
  }
  const child = spawn(process.execPath, [...nodeArgs, options.script], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before listening (${url})`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Environment of the real server in production mode. */
function serverEnv(target: TTarget, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: opts.logLevel,
    SEED_DEMO_DATA: 'never',
    DATA_DIR: target.dataDir,
    PUBLIC_URL: 'http://localhost',
    // The load generator plays a proxy on loopback: its X-Forwarded-For addresses count (sign-in rotates them).
    TRUST_PROXY: 'loopback',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.ownerUrl } : {}),
    ...extra,
  };
}

type TTarget = {
  kind: 'postgres' | 'pglite';
  ownerUrl: string;
  appUrl: string;
  dataDir: string;
  pgliteDir: string;
  users: number;
};

// ---------------------------------------------------------------------------------------------------------

async function prepareTarget(kind: 'postgres' | 'pglite'): Promise<TTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `commons-bench-${kind}-`));
  if (kind === 'postgres') {
    // A dataset generated before the latest migrations gets them first (idempotent), as a deployment would.
    await migratePostgresAsOwner(pgUrl);
    const app = new URL(pgUrl);
    app.username = APP_DB_ROLE;
    app.password = '';
    return {
      kind,
      ownerUrl: pgUrl,
      appUrl: app.toString(),
      dataDir,
      pgliteDir: '',
      users: await countUsers(pgUrl),
    };
  }
  // PGlite: the same generator into a small PostgreSQL database, copied into a PGlite data directory.
  const sourceUrl = withDatabase(pgUrl, 'commons_bench_pglite');
  console.info(
    `PGlite dataset: ${opts.pgliteUsers} users (generated into commons_bench_pglite, then loaded into PGlite)`,
  );
  const gen = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/data/generate.ts',
      '--users',
      String(opts.pgliteUsers),
      '--database-url',
      sourceUrl,
      '--fresh',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (gen.status !== 0) throw new Error('generating the PGlite dataset failed');
  return {
    kind,
    ownerUrl: sourceUrl,
    appUrl: '',
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    users: opts.pgliteUsers,
  };
}

async function loadIntoPglite(target: TTarget): Promise<void> {
  const dump = spawnSync(
    'pg_dump',
    [
      '--data-only',
      '--schema=public',
      '--inserts',
      '--rows-per-insert=1000',
      '--no-owner',
      '--no-privileges',
      target.ownerUrl,
    ],
    { maxBuffer: 1 << 30, encoding: 'utf8' },
  );
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  mkdirSync(target.pgliteDir, { recursive: true });
  const owner = await PGlite.create(target.pgliteDir, { extensions: PGLITE_EXTENSIONS });
  await migratePgliteAsOwner(owner);
  const script = dump.stdout
    .split('\n')
    .filter((line) => !line.startsWith('SELECT pg_catalog.set_config') && !line.startsWith('\\'))
    .join('\n');
  await owner.exec(
    `SET session_replication_role = replica;\n${script}\nSET session_replication_role = DEFAULT; ANALYZE;`,
  );
  await owner.close();
}

async function countUsers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Statements of the realtime relay and the jobs, which run beside requests. */
const BACKGROUND_SQL =
  /app_realtime_pending_clusters|SET published_at|app_cluster_ids|mail_outbox .*claimed_at/i;

/** Runs each scenario once per variant in-process (app.inject) and records its SQL; checks every answer is 2xx. */
async function capture(
  target: TTarget,
  contexts: THotPathContext[],
): Promise<Record<string, TStatement[][]>> {
  const database: TDatabase =
    target.kind === 'postgres'
      ? await openPostgresDatabase({ ownerUrl: null, appUrl: target.appUrl })
      : await openPgliteDatabase({ dataDir: target.pgliteDir });
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'silent',
    DATA_DIR: target.dataDir,
    PUBLIC_URL: 'http://localhost',
  });
  const app = await buildApp({ config, database, logger: false });
  const log = attachStatementLog(database.db);
  const captured: Record<string, TStatement[][]> = {};
  try {
    for (const scenario of selected) {
      captured[scenario.name] = [];
      for (const [i, ctx] of contexts.slice(0, opts.variants).entries()) {
        const r = scenario.request(ctx, i);
        const inject = () =>
          app.inject({
            method: r.method,
            url: r.url,
            headers: { ...r.headers, host: 'localhost' },
            ...(r.body ? { payload: r.body } : {}),
          });
        if (i === 0) await inject(); // steady state: caches (cluster by host) are warm
        let status = 0;
        let body = '';
        let statements: TStatement[] = [];
        // Background work (the realtime relay after a write, its 5 s timer, jobs) shares the database: let it
        // settle, and capture again when one of its statements slipped into the request's recording.
        for (let attempt = 0; attempt < 5; attempt++) {
          await new Promise((r) => setTimeout(r, 300));
          statements = await log.record(async () => {
            const response = await inject();
            status = response.statusCode;
            body = response.body;
          });
          if (!statements.some((s) => BACKGROUND_SQL.test(s.sql))) break;
        }
        if (status >= 300) throw new Error(`${scenario.name} answered ${status}: ${body.slice(0, 300)}`);
        captured[scenario.name]?.push(statements);
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return captured;
}

async function benchTarget(
  target: TTarget,
): Promise<{ scenarios: TScenarioResult[]; realtime: TRealtimeResult[] }> {
  console.info(`\n=== ${target.kind}: ${target.users.toLocaleString('en-US')} users ===`);
  const samples = await pickSamples(target.ownerUrl, Math.max(opts.variants, 200));
  if (samples.length === 0) throw new Error('no sample members found');
  const sessionClient = new pg.Client({ connectionString: target.ownerUrl });
  await sessionClient.connect();
  await insertSessions(
    (sql, params) => sessionClient.query(sql, params),
    [...samples, ...samples.map((s) => s.student)],
  );
  await sessionClient.end();
  if (target.kind === 'pglite') await loadIntoPglite(target);
  const contexts: THotPathContext[] = await Promise.all(
    samples.map(async (s) => ({
      ...s,
      token: await tokenFor(s),
      studentToken: await tokenFor(s.student),
      password: BENCH_PASSWORD,
    })),
  );

  const statements = await capture(target, contexts);
  const statementsFile = path.join(target.dataDir, 'statements.json');
  writeFileSync(statementsFile, JSON.stringify(statements));
  // --keep-statements [file]: a file of one's own when several runs share the working tree.
  const keep = args.get('keep-statements');
  if (keep)
    writeFileSync(
      keep === 'true'
        ? path.join(ROOT, `bench/results/statements-${target.kind}.json`)
        : path.resolve(keep.replace('<db>', target.kind)),
      JSON.stringify(statements, null, 1),
    );

  const port = await freePort();
  const results: TScenarioResult[] = [];
  const server = startProcess({
    script: SERVER_BUILD,
    env: serverEnv(target),
    port,
    profileName: `server-${target.kind}`,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, server);
    for (const scenario of selected) {
      const next = (n: number) => {
        const r = scenario.request(contexts[n % contexts.length] as THotPathContext, n);
        return {
          method: r.method,
          path: r.url,
          headers: { ...r.headers, host: 'localhost' },
          ...(r.body ? { body: r.body } : {}),
        };
      };
      await settle(target, port);
      await load({ port, seconds: opts.warmup, connections: opts.connections, next });
      await settle(target, port);
      const max = await load({ port, seconds: opts.duration, connections: opts.connections, next });
      await settle(target, port);
      const atRate = scenario.isRead
        ? await loadAtRate({
            port,
            seconds: opts.duration,
            connections: Math.max(opts.connections, 20),
            rate: opts.rate,
            next,
          })
        : null;
      let serial: TLoad | null = null;
      if (max.requests < 20) {
        await settle(target, port);
        serial = await load({ port, seconds: Math.max(opts.duration, 10), connections: 1, next });
      }
      results.push({
        name: scenario.name,
        isRead: scenario.isRead,
        max,
        atRate,
        serial,
        baseline: null,
        ratio: null,
        checks: [],
      });
      console.info(
        `  ${scenario.name.padEnd(18)} ${String(max.rps).padStart(7)} req/s  p99 ${max.p99} ms${atRate ? `  @${opts.rate}/s p95 ${atRate.p95} p99 ${atRate.p99} ms` : ''}  errors ${max.errors + (atRate?.errors ?? 0)}`,
      );
    }
  } finally {
    await stopProcess(server);
  }

  const baselinePort = await freePort();
  const baseline = startProcess({
    script: 'bench/baseline-server.ts',
    env: {
      BENCH_STATEMENTS: statementsFile,
      ...(target.kind === 'postgres'
        ? { DATABASE_APP_URL: target.appUrl }
        : { PGLITE_DIR: target.pgliteDir }),
    },
    port: baselinePort,
    profileName: `baseline-${target.kind}`,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${baselinePort}/baseline/none`, baseline);
    for (const result of results) {
      const next = () => ({ method: 'GET', path: `/baseline/${result.name}`, headers: {} });
      await settle(target, baselinePort);
      await load({ port: baselinePort, seconds: opts.warmup, connections: opts.connections, next });
      await settle(target, baselinePort);
      result.baseline = await load({
        port: baselinePort,
        seconds: opts.duration,
        connections: opts.connections,
        next,
      });
      result.ratio =
        result.baseline.rps > 0 ? Math.round((result.max.rps / result.baseline.rps) * 1000) / 1000 : null;
      result.checks = checksFor(result);
      console.info(
        `  baseline ${result.name.padEnd(18)} ${String(result.baseline.rps).padStart(7)} req/s  ratio ${result.ratio}  errors ${result.baseline.errors}`,
      );
    }
  } finally {
    await stopProcess(baseline);
  }

  const realtime: TRealtimeResult[] = [];
  if (target.kind === 'postgres' && !opts.skipRealtime) {
    const rtSamples = await realtimeUsers(target.ownerUrl, opts.wsClients);
    for (const processes of [1, 2] as const) {
      const ports = processes === 1 ? [await freePort()] : [await freePort(), await freePort()];
      const servers = ports.map((p, i) =>
        startProcess({
          script: SERVER_BUILD,
          env: serverEnv(target, processes === 2 ? { REDIS_URL: redisUrl } : {}),
          port: p,
          profileName: `realtime-${processes}p-${i}`,
        }),
      );
      try {
        for (const [i, p] of ports.entries())
          await waitForHttp(`http://127.0.0.1:${p}/api/health`, servers[i] as ChildProcess);
        const result = await runRealtime({
          ports,
          users: rtSamples,
          jwtSecret,
          rate: opts.rtRate,
          seconds: opts.rtDuration,
          tokenFor,
        });
        result.checks = [check('fan-out p99 (ms)', result.p99, TARGETS.fanoutP99Ms)];
        realtime.push(result);
        console.info(
          `  realtime ${processes}p: ${result.clients} clients (connected in ${result.connectSeconds} s), ${result.deliveriesPerSecond} deliveries/s, after commit p50 ${result.p50} p99 ${result.p99} ms, from send p99 ${result.p99FromSend} ms, lost ${result.lost}`,
        );
      } finally {
        for (const s of servers) await stopProcess(s);
      }
    }
  }
  return { scenarios: results, realtime };
}

/** Pairs of participants of accepted threads (disjoint users), with sessions, for the realtime clients. */
async function realtimeUsers(ownerUrl: string, clients: number) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const rows = await client.query<{
      thread_id: string;
      from_user_id: string;
      to_user_id: string;
      cluster_id: string;
      identifier: string;
    }>(
      `SELECT t.id AS thread_id, t.from_user_id, t.to_user_id, t.cluster_id, h.identifier FROM threads t JOIN hubs h ON h.id = t.hub_id
        WHERE t.status = 'accepted' ORDER BY t.last_message_at DESC LIMIT $1`,
      [clients * 4],
    );
    const used = new Set<string>();
    const pairs: Array<{
      threadId: string;
      hubIdentifier: string;
      clusterId: string;
      a: { userId: string; familyId: string };
      b: { userId: string; familyId: string };
    }> = [];
    for (const r of rows.rows) {
      if (pairs.length * 2 >= clients) break;
      if (used.has(r.from_user_id) || used.has(r.to_user_id)) continue;
      used.add(r.from_user_id);
      used.add(r.to_user_id);
      pairs.push({
        threadId: r.thread_id,
        hubIdentifier: r.identifier,
        clusterId: r.cluster_id,
        a: { userId: r.from_user_id, familyId: randomUUID() },
        b: { userId: r.to_user_id, familyId: randomUUID() },
      });
    }
    await insertSessions(
      (sql, params) => client.query(sql, params),
      pairs.flatMap((p) => [
        { ...p.a, clusterId: p.clusterId },
        { ...p.b, clusterId: p.clusterId },
      ]),
    );
    return pairs;
  } finally {
    await client.end();
  }
}

function check(target: string, value: number, limit: number, isMinimum = false): TCheck {
  if (!Number.isFinite(value))
    return { target, value, limit, pass: false, margin: 'no answer within the run' };
  const pass = isMinimum ? value >= limit : value <= limit;
  const margin = isMinimum
    ? `${value >= limit ? '+' : ''}${Math.round((value / limit - 1) * 100)}%`
    : `${value <= limit ? '-' : '+'}${Math.abs(Math.round((value / limit - 1) * 100))}%`;
  return { target, value, limit, pass, margin };
}

function checksFor(result: TScenarioResult): TCheck[] {
  if (!result.isRead || !result.atRate) return [];
  const answered = result.atRate.requests > 0;
  const checks = [
    check(`p99 @${opts.rate}/s (ms)`, answered ? result.atRate.p99 : Infinity, TARGETS.readP99Ms),
  ];
  checks.push(check('throughput / baseline', result.ratio ?? Infinity, TARGETS.readRatio, true));
  // The search targets (issue #17 item 3; issue #19: job search meets the directory's).
  if (result.name.startsWith('directory') || result.name === 'job-search')
    checks.push(
      check(`p95 @${opts.rate}/s (ms)`, answered ? result.atRate.p95 : Infinity, TARGETS.directoryP95Ms),
    );
  return checks;
}

function markdown(report: TReport): string {
  const lines = [
    `# Benchmark: ${report.database} (${report.datasetUsers.toLocaleString('en-US')} users)`,
    '',
    `${report.date} · commit ${report.commit} · ${report.cpuCount} × ${report.cpuModel} · duration ${report.options.duration} s after ${report.options.warmup} s warm-up · ${report.options.connections} connections (max load) · fixed load ${report.options.rate} req/s`,
    '',
    '| scenario | req/s (max) | p50 | p95 | p99 | errors | baseline req/s | ratio | p50 @rate | p95 @rate | p99 @rate | targets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of report.scenarios) {
    const targets =
      [
        ...s.checks.map(
          (c) =>
            `${c.pass ? 'PASS' : 'MISS'} ${c.target} ${Number.isFinite(c.value) ? c.value : '–'} (limit ${c.limit}, ${c.margin})`,
        ),
        ...(s.serial
          ? [`one at a time: p50 ${s.serial.p50} ms, p99 ${s.serial.p99} ms (${s.serial.requests} requests)`]
          : []),
      ].join('<br>') || 'measured only';
    lines.push(
      `| ${s.name} | ${s.max.rps} | ${s.max.p50} | ${s.max.p95} | ${s.max.p99} | ${s.max.errors + (s.atRate?.errors ?? 0)} | ${s.baseline?.rps ?? '–'} | ${s.ratio ?? '–'} | ${s.atRate?.p50 ?? '–'} | ${s.atRate?.p95 ?? '–'} | ${s.atRate?.p99 ?? '–'} | ${targets} |`,
    );
  }
  if (report.realtime.length) {
    lines.push(
      '',
      "Realtime latency is measured from the send request's response (the commit; fan-out) and, in the last columns, from the start of the send (end to end).",
      '',
      '| realtime | processes | clients | messages sent/s | deliveries/s | p50 ms | p95 ms | p99 ms | lost | target | p50 from send | p99 from send |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    );
    for (const r of report.realtime) {
      const c = r.checks[0];
      lines.push(
        `| fan-out | ${r.processes}${r.processes > 1 ? ' (Redis)' : ''} | ${r.clients} | ${r.sentPerSecond} | ${r.deliveriesPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.lost} | ${c ? `${c.pass ? 'PASS' : 'MISS'} p99 ${c.value} (limit ${c.limit}, ${c.margin})` : ''} | ${r.p50FromSend} | ${r.p99FromSend} |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}

type TReport = {
  database: string;
  datasetUsers: number;
  date: string;
  commit: string;
  cpuCount: number;
  cpuModel: string;
  options: typeof opts;
  scenarios: TScenarioResult[];
  realtime: TRealtimeResult[];
};

async function main(): Promise<void> {
  const serverBuild = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', SERVER_BUILD_DIR], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (serverBuild.status !== 0) throw new Error('the server build failed');
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  const date = new Date().toISOString();
  const outDir = path.join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  for (const kind of opts.dbs) {
    const target = await prepareTarget(kind);
    try {
      const { scenarios, realtime } = await benchTarget(target);
      const report: TReport = {
        database: kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
        datasetUsers: target.users,
        date,
        commit,
        cpuCount: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        options: opts,
        scenarios,
        realtime,
      };
      // One file per run and database; a filtered or profiled run is marked so it never replaces a full one.
      const base = path.join(
        outDir,
        `${date.slice(0, 16).replace(/:/g, '')}-${kind}${opts.scenarios.length || opts.profile ? '-partial' : ''}`,
      );
      writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
      writeFileSync(`${base}.md`, markdown(report));
      console.info(`\n${markdown(report)}\nWritten ${path.relative(ROOT, base)}.json and .md`);
    } finally {
      rmSync(target.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
