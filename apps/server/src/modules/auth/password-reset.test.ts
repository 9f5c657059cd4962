import { sql } from 'drizzle-orm';
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
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';

const NEW_PASSWORD = 'Brand-new-pass-7';

describeDb('password reset (issue #16 item 13)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let now = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => now });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { identifier: 'alpha' });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { host: cluster.host } });

  const outbox = (to: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ subject: string; text_body: string }>(
        tx,
        sql`select subject, text_body from mail_outbox where to_address = ${to} order by created_at, id`,
      ),
    );

  /** Asks for a reset of `user` and answers the token of the mailed link. */
  async function mailedResetToken(user: TTestUser, hubIdentifier?: string): Promise<string> {
    const ask = await post('/api/auth/password-reset', {
      email: user.email,
      ...(hubIdentifier ? { hubIdentifier } : {}),
    });
    expect(ask.statusCode).toBe(202);
    const mails = await outbox(user.email);
    const mail = mails.filter((m) => m.subject === 'Reset your Commons password').at(-1);
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    return token;
  }

  const signInWith = (user: TTestUser, password: string) =>
    post('/api/auth/sign-in', { loginMethod: 'email', email: user.email, password });

  it('answers an unknown email exactly as a known one, and mails only the account owner', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const known = await post('/api/auth/password-reset', { email: user.email });
    const unknown = await post('/api/auth/password-reset', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ isSent: true });
    expect(await outbox('ghost@example.test')).toEqual([]);
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toBe('Reset your Commons password');
    expect(mail?.text_body).toContain('http://localhost:3000/reset-password?token=');
    expect(mail?.text_body).toContain('expires in 60 minutes');
    // Only the hash of the token is stored.
    const token = /token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1] ?? '';
    const stored = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ token_hash: string }>(tx, sql`select token_hash from password_resets`),
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
  });

  it('links to the hub’s reset page when asked from a hub’s sign-in page', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    await mailedResetToken(user, 'alpha');
    const mails = await outbox(user.email);
    expect(mails.at(-1)?.text_body).toContain('http://localhost:3000/hub/alpha/auth/reset-password?token=');
  });

  it('sets a new password once: the old password stops working, every session ends, the link is refused the second time', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const first = await signIn(t.app, cluster, user);
    const second = await signIn(t.app, cluster, user);
    const token = await mailedResetToken(user);

    const check = await post('/api/auth/password-reset/check', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email: user.email });

    const done = await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: user.email });

    expect((await signInWith(user, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(user, NEW_PASSWORD)).statusCode).toBe(200);
    for (const session of [first, second]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: cluster.host, authorization: `Bearer ${session.token}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'GET',
        url: '/api/auth/refresh-token',
        headers: { host: cluster.host, 'x-platform': 'desktop' },
        cookies: { commons_refresh: session.refreshCookie },
      });
      expect(refresh.json().message).toBe('token_invalid');
    }
    const [audit] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        queryRows<{ data: { endedSessions: number } }>(
          tx,
          sql`select data from audit_log where action = 'auth.password_reset' and target_id = ${user.id}`,
        ),
    );
    expect(audit?.data.endedSessions).toBe(2);
    expect((await outbox(user.email)).at(-1)?.subject).toBe('Your Commons password was changed');

    for (const url of ['/api/auth/password-reset/complete', '/api/auth/password-reset/check']) {
      const again = await post(url, { token, password: 'Another-pass-9' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('token_invalid');
      expect(again.json().error.user_message).toMatch(/^This password reset link was already used/);
    }
    expect((await signInWith(user, 'Another-pass-9')).statusCode).toBe(401);
  });

  it('refuses a link after 60 minutes with a message saying it expired', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const token = await mailedResetToken(user);
    const saved = now;
    now = new Date(saved.getTime() + 60 * 60 * 1000 + 1);
    try {
      const late = await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('token_invalid');
      expect(late.json().error.user_message).toMatch(/^This password reset link has expired/);
    } finally {
      now = saved;
    }
    expect((await signInWith(user, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await post('/api/auth/password-reset/complete', {
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.user_message).toMatch(/^This password reset link is not valid/);
  });

  it('refuses a weak password with a field error and the rules, and keeps the link usable', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const token = await mailedResetToken(user);
    const weak = await post('/api/auth/password-reset/complete', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('validation_failed');
    expect(weak.json().error.fields.password).toMatch(/^Password must meet every rule/);
    expect(weak.json().error.details.passwordRules).toHaveLength(4);
    expect((await signInWith(user, TEST_PASSWORD)).statusCode).toBe(200);
    const done = await post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
  });

  it('ends the account’s other open reset links, and a password change ends them too', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const older = await mailedResetToken(user);
    const newer = await mailedResetToken(user);
    expect(
      (await post('/api/auth/password-reset/complete', { token: newer, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/password-reset/check', { token: older })).statusCode).toBe(400);

    const other = await createUser(t.database.db, cluster, { hub });
    const open = await mailedResetToken(other);
    const { token: bearer } = await signIn(t.app, cluster, other);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { host: cluster.host, authorization: `Bearer ${bearer}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/check', { token: open })).statusCode).toBe(400);
  });
});

describeDb('password reset rate limits', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  beforeAll(async () => {
    t = await getTestApp({ rateLimits: { authPerIp: 100, authPerEmail: 3 } });
    cluster = await createCluster(t.database.db);
    await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  it('answers 429 after too many requests for one email, known or not', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        headers: { host: cluster.host },
        payload: { email },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await ask('target@example.test')).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
    const limited = await ask('Target@Example.test');
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeTruthy();
    // Another address is not held back by it.
    expect((await ask('someone-else@example.test')).statusCode).toBe(202);
  });
});
