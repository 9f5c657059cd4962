import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  signUpByEmail,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';

describeDb('hub approval queue', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let adminToken: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-users'],
    });
    adminToken = (await signIn(t.app, cluster, admin)).token;
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });

  it('lists pending members, approves one (listed in the directory, emailed) and rejects another', async () => {
    const signUp = (email: string, firstName: string) =>
      signUpByEmail(t.app, {
        host: cluster.host,
        clusterId: cluster.clusterId,
        body: {
          hubIdentifier: hub.identifier,
          firstName,
          lastName: 'Newcomer',
          email,
          password: 'Password-1',
        },
      });
    const firstSignUp = (await signUp('first@example.test', 'First')).json();
    const first = firstSignUp.user;
    const second = (await signUp('second@example.test', 'Second')).json().user;
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/signup/complete',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${firstSignUp.token}`,
        'x-hub-id': hub.identifier,
      },
      payload: {},
    });
    expect(completed.json().redirectTo).toBe(`/hub/${hub.identifier}/pending-approval`);

    const queue = (await call('GET', '/api/hub/approvals', adminToken)).json();
    expect(queue.items.map((i: { email: string }) => i.email)).toEqual([
      'first@example.test',
      'second@example.test',
    ]);

    const approved = await call('POST', `/api/hub/approvals/${first.id}`, adminToken, {
      decision: 'approve',
    });
    expect(approved.json()).toEqual({ userId: first.id, approved: true });
    const rejected = await call('POST', `/api/hub/approvals/${second.id}`, adminToken, {
      decision: 'reject',
    });
    expect(rejected.json().approved).toBe(false);

    expect((await call('GET', '/api/hub/approvals', adminToken)).json().items).toEqual([]);
    const directory = (await call('GET', '/api/directory?q=newcomer', adminToken)).json();
    expect(directory.items.map((i: { fullName: string }) => i.fullName)).toEqual(['First Newcomer']);
    const mails = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      queryRows<{ to_address: string; subject: string }>(
        tx,
        sql`select to_address, subject from mail_outbox where subject not like 'Confirm your email%' order by created_at`,
      ),
    );
    expect(mails).toEqual([
      { to_address: 'first@example.test', subject: `Welcome to Hub ${hub.identifier}` },
      { to_address: 'second@example.test', subject: `Your request to join Hub ${hub.identifier}` },
    ]);
  });

  it('refuses members without approve-users and answers 404 for a user outside the hub', async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, member);
    expect((await call('GET', '/api/hub/approvals', token)).statusCode).toBe(403);
    const otherHub = await createHub(t.database.db, cluster);
    const outsider = await createUser(t.database.db, cluster, { hub: otherHub, approved: null });
    expect(
      (await call('POST', `/api/hub/approvals/${outsider.id}`, adminToken, { decision: 'approve' }))
        .statusCode,
    ).toBe(404);
  });

  it('auto-approves signups in a hub with auto-approval', async () => {
    const autoHub = await createHub(t.database.db, cluster, { isAutoApproval: true });
    const response = await signUpByEmail(t.app, {
      host: cluster.host,
      clusterId: cluster.clusterId,
      body: {
        hubIdentifier: autoHub.identifier,
        firstName: 'Auto',
        lastName: 'Approved',
        email: 'auto@example.test',
        password: 'Password-1',
      },
    });
    expect(response.json().user.hubs[0].approved).toBe(true);
  });
});
