import type { AddressInfo } from 'node:net';
import { REALTIME_CLOSE, REALTIME_PATHS, type TRealtimeServerMessage } from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { settle, TestRealtimeClient } from '../../../test/realtime-client.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { hubMemberships, realtimeEvents, refreshSessions } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { pruneRealtimeEvents } from '../../jobs/realtime-prune.js';
import { clusterTopic } from './realtime.bus.js';
import { emitToUsers } from './realtime.events.js';

type TEventMessage = Extract<TRealtimeServerMessage, { kind: 'event' }>;
const isEvent =
  (type: string, match: (m: TEventMessage) => boolean = () => true) =>
  (m: TRealtimeServerMessage): m is TEventMessage =>
    m.kind === 'event' && m.type === type && match(m);

describeDb('realtime gateway', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let other: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let outsider: TTestUser;
  let outsiderPeer: TTestUser;
  const tokens = new Map<string, string>();
  let nowMs = Date.parse('2026-06-01T12:00:00Z');
  const clients: TestRealtimeClient[] = [];
  let port = 0;
  const open = async (host: string) => {
    const client = await TestRealtimeClient.connect({ port, host });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date(nowMs) });
    // Real sockets: closing one reaches the server at once (injected sockets only close on a timeout).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    cluster = await createCluster(t.database.db);
    other = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { id: 1_000_000 + Math.floor(Math.random() * 900_000) });
    otherHub = await createHub(t.database.db, other);
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam' });
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Alex' });
    outsider = await createUser(t.database.db, other, { hub: otherHub });
    outsiderPeer = await createUser(t.database.db, other, { hub: otherHub, userType: 'alumni' });
    for (const [c, u] of [
      [cluster, student],
      [cluster, alumnus],
      [other, outsider],
      [other, outsiderPeer],
    ] as const) {
      tokens.set(u.id, (await signIn(t.app, c, u)).token);
    }
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t.close();
  });

  const clusterOf = (user: TTestUser) => (user === outsider || user === outsiderPeer ? other : cluster);
  const hubOf = (user: TTestUser) => (user === outsider || user === outsiderPeer ? otherHub : hub);
  const call = (user: TTestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: clusterOf(user).host,
        authorization: `Bearer ${tokens.get(user.id)}`,
        'x-hub-id': hubOf(user).identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const realtimeToken = async (user: TTestUser) => {
    const response = await call(user, 'GET', REALTIME_PATHS.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  };
  const connect = async (user: TTestUser, lastSeq: number | null = null, host = clusterOf(user).host) => {
    const client = await open(host);
    const ready = await client.hello(await realtimeToken(user), lastSeq);
    return { client, ready };
  };
  const startThread = async (from: TTestUser, to: TTestUser, body = '<p>Hello</p>') => {
    const response = await call(from, 'POST', '/api/inbox/threads', {
      recipientId: to.id,
      messageType: 'message',
      body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };

  describe('token', () => {
    it('answers a short-lived token and the region of the hub (spec 7; 1,000,000-1,999,999 is au)', async () => {
      const response = await call(student, 'GET', REALTIME_PATHS.token);
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        token: string;
        region: string;
        expiresAt: string;
        iceServers: unknown[];
      }>();
      expect(body.region).toBe('au');
      // No ICE_SERVERS in the test configuration: the video room uses direct connections only.
      expect(body.iceServers).toEqual([]);
      expect(Date.parse(body.expiresAt) - nowMs).toBe(10 * 60 * 1000);
      const { payload } = await jwtVerify(body.token, t.app.deps.config.jwtSecret, {
        audience: 'commons:realtime',
        currentDate: new Date(nowMs),
      });
      expect(payload).toMatchObject({ sub: student.id, cid: cluster.clusterId });
    });

    it('defaults the region to us for a hub outside the regional ranges', async () => {
      const response = await call(outsider, 'GET', REALTIME_PATHS.token);
      expect(response.json().region).toBe('us');
    });

    it('refuses without a session (401)', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: REALTIME_PATHS.token,
        headers: { host: cluster.host },
      });
      expect(response.statusCode).toBe(401);
    });

    it('is not accepted as an API access token', async () => {
      const token = await realtimeToken(student);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('authentication', () => {
    it('closes with 4401 on a bad token', async () => {
      const client = await open(cluster.host);
      client.send({ kind: 'hello', token: 'not-a-token', lastSeq: null, state: 'online' });
      expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });

    it('closes with 4401 when an API access token is used instead of a realtime token', async () => {
      const client = await open(cluster.host);
      client.send({ kind: 'hello', token: tokens.get(student.id) ?? '', lastSeq: null, state: 'online' });
      expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });

    it('closes with 4401 when a token of cluster A is presented on cluster B’s host', async () => {
      const token = await realtimeToken(student);
      const client = await open(other.host);
      client.send({ kind: 'hello', token, lastSeq: null, state: 'online' });
      expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });

    it('closes with 4400 on a message that is not in the contract', async () => {
      const client = await open(cluster.host);
      client.send({ kind: 'subscribe-everything' });
      expect((await client.closed).code).toBe(REALTIME_CLOSE.badMessage);
    });

    it('refuses a token whose session was signed out', async () => {
      const user = await createUser(t.database.db, cluster, { hub });
      const session = await signIn(t.app, cluster, user);
      tokens.set(user.id, session.token);
      const token = await realtimeToken(user);
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.userId, user.id)),
      );
      const client = await open(cluster.host);
      client.send({ kind: 'hello', token, lastSeq: null, state: 'online' });
      expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });
  });

  describe('events', () => {
    it('delivers a new thread and its first message to the recipient live, with invalidation hints', async () => {
      const { client } = await connect(alumnus);
      const threadId = await startThread(student, alumnus, '<p>Hi Alex</p>');
      const created = await client.waitFor(isEvent('inbox.thread', (m) => m.payload.threadId === threadId));
      expect(created.payload).toMatchObject({ change: 'created', hubId: String(hub.id) });
      const message = await client.waitFor(isEvent('inbox.message', (m) => m.payload.threadId === threadId));
      expect(message.payload).toMatchObject({ fromUserId: student.id });
      expect(message.invalidate).toEqual([['inbox']]);
      expect(message.seq).toBe(created.seq + 1);
      await client.close();
    });

    it('delivers replies to both participants and a read receipt only to the reader', async () => {
      const { client: alumnusClient } = await connect(alumnus);
      const { client: studentClient } = await connect(student);
      const threadId = await startThread(student, alumnus);
      await call(alumnus, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: '<p>Sure</p>' });
      const reply = await studentClient.waitFor(
        isEvent(
          'inbox.message',
          (m) => m.payload.threadId === threadId && m.payload.fromUserId === alumnus.id,
        ),
      );
      expect(reply.payload.fromUserId).toBe(alumnus.id);
      await call(student, 'POST', `/api/inbox/threads/${threadId}/read`);
      const removed = await studentClient.waitFor(
        isEvent('inbox.unread-removed', (m) => m.payload.threadId === threadId),
      );
      expect(removed.invalidate).toEqual([['inbox', 'unread-count']]);
      await settle();
      // Reading is private: the other participant is not told.
      expect(
        alumnusClient.messages.some(isEvent('inbox.unread-removed', (m) => m.payload.threadId === threadId)),
      ).toBe(false);
      await alumnusClient.close();
      await studentClient.close();
    });

    it('never delivers an event of cluster B to a socket of cluster A', async () => {
      const { client: insider } = await connect(student);
      const { client: outsiderClient } = await connect(outsiderPeer);
      await startThread(outsider, outsiderPeer, '<p>Only for B</p>');
      await outsiderClient.waitFor(isEvent('inbox.message'));
      await settle(200);
      expect(insider.events().some((e) => JSON.stringify(e).includes(outsider.id))).toBe(false);
      // Presence of B's users is not visible from A either: the subscription answers nothing for them.
      insider.send({ kind: 'presence.subscribe', userIds: [outsiderPeer.id] });
      await settle(300);
      expect(insider.messages.some((m) => m.kind === 'presence' && m.userId === outsiderPeer.id)).toBe(false);
      // Nor can A type into or join the room of B's thread.
      const threadOfB = await outsiderClient.waitFor(isEvent('inbox.message'));
      insider.send({ kind: 'typing', threadId: String(threadOfB.payload.threadId) });
      expect(await insider.waitFor((m) => m.kind === 'error')).toMatchObject({ code: 'thread_not_found' });
      await insider.close();
      await outsiderClient.close();
    });

    it('emits nothing when the transaction rolls back', async () => {
      const before = await countEvents(alumnus);
      await expect(
        withTenant(t.database.db, { clusterId: cluster.clusterId, userId: student.id }, async (tx) => {
          await emitToUsers(tx, cluster.clusterId, [alumnus.id], {
            type: 'calendar.sync-prompt',
            payload: { hubId: null },
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await countEvents(alumnus)).toBe(before);
    });

    it('lets a user read only their own events (RLS)', async () => {
      await startThread(student, alumnus);
      const seen = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, userId: student.id },
        (tx) => queryRows<{ user_id: string }>(tx, sql`select user_id from realtime_events`),
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((r) => r.user_id))).toEqual(new Set([student.id]));
    });
  });

  describe('reconnect', () => {
    it('replays every event missed while offline, in order, then says ready', async () => {
      const { client, ready } = await connect(alumnus);
      await client.close();
      const threadId = await startThread(student, alumnus, '<p>While you were away</p>');
      await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: '<p>and another</p>' });
      await t.app.deps.realtime.drain();

      const again = await open(cluster.host);
      const readyAgain = await again.hello(await realtimeToken(alumnus), ready.lastSeq);
      const replayed = again.events();
      // Each message also notifies the recipient (issue #5 item 4): its notification.created is replayed too.
      expect(replayed.map((e) => e.seq)).toEqual(replayed.map((_, index) => ready.lastSeq + 1 + index));
      expect(replayed.map((e) => e.type)).toEqual([
        'inbox.thread',
        'inbox.message',
        'notification.created',
        'inbox.message',
        'notification.created',
      ]);
      expect(readyAgain.lastSeq).toBe(ready.lastSeq + replayed.length);
      expect(again.messages.findIndex((m) => m.kind === 'ready')).toBe(replayed.length);
      await again.close();
    });

    it('replays to a page’s first socket what happened after its token was issued (the socket was still opening)', async () => {
      const tokenResponse = await call(alumnus, 'GET', REALTIME_PATHS.token);
      expect(tokenResponse.statusCode, tokenResponse.body).toBe(200);
      const { token, lastSeq } = tokenResponse.json<{ token: string; lastSeq: number }>();
      expect(lastSeq).toBeGreaterThanOrEqual(0);
      // Between the token and the hello: a message arrives for the page's user.
      await startThread(student, alumnus, '<p>While your page was loading</p>');
      await t.app.deps.realtime.drain();

      const page = await open(cluster.host);
      const ready = await page.hello(token, lastSeq);
      const replayed = page.events();
      expect(replayed.map((e) => e.type)).toEqual(expect.arrayContaining(['inbox.thread', 'inbox.message']));
      expect(replayed[0]?.seq).toBe(lastSeq + 1);
      expect(ready.lastSeq).toBe(lastSeq + replayed.length);
      await page.close();
    });

    it('tells a client whose last sequence is unknown to resync', async () => {
      const client = await open(cluster.host);
      client.send({
        kind: 'hello',
        token: await realtimeToken(alumnus),
        lastSeq: 1_000_000,
        state: 'online',
      });
      const resync = await client.waitFor((m) => m.kind === 'resync');
      const ready = await client.waitFor(
        (m): m is Extract<TRealtimeServerMessage, { kind: 'ready' }> => m.kind === 'ready',
      );
      expect(resync).toEqual({ kind: 'resync', lastSeq: ready.lastSeq });
      await client.close();
    });

    it('tells a client whose missed events were pruned (14 days) to resync', async () => {
      const { client, ready } = await connect(alumnus);
      await client.close();
      await withTenant(t.database.db, { clusterId: cluster.clusterId, userId: student.id }, (tx) =>
        emitToUsers(tx, cluster.clusterId, [alumnus.id], {
          type: 'calendar.sync-prompt',
          payload: { hubId: null },
        }),
      );
      await t.app.deps.realtime.drain();
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx
          .update(realtimeEvents)
          .set({ createdAt: new Date(nowMs - 15 * 24 * 60 * 60 * 1000) })
          .where(eq(realtimeEvents.userId, alumnus.id)),
      );
      expect(await pruneRealtimeEvents(t.database.db, new Date(nowMs))).toBeGreaterThan(0);
      const again = await open(cluster.host);
      again.send({
        kind: 'hello',
        token: await realtimeToken(alumnus),
        lastSeq: ready.lastSeq,
        state: 'online',
      });
      expect(await again.waitFor((m) => m.kind === 'resync')).toEqual({
        kind: 'resync',
        lastSeq: ready.lastSeq + 1,
      });
      await again.close();
    });

    it('fills a gap from the database when a later event arrives first (another process published it)', async () => {
      const { client, ready } = await connect(alumnus);
      // Two committed events that no relay has published yet…
      await withTenant(t.database.db, { clusterId: cluster.clusterId, userId: student.id }, async (tx) => {
        await emitToUsers(tx, cluster.clusterId, [alumnus.id], {
          type: 'calendar.sync-prompt',
          payload: { hubId: null },
        });
        await emitToUsers(tx, cluster.clusterId, [alumnus.id], {
          type: 'signup.blocking',
          payload: { hubId: String(hub.id) },
        });
      });
      // …and only the second one reaches this process's bus.
      await t.app.deps.realtime.bus.publish(clusterTopic(cluster.clusterId), {
        kind: 'events',
        events: [
          {
            userId: alumnus.id,
            seq: ready.lastSeq + 2,
            type: 'signup.blocking',
            payload: { hubId: String(hub.id) },
            createdAt: new Date().toISOString(),
          },
        ],
      });
      await client.waitFor(isEvent('signup.blocking'));
      expect(client.events().map((e) => [e.seq, e.type])).toEqual([
        [ready.lastSeq + 1, 'calendar.sync-prompt'],
        [ready.lastSeq + 2, 'signup.blocking'],
      ]);
      await t.app.deps.realtime.drain();
      await settle();
      expect(client.events()).toHaveLength(2);
      await client.close();
    });
  });

  describe('presence (spec 4)', () => {
    it('is online with an online socket, away when every page is hidden, offline-away after the last socket', async () => {
      const { client: watcher } = await connect(student);
      const { client: alumnusClient } = await connect(alumnus);
      watcher.send({ kind: 'presence.subscribe', userIds: [alumnus.id] });
      await watcher.waitFor((m) => m.kind === 'presence' && m.userId === alumnus.id && m.status === 'online');

      alumnusClient.send({ kind: 'state', state: 'away' });
      await watcher.waitFor((m) => m.kind === 'presence' && m.userId === alumnus.id && m.status === 'away');

      const mark = watcher.messages.length;
      const { client: secondTab } = await connect(alumnus);
      await watcher.waitFor(
        (m) => watcher.messages.indexOf(m) >= mark && m.kind === 'presence' && m.status === 'online',
      );
      await secondTab.close();
      await alumnusClient.close();
      const last = await watcher.waitFor(
        (m) => m.kind === 'presence' && m.userId === alumnus.id && m.status === 'offline-away',
      );
      expect(last).toMatchObject({ lastOnlineAt: new Date(nowMs).toISOString() });
      await watcher.close();
    });

    it('is offline 48 hours after the last activity (spec 9 window)', async () => {
      const savedNow = nowMs;
      const status = async () =>
        (await t.app.deps.realtime.gateway.presenceOf(cluster.clusterId, [alumnus.id])).get(alumnus.id)
          ?.status;
      nowMs = savedNow + 172_800_000;
      expect(await status()).toBe('offline-away');
      nowMs = savedNow + 172_800_001;
      expect(await status()).toBe('offline');
      nowMs = savedNow;
    });

    it('shows an always-offline user as offline while connected, and hides the last activity', async () => {
      const { client: watcher } = await connect(student);
      const { client: alumnusClient } = await connect(alumnus);
      watcher.send({ kind: 'presence.subscribe', userIds: [alumnus.id] });
      await watcher.waitFor((m) => m.kind === 'presence' && m.status === 'online');
      const put = await call(alumnus, 'PUT', REALTIME_PATHS.presenceSettings, { isAlwaysOffline: true });
      expect(put.json()).toEqual({ isAlwaysOffline: true });
      const hidden = await watcher.waitFor((m) => m.kind === 'presence' && m.status === 'offline');
      expect(hidden).toMatchObject({ lastOnlineAt: null });
      expect((await call(alumnus, 'GET', REALTIME_PATHS.presenceSettings)).json()).toEqual({
        isAlwaysOffline: true,
      });
      await call(alumnus, 'PUT', REALTIME_PATHS.presenceSettings, { isAlwaysOffline: false });
      await alumnusClient.close();
      await watcher.close();
    });
  });

  describe('who sees whose presence (issue #13 item 7)', () => {
    it('shows presence only to people who share a hub or a thread', async () => {
      const elsewhere = await createHub(t.database.db, cluster);
      const stranger = await createUser(t.database.db, cluster, { hub: elsewhere, firstName: 'Stan' });
      const penPal = await createUser(t.database.db, cluster, { hub: elsewhere, firstName: 'Pat' });
      tokens.set(stranger.id, (await signIn(t.app, cluster, stranger)).token);
      tokens.set(penPal.id, (await signIn(t.app, cluster, penPal)).token);
      // The pen pal also joins the student's hub long enough to start a thread, then the thread remains.
      const { client: strangerSocket } = await connect(stranger);
      const { client: watcher } = await connect(student);
      watcher.send({ kind: 'presence.subscribe', userIds: [stranger.id, alumnus.id] });
      await watcher.waitFor((m) => m.kind === 'presence' && m.userId === alumnus.id);
      await settle(300);
      expect(watcher.messages.some((m) => m.kind === 'presence' && m.userId === stranger.id)).toBe(false);
      // Status changes of the stranger never reach the watcher either.
      strangerSocket.send({ kind: 'state', state: 'away' });
      await settle(300);
      expect(watcher.messages.some((m) => m.kind === 'presence' && m.userId === stranger.id)).toBe(false);

      // The pen pal was a member of the student's hub when they started talking, and left it since.
      const asCluster = <T>(work: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
        withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
      await asCluster((tx) =>
        tx.insert(hubMemberships).values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          userId: penPal.id,
          userTypeId: hub.userTypeIds.alumni,
          approved: true,
          importStatus: 'joined',
        }),
      );
      await startThread(student, penPal);
      await asCluster((tx) =>
        tx
          .delete(hubMemberships)
          .where(and(eq(hubMemberships.userId, penPal.id), eq(hubMemberships.hubId, hub.id))),
      );
      watcher.send({ kind: 'presence.subscribe', userIds: [penPal.id] });
      await watcher.waitFor((m) => m.kind === 'presence' && m.userId === penPal.id);
      await strangerSocket.close();
      await watcher.close();
    });
  });

  describe('sockets of ended sessions (issue #13 item 6)', () => {
    it('closes a session’s sockets on sign-out, the other sessions’ on a password change, and all on deletion', async () => {
      const leaver = await createUser(t.database.db, cluster, { hub, firstName: 'Lee' });
      const first = await signIn(t.app, cluster, leaver);
      const second = await signIn(t.app, cluster, leaver);
      const third = await signIn(t.app, cluster, leaver);
      const socketOf = async (token: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: REALTIME_PATHS.token,
          headers: { host: cluster.host, authorization: `Bearer ${token}` },
        });
        const client = await open(cluster.host);
        await client.hello(response.json<{ token: string }>().token);
        return client;
      };
      const [a, b, c] = [
        await socketOf(first.token),
        await socketOf(second.token),
        await socketOf(third.token),
      ];
      const auth = (token: string) => ({ host: cluster.host, authorization: `Bearer ${token}` });

      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: auth(first.token) }))
          .statusCode,
      ).toBe(200);
      expect((await a.closed).code).toBe(REALTIME_CLOSE.unauthorized);
      expect(b.socket.readyState).toBe(b.socket.OPEN);

      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: auth(second.token),
        payload: { currentPassword: 'Test-password-1', newPassword: 'Another-pass1' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await c.closed).code).toBe(REALTIME_CLOSE.unauthorized);
      await settle(200);
      expect(b.socket.readyState).toBe(b.socket.OPEN);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: auth(second.token),
        payload: { password: 'Another-pass1' },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await b.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    });
  });

  describe('typing (spec 4, spec 9)', () => {
    it('reaches the other participant, at most once per 2 seconds per thread', async () => {
      const threadId = await startThread(student, alumnus);
      const { client: alumnusClient } = await connect(alumnus);
      const { client: studentClient } = await connect(student);
      studentClient.send({ kind: 'typing', threadId });
      const typing = await alumnusClient.waitFor((m) => m.kind === 'typing');
      expect(typing).toEqual({
        kind: 'typing',
        threadId,
        userId: student.id,
        at: new Date(nowMs).toISOString(),
      });
      nowMs += 1999;
      studentClient.send({ kind: 'typing', threadId });
      await settle(150);
      expect(alumnusClient.messages.filter((m) => m.kind === 'typing')).toHaveLength(1);
      nowMs += 1;
      studentClient.send({ kind: 'typing', threadId });
      await alumnusClient.waitFor((m) => m.kind === 'typing' && m.at === new Date(nowMs).toISOString());
      // The typist's own sockets are not told.
      expect(studentClient.messages.some((m) => m.kind === 'typing')).toBe(false);
      await alumnusClient.close();
      await studentClient.close();
    });
  });

  describe('video room signalling (spec 4 inbox-meeting participant connected or disconnected)', () => {
    it('tells each participant who is in the room and relays signals only inside it', async () => {
      const threadId = await startThread(student, alumnus);
      const { client: a } = await connect(student);
      const { client: b } = await connect(alumnus);
      a.send({ kind: 'signal', threadId, data: { sdp: 'x' } });
      expect(await a.waitFor((m) => m.kind === 'error')).toMatchObject({ code: 'not_in_room' });

      a.send({ kind: 'room.join', threadId });
      await b.waitFor((m) => m.kind === 'room' && m.userId === student.id && m.isConnected);
      b.send({ kind: 'room.join', threadId });
      await a.waitFor((m) => m.kind === 'room' && m.userId === alumnus.id && m.isConnected);
      // The newcomer learns that the other participant was already there.
      await b.waitFor(
        (m) =>
          m.kind === 'room' &&
          m.userId === student.id &&
          m.isConnected &&
          b.messages.filter((x) => x.kind === 'room').length >= 2,
      );

      a.send({ kind: 'signal', threadId, data: { type: 'offer', sdp: 'v=0' } });
      expect(await b.waitFor((m) => m.kind === 'signal')).toEqual({
        kind: 'signal',
        threadId,
        fromUserId: student.id,
        data: { type: 'offer', sdp: 'v=0' },
      });

      await b.close();
      await a.waitFor((m) => m.kind === 'room' && m.userId === alumnus.id && !m.isConnected);
      await a.close();
    });

    it('answers a page that asks (room.peek) after the other participant joined, without telling them', async () => {
      const threadId = await startThread(student, alumnus);
      const { client: a } = await connect(student);
      a.send({ kind: 'room.join', threadId });
      // The alumnus's page opens after the student joined: only asking tells it who is there.
      const { client: b } = await connect(alumnus);
      b.send({ kind: 'room.peek', threadId });
      expect(await b.waitFor((m) => m.kind === 'room')).toEqual({
        kind: 'room',
        threadId,
        userId: student.id,
        isConnected: true,
      });
      // The peek itself reaches nobody: the student's next room message is the alumnus joining for real.
      b.send({ kind: 'room.join', threadId });
      expect(await a.waitFor((m) => m.kind === 'room')).toMatchObject({
        userId: alumnus.id,
        isConnected: true,
      });
      expect(a.messages.filter((m) => m.kind === 'room')).toHaveLength(1);
      await b.close();
      await a.close();
    });
  });

  async function countEvents(user: TTestUser): Promise<number> {
    const rows = await withTenant(t.database.db, { clusterId: cluster.clusterId, userId: user.id }, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(realtimeEvents)
        .where(eq(realtimeEvents.userId, user.id)),
    );
    return rows[0]?.n ?? 0;
  }
});
