import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { auditLog } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { eraseDeletedAccounts } from '../../jobs/account-erasure.js';

describeDb('account API', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  const now = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => now });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'x-platform': 'pwa',
      },
      ...(payload ? { payload } : {}),
    });

  it('changes the time zone and always-offline flag, refusing an unknown zone', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, user);
    const ok = await call('PATCH', '/api/me/settings', token, {
      timezone: 'Europe/Oslo',
      isAlwaysOffline: true,
    });
    expect(ok.json().settings).toMatchObject({ timezone: 'Europe/Oslo', isAlwaysOffline: true });
    expect((await call('GET', '/api/me/settings', token)).json().settings).toMatchObject({
      timezone: 'Europe/Oslo',
      isAlwaysOffline: true,
      email: user.email,
    });
    const bad = await call('PATCH', '/api/me/settings', token, { timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.timezone).toBe('Choose a time zone from the list.');
  });

  it('changes the password, ends other sessions and keeps this one', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const here = await signIn(t.app, cluster, user);
    const elsewhere = await signIn(t.app, cluster, user);
    const wrong = await call('POST', '/api/me/password', here.token, {
      currentPassword: 'nope',
      newPassword: 'Better-pass-2',
    });
    expect(wrong.statusCode).toBe(403);
    const weak = await call('POST', '/api/me/password', here.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.passwordRules).toHaveLength(4);
    const ok = await call('POST', '/api/me/password', here.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Better-pass-2',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', here.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', elsewhere.token)).statusCode).toBe(401);
    const signInNew = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      payload: { loginMethod: 'email', email: user.email, password: 'Better-pass-2' },
    });
    expect(signInNew.statusCode).toBe(200);
  });

  it('changes the email after re-authentication and verification by link', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const other = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, user);
    expect(
      (await call('POST', '/api/me/email', token, { newEmail: 'new@example.test', password: 'wrong' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/me/email', token, { newEmail: other.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', '/api/me/email', token, { newEmail: 'new@example.test', password: TEST_PASSWORD })
      ).json(),
    ).toEqual({ isSent: true });
    const mails = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ text_body: string }>(
        tx,
        sql`select text_body from mail_outbox where to_address = 'new@example.test'`,
      ),
    );
    const link = /verify-email\?token=([\w-]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? '';
    expect((await call('POST', '/api/me/email/verify', null, { token: link })).statusCode).toBe(200);
    const me = (await call('GET', '/api/auth/me', token)).json().user;
    expect(me).toMatchObject({ email: 'new@example.test', emailVerified: true });
    expect((await call('POST', '/api/me/email/verify', null, { token: link })).statusCode).toBe(400);
  });

  it('exports everything stored about me as a ZIP of JSON files without secrets', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, user);
    await call('PATCH', '/api/profiles/me', token, { headline: 'Exported headline' });
    const response = await call('GET', '/api/me/export', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [
        'account.json',
        'action-items.json',
        'activity.json',
        'admin-access-rights.json',
        'career-stories.json',
        'files.json',
        'hub-memberships.json',
        'profile-answers.json',
        'schools.json',
        'sessions.json',
        'work-history.json',
      ].sort(),
    );
    const account = JSON.parse(strFromU8(files['account.json'] ?? new Uint8Array()));
    expect(account.headline).toBe('Exported headline');
    expect(account.passwordHash).toBeUndefined();
    expect(strFromU8(files['sessions.json'] ?? new Uint8Array())).not.toContain('tokenHash');
  });

  it('deletes the account: sign-in stops at once, and the erasure job removes it and its stored files after 30 days', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, user);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.insert(auditLog).values({
        clusterId: cluster.clusterId,
        actorUserId: user.id,
        action: 'test.before_erasure',
        ip: '198.51.100.4',
        data: { note: 'personal' },
      }),
    );
    const form = new FormData();
    form.append('kind', 'resume');
    form.append('file', new Blob([strToU8('%PDF-1.7\nmine\n')], { type: 'application/pdf' }), 'cv.pdf');
    const encoded = new Response(form);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/me/files',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(201);
    const [stored] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        queryRows<{ region: 'us'; storage_key: string }>(
          tx,
          sql`select region, storage_key from user_files where user_id = ${user.id}`,
        ),
    );
    expect(await t.app.deps.storage.get(stored?.region ?? 'us', stored?.storage_key ?? '')).not.toBeNull();
    const response = await call('DELETE', '/api/me', token, { password: TEST_PASSWORD });
    expect(response.json().erasureAfter).toBe('2026-12-21T12:00:00.000Z');
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      payload: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
    });
    expect(signInAgain.statusCode).toBe(401);

    expect(
      await eraseDeletedAccounts(t.database.db, new Date('2026-12-21T11:00:00Z'), t.app.deps.storage),
    ).toBe(0);
    expect(
      await eraseDeletedAccounts(t.database.db, new Date('2026-12-21T12:00:01Z'), t.app.deps.storage),
    ).toBe(1);
    expect(await t.app.deps.storage.get(stored?.region ?? 'us', stored?.storage_key ?? '')).toBeNull();
    const left = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`select (select count(*) from users where id = ${user.id})::int + (select count(*) from hub_memberships where user_id = ${user.id})::int as n`,
        ),
    );
    expect(left[0]?.n).toBe(0);
    // What they did stays in the (append-only) audit log as an anonymous fact: no address, no details.
    const audit = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        queryRows<{ action: string; ip: string | null; data: object }>(
          tx,
          sql`select action, ip, data from audit_log where actor_user_id = ${user.id}`,
        ),
    );
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['account.deletion_requested', 'test.before_erasure']),
    );
    expect(audit.every((r) => r.ip === null && Object.keys(r.data).length === 0)).toBe(true);
  });
});
