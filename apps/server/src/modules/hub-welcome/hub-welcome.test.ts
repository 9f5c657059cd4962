import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
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

describeDb('auto-greeting and notification defaults (issue #22 item 1)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    hub: TTestHub,
    as: TTestUser | string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${typeof as === 'string' ? as : await tokenOf(as)}`,
        'x-hub-id': hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const signUp = async (hub: TTestHub, firstName: string) => {
    const response = await signUpByEmail(t.app, {
      host: cluster.host,
      clusterId: cluster.clusterId,
      body: {
        hubIdentifier: hub.identifier,
        userTypeId: hub.userTypeIds.student,
        firstName,
        lastName: 'Newcomer',
        email: `${firstName.toLowerCase()}-${hub.id}@example.test`,
        password: 'Password-1',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ token: string; user: { id: string } }>();
  };
  /** The greetings a member received: threads to them with their first message's text. */
  const greetingsOf = (userId: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      queryRows<{ from_user_id: string; body_text: string; status: string }>(
        tx,
        sql`select t.from_user_id, m.body_text, t.status from threads t join messages m on m.thread_id = t.id
            where t.to_user_id = ${userId} order by m.created_at`,
      ),
    );

  describe('the auto-greeting', () => {
    it('is edited only with the auto-greeting right, refuses unfilled placeholders, and is audited', async () => {
      const hub = await createHub(t.database.db, cluster);
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['auto-greeting'],
        firstName: 'Ada',
        lastName: 'Admin',
      });
      const other = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['templates', 'notifications'],
      });
      const member = await createUser(t.database.db, cluster, { hub });
      expect((await call(hub, other, 'GET', '/api/admin/auto-greeting')).statusCode).toBe(403);
      expect((await call(hub, member, 'GET', '/api/admin/auto-greeting')).statusCode).toBe(403);

      const empty = await call(hub, admin, 'GET', '/api/admin/auto-greeting');
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({ isOn: false, senderUserId: null, body: '', sentCount: 0 });
      expect(
        empty
          .json()
          .senders.map((s: { id: string }) => s.id)
          .sort(),
      ).toEqual([admin.id, other.id].sort());
      expect(empty.json().fields).toEqual(['{first name}', '{last name}', '{hub name}']);

      const unfilled = await call(hub, admin, 'PUT', '/api/admin/auto-greeting', {
        isOn: true,
        senderUserId: admin.id,
        body: 'Welcome to [add school name], {first name}!',
      });
      expect(unfilled.statusCode).toBe(400);
      expect(unfilled.json().error.fields.body).toBe(
        'Please replace [add school name] before saving: the greeting is sent as written.',
      );
      const unknownField = await call(hub, admin, 'PUT', '/api/admin/auto-greeting', {
        isOn: true,
        senderUserId: admin.id,
        body: 'Hi {nickname}',
      });
      expect(unknownField.json().error.fields.body).toContain('{nickname} is not a field.');
      const noSender = await call(hub, admin, 'PUT', '/api/admin/auto-greeting', {
        isOn: true,
        senderUserId: null,
        body: 'Hi',
      });
      expect(noSender.json().error.fields).toEqual({ senderUserId: 'Choose who sends the greeting.' });
      const notAdmin = await call(hub, admin, 'PUT', '/api/admin/auto-greeting', {
        isOn: true,
        senderUserId: member.id,
        body: 'Hi',
      });
      expect(notAdmin.statusCode).toBe(400);
      expect(notAdmin.json().error.fields).toEqual({ senderUserId: 'Choose an admin of this hub.' });

      const saved = await call(hub, admin, 'PUT', '/api/admin/auto-greeting', {
        isOn: true,
        senderUserId: admin.id,
        body: 'Welcome to {hub name}, {first name}!',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ isOn: true, senderUserId: admin.id });
      const flags = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          queryRows<{ flag: string | null }>(
            tx,
            sql`select settings -> 'featureFlags' ->> 'autoGreeting' as flag from hub_settings where hub_id = ${hub.id}`,
          ),
      );
      expect(flags).toEqual([{ flag: 'true' }]);
      const audit = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          queryRows<{ action: string }>(
            tx,
            sql`select action from audit_log where actor_user_id = ${admin.id} order by created_at`,
          ),
      );
      expect(audit.map((a) => a.action)).toContain('hub.auto_greeting_updated');
    });

    it('greets a member once when signup completes in an auto-approved hub, from the chosen admin, with fields filled', async () => {
      const hub = await createHub(t.database.db, cluster, { isAutoApproval: true });
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['auto-greeting'],
      });
      const put = await call(hub, admin, 'PUT', '/api/admin/auto-greeting', {
        isOn: true,
        senderUserId: admin.id,
        body: 'Hi {first name},\n\nwelcome to {hub name}!',
      });
      expect(put.statusCode, put.body).toBe(200);

      const { token, user } = await signUp(hub, 'Gia');
      expect(await greetingsOf(user.id)).toEqual([]);
      const complete = await call(hub, token, 'POST', '/api/signup/complete', {});
      expect(complete.statusCode, complete.body).toBe(200);
      const again = await call(hub, token, 'POST', '/api/signup/complete', {});
      expect(again.statusCode, again.body).toBe(200);
      expect(await greetingsOf(user.id)).toEqual([
        {
          from_user_id: admin.id,
          body_text: `Hi Gia,\n\nwelcome to Hub ${hub.identifier}!`,
          status: 'accepted',
        },
      ]);

      // The member finds it in their inbox, unread, from the admin.
      const inbox = await call(hub, token, 'GET', '/api/inbox/threads');
      expect(inbox.statusCode, inbox.body).toBe(200);
      expect(inbox.body).toContain(`welcome to Hub ${hub.identifier}!`);
      expect((await call(hub, admin, 'GET', '/api/admin/auto-greeting')).json().sentCount).toBe(1);

      // The welcome action item asks them to open it, and opening it completes the item.
      const actionItems = async () =>
        (await call(hub, token, 'GET', '/api/action-items'))
          .json<{ items: Array<{ type: string }> }>()
          .items.map((item) => item.type);
      expect(await actionItems()).toContain('auto_greeting_welcome');
      const [delivery] = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          queryRows<{ thread_id: string }>(
            tx,
            sql`select thread_id from auto_greeting_deliveries where user_id = ${user.id}`,
          ),
      );
      const read = await call(hub, token, 'POST', `/api/inbox/threads/${delivery?.thread_id}/read`);
      expect(read.statusCode, read.body).toBeLessThan(300);
      expect(await actionItems()).not.toContain('auto_greeting_welcome');
      // A member who never received it is not asked.
      const before = await createUser(t.database.db, cluster, { hub });
      const theirs = (await call(hub, before, 'GET', '/api/action-items')).json<{
        items: Array<{ type: string }>;
      }>();
      expect(theirs.items.map((item) => item.type)).not.toContain('auto_greeting_welcome');
    });

    it('greets a member when an admin approves them after signup, once, and never while the greeting is off', async () => {
      const hub = await createHub(t.database.db, cluster);
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['auto-greeting', 'approve-users'],
      });
      const greeting = { senderUserId: admin.id, body: 'Welcome, {first name} {last name}.' };
      await call(hub, admin, 'PUT', '/api/admin/auto-greeting', { isOn: true, ...greeting });

      const pending = await signUp(hub, 'Pia');
      const completed = await call(hub, pending.token, 'POST', '/api/signup/complete', {});
      expect(completed.json().redirectTo).toBe(`/hub/${hub.identifier}/pending-approval`);
      expect(await greetingsOf(pending.user.id)).toEqual([]);
      const approve = () =>
        call(hub, admin, 'POST', `/api/hub/approvals/${pending.user.id}`, { decision: 'approve' });
      expect((await approve()).statusCode).toBe(200);
      expect((await approve()).statusCode).toBe(200);
      expect(await greetingsOf(pending.user.id)).toEqual([
        { from_user_id: admin.id, body_text: 'Welcome, Pia Newcomer.', status: 'accepted' },
      ]);

      await call(hub, admin, 'PUT', '/api/admin/auto-greeting', { isOn: false, ...greeting });
      const quiet = await signUp(hub, 'Quin');
      await call(hub, quiet.token, 'POST', '/api/signup/complete', {});
      expect((await approve()).statusCode).toBe(200);
      expect(
        (await call(hub, admin, 'POST', `/api/hub/approvals/${quiet.user.id}`, { decision: 'approve' }))
          .statusCode,
      ).toBe(200);
      expect(await greetingsOf(quiet.user.id)).toEqual([]);
    });
  });

  describe('notification defaults', () => {
    it('are set with the notifications right, start new members with them, and leave existing members as they were', async () => {
      const hub = await createHub(t.database.db, cluster, { isAutoApproval: true });
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['notifications'],
      });
      const lacking = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['auto-greeting', 'templates'],
      });
      const existing = await createUser(t.database.db, cluster, { hub });
      expect((await call(hub, lacking, 'GET', '/api/admin/notification-defaults')).statusCode).toBe(403);
      expect(
        (
          await call(hub, lacking, 'PUT', '/api/admin/notification-defaults', {
            emailDigestFrequency: 'never',
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(hub, admin, 'GET', '/api/admin/notification-defaults')).json()).toEqual({
        emailDigestFrequency: 'daily',
        isSet: false,
      });
      const bad = await call(hub, admin, 'PUT', '/api/admin/notification-defaults', {
        emailDigestFrequency: 'hourly',
      });
      expect(bad.statusCode).toBe(400);
      const saved = await call(hub, admin, 'PUT', '/api/admin/notification-defaults', {
        emailDigestFrequency: 'immediately',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ emailDigestFrequency: 'immediately', isSet: true });

      const { token } = await signUp(hub, 'Nell');
      const settings = (await call(hub, token, 'GET', '/api/me/settings')).json().settings;
      expect(settings.emailDigestFrequency).toBe('immediately');
      const kept = (await call(hub, existing, 'GET', '/api/me/settings')).json().settings;
      expect(kept.emailDigestFrequency).toBe('daily');

      // A member's own choice wins afterwards.
      const changed = await call(hub, token, 'PATCH', '/api/me/settings', { emailDigestFrequency: 'never' });
      expect(changed.json().settings.emailDigestFrequency).toBe('never');
    });
  });
});
