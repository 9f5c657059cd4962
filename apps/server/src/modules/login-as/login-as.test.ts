import {
  HEADERS,
  type TAuditLogPage,
  type TLoginAsCandidatesPage,
  type TLoginAsStartResponse,
} from '@commons/contract';
import { decodeJwt } from 'jose';
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
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';

type TSession = { token: string; refreshCookie: string };

describeDb('login as a member (issue #22 items 6-7)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let secondHub: TTestHub;
  let hubAdmin: TTestUser;
  let lacking: TTestUser;
  let clusterAdmin: TTestUser;
  let student: TTestUser;
  let richerAdmin: TTestUser;
  let secondHubStudent: TTestUser;
  let otherClusterStudent: TTestUser;

  const post = (options: {
    url: string;
    session?: TSession | null;
    cookies?: Record<string, string>;
    hub?: TTestHub | null;
    body?: object;
    of?: TTestCluster;
  }) =>
    t.app.inject({
      method: 'POST',
      url: options.url,
      headers: {
        host: (options.of ?? cluster).host,
        [HEADERS.platform]: 'desktop',
        ...(options.session ? { authorization: `Bearer ${options.session.token}` } : {}),
        ...(options.hub ? { 'x-hub-id': options.hub.identifier } : {}),
      },
      cookies: {
        ...(options.session ? { commons_refresh: options.session.refreshCookie } : {}),
        ...options.cookies,
      },
      ...(options.body ? { payload: options.body } : {}),
    });
  const start = (session: TSession, userId: string, inHub: TTestHub = hub) =>
    post({ url: '/api/admin/login-as', session, hub: inHub, body: { userId } });
  const get = (session: TSession, url: string, inHub: TTestHub | null = hub) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${session.token}`,
        ...(inHub ? { 'x-hub-id': inHub.identifier } : {}),
      },
    });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    secondHub = await createHub(t.database.db, cluster);
    const otherHub = await createHub(t.database.db, otherCluster);
    hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['login-as-other-admins', 'reports'],
      firstName: 'Hana',
    });
    lacking = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['reports'] });
    clusterAdmin = await createUser(t.database.db, cluster, { hub, isClusterAdmin: true });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Stella', lastName: 'Student' });
    richerAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['reports', 'export-data'],
    });
    secondHubStudent = await createUser(t.database.db, cluster, { hub: secondHub });
    otherClusterStudent = await createUser(t.database.db, otherCluster, { hub: otherHub });
  });
  afterAll(async () => t.close());

  it('refuses an admin lacking login-as-other-admins (403) and members outside the hub or cluster (404)', async () => {
    const lackingSession = await signIn(t.app, cluster, lacking);
    const refused = await start(lackingSession, student.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { user_message: 'You need the login-as-other-admins right in this hub.' },
    });
    expect((await get(lackingSession, '/api/admin/login-as/candidates')).statusCode).toBe(403);

    const admin = await signIn(t.app, cluster, hubAdmin);
    expect((await start(admin, secondHubStudent.id)).statusCode).toBe(404);
    expect((await start(admin, otherClusterStudent.id)).statusCode).toBe(404);
    // The right in one hub gives nothing in another hub of the cluster.
    expect((await start(admin, secondHubStudent.id, secondHub)).statusCode).toBe(403);
    expect((await start(admin, hubAdmin.id)).statusCode).toBe(403);
    const platform = await start(admin, clusterAdmin.id);
    expect(platform.statusCode).toBe(403);
    expect(platform.json()).toMatchObject({
      error: {
        user_message: 'Nobody can log in as a super admin, cluster admin or admin of the cluster hub.',
      },
    });
    expect((await start(admin, richerAdmin.id)).statusCode).toBe(403);
    // A cluster admin cannot log in as another cluster admin either, nor as themself.
    const cluster2 = await createUser(t.database.db, cluster, { hub, isClusterAdmin: true });
    const asClusterAdmin = await signIn(t.app, cluster, clusterAdmin);
    expect((await start(asClusterAdmin, cluster2.id)).statusCode).toBe(403);
    expect((await start(asClusterAdmin, clusterAdmin.id)).statusCode).toBe(403);
  });

  it('lists the members one may log in as, without platform admins or oneself', async () => {
    const admin = await signIn(t.app, cluster, hubAdmin);
    const response = await get(admin, '/api/admin/login-as/candidates?q=stella');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<TLoginAsCandidatesPage>();
    expect(page.items.map((c) => c.id)).toEqual([student.id]);
    const all = (await get(admin, '/api/admin/login-as/candidates?limit=100')).json<TLoginAsCandidatesPage>();
    const ids = all.items.map((c) => c.id);
    expect(ids).toContain(lacking.id);
    expect(ids).not.toContain(hubAdmin.id);
    expect(ids).not.toContain(clusterAdmin.id);
    expect(ids).not.toContain(secondHubStudent.id);
    // An admin holding a right the viewer lacks is not offered; one with fewer rights is.
    expect(ids).not.toContain(richerAdmin.id);
    const asClusterAdmin = await signIn(t.app, cluster, clusterAdmin);
    const forCluster = (
      await get(asClusterAdmin, '/api/admin/login-as/candidates?limit=100')
    ).json<TLoginAsCandidatesPage>();
    expect(forCluster.items.map((c) => c.id)).toEqual(expect.arrayContaining([richerAdmin.id, hubAdmin.id]));
  });

  it('signs the admin in as the member with loginAsAdmin, audits who acted as whom, and returns to their own session', async () => {
    const admin = await signIn(t.app, cluster, hubAdmin);
    const started = await start(admin, student.id);
    expect(started.statusCode, started.body).toBe(201);
    const { adminToken, url } = started.json<TLoginAsStartResponse>();
    expect(url).toContain(`/hub/${hub.identifier}/home?adminToken=${adminToken}`);

    // Another browser (no admin refresh cookie) cannot use the token, and the attempt spends it.
    const elsewhere = await post({ url: '/api/auth/login-as', body: { adminToken } });
    expect(elsewhere.statusCode).toBe(403);
    const spent = await post({ url: '/api/auth/login-as', session: admin, body: { adminToken } });
    expect(spent.statusCode, spent.body).toBe(401);

    const second = (await start(admin, student.id)).json<TLoginAsStartResponse>();
    // The exchange works with the admin's refresh cookie alone (their access token may have expired).
    const exchanged = await post({
      url: '/api/auth/login-as',
      cookies: { commons_refresh: admin.refreshCookie },
      body: { adminToken: second.adminToken },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const memberToken = exchanged.json<{ token: string; user: { id: string } }>().token;
    expect(exchanged.json<{ user: { id: string } }>().user.id).toBe(student.id);
    const claims = decodeJwt(memberToken);
    expect(claims).toMatchObject({ sub: student.id, loginAsAdmin: true, act: { sub: hubAdmin.id } });
    // Short-lived: the access token never outlives the 30-minute session.
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(30 * 60);
    const parked = exchanged.cookies.find((c) => c.name === 'commons_login_as_return');
    const memberRefresh = exchanged.cookies.find((c) => c.name === 'commons_refresh');
    expect(parked?.value).toBe(admin.refreshCookie);
    expect(parked?.path).toBe('/api/auth/login-as');
    expect(parked?.httpOnly).toBe(true);
    const member: TSession = { token: memberToken, refreshCookie: memberRefresh?.value ?? '' };
    // The once-used token does not work again.
    expect(
      (await post({ url: '/api/auth/login-as', session: admin, body: { adminToken: second.adminToken } }))
        .statusCode,
    ).toBe(401);

    const me = await get(member, '/api/auth/me');
    expect(me.json<{ user: { id: string } }>().user.id).toBe(student.id);
    // No chains: the member's session cannot log in as someone else.
    expect((await start(member, lacking.id)).statusCode).toBe(403);
    // Refreshing keeps it a login-as session.
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh-token',
      headers: { host: cluster.host, [HEADERS.platform]: 'desktop' },
      cookies: { commons_refresh: member.refreshCookie },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeJwt(refreshed.json<{ token: string }>().token)).toMatchObject({
      sub: student.id,
      loginAsAdmin: true,
      act: { sub: hubAdmin.id },
    });
    const memberRefreshed: TSession = {
      token: refreshed.json<{ token: string }>().token,
      refreshCookie: refreshed.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '',
    };

    const returned = await post({
      url: '/api/auth/login-as/return',
      session: memberRefreshed,
      hub,
      cookies: { commons_login_as_return: parked?.value ?? '' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const back = returned.json<{ token: string; user: { id: string } }>();
    expect(back.user.id).toBe(hubAdmin.id);
    expect(decodeJwt(back.token)).toMatchObject({ sub: hubAdmin.id, loginAsAdmin: false });
    expect(decodeJwt(back.token).sid).toBe(decodeJwt(admin.token).sid);
    // The member's session is over.
    expect((await get(memberRefreshed, '/api/auth/me')).statusCode).toBe(401);

    const clusterSession = await signIn(t.app, cluster, clusterAdmin);
    const log = await get(
      clusterSession,
      `/api/admin/audit-log?actorId=${hubAdmin.id}&action=login_as.`,
      null,
    );
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json<TAuditLogPage>().items;
    expect(entries.map((e) => e.action)).toEqual([
      'login_as.return',
      'login_as.session_opened',
      'login_as.start',
      'login_as.start',
    ]);
    for (const entry of entries) {
      expect(entry.actor?.id).toBe(hubAdmin.id);
      expect(entry.targetId).toBe(student.id);
    }
    expect(entries[0]).toMatchObject({
      actingAs: { id: student.id, fullName: 'Stella Student' },
      hub: { identifier: hub.identifier },
    });
    expect(entries[1]).toMatchObject({ actingAs: { id: student.id }, hub: { identifier: hub.identifier } });
    expect(entries[3]).toMatchObject({ actingAs: null, hub: { identifier: hub.identifier } });
    const csv = await get(clusterSession, `/api/admin/audit-log.csv?actorId=${hubAdmin.id}`, null);
    expect(csv.body).toContain(`Stella Student,${student.email},login_as.return`);
  });

  it('records the admin as the actor of audited actions taken while acting as the member', async () => {
    const admin = await signIn(t.app, cluster, hubAdmin);
    const { adminToken } = (await start(admin, student.id)).json<TLoginAsStartResponse>();
    const exchanged = await post({ url: '/api/auth/login-as', session: admin, body: { adminToken } });
    const member: TSession = {
      token: exchanged.json<{ token: string }>().token,
      refreshCookie: exchanged.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '',
    };
    // Signing out is an audited action of the session.
    const signedOut = await post({ url: '/api/auth/sign-out', session: member });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    const clusterSession = await signIn(t.app, cluster, clusterAdmin);
    const log = await get(
      clusterSession,
      `/api/admin/audit-log?action=auth.sign_out&actorId=${hubAdmin.id}`,
      null,
    );
    expect(log.json<TAuditLogPage>().items[0]).toMatchObject({
      actor: { id: hubAdmin.id },
      actingAs: { id: student.id },
    });
    // Without the admin's own refresh token kept aside, the return signs out (token_invalid).
    const orphan = await post({ url: '/api/auth/login-as/return', cookies: {} });
    expect(orphan.statusCode).toBe(401);
    expect(orphan.json()).toMatchObject({ error: { code: 'token_invalid' } });
  });

  it('answers an unknown or another cluster’s admin token with 401', async () => {
    const admin = await signIn(t.app, cluster, hubAdmin);
    const { adminToken } = (await start(admin, student.id)).json<TLoginAsStartResponse>();
    const otherAdmin = await createUser(t.database.db, otherCluster, { isClusterAdmin: true });
    const otherSession = await signIn(t.app, otherCluster, otherAdmin);
    const crossCluster = await post({
      url: '/api/auth/login-as',
      cookies: { commons_refresh: otherSession.refreshCookie },
      body: { adminToken },
      of: otherCluster,
    });
    expect(crossCluster.statusCode).toBe(401);
    const unknown = await post({
      url: '/api/auth/login-as',
      session: admin,
      body: { adminToken: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(401);
    // Still usable in its own cluster (the other cluster could not even see it).
    expect((await post({ url: '/api/auth/login-as', session: admin, body: { adminToken } })).statusCode).toBe(
      200,
    );
  });
});
