import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATHS } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { TestRealtimeClient } from '../../../test/realtime-client.js';
import { describeDb, getTestApp, TEST_DB, type TTestApp } from '../../../test/test-app.js';
import { withTenant } from '../../db/tenant.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { METRICS_PATH } from './metrics.js';

const METRICS_TOKEN = randomBytes(24).toString('hex');

/** The value of one sample line (`name{labels} value`) of a Prometheus exposition, or null. */
function sample(exposition: string, series: string): number | null {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describeDb('GET /metrics (issue #14)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let student: TTestUser;
  let token = '';
  let port = 0;

  beforeAll(async () => {
    t = await getTestApp({ env: { METRICS_TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    student = await createUser(t.database.db, cluster, { hub });
    token = (await signIn(t.app, cluster, student)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers 401 in the error shape without the bearer token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('times requests by route pattern, method and status, never by the raw URL', async () => {
    const headers = { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier };
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/profiles/${student.identifier}`, headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profiles/nobody-here', headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route/12345' })).statusCode).toBe(404);
    const exposition = await scrape();
    expect(
      sample(
        exposition,
        'commons_http_request_duration_seconds_count{method="GET",route="/api/profiles/:identifier",status_code="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        exposition,
        'commons_http_request_duration_seconds_count{method="GET",route="/api/profiles/:identifier",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        exposition,
        'commons_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(exposition).not.toContain(student.identifier);
    expect(exposition).not.toContain('no-such-route');
    expect(exposition).toMatch(
      /^commons_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/profiles\/:identifier",status_code="200"\} \d+$/m,
    );
  });

  it('reports the database pool: one PGlite connection, or the PostgreSQL pool with idle and waiting', async () => {
    const exposition = await scrape();
    if (TEST_DB === 'pglite') {
      expect(sample(exposition, 'commons_db_pool_connections{driver="pglite"}')).toBe(1);
      expect(sample(exposition, 'commons_db_pool_max{driver="pglite"}')).toBe(1);
      expect(exposition).not.toMatch(/^commons_db_pool_idle\{/m);
    } else {
      // getTestApp opens PostgreSQL with a pool of 4; the scrape's own queries have given theirs back.
      expect(sample(exposition, 'commons_db_pool_max{driver="postgres"}')).toBe(4);
      const size = sample(exposition, 'commons_db_pool_connections{driver="postgres"}') ?? 0;
      expect(size).toBeGreaterThanOrEqual(1);
      expect(sample(exposition, 'commons_db_pool_idle{driver="postgres"}')).toBe(size);
      expect(sample(exposition, 'commons_db_pool_waiting{driver="postgres"}')).toBe(0);
    }
  });

  it('counts the realtime connections of the process', async () => {
    expect(sample(await scrape(), 'commons_realtime_connections')).toBe(0);
    const realtimeToken = (
      await t.app.inject({
        method: 'GET',
        url: REALTIME_PATHS.token,
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
      })
    ).json<{ token: string }>().token;
    const client = await TestRealtimeClient.connect({ port, host: cluster.host });
    await client.hello(realtimeToken);
    expect(sample(await scrape(), 'commons_realtime_connections')).toBe(1);
    await client.close();
    await expect.poll(async () => sample(await scrape(), 'commons_realtime_connections')).toBe(0);
  });

  it('shows the mail outbox backlog until delivery empties it', async () => {
    t.app.deps.mail.stop();
    const before = await scrape();
    expect(sample(before, 'commons_job_queue_pending{queue="mail"}')).toBe(0);
    for (const subject of ['One', 'Two']) {
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        enqueueMail(tx, cluster.clusterId, { to: student.email, subject, text: 'Hello' }),
      );
    }
    const queued = await scrape();
    expect(sample(queued, 'commons_job_queue_pending{queue="mail"}')).toBe(2);
    expect(sample(queued, 'commons_job_queue_oldest_seconds{queue="mail"}')).toBeGreaterThanOrEqual(0);
    expect(sample(queued, 'commons_mail_failed')).toBe(0);
    for (const queue of ['email_digest', 'realtime_outbox', 'account_erasure']) {
      expect(sample(queued, `commons_job_queue_pending{queue="${queue}"}`)).not.toBeNull();
    }
    expect(await t.app.deps.mail.drain()).toBe(2);
    expect(sample(await scrape(), 'commons_job_queue_pending{queue="mail"}')).toBe(0);
  });

  it('includes the process metrics of Node', async () => {
    const exposition = await scrape();
    expect(exposition).toMatch(/^process_cpu_seconds_total \d/m);
    expect(exposition).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});

describeDb('GET /metrics without METRICS_TOKEN', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await getTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not served at all (404), even with a bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-anything-at-all-1234' }]) {
      const response = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('commons_');
    }
  });
});
