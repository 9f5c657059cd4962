import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { REALTIME_PATHS } from '@commons/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, it } from 'vitest';
import { buildApp, type TApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openPostgresDatabase, type TDatabase } from '../../db/client.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestUser,
} from '../../../test/factories.js';
import { TestRealtimeClient } from '../../../test/realtime-client.js';
import { connectTestRedis, REDIS_TEST_URL } from '../../../test/redis.js';
import { describeDb, openTestDatabase, TEST_DB } from '../../../test/test-app.js';

/**
 * Presence and typing across two servers behind one address: two buildApp servers on real ports, one
 * PostgreSQL database (a pool each) and one Redis (connections each). Message delivery and catch-up across
 * two spawned processes are in test/realtime-two-process.test.ts. Runs in the PostgreSQL project;
 * without Redis it is skipped with a notice (a failure under REQUIRE_SERVICES=1).
 */
describeDb.skipIf(TEST_DB !== 'postgres')('realtime across two server processes', () => {
  let probe: Redis | null = null;
  const apps: TApp[] = [];
  const ports: number[] = [];
  const databases: TDatabase[] = [];
  const redisConnections: Redis[] = [];
  const clients: TestRealtimeClient[] = [];
  let dropDatabase: () => Promise<void> = async () => undefined;
  let cluster: TTestCluster;
  let hubIdentifier = '';
  let student: TTestUser;
  let alumnus: TTestUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    probe = await connectTestRedis();
    if (!probe) return;
    const first = await openTestDatabase();
    dropDatabase = first.dropDatabase;
    if (!first.appUrl) throw new Error('PostgreSQL test database has no URL');
    databases.push(first, await openPostgresDatabase({ ownerUrl: null, appUrl: first.appUrl, poolSize: 4 }));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(`${tmpdir()}/commons-2p-`),
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
    });
    for (const database of databases) {
      const redis = new Redis(REDIS_TEST_URL, { maxRetriesPerRequest: 2 });
      redisConnections.push(redis);
      const app = await buildApp({
        config,
        database,
        redis,
        logger: false,
        rateLimits: { authPerIp: 1000, authPerEmail: 1000 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      ports.push((app.server.address() as AddressInfo).port);
    }
    const db = first.db;
    cluster = await createCluster(db);
    const hub = await createHub(db, cluster);
    hubIdentifier = hub.identifier;
    student = await createUser(db, cluster, { hub, firstName: 'Sam' });
    alumnus = await createUser(db, cluster, { hub, userType: 'alumni', firstName: 'Alex' });
    for (const user of [student, alumnus]) tokens.set(user.id, (await signIn(appAt(0), cluster, user)).token);
  });

  afterAll(async () => {
    for (const c of clients) await c.close();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await dropDatabase();
    for (const r of redisConnections) r.disconnect();
    probe?.disconnect();
  });

  const appAt = (i: number): TApp => {
    const app = apps[i];
    if (!app) throw new Error(`app ${i} missing`);
    return app;
  };
  /** An API call through process `i`. */
  const call = (i: number, user: TTestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    appAt(i).inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${tokens.get(user.id)}`,
        'x-hub-id': hubIdentifier,
      },
      ...(payload ? { payload } : {}),
    });
  /** A browser tab connected to process `i`. */
  const connect = async (i: number, user: TTestUser, lastSeq: number | null = null) => {
    const client = await TestRealtimeClient.connect({ port: ports[i] ?? 0, host: cluster.host });
    clients.push(client);
    const token = (await call(i, user, 'GET', REALTIME_PATHS.token)).json<{ token: string }>().token;
    const ready = await client.hello(token, lastSeq);
    return { client, ready };
  };

  it('shares presence and typing across processes', async (ctx) => {
    if (!probe) ctx.skip();
    const created = await call(0, student, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: '<p>Typing test</p>',
    });
    const threadId = created.json<{ thread: { id: string } }>().thread.id;
    const { client: watcher } = await connect(0, student);
    watcher.send({ kind: 'presence.subscribe', userIds: [alumnus.id] });
    await watcher.waitFor((m) => m.kind === 'presence' && m.status !== 'online');
    const { client: alumnusClient } = await connect(1, alumnus);
    await watcher.waitFor(
      (m) => m.kind === 'presence' && m.userId === alumnus.id && m.status === 'online',
      1000,
    );
    alumnusClient.send({ kind: 'typing', threadId });
    await watcher.waitFor(
      (m) => m.kind === 'typing' && m.userId === alumnus.id && m.threadId === threadId,
      1000,
    );
    await alumnusClient.close();
    await watcher.waitFor(
      (m) => m.kind === 'presence' && m.userId === alumnus.id && m.status === 'offline-away',
      1000,
    );
    await watcher.close();
  });
});
