import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEALTH_PATHS, REALTIME_CLOSE, REALTIME_PATHS } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgliteDatabase, type TDb } from '../src/db/client.js';
import {
  createCluster,
  createHub,
  createUser,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestUser,
} from './factories.js';
import { TestRealtimeClient } from './realtime-client.js';
import {
  freePort,
  httpCall,
  startServerProcess,
  stopServerProcess,
  type TServerProcess,
} from './server-process.js';
import { describeDb, openTestDatabase, spawnedServerDatabaseEnv, TEST_DB } from './test-app.js';

/** A sign-in whose body arrives in two parts, so the request is in flight for as long as the test wants. */
function startSlowSignIn(options: { port: number; host: string; email: string }) {
  const body = JSON.stringify({ loginMethod: 'email', email: options.email, password: TEST_PASSWORD });
  const req = httpRequest({
    host: '127.0.0.1',
    port: options.port,
    method: 'POST',
    path: '/api/auth/sign-in',
    headers: {
      host: options.host,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  const response = new Promise<{ status: number; connection: string | undefined; text: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      req.on('error', reject);
    },
  );
  // A failed test leaves the request unanswered when the process goes; that must not add an unhandled rejection.
  response.catch(() => undefined);
  req.write(body.slice(0, 20));
  return { response, finish: () => req.end(body.slice(20)) };
}

/** Resolves with the error code of a fresh TCP connection to the port (or 'connected'). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms),
    ),
  ]);

/**
 * Graceful shutdown (issue #14 item 5) of `tsx src/main.ts` in its own process, on PGlite (a data directory)
 * and on PostgreSQL: SIGTERM closes realtime sockets with 1001, stops accepting connections, lets a request
 * in flight finish and exits 0. The process also serves /metrics on METRICS_PORT.
 */
describeDb('graceful shutdown of a server process on SIGTERM', () => {
  let server: TServerProcess;
  let cluster: TTestCluster;
  let user: TTestUser;
  let metricsPort = 0;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'commons-shutdown-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const seed = async (db: TDb) => {
      cluster = await createCluster(db);
      const hub = await createHub(db, cluster);
      user = await createUser(db, cluster, { hub, firstName: 'Sam' });
    };
    let databaseEnv: NodeJS.ProcessEnv = {};
    if (TEST_DB === 'postgres') {
      const database = await openTestDatabase();
      databaseEnv = spawnedServerDatabaseEnv(database.appUrl);
      await seed(database.db);
      await database.close();
      cleanups.push(database.dropDatabase);
    } else {
      // The process opens the same directory the test migrated and seeded (main.ts uses DATA_DIR/db).
      const database = await openPgliteDatabase({ dataDir: path.join(dataDir, 'db') });
      await seed(database.db);
      await database.close();
    }
    const port = await freePort();
    metricsPort = await freePort();
    server = await startServerProcess({
      env: {
        ...process.env,
        ...databaseEnv,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO_DATA: 'never',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: '/nonexistent',
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        METRICS_PORT: String(metricsPort),
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      port,
      host: cluster.host,
    });
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server);
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('closes realtime sockets with 1001, refuses new connections, finishes the request in flight and exits 0', async () => {
    const call = (method: string, url: string, token?: string) =>
      httpCall({ port: server.port, host: cluster.host, method, path: url, ...(token ? { token } : {}) });
    const signedIn = await httpCall({
      port: server.port,
      host: cluster.host,
      method: 'POST',
      path: '/api/auth/sign-in',
      body: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const accessToken = signedIn.json<{ token: string }>().token;
    const realtimeToken = (await call('GET', REALTIME_PATHS.token, accessToken)).json<{ token: string }>()
      .token;
    const socket = await TestRealtimeClient.connect({ port: server.port, host: cluster.host });
    await socket.hello(realtimeToken);
    expect((await call('GET', HEALTH_PATHS.ready)).json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'applied',
      isShuttingDown: false,
    });

    // The separate metrics listener sees the socket and the sign-in under its route pattern.
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    const exposition = await metrics.text();
    expect(exposition).toMatch(/^commons_realtime_connections 1$/m);
    expect(exposition).toMatch(
      /^commons_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/sign-in",status_code="200"\} 1$/m,
    );
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);

    const slow = startSlowSignIn({ port: server.port, host: cluster.host, email: user.email });
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');

    const closed = await within(socket.closed, 5000, 'realtime socket close');
    expect(closed.code).toBe(REALTIME_CLOSE.goingAway);
    // The listener is closed: a new connection is refused while the request above is still in flight.
    expect(await tryConnect(server.port)).toBe('ECONNREFUSED');

    slow.finish();
    const answered = await within(slow.response, 5000, 'in-flight request');
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toHaveProperty('token');

    const exit = await within(server.exited, 15_000, 'process exit');
    expect(exit).toEqual({ code: 0, signal: null });
    const log = server.output.join('');
    expect(log).toContain('shutting down: draining requests and realtime sockets');
    expect(log).toMatch(/"exitCode":0,"msg":"shut down"/);
  }, 60_000);
});
