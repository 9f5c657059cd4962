import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

describeDb('failed attempts slow attackers without locking owners out (issue #13 items 8, 9, 15)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;

  beforeAll(async () => {
    t = await getTestApp({ rateLimits: { authPerIp: 1000, authPerEmail: 3 } });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  let peer = 1;
  const signInAttempt = (email: string, password: string, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      cookies,
      payload: { loginMethod: 'email', email, password },
      // Every attempt from another address, as a password spray from many IPs would be.
      remoteAddress: `198.51.100.${(peer += 1) % 250}`,
    });
  const spray = async (email: string, times: number) => {
    for (let i = 0; i < times; i += 1)
      expect((await signInAttempt(email, `Wrong-pass${i}`)).statusCode).toBe(401);
  };
  const latestMagicToken = async (email: string) => {
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    );
    const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
    return /magic_link=([\w-]+)/.exec(last?.textBody ?? '')?.[1] ?? '';
  };
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: cluster.host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });

  it('holds back password sign-in of a sprayed account, but a magic link still signs the owner in and starts the count over', async () => {
    const owner = await createUser(t.database.db, cluster, { hub });
    await spray(owner.email, 3);
    const held = await signInAttempt(owner.email, TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().error.user_message).toMatch(
      /Too many failed sign-ins for this account.*sign in with an email link/,
    );

    expect((await post('/api/auth/magic-link', { email: owner.email })).statusCode).toBe(200);
    const viaLink = await post('/api/auth/magic-link/verify', { token: await latestMagicToken(owner.email) });
    expect(viaLink.statusCode).toBe(200);
    expect((await signInAttempt(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner in with the right password from a browser that signed in before', async () => {
    const owner = await createUser(t.database.db, cluster, { hub });
    const first = await signInAttempt(owner.email, TEST_PASSWORD);
    const device = first.cookies.find((c) => c.name === 'commons_device');
    expect(device?.httpOnly).toBe(true);
    await spray(owner.email, 3);
    expect((await signInAttempt(owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect(
      (await signInAttempt(owner.email, TEST_PASSWORD, { commons_device: device?.value ?? '' })).statusCode,
    ).toBe(200);
    // Another account's device cookie, or a forged one, does not pass.
    const other = await createUser(t.database.db, cluster, { hub });
    const otherDevice =
      (await signInAttempt(other.email, TEST_PASSWORD)).cookies.find((c) => c.name === 'commons_device')
        ?.value ?? '';
    await spray(other.email, 3);
    expect(
      (await signInAttempt(other.email, TEST_PASSWORD, { commons_device: device?.value ?? '' })).statusCode,
    ).toBe(429);
    expect(
      (await signInAttempt(other.email, TEST_PASSWORD, { commons_device: `${otherDevice.slice(0, -4)}AAAA` }))
        .statusCode,
    ).toBe(429);
  });

  it('limits wrong current passwords of a signed-in user (password change, email change, deletion)', async () => {
    const user: TTestUser = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, user);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(
        '/api/me/password',
        { currentPassword: `Guess-${i}x1`, newPassword: 'Another-pass1' },
        token,
      );
      expect(wrong.statusCode).toBe(403);
    }
    const held = await post(
      '/api/me/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Another-pass1' },
      token,
    );
    expect(held.statusCode).toBe(429);
    expect(held.json().error.user_message).toMatch(/Too many wrong passwords/);
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
      payload: { password: TEST_PASSWORD },
    });
    expect(deletion.statusCode).toBe(429);
  });

  it('revokes sign-in links asked for before a password change', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    await post('/api/auth/magic-link', { email: user.email });
    const oldLink = await latestMagicToken(user.email);
    const { token } = await signIn(t.app, cluster, user);
    expect(
      (
        await post(
          '/api/me/password',
          { currentPassword: TEST_PASSWORD, newPassword: 'Brand-new-pass1' },
          token,
        )
      ).statusCode,
    ).toBe(200);
    const refused = await post('/api/auth/magic-link/verify', { token: oldLink });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('token_invalid');
  });
});
