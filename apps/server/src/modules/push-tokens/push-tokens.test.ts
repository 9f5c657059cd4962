import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushTokens } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';

describeDb('push tokens of the native app (spec 7, issue #16 item 19)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let ada: TTestUser;
  let ben: TTestUser;
  let adaToken: string;
  let benToken: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    const hub = await createHub(t.database.db, cluster);
    ada = await createUser(t.database.db, cluster, { hub });
    ben = await createUser(t.database.db, cluster, { hub });
    adaToken = (await signIn(t.app, cluster, ada)).token;
    benToken = (await signIn(t.app, cluster, ben)).token;
  });
  afterAll(async () => t.close());

  const call = (method: 'POST' | 'DELETE', token: string | null, payload: object) =>
    t.app.inject({
      method,
      url: '/api/push-tokens',
      headers: { host: cluster.host, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      payload,
    });

  /** Every stored row of a token, whoever owns it (cluster-wide scope, as a job would read). */
  const rowsOf = (token: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ userId: pushTokens.userId, platform: pushTokens.platform })
        .from(pushTokens)
        .where(eq(pushTokens.token, token)),
    );

  it('registers a token for the signed-in user', async () => {
    const response = await call('POST', adaToken, { token: 'fcm:ada-phone_1', platform: 'android' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pushToken: { token: 'fcm:ada-phone_1', platform: 'android', createdAt: expect.any(String) },
    });
    expect(await rowsOf('fcm:ada-phone_1')).toEqual([{ userId: ada.id, platform: 'android' }]);
  });

  it('is idempotent: the same token again keeps one row and its creation time', async () => {
    const first = await call('POST', adaToken, { token: 'ExponentPushToken[ada-tablet]' });
    const again = await call('POST', adaToken, { token: 'ExponentPushToken[ada-tablet]' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().pushToken).toEqual(first.json().pushToken);
    expect(first.json().pushToken.platform).toBeNull();
    // A platform named later is kept; one left out later does not erase it.
    await call('POST', adaToken, { token: 'ExponentPushToken[ada-tablet]', platform: 'ios' });
    await call('POST', adaToken, { token: 'ExponentPushToken[ada-tablet]' });
    expect(await rowsOf('ExponentPushToken[ada-tablet]')).toEqual([{ userId: ada.id, platform: 'ios' }]);
  });

  it('moves a token to the account signed in last on the device', async () => {
    await call('POST', adaToken, { token: 'shared-device' });
    const taken = await call('POST', benToken, { token: 'shared-device' });
    expect(taken.statusCode).toBe(200);
    expect(await rowsOf('shared-device')).toEqual([{ userId: ben.id, platform: null }]);
  });

  it('deletes my token (204) and leaves another user’s token alone with the same answer', async () => {
    await call('POST', adaToken, { token: 'ada-to-delete' });
    await call('POST', benToken, { token: 'ben-keeps-this' });

    const mine = await call('DELETE', adaToken, { token: 'ada-to-delete' });
    expect(mine.statusCode).toBe(204);
    expect(mine.body).toBe('');
    expect(await rowsOf('ada-to-delete')).toEqual([]);

    const someoneElses = await call('DELETE', adaToken, { token: 'ben-keeps-this' });
    const unknown = await call('DELETE', adaToken, { token: 'never-registered' });
    expect(someoneElses.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(someoneElses.body).toBe(unknown.body);
    expect(await rowsOf('ben-keeps-this')).toEqual([{ userId: ben.id, platform: null }]);
  });

  it('answers 401 without a session', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await call(method, null, { token: 'no-session' });
      expect(response.statusCode).toBe(401);
    }
    expect(await rowsOf('no-session')).toEqual([]);
  });

  it('refuses a missing, spaced, overlong token or an unknown platform (400)', async () => {
    const invalid = [
      { token: '' },
      { token: 'has a space' },
      { token: 'x'.repeat(513) },
      { token: 'ok-token', platform: 'windows-phone' },
      {},
    ];
    for (const payload of invalid) {
      const response = await call('POST', adaToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await call('DELETE', adaToken, {})).statusCode).toBe(400);
  });

  it('a deleted account’s devices receive nothing more: its tokens go at once', async () => {
    const hub = await createHub(t.database.db, cluster);
    const leaving = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, leaving);
    await call('POST', token, { token: 'leaving-phone' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf('leaving-phone')).toEqual([]);
  });
});
