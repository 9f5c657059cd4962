import { OUTREACH_TEMPLATES, NO_AVAILABLE_DATES_MESSAGE } from '@commons/domain';
import { eq } from 'drizzle-orm';
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
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import type { TTx } from '../../db/client.js';
import {
  hubSettings,
  users,
  userTypes,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

const LIMIT_MESSAGE = (n: number) =>
  `You already have the maximum number of allowed ongoing or pending requests. You are allowed ${n} requests or connections at a time.`;

describeDb('inbox threads and messages', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let tokens: Map<string, string>;
  // Each clock read moves 10 ms, so messages of one test have distinct, ordered timestamps.
  let nowMs = Date.parse('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 10)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      const messageTypes = { flashMentorship: { maxMessages: 2 }, scheduleInterview: { enabled: true } };
      await tx
        .update(hubSettings)
        .set({ settings: { ...row.settings, moduleSettings: { messageTypes } } })
        .where(eq(hubSettings.hubId, hub.id));
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Alumna',
    });
    tokens = new Map([
      [student.id, (await signIn(t.app, cluster, student)).token],
      [alumnus.id, (await signIn(t.app, cluster, alumnus)).token],
    ]);
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const start = async (
    from: TTestUser,
    to: TTestUser,
    body = '<p>Hello there</p>',
    messageType = 'message',
  ) => {
    const response = await call(from, 'POST', '/api/inbox/threads', {
      recipientId: to.id,
      messageType,
      body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const setUserTypeMessaging = (type: 'student' | 'alumni', messageTypes: string[]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.update(userTypes).set({ messageTypes }).where(eq(userTypes.id, hub.userTypeIds[type])),
    );

  describe('starting and reading', () => {
    it('starts a conversation that the recipient sees unread, with the sender and a preview', async () => {
      const created = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: alumnus.id,
        messageType: 'message',
        body: '<p>Hi <b>Alex</b>, can we talk?</p>',
      });
      expect(created.statusCode).toBe(201);
      const { thread, message } = created.json();
      expect(thread).toMatchObject({
        messageType: 'message',
        status: 'accepted',
        isRequester: true,
        unreadCount: 0,
        isClosed: false,
        otherUser: { fullName: 'Alex Alumna' },
      });
      expect(message).toMatchObject({
        body: '<p>Hi <b>Alex</b>, can we talk?</p>',
        isMine: true,
        isSystemMessage: false,
      });

      const list = (await call(alumnus, 'GET', '/api/inbox/threads?tab=inbox')).json();
      const mine = list.items.find((i: { id: string }) => i.id === thread.id);
      expect(mine).toMatchObject({
        isRequester: false,
        unreadCount: 1,
        otherUser: { fullName: 'Sam Student', firstName: 'Sam', photoUrl: null },
        lastMessage: { preview: 'Hi Alex, can we talk?', fromUserId: student.id },
        can: { reply: true, archive: true, accept: false },
      });
      const before = (await call(alumnus, 'GET', '/api/inbox/unread-count')).json();
      expect(before.unreadThreads).toBeGreaterThanOrEqual(1);

      const read = await call(alumnus, 'POST', `/api/inbox/threads/${thread.id}/read`);
      expect(read.json().thread.unreadCount).toBe(0);
      const after = (await call(alumnus, 'GET', '/api/inbox/unread-count')).json();
      expect(after).toEqual({
        unreadThreads: before.unreadThreads - 1,
        unreadMessages: before.unreadMessages - 1,
        tabs: { inbox: before.tabs.inbox - 1, rooms: before.tabs.rooms },
      });

      const reply = await call(alumnus, 'POST', `/api/inbox/threads/${thread.id}/messages`, {
        body: 'Sure!',
      });
      expect(reply.statusCode).toBe(201);
      const detail = (await call(student, 'GET', `/api/inbox/threads/${thread.id}`)).json();
      expect(detail.thread).toMatchObject({
        unreadCount: 1,
        lastMessage: { preview: 'Sure!', fromUserId: alumnus.id },
      });
    });

    it('sanitises rich text to the spec allowlist and keeps allowed markup as written', async () => {
      const threadId = await start(student, alumnus);
      // Classes other than the editor's own (a.mention) are dropped (issue #13 item 2), so none here.
      const allowed =
        '<p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> <i>i</i> <b>b</b></p><ul><li>one</li></ul><ol><li>two</li></ol><div><span>x</span><br /></div><a href="https://example.org/a" target="_blank" rel="noopener noreferrer">link</a>';
      const ok = (
        await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: allowed })
      ).json();
      expect(ok.message.body).toBe(allowed);

      const hostile =
        '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a><iframe src="https://evil.test"></iframe><form action="/x"><input name="a"></form><style>p{}</style></p>';
      const cleaned = (
        await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: hostile })
      ).json();
      // The HTML parser closes the paragraph at <form>, leaving an empty one behind.
      expect(cleaned.message.body).toBe('<p>Hi<a>click</a></p><p></p>');
      for (const bad of [
        'script',
        'onerror',
        'onclick',
        'javascript:',
        'img',
        'iframe',
        'form',
        'input',
        'style',
        'alert',
      ]) {
        expect(cleaned.message.body).not.toContain(bad);
      }

      const empty = await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        body: '<script>alert(1)</script>',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.user_message).toBe('Please write a message.');
    });

    it('pages messages newest first and threads by latest activity', async () => {
      const other = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const threadId = await start(student, other, '<p>m0</p>');
      for (const n of [1, 2, 3, 4])
        await call(n % 2 ? other : student, 'POST', `/api/inbox/threads/${threadId}/messages`, {
          body: `m${n}`,
        });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/inbox/threads/${threadId}/messages?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page: { items: Array<{ body: string }>; nextCursor: string | null } = (
          await call(student, 'GET', url)
        ).json();
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((m) => m.body));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(['m4', 'm3', 'm2', 'm1', '<p>m0</p>']);

      const newest = await start(student, other, '<p>newest</p>');
      const first = (await call(student, 'GET', '/api/inbox/threads?limit=1')).json();
      expect(first.items.map((i: { id: string }) => i.id)).toEqual([newest]);
      const second = (
        await call(student, 'GET', `/api/inbox/threads?limit=1&cursor=${first.nextCursor}`)
      ).json();
      expect(second.items.map((i: { id: string }) => i.id)).toEqual([threadId]);

      expect((await call(student, 'GET', '/api/inbox/threads?cursor=not-a-cursor')).statusCode).toBe(400);
    });

    it('answers 404 to anyone who is not a participant', async () => {
      const threadId = await start(student, alumnus);
      const third = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      for (const [method, url] of [
        ['GET', `/api/inbox/threads/${threadId}`],
        ['GET', `/api/inbox/threads/${threadId}/messages`],
        ['POST', `/api/inbox/threads/${threadId}/read`],
        ['POST', `/api/inbox/threads/${threadId}/archive`],
        ['POST', `/api/inbox/threads/${threadId}/accept`],
      ] as const) {
        expect((await call(third, method, url)).statusCode, url).toBe(404);
      }
      const post = await call(third, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        body: 'intrusion',
      });
      expect(post.statusCode).toBe(404);
      expect((await call(third, 'GET', '/api/inbox/threads')).json().items).toEqual([]);
      expect((await call(third, 'GET', '/api/inbox/search?q=hello')).json().items).toEqual([]);
    });

    it('searches only my messages, by word prefix, newest first', async () => {
      const other = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      await start(student, other, '<p>Interested in astrophysics research</p>');
      const outsider = await createUser(t.database.db, cluster, { hub });
      await start(outsider, other, '<p>astrophysics as well</p>');
      const found = (await call(student, 'GET', '/api/inbox/search?q=astro')).json();
      expect(found.items.map((i: { message: { body: string } }) => i.message.body)).toEqual([
        '<p>Interested in astrophysics research</p>',
      ]);
      expect(found.items[0].thread.otherUser.id).toBe(other.id);
      expect((await call(student, 'GET', '/api/inbox/search?q=astro%20research')).json().items).toHaveLength(
        1,
      );
      expect((await call(student, 'GET', '/api/inbox/search?q=astro%20zebra')).json().items).toHaveLength(0);
    });
  });

  describe('messaging rules', () => {
    it('refuses a message type the hub has not enabled, and types the sender user type may not send', async () => {
      const other = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const disabled = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: other.id,
        messageType: 'requestResume',
        body: 'Hi',
      });
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().error.user_message).toBe('This message type is not enabled in this hub.');

      await setUserTypeMessaging('student', ['message']);
      try {
        const flash = await call(student, 'POST', '/api/inbox/threads', {
          recipientId: other.id,
          messageType: 'flashMentorship',
          body: 'Hi',
        });
        expect(flash.statusCode).toBe(403);
        expect(flash.json().error.user_message).toBe('Your user type cannot send this message type.');
        expect(
          (
            await call(student, 'POST', '/api/inbox/threads', {
              recipientId: other.id,
              messageType: 'message',
              body: 'Hi',
            })
          ).statusCode,
        ).toBe(201);

        await setUserTypeMessaging('student', [`message:${hub.userTypeIds.alumni}`]);
        const peer = await createUser(t.database.db, cluster, { hub, firstName: 'Pat' });
        const toStudent = await call(student, 'POST', '/api/inbox/threads', {
          recipientId: peer.id,
          messageType: 'message',
          body: 'Hi',
        });
        expect(toStudent.statusCode).toBe(403);
        expect(toStudent.json().error.user_message).toBe('You cannot send this message type to Pat.');
        expect(
          (
            await call(student, 'POST', '/api/inbox/threads', {
              recipientId: other.id,
              messageType: 'message',
              body: 'Hi',
            })
          ).statusCode,
        ).toBe(201);
      } finally {
        await setUserTypeMessaging('student', []);
      }
    });

    it('blocks a request beyond maxMessages with the exact spec message, and frees the slot when a request is rejected', async () => {
      const sender = await createUser(t.database.db, cluster, { hub });
      const mentors = [
        await createUser(t.database.db, cluster, { hub, userType: 'alumni' }),
        await createUser(t.database.db, cluster, { hub, userType: 'alumni' }),
        await createUser(t.database.db, cluster, { hub, userType: 'alumni' }),
      ] as const;
      const first = await start(sender, mentors[0], 'Quick chat?', 'flashMentorship');
      await start(sender, mentors[1], 'Quick chat?', 'flashMentorship');
      const third = await call(sender, 'POST', '/api/inbox/threads', {
        recipientId: mentors[2].id,
        messageType: 'flashMentorship',
        body: 'Quick chat?',
      });
      expect(third.statusCode).toBe(403);
      expect(third.json().error).toMatchObject({
        code: 'request_limit_reached',
        user_message: LIMIT_MESSAGE(2),
      });
      // Other message types have their own limit (unlimited by default).
      expect(
        (
          await call(sender, 'POST', '/api/inbox/threads', {
            recipientId: mentors[2].id,
            messageType: 'message',
            body: 'Hello',
          })
        ).statusCode,
      ).toBe(201);

      const rejected = await call(mentors[0], 'POST', `/api/inbox/threads/${first}/reject`);
      expect(rejected.json().thread).toMatchObject({
        status: 'rejected',
        isClosed: true,
        can: { reply: false },
      });
      expect(
        (
          await call(sender, 'POST', '/api/inbox/threads', {
            recipientId: mentors[2].id,
            messageType: 'flashMentorship',
            body: 'Quick chat?',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('accepts only approved members of the hub as recipients, never oneself', async () => {
      const pending = await createUser(t.database.db, cluster, { hub, approved: null });
      const otherHub = await createHub(t.database.db, cluster);
      const elsewhere = await createUser(t.database.db, cluster, { hub: otherHub });
      for (const recipient of [pending, elsewhere]) {
        const response = await call(student, 'POST', '/api/inbox/threads', {
          recipientId: recipient.id,
          messageType: 'message',
          body: 'Hi',
        });
        expect(response.statusCode).toBe(404);
      }
      const self = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: student.id,
        messageType: 'message',
        body: 'Hi',
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.user_message).toBe('You cannot send a message to yourself.');
      const pendingSender = await call(pending, 'POST', '/api/inbox/threads', {
        recipientId: alumnus.id,
        messageType: 'message',
        body: 'Hi',
      });
      expect(pendingSender.statusCode).toBe(403);
      expect(pendingSender.json().error.user_message).toBe(
        'Only approved members of this hub can send messages.',
      );
    });

    it('refuses an outreach template whose placeholders are unfilled', async () => {
      const template = OUTREACH_TEMPLATES[0]?.body ?? '';
      const response = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: alumnus.id,
        messageType: 'message',
        body: `<p>${template}</p>`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.user_message).toContain('[add school name]');
      expect(response.json().error.details.placeholders).toEqual([
        '[add name]',
        '[add school name]',
        '[add career]',
      ]);
      const filled = template
        .replace('[add name]', 'Alex')
        .replace('[add school name]', 'Hillside')
        .replace('[add career]', 'an engineer');
      expect(
        (
          await call(student, 'POST', '/api/inbox/threads', {
            recipientId: alumnus.id,
            messageType: 'message',
            body: filled,
          })
        ).statusCode,
      ).toBe(201);
    });

    it('refuses a meeting request to someone whose availability has run out', async () => {
      const busy = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx
          .update(users)
          .set({ lastAvailabilityDate: new Date('2026-01-01T00:00:00Z') })
          .where(eq(users.id, busy.id)),
      );
      const response = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: busy.id,
        messageType: 'scheduleInterview',
        body: 'Hi',
      });
      expect(response.statusCode).toBe(201);
      const flash = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: busy.id,
        messageType: 'flashMentorship',
        body: 'Hi',
      });
      expect(flash.statusCode).toBe(403);
      expect(flash.json().error.user_message).toBe(NO_AVAILABLE_DATES_MESSAGE);
    });
  });

  describe('read-only threads', () => {
    it('archives for me only: out of my inbox, read-only for me, back on unarchive or a new message', async () => {
      const other = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const threadId = await start(student, other);
      const archived = await call(student, 'POST', `/api/inbox/threads/${threadId}/archive`);
      expect(archived.json().thread).toMatchObject({
        isArchived: true,
        isClosed: true,
        can: { reply: false, unarchive: true },
      });
      const inbox = (await call(student, 'GET', '/api/inbox/threads?tab=inbox')).json();
      expect(inbox.items.map((i: { id: string }) => i.id)).not.toContain(threadId);
      const archivedTab = (await call(student, 'GET', '/api/inbox/threads?tab=archived')).json();
      expect(archivedTab.items.map((i: { id: string }) => i.id)).toContain(threadId);

      const refused = await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        body: 'still there?',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'thread_closed',
        user_message: 'You archived this conversation. Move it back to your inbox to reply.',
      });

      // The other participant still replies, and that brings the thread back to my inbox.
      expect(
        (await call(other, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: 'hello?' })).statusCode,
      ).toBe(201);
      const back = (await call(student, 'GET', `/api/inbox/threads/${threadId}`)).json();
      expect(back.thread).toMatchObject({ isArchived: false, unreadCount: 1 });

      await call(student, 'POST', `/api/inbox/threads/${threadId}/archive`);
      const restored = await call(student, 'POST', `/api/inbox/threads/${threadId}/unarchive`);
      expect(restored.json().thread).toMatchObject({ isArchived: false, can: { reply: true } });
    });

    it('runs a long-term mentorship: only the recipient accepts; closing makes it read-only', async () => {
      const mentor = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const threadId = await start(student, mentor, 'Would you mentor me?', 'longTermMentorship');
      const byRequester = await call(student, 'POST', `/api/inbox/threads/${threadId}/accept`);
      expect(byRequester.statusCode).toBe(403);
      const accepted = await call(mentor, 'POST', `/api/inbox/threads/${threadId}/accept`);
      expect(accepted.json().thread).toMatchObject({
        status: 'accepted',
        mentorshipStatus: 'active',
        can: { close: true, accept: false },
      });
      const closed = await call(student, 'POST', `/api/inbox/threads/${threadId}/close`);
      expect(closed.json().thread).toMatchObject({ mentorshipStatus: 'menteeClosed', isClosed: true });
      const posted = await call(mentor, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        body: 'one more thing',
      });
      expect(posted.statusCode).toBe(403);
      expect(posted.json().error.user_message).toBe('This conversation is closed and read-only.');
      const history = (await call(mentor, 'GET', `/api/inbox/threads/${threadId}/messages`)).json();
      expect(
        history.items.map((m: { isSystemMessage: boolean; body: string }) => [m.isSystemMessage, m.body]),
      ).toEqual([
        [true, '<p>Sam closed the mentorship.</p>'],
        [true, expect.stringContaining('accepted the request.')],
        [false, 'Would you mentor me?'],
      ]);
    });

    it("queues message.sent and mentorship.started/closed for the cluster's webhooks, without message text (issue #23 item 3)", async () => {
      const inCluster = <T>(work: (tx: TTx) => Promise<T>) =>
        withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
      const [subscription] = await inCluster((tx) =>
        tx
          .insert(webhookSubscriptions)
          .values({
            clusterId: cluster.clusterId,
            url: 'https://hooks.example.test/commons',
            events: ['message.sent', 'mentorship.started', 'mentorship.closed'],
            secret: `whsec_${'a'.repeat(43)}=`,
          })
          .returning(),
      );
      if (!subscription) throw new Error('no subscription');
      try {
        const mentor = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
        const threadId = await start(student, mentor, 'Would you mentor me?', 'longTermMentorship');
        expect((await call(mentor, 'POST', `/api/inbox/threads/${threadId}/accept`)).statusCode).toBe(200);
        expect((await call(student, 'POST', `/api/inbox/threads/${threadId}/close`)).statusCode).toBe(200);
        const queued = await inCluster((tx) =>
          tx
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.subscriptionId, subscription.id))
            .orderBy(webhookDeliveries.createdAt),
        );
        // The request is a message; 'accepted' and 'closed' are system messages, not messages sent.
        expect(queued.map((d) => d.eventType)).toEqual([
          'message.sent',
          'mentorship.started',
          'mentorship.closed',
        ]);
        const [sent, started, closed] = queued.map((d) => d.payload as { data: Record<string, unknown> });
        expect(sent?.data).toEqual({
          messageId: expect.any(String),
          threadId,
          fromUserId: student.id,
          type: 'longTermMentorship',
        });
        expect(JSON.stringify(queued)).not.toContain('Would you mentor me?');
        const mentorship = {
          threadId,
          menteeUserId: student.id,
          mentorUserId: mentor.id,
          hub: hub.identifier,
        };
        expect(started?.data).toEqual(mentorship);
        expect(closed?.data).toEqual({ ...mentorship, status: 'menteeClosed' });
      } finally {
        await inCluster((tx) =>
          tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscription.id)),
        );
      }
    });

    it('makes a thread read-only when the other member is being deleted', async () => {
      const leaving = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const threadId = await start(student, leaving);
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(users).set({ deleteRequestedAt: new Date() }).where(eq(users.id, leaving.id)),
      );
      const response = await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: 'hi' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.user_message).toBe(
        'This member is no longer on the platform, so the conversation is read-only.',
      );
    });
  });
});
