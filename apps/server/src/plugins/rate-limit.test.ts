import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type TApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createCluster, createHub, type TTestCluster } from '../../test/factories.js';
import { connectTestRedis } from '../../test/redis.js';
import { describeDb, TEST_DB, openTestDatabase } from '../../test/test-app.js';

describeDb.skipIf(TEST_DB !== 'postgres')('rate limit shared through Redis', () => {
  let redis: Redis | null;
  let apps: TApp[] = [];
  let cluster: TTestCluster;
  let cleanup: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    redis = await connectTestRedis();
    if (!redis) return;
    const database = await openTestDatabase();
    cluster = await createCluster(database.db);
    await createHub(database.db, cluster);
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
    });
    // Two server processes behind one address share their counters through Redis.
    apps = await Promise.all(
      [0, 1].map((i) =>
        buildApp({
          config,
          database,
          redis: i === 0 ? redis : (redis?.duplicate() ?? null),
          logger: false,
          rateLimits: { authPerIp: 1000, authPerEmail: 4 },
        }),
      ),
    );
    cleanup = async () => {
      for (const app of apps) await app.close();
      await database.close();
      await database.dropDatabase();
    };
  });
  afterAll(async () => {
    await cleanup();
    redis?.disconnect();
  });

  it('counts attempts for one email across two app instances', async (ctx) => {
    if (!redis) ctx.skip();
    const email = `rl-${randomBytes(4).toString('hex')}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = apps[i % 2];
      if (!app) throw new Error('app missing');
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: cluster.host },
        payload: { loginMethod: 'email', email, password: 'Wrong-pass1' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
