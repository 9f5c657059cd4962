import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';

describeDb('auth API', () => {
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

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { host: cluster.host, ...headers } });

  it('signs up into a hub by a mailed link: the account exists only once the email is confirmed, pending approval by default', async () => {
    const requested = await post('/api/auth/sign-up', {
      hubIdentifier: 'alpha',
      userTypeId: hub.userTypeIds.alumni,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.test',
      password: 'Analytical1',
    });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ isSent: true, email: 'ada@example.test' });
    const count = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from users where email = 'ada@example.test'`,
      ),
    );
    expect(count[0]?.n).toBe(0);
    const [mail] = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ text_body: string; subject: string }>(
        tx,
        sql`select text_body, subject from mail_outbox where to_address = 'ada@example.test'`,
      ),
    );
    expect(mail?.subject).toBe('Confirm your email to join Hub alpha');
    const token = /confirmation\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1] ?? '';

    const response = await post('/api/auth/sign-up/confirm', { token, timezone: 'Europe/Berlin' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^ey/);
    // The confirming browser's zone becomes the account's, so dates show in it from the first page.
    expect(body.user.timezone).toBe('Europe/Berlin');
    expect(body.user.email).toBe('ada@example.test');
    expect(body.user.emailVerified).toBe(true);
    expect(body.user.identifier).toBe('ada-lovelace');
    expect(body.user.hubs).toHaveLength(1);
    expect(body.user.hubs[0].approved).toBeNull();
    expect(body.user.hubs[0].userType.title).toBe('Alumni');
    expect(response.cookies.find((c) => c.name === 'commons_refresh')?.httpOnly).toBe(true);
    expect(response.headers['x-access-token']).toBe(body.token);
    // The link works once.
    expect((await post('/api/auth/sign-up/confirm', { token })).statusCode).toBe(401);
  });

  it('rejects a weak password listing each sub-rule with pass or fail', async () => {
    const response = await post('/api/auth/sign-up', {
      hubIdentifier: 'alpha',
      firstName: 'A',
      lastName: 'B',
      email: 'weak@example.test',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields.password).toBeTruthy();
    const rules = error.details.passwordRules as Array<{ id: string; isMet: boolean }>;
    expect(rules.map((r) => [r.id, r.isMet])).toEqual([
      ['minLength', false],
      ['uppercase', false],
      ['lowercase', true],
      ['digit', false],
    ]);
    const rows = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from users where email = 'weak@example.test'`,
      ),
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('answers sign-up for an existing email exactly as for a new one, and mails the owner instead (issue #13 item 10)', async () => {
    const payload = (email: string) => ({
      hubIdentifier: 'alpha',
      firstName: 'A',
      lastName: 'B',
      email,
      password: 'Analytical1',
    });
    const existing = await post('/api/auth/sign-up', payload('ada@example.test'));
    const fresh = await post('/api/auth/sign-up', payload('brand-new@example.test'));
    expect([existing.statusCode, fresh.statusCode]).toEqual([202, 202]);
    expect(Object.keys(existing.json())).toEqual(Object.keys(fresh.json()));
    const mails = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ subject: string; text_body: string }>(
        tx,
        sql`select subject, text_body from mail_outbox where to_address = 'ada@example.test' order by created_at desc limit 1`,
      ),
    );
    expect(mails[0]?.subject).toBe('Someone tried to create an account with your email at Hub alpha');
    expect(mails[0]?.text_body).not.toMatch(/confirmation\?token=/);
    // Nobody can pre-register someone else's address: two pending sign-ups of one email, the first confirmed wins.
    const requests = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from signup_requests where email = 'ada@example.test'`,
      ),
    );
    expect(requests[0]?.n).toBe(1);
  });

  it('answers 404 for a hub identifier that does not exist in this cluster', async () => {
    const response = await post('/api/auth/sign-up', {
      hubIdentifier: 'nope',
      firstName: 'A',
      lastName: 'B',
      email: 'x@example.test',
      password: 'Analytical1',
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([[undefined], [''], [42]])(
    'answers Invalid Login Method for loginMethod %j',
    async (loginMethod) => {
      const response = await post('/api/auth/sign-in', {
        loginMethod,
        email: 'ada@example.test',
        password: 'Analytical1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.user_message).toBe('Invalid Login Method');
      expect(response.json().error.fields.loginMethod).toBe('Invalid Login Method');
    },
  );

  it('signs in with email and answers the same message for a wrong password and an unknown email', async () => {
    const ok = await post('/api/auth/sign-in', {
      loginMethod: 'email',
      email: 'ada@example.test',
      password: 'Analytical1',
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await post('/api/auth/sign-in', {
      loginMethod: 'email',
      email: 'ada@example.test',
      password: 'Wrong-pass1',
    });
    const unknown = await post('/api/auth/sign-in', {
      loginMethod: 'email',
      email: 'nobody@example.test',
      password: 'Wrong-pass1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.user_message).toBe(unknown.json().error.user_message);
  });

  it('GET /api/auth/me answers the user with memberships, user types and rights, without echoing the token', async () => {
    const admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-users', 'manage-events'],
    });
    const { token } = await signIn(t.app, cluster, admin);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(response.body).toContain('"user"');
    const { user } = response.json();
    expect(user.adminHubIds).toEqual([String(hub.id)]);
    expect(user.hubs[0].accessRights.sort()).toEqual(['approve-users', 'manage-events']);
    expect(user.hubs[0].userType.standardUserType).toBe('Student');
    // The header carries only a new token (sign-in, refresh), never the one the request sent (issue #13 item 16).
    expect(response.headers['x-access-token']).toBeUndefined();
  });

  it('GET /api/auth/me without a token answers 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: cluster.host },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('puts the access level code and admin hubs of spec 4 in the token payload', async () => {
    const clusterAdmin = await createUser(t.database.db, cluster, {
      hub,
      isClusterAdmin: true,
      isHubAdmin: true,
    });
    const { token } = await signIn(t.app, cluster, clusterAdmin);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload.accessLevelCode).toBe(10002);
    expect(payload.adminHubIds).toEqual([String(hub.id)]);
    expect(payload.loginAsAdmin).toBe(false);
    expect(payload.expiresAt).toBe(now.getTime() + 15 * 60 * 1000);
  });

  it('answers 401 token_expired once the access token has expired', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, user);
    const saved = now;
    now = new Date(saved.getTime() + 16 * 60 * 1000);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('token_expired');
    } finally {
      now = saved;
    }
  });

  it('answers token_invalid for a forged token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: cluster.host, authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('token_invalid');
  });

  it('rotates the refresh token on every use and revokes the family when a rotated one is reused', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { refreshCookie } = await signIn(t.app, cluster, user);
    const refresh = (cookie: string, url = '/api/auth/refresh-token') =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { host: cluster.host, 'x-platform': 'pwa' },
        cookies: { commons_refresh: cookie },
      });

    const first = await refresh(refreshCookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ error: false, message: 'ok' });
    const second = first.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '';
    expect(second).not.toBe(refreshCookie);

    const afterError = await refresh(second, '/api/auth/token/refresh');
    expect(afterError.statusCode).toBe(200);
    const third = afterError.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '';
    const accessToken = afterError.json().token as string;

    const saved = now;
    now = new Date(saved.getTime() + 60_000);
    try {
      const reuse = await refresh(refreshCookie);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ error: true, message: 'token_invalid', token: null });
      // The whole family is gone: the newest refresh token and the access token stop working too.
      expect((await refresh(third)).json().message).toBe('token_invalid');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: cluster.host, authorization: `Bearer ${accessToken}` },
      });
      expect(me.statusCode).toBe(401);
    } finally {
      now = saved;
    }
  });

  it('refuses a cookie refresh without the platform header (cross-site form protection)', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { refreshCookie } = await signIn(t.app, cluster, user);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh-token',
      headers: { host: cluster.host },
      cookies: { commons_refresh: refreshCookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('signs out: the access token and refresh cookie stop working', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { token, refreshCookie } = await signIn(t.app, cluster, user);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh-token',
      headers: { host: cluster.host, 'x-platform': 'pwa' },
      cookies: { commons_refresh: refreshCookie },
    });
    expect(refresh.json().message).toBe('token_invalid');
  });

  it('emails a one-time magic link valid for 15 minutes that verifies the email', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const ask = await post('/api/auth/magic-link', { email: user.email });
    expect(ask.json()).toEqual({ isSent: true });
    const unknown = await post('/api/auth/magic-link', { email: 'ghost@example.test' });
    expect(unknown.json()).toEqual({ isSent: true });

    const mails = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ text_body: string; to_address: string }>(
        tx,
        sql`select text_body, to_address from mail_outbox where subject = 'Your Commons sign-in link' order by created_at`,
      ),
    );
    expect(mails.map((m) => m.to_address)).toEqual([user.email]);
    const token = /magic_link=([\w-]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);

    const signedIn = await post('/api/auth/magic-link/verify', { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(true);
    const again = await post('/api/auth/magic-link/verify', { token });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('token_invalid');
  });

  it('refuses a magic link after 15 minutes', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    await post('/api/auth/magic-link', { email: user.email });
    const mails = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ text_body: string }>(
        tx,
        sql`select text_body from mail_outbox where to_address = ${user.email}`,
      ),
    );
    const token = /magic_link=([\w-]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? '';
    const saved = now;
    now = new Date(saved.getTime() + 15 * 60 * 1000 + 1);
    try {
      expect((await post('/api/auth/magic-link/verify', { token })).statusCode).toBe(401);
    } finally {
      now = saved;
    }
  });

  it('delivers queued mail through the outbox and lets a super admin read it', async () => {
    const superAdmin = await createUser(t.database.db, cluster, { hub, isSuperAdmin: true });
    const student = await createUser(t.database.db, cluster, { hub });
    await t.app.deps.mail.drain();
    const { token } = await signIn(t.app, cluster, superAdmin);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().items.length).toBeGreaterThan(0);
    expect(outbox.json().items.every((m: { sentAt: string | null }) => m.sentAt !== null)).toBe(true);
    const { token: studentToken } = await signIn(t.app, cluster, student);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { host: cluster.host, authorization: `Bearer ${studentToken}` },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('POST /api/auth/password-check lists each sub-rule', async () => {
    const response = await post('/api/auth/password-check', { password: 'abcdefgH1' });
    expect(response.json().isValid).toBe(true);
    expect(response.json().rules).toHaveLength(4);
  });

  it('answers 400 with field details for a malformed body', async () => {
    const response = await post('/api/auth/sign-in', {
      loginMethod: 'email',
      email: 'not-an-email',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toBeTruthy();
  });
});

describeDb('auth rate limits', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  beforeAll(async () => {
    t = await getTestApp({ rateLimits: { authPerIp: 100, authPerEmail: 3 } });
    cluster = await createCluster(t.database.db);
    await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  it('answers 429 with a clear message after too many failed sign-ins for one account', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: cluster.host },
        payload: { loginMethod: 'email', email: 'target@example.test', password: 'Wrong-pass1' },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.json().error.user_message).toMatch(/Too many failed sign-ins for this account/);
    expect(limited.headers['retry-after']).toBeTruthy();
  });
});
