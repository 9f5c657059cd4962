import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TCreatedWebhook, TWebhookDeliveryPage, TWebhookList } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  signUpByEmail,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { auditLog, mailOutbox } from '../../db/schema/index.js';
import { webhookDeliveries } from '../../db/schema/webhooks.js';
import { withTenant } from '../../db/tenant.js';
import { GuardedFetchError, guardedPost } from '../link-previews/guarded-fetch.js';
import { deliverDueWebhooks } from './webhooks.delivery.js';
import { enqueueWebhookEvent } from './webhooks.events.js';

type TReceived = { path: string; headers: Record<string, string>; body: string };

/**
 * Outgoing webhooks (issue #23 item 3) against a real local HTTP receiver, reachable only because the test
 * configuration names its origin (WEBHOOK_TEST_ALLOWED_ORIGINS, never set by default). Signatures are checked
 * with the independent `standardwebhooks` package.
 */
describeDb('outgoing webhooks (issue #23 item 3)', () => {
  let t: TTestApp;
  let receiver: http.Server;
  let origin = '';
  const received: TReceived[] = [];
  const failuresLeft = new Map<string, number>();
  let now = new Date();
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let clusterAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let member: TTestUser;
  let otherClusterAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    of: TTestCluster = cluster,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: of.host,
        authorization: `Bearer ${await tokenOf(user, of)}`,
        ...(of === cluster ? { 'x-hub-id': hub.identifier } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const createWebhook = async (path: string, events: string[]) => {
    const response = await call(clusterAdmin, 'POST', '/api/admin/webhooks', {
      url: `${origin}${path}`,
      events,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TCreatedWebhook>();
  };
  const deliveries = async (webhookId: string) => {
    const response = await call(clusterAdmin, 'GET', `/api/admin/webhooks/${webhookId}/deliveries`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TWebhookDeliveryPage>().items;
  };
  /** One sweep of the periodic sender at the test's clock (the app's own worker may have run it already). */
  const sweep = () =>
    deliverDueWebhooks({
      db: t.database.db,
      now,
      publicUrl: 'http://localhost:3000',
      guard: { allowedOrigins: new Set([origin]) },
    });
  const hits = (path: string) => received.filter((r) => r.path === path);

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({
          path,
          headers: Object.fromEntries(
            Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : (v ?? '')]),
          ),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (path === '/redirect') {
          response.writeHead(307, { location: `${origin}/ok` }).end();
          return;
        }
        const left = failuresLeft.get(path) ?? (path === '/always-fail' ? Infinity : 0);
        if (left > 0) {
          failuresLeft.set(path, left - 1);
          response.writeHead(500).end('not now');
          return;
        }
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await getTestApp({ clock: () => now, env: { WEBHOOK_TEST_ALLOWED_ORIGINS: origin } });
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const otherHub = await createHub(t.database.db, otherCluster);
    clusterAdmin = await createUser(t.database.db, cluster, { hub, isClusterAdmin: true, firstName: 'Cleo' });
    hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-users', 'manage-admins', 'reports'],
    });
    member = await createUser(t.database.db, cluster, { hub });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, {
      hub: otherHub,
      isClusterAdmin: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('answers 403 to a member and to a hub admin (webhook-settings is cluster-level)', async () => {
    for (const user of [member, hubAdmin]) {
      expect((await call(user, 'GET', '/api/admin/webhooks')).statusCode).toBe(403);
      const created = await call(user, 'POST', '/api/admin/webhooks', {
        url: 'https://hooks.example.com/in',
        events: ['user.created'],
      });
      expect(created.statusCode).toBe(403);
    }
  });

  it('refuses private and local targets (loopback, 10.x, the metadata address) with 400 on url', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost/hook',
      'https://hooks.example.com:8443/hook',
    ]) {
      const response = await call(clusterAdmin, 'POST', '/api/admin/webhooks', {
        url,
        events: ['user.created'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields.url, url).toMatch(/private and local addresses/);
    }
    // A public name resolving to a private address is refused when it is sent (after DNS), too.
    for (const address of ['10.0.0.5', '127.0.0.1', '169.254.169.254']) {
      await expect(
        guardedPost('https://hooks.example.com/in', {
          resolve: async () => [address],
          headers: {},
          body: Buffer.from('{}'),
        }),
      ).rejects.toMatchObject({ reason: 'private_address' });
    }
  });

  it('refuses a redirect instead of sending the signed body on', async () => {
    const before = hits('/ok').length;
    const error = await guardedPost(`${origin}/redirect`, {
      allowedOrigins: new Set([origin]),
      headers: {},
      body: Buffer.from('{}'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardedFetchError);
    expect((error as GuardedFetchError).message).toMatch(/redirect \(307\) refused/);
    expect(hits('/redirect')).toHaveLength(1);
    expect(hits('/ok')).toHaveLength(before);
  });

  it('signs user.created at sign-up so that standardwebhooks verifies it; the secret is shown once', async () => {
    const { webhook, secret } = await createWebhook('/ok', ['user.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call(clusterAdmin, 'GET', '/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.json<TWebhookList>().items.map((w) => w.id)).toContain(webhook.id);
    expect(list.json<TWebhookList>().events.map((e) => e.type)).toContain('job.applied');
    const audited = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(auditLog).where(eq(auditLog.targetId, webhook.id)),
    );
    expect(audited.map((a) => a.action)).toEqual(['webhooks.created']);
    expect(JSON.stringify(audited[0]?.data)).not.toContain(secret.slice(6));

    const signUp = await signUpByEmail(t.app, {
      host: cluster.host,
      clusterId: cluster.clusterId,
      body: {
        hubIdentifier: hub.identifier,
        userTypeId: hub.userTypeIds.student,
        firstName: 'Wes',
        lastName: 'Hook',
        email: 'wes.hook@example.test',
        password: 'Password-1',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    await sweep();
    await expect.poll(() => hits('/ok').length).toBe(1);
    const [delivery] = hits('/ok');
    const payload = new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers ?? {}) as {
      type: string;
      data: { user: { email: string }; hub: string };
    };
    expect(payload.type).toBe('user.created');
    expect(payload.data.user.email).toBe('wes.hook@example.test');
    expect(payload.data.hub).toBe(hub.identifier);
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(secret).verify(`${delivery?.body} `, delivery?.headers ?? {})).toThrow();
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.status).toBe('succeeded');
    const [logged] = await deliveries(webhook.id);
    expect(logged).toMatchObject({ eventType: 'user.created', attempts: 1, responseCode: 200, error: null });
    expect(logged?.messageId).toBe(delivery?.headers['webhook-id']);
  });

  it('retries with exponential backoff against a receiver that fails twice, then succeeds', async () => {
    failuresLeft.set('/flaky', 2);
    const { webhook, secret } = await createWebhook('/flaky', ['membership.approved']);
    const pending = await createUser(t.database.db, cluster, { hub, approved: null, firstName: 'Pat' });
    const approved = await call(hubAdmin, 'POST', `/api/hub/approvals/${pending.id}`, {
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const start = now;

    await sweep();
    await expect.poll(() => hits('/flaky').length).toBe(1);
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.attempts).toBe(1);
    let [logged] = await deliveries(webhook.id);
    expect(logged).toMatchObject({ status: 'pending', responseCode: 500 });
    expect(logged?.error).toMatch(/500/);
    expect(logged?.nextAttemptAt).toBe(new Date(start.getTime() + 30_000).toISOString());

    // Not due yet: nothing is sent.
    await sweep();
    expect(hits('/flaky')).toHaveLength(1);

    now = new Date(start.getTime() + 30_000);
    await sweep();
    await expect.poll(() => hits('/flaky').length).toBe(2);
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.attempts).toBe(2);
    [logged] = await deliveries(webhook.id);
    // The wait doubled: 60 s after the second attempt.
    expect(logged?.nextAttemptAt).toBe(new Date(start.getTime() + 90_000).toISOString());

    now = new Date(start.getTime() + 90_000);
    await sweep();
    await expect.poll(() => hits('/flaky').length).toBe(3);
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.status).toBe('succeeded');
    [logged] = await deliveries(webhook.id);
    expect(logged).toMatchObject({ attempts: 3, responseCode: 200, error: null, nextAttemptAt: null });
    const attempts = hits('/flaky');
    // Every attempt carries the same webhook-id; the last one verifies.
    expect(new Set(attempts.map((a) => a.headers['webhook-id'])).size).toBe(1);
    const last = attempts[2];
    const payload = new Webhook(secret).verify(last?.body ?? '', last?.headers ?? {}) as { type: string };
    expect(payload.type).toBe('membership.approved');
  });

  it('turns a webhook off after 24 hours of failures, mails the cluster admins, and can be re-enabled and redelivered', async () => {
    const { webhook } = await createWebhook('/always-fail', ['mentorship.started']);
    const start = now;
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      enqueueWebhookEvent(tx, { type: 'mentorship.started', data: { mentorshipId: 'm-1' }, now: start }),
    );
    await sweep();
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.attempts).toBe(1);
    // The next retry would fall past the 24 hours: the delivery fails for good.
    now = new Date(start.getTime() + 24 * 60 * 60 * 1000 - 30_000);
    // Sessions issued a day ago have expired at the new time: sign in again.
    tokens.clear();
    await sweep();
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.status).toBe('failed');
    const [failed] = await deliveries(webhook.id);
    expect(failed).toMatchObject({ attempts: 2, responseCode: 500, nextAttemptAt: null });
    const list = (await call(clusterAdmin, 'GET', '/api/admin/webhooks')).json<TWebhookList>();
    const off = list.items.find((w) => w.id === webhook.id);
    expect(off).toMatchObject({ isEnabled: false, disabledReason: 'Deliveries kept failing for 24 hours.' });
    const mails = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.toAddress, clusterAdmin.email),
              eq(mailOutbox.subject, 'A webhook was turned off after failing deliveries'),
            ),
          ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`${origin}/always-fail`);

    // Off: a redelivery waits for it to be turned on again.
    const refused = await call(
      clusterAdmin,
      'POST',
      `/api/admin/webhooks/${webhook.id}/deliveries/${failed?.id}/redeliver`,
    );
    expect(refused.statusCode).toBe(409);
    const on = await call(clusterAdmin, 'PATCH', `/api/admin/webhooks/${webhook.id}`, { isEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ isEnabled: true, disabledReason: null });
    failuresLeft.set('/always-fail', 0);
    const redelivered = await call(
      clusterAdmin,
      'POST',
      `/api/admin/webhooks/${webhook.id}/deliveries/${failed?.id}/redeliver`,
    );
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    expect(redelivered.json()).toMatchObject({ status: 'pending', attempts: 2 });
    await sweep();
    await expect.poll(async () => (await deliveries(webhook.id))[0]?.status).toBe('succeeded');
  });

  it('queues nothing when the write that raised the event is rolled back', async () => {
    await createWebhook('/ok', ['event.registered']);
    let queued = 0;
    await expect(
      withTenant(t.database.db, { clusterId: cluster.clusterId }, async (tx) => {
        queued = await enqueueWebhookEvent(tx, { type: 'event.registered', data: { eventId: 'e-1' }, now });
        throw new Error('the request failed after the event');
      }),
    ).rejects.toThrow('the request failed');
    expect(queued).toBe(1);
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'event.registered')),
    );
    expect(rows).toHaveLength(0);
  });

  it("keeps clusters apart: another cluster's admin neither lists nor reaches this cluster's webhooks", async () => {
    const { webhook } = await createWebhook('/ok', ['job.applied']);
    const list = await call(otherClusterAdmin, 'GET', '/api/admin/webhooks', undefined, otherCluster);
    expect(list.statusCode).toBe(200);
    expect(list.json<TWebhookList>().items.map((w) => w.id)).not.toContain(webhook.id);
    for (const [method, url, payload] of [
      ['GET', `/api/admin/webhooks/${webhook.id}/deliveries`, undefined],
      ['PATCH', `/api/admin/webhooks/${webhook.id}`, { isEnabled: false }],
      ['DELETE', `/api/admin/webhooks/${webhook.id}`, undefined],
    ] as const) {
      const response = await call(otherClusterAdmin, method, url, payload, otherCluster);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // An event in the other cluster queues nothing for this cluster's webhook.
    await withTenant(t.database.db, { clusterId: otherCluster.clusterId }, (tx) =>
      enqueueWebhookEvent(tx, { type: 'job.applied', data: { jobId: 'j-1' }, now }),
    );
    expect(await deliveries(webhook.id)).toHaveLength(0);
    const removed = await call(clusterAdmin, 'DELETE', `/api/admin/webhooks/${webhook.id}`);
    expect(removed.statusCode).toBe(204);
  });
});
