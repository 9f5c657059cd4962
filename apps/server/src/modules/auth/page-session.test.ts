import { randomBytes } from 'node:crypto';
import { HEADERS, LOGIN_AS_SESSION_MINUTES, type TLoginAsStartResponse } from '@commons/contract';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { PAGE_SESSION_COOKIE, pageSessionAccessToken } from './page-session.js';

const DAY_S = 24 * 60 * 60;

describeDb('page-session cookie (server-rendered pages know whose session asks)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let jwtSecret: Uint8Array;
  let now = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    const secret = randomBytes(32).toString('hex');
    jwtSecret = new TextEncoder().encode(secret);
    t = await getTestApp({ clock: () => now, env: { JWT_SECRET: secret } });
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    await createHub(t.database.db, otherCluster);
  });
  afterAll(async () => t.close());

  /** Signs in through the API: the answer's bearer token and every cookie it set, by name. */
  async function signInWithCookies(user: TTestUser, of: TTestCluster = cluster) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: of.host },
      payload: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      response,
      token: response.json<{ token: string }>().token,
      refresh: response.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '',
      page: response.cookies.find((c) => c.name === PAGE_SESSION_COOKIE)?.value ?? '',
    };
  }

  /** pageSessionAccessToken as a page request of `of`'s host would call it, in that cluster's tenant transaction. */
  const accessTokenOf = (cookie: string | undefined, of: TTestCluster = cluster) =>
    withTenant(t.database.db, { clusterId: of.clusterId }, (tx) =>
      pageSessionAccessToken({ tx, clusterId: of.clusterId, now, hub: null }, cookie, jwtSecret),
    );

  const me = (options: { bearer?: string; cookies?: Record<string, string>; of?: TTestCluster }) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: {
        host: (options.of ?? cluster).host,
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      },
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });

  const refreshRowCount = (userId: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from refresh_sessions where user_id = ${userId}`,
      ),
    ).then((rows) => rows[0]?.n ?? -1);

  /** A page cookie signed as the server signs one, with the claims a test chooses. */
  const craftCookie = (claims: {
    sub: string;
    cid: string;
    sid: string;
    exp: Date;
    audience?: string;
    issuer?: string;
  }) =>
    new SignJWT({ cid: claims.cid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(claims.issuer ?? 'commons-page')
      .setAudience(claims.audience ?? 'commons-page')
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(claims.exp.getTime() / 1000))
      .sign(jwtSecret);

  const isCleared = (cookie: { value: string; maxAge?: number; expires?: Date } | undefined) =>
    cookie !== undefined &&
    cookie.value === '' &&
    (cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()));

  it('sign-in sets the page-session cookie: HttpOnly, SameSite=Lax, Path=/, as long as the refresh token', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const { response } = await signInWithCookies(user);
    const page = response.cookies.find((c) => c.name === PAGE_SESSION_COOKIE);
    expect(page).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * DAY_S });
    // Not Secure outside production (http://localhost), as the refresh cookie.
    expect(page?.secure).toBeUndefined();
    const claims = decodeJwt(page?.value ?? '');
    expect(claims).toMatchObject({
      iss: 'commons-page',
      aud: 'commons-page',
      sub: user.id,
      cid: cluster.clusterId,
    });
    expect(claims.sid).toBe(decodeJwt(response.json<{ token: string }>().token).sid);
    expect(claims.exp).toBe(Math.floor(now.getTime() / 1000) + 30 * DAY_S);
    // The refresh cookie keeps its own scope.
    expect(response.cookies.find((c) => c.name === 'commons_refresh')).toMatchObject({
      path: '/api/auth',
      sameSite: 'Strict',
      maxAge: 30 * DAY_S,
    });
  });

  it('turns the cookie into an access token of the same session that the API accepts, inserting no refresh row', async () => {
    const admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['reports'] });
    const signedIn = await signInWithCookies(admin);
    const rowsBefore = await refreshRowCount(admin.id);
    now = new Date(now.getTime() + 60_000);
    const token = await accessTokenOf(signedIn.page);
    expect(token).toEqual(expect.any(String));
    expect(await refreshRowCount(admin.id)).toBe(rowsBefore);

    const answer = await me({ bearer: token ?? '' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ user: { id: string } }>().user.id).toBe(admin.id);
    // Signed as a session answer's token is: the same claims, a fresh lifetime from the request's clock.
    const fresh = decodeJwt(token ?? '');
    const original = decodeJwt(signedIn.token);
    for (const claim of ['sub', 'cid', 'sid', 'accessLevelCode', 'adminHubIds', 'loginAsAdmin', 'iss'])
      expect(fresh[claim], claim).toEqual(original[claim]);
    expect(fresh.adminHubIds).toEqual([String(hub.id)]);
    expect(fresh.iat).toBe(Math.floor(now.getTime() / 1000));
    expect(fresh.exp).toBe(Math.floor(now.getTime() / 1000) + 15 * 60);
  });

  it('answers null after sign-out, whose response clears the cookie', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(user);
    expect(await accessTokenOf(signedIn.page)).not.toBeNull();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: cluster.host, authorization: `Bearer ${signedIn.token}` },
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    const cleared = signedOut.cookies.find((c) => c.name === PAGE_SESSION_COOKIE);
    expect(isCleared(cleared), JSON.stringify(cleared)).toBe(true);
    expect(cleared?.path).toBe('/');
    expect(await accessTokenOf(signedIn.page)).toBeNull();
  });

  it('answers null for a tampered cookie, an access token, a wrong audience and an expired cookie', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(user);
    const sid = String(decodeJwt(signedIn.page).sid);
    const [head, body, signature] = signedIn.page.split('.');
    // A claim changed under the old signature (another user), and a changed signature.
    const otherUser = await createUser(t.database.db, cluster, { hub });
    const forgedBody = Buffer.from(
      JSON.stringify({ ...decodeJwt(signedIn.page), sub: otherUser.id }),
      'utf8',
    ).toString('base64url');
    expect(await accessTokenOf(`${head}.${forgedBody}.${signature}`)).toBeNull();
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await accessTokenOf(`${head}.${body}.${flipped}`)).toBeNull();
    expect(await accessTokenOf('not-a-jwt')).toBeNull();
    expect(await accessTokenOf(undefined)).toBeNull();
    expect(await accessTokenOf('')).toBeNull();
    // An access token of the same session is never a page cookie (issuer and audience differ).
    expect(await accessTokenOf(signedIn.token)).toBeNull();

    // A cookie crafted with the right claims works (the control), with the access token's audience it does not.
    const inAnHour = new Date(now.getTime() + 60 * 60_000);
    const claims = { sub: user.id, cid: cluster.clusterId, sid, exp: inAnHour };
    expect(await accessTokenOf(await craftCookie(claims))).not.toBeNull();
    expect(await accessTokenOf(await craftCookie({ ...claims, audience: 'commons' }))).toBeNull();
    expect(await accessTokenOf(await craftCookie({ ...claims, issuer: 'commons' }))).toBeNull();
    // Expired by its own exp, while the session still lives.
    const past = new Date(now.getTime() - 1000);
    expect(await accessTokenOf(await craftCookie({ ...claims, exp: past }))).toBeNull();
    // The real cookie once the session's 30 days are over.
    const saved = now;
    now = new Date(saved.getTime() + 30 * DAY_S * 1000 + 1000);
    try {
      expect(await accessTokenOf(signedIn.page)).toBeNull();
    } finally {
      now = saved;
    }
    expect(await accessTokenOf(signedIn.page)).not.toBeNull();
  });

  it('answers null for a session whose refresh rows expired while the cookie still lives', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(user);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.execute(
        sql`update refresh_sessions set expires_at = ${new Date(now.getTime() - 1000).toISOString()}::timestamptz where user_id = ${user.id}`,
      ),
    );
    expect(await accessTokenOf(signedIn.page)).toBeNull();
  });

  it('ignores a cookie of another cluster (tenant isolation)', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(user);
    expect(await accessTokenOf(signedIn.page, cluster)).not.toBeNull();
    expect(await accessTokenOf(signedIn.page, otherCluster)).toBeNull();
  });

  it('is never authentication for the API: the cookie alone, or as a bearer token, answers 401', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(user);
    expect((await me({ bearer: signedIn.token })).statusCode).toBe(200);
    expect((await me({ cookies: { [PAGE_SESSION_COOKIE]: signedIn.page } })).statusCode).toBe(401);
    const asBearer = await me({ bearer: signedIn.page });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json()).toMatchObject({ error: { code: 'token_invalid' } });
  });

  it('refresh rotation sets the cookie again for the extended session; an unusable refresh token clears it', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(user);
    const refresh = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/refresh-token',
        headers: { host: cluster.host, [HEADERS.platform]: 'pwa' },
        cookies: { commons_refresh: cookie },
      });
    now = new Date(now.getTime() + DAY_S * 1000);
    const refreshed = await refresh(signedIn.refresh);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const page = refreshed.cookies.find((c) => c.name === PAGE_SESSION_COOKIE);
    expect(page).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * DAY_S });
    expect(page?.value).not.toBe(signedIn.page);
    const claims = decodeJwt(page?.value ?? '');
    expect(claims.sid).toBe(decodeJwt(signedIn.page).sid);
    expect(claims.exp).toBe(Math.floor(now.getTime() / 1000) + 30 * DAY_S);
    expect(await accessTokenOf(page?.value)).not.toBeNull();

    // Reusing the rotated token revokes the family (reuse detection): both cookies go, the page session ends.
    now = new Date(now.getTime() + 60_000);
    const reused = await refresh(signedIn.refresh);
    expect(reused.statusCode).toBe(401);
    expect(isCleared(reused.cookies.find((c) => c.name === PAGE_SESSION_COOKIE))).toBe(true);
    expect(await accessTokenOf(page?.value)).toBeNull();
  });

  it('answers null once the account is deleted or deactivated by SCIM; deletion clears the cookie', async () => {
    const leaving = await createUser(t.database.db, cluster, { hub });
    const signedIn = await signInWithCookies(leaving);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { host: cluster.host, authorization: `Bearer ${signedIn.token}` },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(isCleared(deleted.cookies.find((c) => c.name === PAGE_SESSION_COOKIE))).toBe(true);
    expect(await accessTokenOf(signedIn.page)).toBeNull();

    const deactivated = await createUser(t.database.db, cluster, { hub });
    const session = await signInWithCookies(deactivated);
    expect(await accessTokenOf(session.page)).not.toBeNull();
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.execute(
        sql`insert into scim_users (user_id, cluster_id, is_active) values (${deactivated.id}, ${cluster.clusterId}, false)`,
      ),
    );
    expect(await accessTokenOf(session.page)).toBeNull();
  });

  it('a login-as session gets a page cookie that signs as the admin acting until its end; the return restores the admin’s', async () => {
    const admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['login-as-other-admins'],
    });
    const student = await createUser(t.database.db, cluster, { hub });
    const own = await signInWithCookies(admin);
    const post = (url: string, options: { cookies: Record<string, string>; body?: object }) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          host: cluster.host,
          [HEADERS.platform]: 'desktop',
          authorization: `Bearer ${own.token}`,
          'x-hub-id': hub.identifier,
        },
        cookies: options.cookies,
        ...(options.body ? { payload: options.body } : {}),
      });
    const started = await post('/api/admin/login-as', { cookies: {}, body: { userId: student.id } });
    expect(started.statusCode, started.body).toBe(201);
    const { adminToken } = started.json<TLoginAsStartResponse>();
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-as',
      headers: { host: cluster.host, [HEADERS.platform]: 'desktop' },
      cookies: { commons_refresh: own.refresh },
      payload: { adminToken },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const memberPage = exchanged.cookies.find((c) => c.name === PAGE_SESSION_COOKIE);
    expect(memberPage?.maxAge).toBe(LOGIN_AS_SESSION_MINUTES * 60);
    const endsAt = Math.floor(now.getTime() / 1000) + LOGIN_AS_SESSION_MINUTES * 60;

    now = new Date(now.getTime() + (LOGIN_AS_SESSION_MINUTES - 5) * 60_000);
    const token = await accessTokenOf(memberPage?.value);
    expect(decodeJwt(token ?? '')).toMatchObject({
      sub: student.id,
      loginAsAdmin: true,
      act: { sub: admin.id },
    });
    // Never past the login-as end, though an access token usually lasts 15 minutes.
    expect(decodeJwt(token ?? '').exp).toBe(endsAt);

    const returned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-as/return',
      // The member's access token expired meanwhile: the return goes by the member's refresh cookie.
      headers: { host: cluster.host, [HEADERS.platform]: 'desktop' },
      cookies: {
        commons_refresh: exchanged.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '',
        commons_login_as_return: own.refresh,
      },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const adminPage = returned.cookies.find((c) => c.name === PAGE_SESSION_COOKIE);
    expect(decodeJwt(adminPage?.value ?? '')).toMatchObject({ sub: admin.id, sid: decodeJwt(own.page).sid });
    expect(await accessTokenOf(memberPage?.value)).toBeNull();
    expect(decodeJwt((await accessTokenOf(adminPage?.value)) ?? '')).toMatchObject({
      sub: admin.id,
      loginAsAdmin: false,
    });

    // A return without the admin's own refresh token ends in token_invalid and clears the cookies.
    const orphan = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-as/return',
      headers: { host: cluster.host, [HEADERS.platform]: 'desktop' },
    });
    expect(orphan.statusCode).toBe(401);
    expect(isCleared(orphan.cookies.find((c) => c.name === PAGE_SESSION_COOKIE))).toBe(true);
  });
});
