import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REALTIME_PATHS, type TRealtimeServerMessage } from '@commons/contract';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestUser,
} from './factories.js';
import { TestRealtimeClient } from './realtime-client.js';
import { connectTestRedis, REDIS_TEST_URL } from './redis.js';
import {
  freePort,
  httpCall,
  startServerProcess,
  stopServerProcess,
  type TServerProcess,
} from './server-process.js';
import { describeDb, openTestDatabase, spawnedServerDatabaseEnv, TEST_DB } from './test-app.js';

type TEvent = Extract<TRealtimeServerMessage, { kind: 'event' }>;

const START_TIMEOUT_MS = 90_000;

/**
 * Two real server processes (issue #5 Tests): `tsx src/main.ts` twice, one PostgreSQL database and one
 * Redis, a WebSocket client on each. Runs in the PostgreSQL project; without PostgreSQL (global setup) or
 * Redis it is skipped with a notice, and fails under REQUIRE_SERVICES=1.
 */
describeDb.skipIf(TEST_DB !== 'postgres')('realtime across two spawned server processes', () => {
  let probe: Redis | null = null;
  const servers: TServerProcess[] = [];
  const clients: TestRealtimeClient[] = [];
  let closeDatabase: () => Promise<void> = async () => undefined;
  let cluster: TTestCluster;
  let hubIdentifier = '';
  let student: TTestUser;
  let alumnus: TTestUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    probe = await connectTestRedis();
    if (!probe) return;
    const database = await openTestDatabase();
    closeDatabase = async () => {
      await database.close();
      await database.dropDatabase();
    };
    const databaseEnv = spawnedServerDatabaseEnv(database.appUrl);

    const db = database.db;
    cluster = await createCluster(db);
    const hub = await createHub(db, cluster);
    hubIdentifier = hub.identifier;
    student = await createUser(db, cluster, { hub, firstName: 'Sam' });
    alumnus = await createUser(db, cluster, { hub, userType: 'alumni', firstName: 'Alex' });

    const env = {
      ...process.env,
      NODE_ENV: 'test',
      ...databaseEnv,
      REDIS_URL: REDIS_TEST_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'never',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      HOST: '127.0.0.1',
    };
    // One after the other: each process runs the (already applied) migrations at start, and PostgreSQL
    // refuses two concurrent GRANT/ALTER runs on the same catalog rows ("tuple concurrently updated").
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      servers.push(
        await startServerProcess({
          env: {
            ...env,
            DATA_DIR: mkdtempSync(path.join(tmpdir(), `commons-proc${i}-`)),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
          },
          port,
          host: cluster.host,
        }),
      );
    }
    for (const user of [student, alumnus]) {
      const signedIn = await httpCall({
        port: servers[0]?.port ?? 0,
        host: cluster.host,
        method: 'POST',
        path: '/api/auth/sign-in',
        body: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      tokens.set(user.id, signedIn.json<{ token: string }>().token);
    }
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    for (const c of clients) await c.close();
    await Promise.all(servers.map(stopServerProcess));
    await closeDatabase();
    probe?.disconnect();
  }, 60_000);

  const call = (i: number, user: TTestUser, method: 'GET' | 'POST', url: string, body?: object) =>
    httpCall({
      port: servers[i]?.port ?? 0,
      host: cluster.host,
      method,
      path: url,
      token: tokens.get(user.id),
      hubId: hubIdentifier,
      ...(body ? { body } : {}),
    });
  /** A browser tab of `user` connected to process `i`, after `lastSeq` when it reconnects. */
  const connect = async (i: number, user: TTestUser, lastSeq: number | null = null) => {
    const client = await TestRealtimeClient.connect({ port: servers[i]?.port ?? 0, host: cluster.host });
    clients.push(client);
    const token = (await call(i, user, 'GET', REALTIME_PATHS.token)).json<{ token: string }>().token;
    const ready = await client.hello(token, lastSeq);
    return { client, ready };
  };

  it('delivers a message sent through one process to a client of the other within a second, with its notification', async (ctx) => {
    if (!probe) ctx.skip();
    const { client } = await connect(1, alumnus);
    const sentAt = Date.now();
    const created = await call(0, student, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: '<p>Across processes</p>',
    });
    expect(created.status).toBe(201);
    const threadId = created.json<{ thread: { id: string } }>().thread.id;
    const event = await client.waitFor(
      (m): m is TEvent => m.kind === 'event' && m.type === 'inbox.message' && m.payload.threadId === threadId,
      1000,
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(event.payload.fromUserId).toBe(student.id);
    await client.waitFor(
      (m) =>
        m.kind === 'event' &&
        m.type === 'notification.created' &&
        m.payload.notificationType === 'inbox.message',
      1000,
    );
    await client.close();
  });

  it('gives a client that disconnects and reconnects with its last event id everything it missed', async (ctx) => {
    if (!probe) ctx.skip();
    const { client, ready } = await connect(1, alumnus);
    await client.close();
    const created = await call(0, student, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: '<p>One</p>',
    });
    const threadId = created.json<{ thread: { id: string } }>().thread.id;
    await call(1, student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: '<p>Two</p>' });
    await call(0, student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: '<p>Three</p>' });

    const { client: back, ready: again } = await connect(0, alumnus, ready.lastSeq);
    const missed = back.events();
    expect(missed.map((e) => e.seq)).toEqual(missed.map((_, i) => ready.lastSeq + 1 + i));
    expect(missed.filter((e) => e.type === 'inbox.message')).toHaveLength(3);
    expect(missed.filter((e) => e.type === 'notification.created')).toHaveLength(3);
    expect(again.lastSeq).toBe(ready.lastSeq + missed.length);
    // And it stays live: the next message through the other process arrives too.
    await call(1, student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: '<p>Four</p>' });
    await back.waitFor(
      (m) => m.kind === 'event' && m.type === 'inbox.message' && m.seq > again.lastSeq,
      1000,
    );
    await back.close();
  });
});
