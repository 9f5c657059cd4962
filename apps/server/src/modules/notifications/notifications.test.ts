import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestCluster, TTestHub, TTestUser } from '../../../test/factories.js';
import { openHubMembers, type THubMembers } from '../../../test/hub-members.js';
import { describeDb, type TTestApp } from '../../../test/test-app.js';
import { notifications, realtimeEvents } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TNote = {
  id: string;
  type: string;
  isUnread: boolean;
  title: string;
  url: string | null;
  actor: { id: string } | null;
  payload: Record<string, unknown>;
};

describeDb('notifications', () => {
  let w: THubMembers;
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let other: TTestUser;

  beforeAll(async () => {
    w = await openHubMembers();
    ({ t, cluster, hub } = w);
    student = await w.member({ firstName: 'Sam', lastName: 'Student' });
    alumnus = await w.member({ firstName: 'Alex', lastName: 'Alumna', userType: 'alumni' });
    other = await w.member({ firstName: 'Olly', lastName: 'Other' });
  });
  afterAll(async () => t.close());

  const call = (user: TTestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    w.call(user, method, url, payload);
  const list = async (user: TTestUser, query = '') => {
    const response = await call(user, 'GET', `/api/notifications${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: TNote[]; nextCursor: string | null; unreadCount: number }>();
  };
  const start = async (from: TTestUser, to: TTestUser, messageType = 'message') => {
    const response = await call(from, 'POST', '/api/inbox/threads', {
      recipientId: to.id,
      messageType,
      body: '<p>Hello there</p>',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const readAll = (user: TTestUser) => call(user, 'POST', '/api/notifications/read-all', {});

  describe('inbox', () => {
    it('notifies the recipient of a new message (never the sender) and pushes it over the realtime gateway', async () => {
      const threadId = await start(student, alumnus);
      const mine = await list(alumnus);
      const note = mine.items[0];
      expect(note).toMatchObject({
        type: 'inbox.message',
        isUnread: true,
        title: 'Sam Student sent you a message',
        url: `/inbox/${alumnus.identifier}/thread/${threadId}`,
        actor: { id: student.id },
        hubId: String(hub.id),
        payload: { threadId, messageType: 'message' },
      });
      expect(mine.unreadCount).toBeGreaterThan(0);
      expect((await list(student)).items.filter((n) => n.payload.threadId === threadId)).toHaveLength(0);
      const pushed = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select()
            .from(realtimeEvents)
            .where(
              and(eq(realtimeEvents.userId, alumnus.id), eq(realtimeEvents.type, 'notification.created')),
            ),
      );
      expect(pushed.map((e) => e.payload)).toContainEqual({
        notificationId: note?.id,
        notificationType: 'inbox.message',
        isToastForced: false,
      });
    });

    it('notifies mentorship requests, acceptance and closing to the other participant', async () => {
      const threadId = await start(student, alumnus, 'longTermMentorship');
      const request = (await list(alumnus, '?type=inbox.mentorship-requested')).items[0];
      expect(request).toMatchObject({
        title: 'Sam Student sent you a long-term mentorship request',
        payload: { threadId, messageType: 'longTermMentorship' },
      });
      expect((await call(alumnus, 'POST', `/api/inbox/threads/${threadId}/accept`, {})).statusCode).toBe(200);
      expect((await list(student, '?type=inbox.mentorship-accepted')).items[0]).toMatchObject({
        title: 'Alex Alumna accepted your long-term mentorship request',
        payload: { threadId },
      });
      const closed = await call(student, 'POST', `/api/inbox/threads/${threadId}/close`, {});
      expect(closed.statusCode, closed.body).toBe(200);
      expect((await list(alumnus, '?type=inbox.mentorship-closed')).items[0]).toMatchObject({
        title: 'Sam Student closed your mentorship',
        payload: { threadId },
      });
    });

    it('notifies a declined request', async () => {
      const threadId = await start(other, alumnus, 'longTermMentorship');
      expect((await call(alumnus, 'POST', `/api/inbox/threads/${threadId}/reject`, {})).statusCode).toBe(200);
      expect((await list(other, '?type=inbox.mentorship-rejected')).items[0]).toMatchObject({
        title: 'Alex Alumna declined your long-term mentorship request',
      });
    });

    it('reading the thread reads its message notifications', async () => {
      const threadId = await start(other, student);
      await call(other, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: '<p>Second</p>' });
      const before = (await list(student, '?unread=true&category=inbox')).items.filter(
        (n) => n.payload.threadId === threadId,
      );
      expect(before).toHaveLength(2);
      expect((await call(student, 'POST', `/api/inbox/threads/${threadId}/read`, {})).statusCode).toBe(200);
      const after = (await list(student, '?unread=true&category=inbox')).items.filter(
        (n) => n.payload.threadId === threadId,
      );
      expect(after).toHaveLength(0);
    });
  });

  describe('meetings', () => {
    it('notifies a meeting request, its acceptance and its cancellation', async () => {
      const threadId = await start(student, other);
      const created = await call(student, 'POST', `/api/inbox/threads/${threadId}/meetings`, {
        medium: 'email',
        durationMinutes: 30,
        proposedTimes: [],
        timezone: 'UTC',
      });
      expect(created.statusCode, created.body).toBe(201);
      const meeting = created.json<{ meeting: { id: string; meetingToken: string } }>().meeting;
      expect((await list(other, '?type=meeting.requested')).items[0]).toMatchObject({
        title: 'Sam Student requested a meeting',
        url: `/inbox/${other.identifier}/meeting/${meeting.meetingToken}`,
        payload: { threadId, meetingId: meeting.id },
      });
      const accepted = await call(other, 'POST', `/api/meetings/${meeting.id}/accept`, {});
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await list(student, '?type=meeting.accepted')).items[0]).toMatchObject({
        title: 'Olly Other accepted the meeting',
        payload: { meetingId: meeting.id },
      });
      const cancelled = await call(student, 'POST', `/api/meetings/${meeting.id}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await list(other, '?category=meetings')).items[0]).toMatchObject({
        type: 'meeting.cancelled',
        title: 'Sam Student canceled the meeting',
      });
    });
  });

  describe('list, count and read marks', () => {
    it('pages newest first with an opaque cursor and filters unread, type and category', async () => {
      const reader = await w.member({ firstName: 'Rita', lastName: 'Reader' });
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await start([student, alumnus, other][i] as TTestUser, reader));
      const first = await list(reader, '?limit=2');
      expect(first.items.map((n) => n.payload.threadId)).toEqual([ids[2], ids[1]]);
      expect(first.unreadCount).toBe(3);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await list(reader, `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
      expect(second.items.map((n) => n.payload.threadId)).toEqual([ids[0]]);
      expect(second.nextCursor).toBeNull();
      const firstId = first.items[0]?.id ?? '';
      const marked = await call(reader, 'POST', `/api/notifications/${firstId}/read`, {});
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().notification).toMatchObject({ id: firstId, isUnread: false });
      const unread = await list(reader, '?unread=true');
      expect(unread.items.map((n) => n.id)).not.toContain(firstId);
      expect(unread.unreadCount).toBe(2);
      expect((await list(reader, '?type=meeting.requested')).items).toHaveLength(0);
      expect((await list(reader, '?category=inbox')).items).toHaveLength(3);
      expect((await list(reader, '?category=content')).items).toHaveLength(0);
      const count = await call(reader, 'GET', '/api/notifications/unread-count');
      expect(count.json()).toEqual({ count: 2, display: '' });
      const all = await readAll(reader);
      expect(all.json()).toEqual({ markedCount: 2, unreadCount: 0 });
    });

    it('filters by the group the bell lists under, keyset-paged, and marks one group read (issue #16 item 1)', async () => {
      const grouped = await w.member({ firstName: 'Gus', lastName: 'Grouped' });
      const requests = [];
      for (const from of [student, alumnus, other])
        requests.push(await start(from, grouped, 'longTermMentorship'));
      const chat = await start(student, grouped, 'message');
      const first = await list(grouped, '?group=requests&limit=2');
      expect(first.items.map((n) => n.payload.threadId)).toEqual([requests[2], requests[1]]);
      expect(first.items.every((n) => n.type === 'inbox.mentorship-requested')).toBe(true);
      expect(first.unreadCount).toBe(3);
      const rest = await list(
        grouped,
        `?group=requests&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      );
      expect(rest.items.map((n) => n.payload.threadId)).toEqual([requests[0]]);
      expect(rest.nextCursor).toBeNull();
      expect((await list(grouped, '?group=other')).items.map((n) => n.payload.threadId)).toEqual([chat]);
      expect((await list(grouped, '?group=mentions')).items).toEqual([]);

      const marked = await call(grouped, 'POST', '/api/notifications/read-all', { group: 'requests' });
      expect(marked.json()).toEqual({ markedCount: 3, unreadCount: 1 });
      expect((await list(grouped, '?unread=true')).items.map((n) => n.payload.threadId)).toEqual([chat]);
      expect((await call(grouped, 'GET', '/api/notifications?group=everything')).statusCode).toBe(400);
    });

    it('shows the unread count by the spec 9 count display rules', async () => {
      const busy = await w.member({ firstName: 'Bea', lastName: 'Busy' });
      const threadId = await start(student, busy);
      for (let i = 0; i < 11; i++)
        await call(student, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: `<p>Ping ${i}</p>` });
      expect((await call(busy, 'GET', '/api/notifications/unread-count')).json()).toEqual({
        count: 12,
        display: '12',
      });
      expect((await call(busy, 'GET', '/api/notifications/unread-count?category=meetings')).json()).toEqual({
        count: 0,
        display: '',
      });
      const byCategory = await call(busy, 'POST', '/api/notifications/read-all', { category: 'meetings' });
      expect(byCategory.json()).toEqual({ markedCount: 0, unreadCount: 12 });
    });

    it('refuses bad filters, cursors and ids with 400', async () => {
      for (const query of [
        '?type=bogus',
        '?unread=maybe',
        '?category=everything',
        '?limit=0',
        '?limit=101',
        '?cursor=not-a-cursor',
      ]) {
        const response = await call(student, 'GET', `/api/notifications${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
      expect((await call(student, 'POST', '/api/notifications/not-a-uuid/read', {})).statusCode).toBe(400);
      expect((await call(student, 'POST', '/api/notifications/read-all', { type: 'bogus' })).statusCode).toBe(
        400,
      );
    });

    it('answers 404 for someone else’s notification and leaves it unread', async () => {
      await start(other, alumnus);
      const theirs = (await list(alumnus, '?unread=true')).items[0];
      expect(theirs).toBeDefined();
      const response = await call(student, 'POST', `/api/notifications/${theirs?.id}/read`, {});
      expect(response.statusCode).toBe(404);
      const [row] = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select({ readAt: notifications.readAt })
            .from(notifications)
            .where(eq(notifications.id, theirs?.id ?? '')),
      );
      expect(row?.readAt).toBeNull();
      expect(
        (await call(student, 'POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read', {}))
          .statusCode,
      ).toBe(404);
    });

    it('needs a signed-in user', async () => {
      for (const [method, url] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread-count'],
        ['POST', '/api/notifications/read-all'],
      ] as const) {
        expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      }
    });
  });
});
