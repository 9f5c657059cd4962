import { ZGroupSettings } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
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
import { auditLog, events, groupMemberships, groups } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TItem = {
  id: string;
  kind: string;
  title: string;
  excerpt: string;
  href: string | null;
  createdAt: string;
  isPinned: boolean;
  groupId: string | null;
  can: { pin: boolean; delete: boolean; report: boolean };
};
type TFeed = { pinned: TItem[]; items: TItem[]; nextCursor: string | null; canAnnounce: boolean };

describeDb('hub and group feeds with announcements (issue #7 item 5)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let student: TTestUser;
  let alumnus: TTestUser;
  let member: TTestUser;
  let viewOnly: TTestUser;
  let groupId: string;
  const tokens = new Map<string, string>();
  // Members are stamped by the database clock; content follows them on the app clock.
  let nowMs = Date.now() + 60_000;

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
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
  const feedOf = async (user: TTestUser, query = '') => {
    const response = await call(user, 'GET', `/api/feed${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TFeed>();
  };
  const created = async (user: TTestUser, url: string, payload: object) => {
    const response = await call(user, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 1000)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['announcements', 'resources'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Alumnus',
    });
    member = await createUser(t.database.db, cluster, { hub, firstName: 'Mia', lastName: 'Member' });
    viewOnly = await createUser(t.database.db, cluster, { hub, firstName: 'Vic', lastName: 'Viewer' });
    groupId = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      async (tx) => {
        const [group] = await tx
          .insert(groups)
          .values({
            clusterId: cluster.clusterId,
            hubId: hub.id,
            identifier: 'robotics',
            groupType: 'group',
            name: 'Robotics',
            sortName: 'robotics',
            searchText: 'robotics',
            settings: ZGroupSettings.parse({}),
          })
          .returning();
        if (!group) throw new Error('group insert failed');
        await tx.insert(groupMemberships).values([
          {
            clusterId: cluster.clusterId,
            hubId: hub.id,
            groupId: group.id,
            userId: alumnus.id,
            approved: true,
            isAdmin: true,
            userJoinedAt: new Date(nowMs),
          },
          {
            clusterId: cluster.clusterId,
            hubId: hub.id,
            groupId: group.id,
            userId: member.id,
            approved: true,
            userJoinedAt: new Date(nowMs),
          },
          {
            clusterId: cluster.clusterId,
            hubId: hub.id,
            groupId: group.id,
            userId: viewOnly.id,
            approved: true,
            isAdmin: true,
            isViewOnlyAdmin: true,
            userJoinedAt: new Date(nowMs),
          },
        ]);
        return group.id;
      },
    );
  });
  afterAll(async () => t.close());

  describe('the hub feed', () => {
    let questionId: string;

    it('shows new questions, answers, resources, events, members and announcements, newest first', async () => {
      questionId = (
        await created(student, '/api/discussions/questions', {
          title: 'How do I prepare for a design interview?',
          body: '<p>Any tips?</p>',
        })
      ).question.id;
      await created(alumnus, `/api/discussions/questions/${questionId}/answers`, {
        body: '<p>Practise with a portfolio review.</p>',
      });
      await created(admin, '/api/resources', {
        typeName: 'article',
        title: 'Interview guide',
        body: '<p>Prepare stories</p>',
      });
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.insert(events).values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          createdByUserId: admin.id,
          title: 'Career fair',
          description: '<p>Meet employers</p>',
          descriptionText: 'Meet employers',
          format: 'inPerson',
          location: 'Hall A',
          startsAt: new Date('2026-07-01T16:00:00Z'),
          endsAt: new Date('2026-07-01T18:00:00Z'),
          timeZone: 'America/New_York',
          status: 'approved',
          createdAt: new Date((nowMs += 1000)),
        }),
      );
      await created(admin, '/api/announcements', {
        title: 'Welcome week',
        body: '<p>Join us <script>alert(1)</script>on Monday</p>',
      });

      const feed = await feedOf(student);
      const kinds = feed.items.map((item) => item.kind);
      expect(kinds.slice(0, 5)).toEqual(['announcement', 'event', 'resource', 'answer', 'question']);
      expect(kinds.filter((kind) => kind === 'member')).toHaveLength(5);
      const times = feed.items.map((item) => Date.parse(item.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const [announcement, event, resource, answer, question] = feed.items;
      expect(announcement).toMatchObject({
        title: 'Welcome week',
        isPinned: false,
        can: { pin: false, delete: false, report: true },
      });
      expect(feed.items[0]?.excerpt).toBe('Join us on Monday');
      expect(event).toMatchObject({ title: 'Career fair', href: expect.stringMatching(/^\/events\//) });
      expect(resource).toMatchObject({ title: 'Interview guide', href: '/resources/post/interview-guide' });
      expect(answer).toMatchObject({
        title: 'How do I prepare for a design interview?',
        excerpt: 'Practise with a portfolio review.',
      });
      expect(question?.href).toBe(
        `/discussion/question/${questionId}/how-do-i-prepare-for-a-design-interview`,
      );
      expect(question?.can.report).toBe(false);
      expect(feed.canAnnounce).toBe(false);
      expect((await feedOf(admin)).canAnnounce).toBe(true);
    });

    it('pages with a cursor without repeating or losing an item', async () => {
      const all = (await feedOf(student, '?limit=100')).items.map((item) => item.id);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: TFeed = await feedOf(student, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(3);
        walked.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(all);
      expect((await call(student, 'GET', '/api/feed?cursor=not-a-cursor')).statusCode).toBe(400);
    });

    it('puts pinned announcements first, on the first page only', async () => {
      const pinned = await created(admin, '/api/announcements', {
        title: 'Exam timetable',
        body: '<p>Out now</p>',
        isPinned: true,
      });
      expect(pinned.item).toMatchObject({ isPinned: true, can: { pin: true, delete: true, report: false } });
      const first = await feedOf(student, '?limit=2');
      expect(first.pinned.map((item) => item.title)).toEqual(['Exam timetable']);
      expect(first.items.map((item) => item.title)).not.toContain('Exam timetable');
      expect((await feedOf(student, `?limit=2&cursor=${first.nextCursor}`)).pinned).toEqual([]);

      expect(
        (await call(student, 'POST', `/api/announcements/${pinned.item.id}/pin`, { isPinned: false }))
          .statusCode,
      ).toBe(403);
      const unpinned = await call(admin, 'POST', `/api/announcements/${pinned.item.id}/pin`, {
        isPinned: false,
      });
      expect(unpinned.json().item.isPinned).toBe(false);
      const after = await feedOf(student);
      expect(after.pinned).toEqual([]);
      expect(after.items[0]?.title).toBe('Exam timetable');
    });

    it('lets only those with the announcements right announce, with the spec’s messages for bad input', async () => {
      const refused = await call(student, 'POST', '/api/announcements', { title: 'Party', body: '<p>x</p>' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Only admins can post announcements here.');
      const short = await call(admin, 'POST', '/api/announcements', { title: 'Hi', body: '<p>x</p>' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields).toMatchObject({ title: 'Please give the announcement a title.' });
      const empty = await call(admin, 'POST', '/api/announcements', {
        title: 'Empty news',
        body: '<p> </p><script>x</script>',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields).toMatchObject({ body: 'Please write the announcement.' });
      const audited = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.action, 'announcement.created'), eq(auditLog.actorUserId, admin.id))),
      );
      expect(audited).toHaveLength(2);
    });

    it('deletes an announcement for an admin, never for a member', async () => {
      const news = await created(admin, '/api/announcements', {
        title: 'Short-lived news',
        body: '<p>Soon gone</p>',
      });
      expect((await call(student, 'DELETE', `/api/announcements/${news.item.id}`)).statusCode).toBe(403);
      expect((await call(admin, 'DELETE', `/api/announcements/${news.item.id}`)).statusCode).toBe(200);
      expect((await feedOf(student)).items.map((item) => item.title)).not.toContain('Short-lived news');
      expect((await call(admin, 'DELETE', `/api/announcements/${news.item.id}`)).statusCode).toBe(404);
    });
  });

  describe('a group feed', () => {
    it('shows group content to members only, and keeps it out of outsiders’ hub feeds', async () => {
      await created(member, '/api/discussions/questions', { title: 'Who has a spare servo?', groupId });
      const groupFeed = await feedOf(member, `?groupId=${groupId}`);
      expect(groupFeed.items.map((item) => item.kind)).toContain('question');
      expect(groupFeed.items.filter((item) => item.kind === 'member')).toHaveLength(3);
      expect(groupFeed.items.every((item) => item.groupId === groupId)).toBe(true);

      expect((await feedOf(member)).items.map((item) => item.title)).toContain('Who has a spare servo?');
      expect((await feedOf(student)).items.map((item) => item.title)).not.toContain('Who has a spare servo?');
      expect((await call(student, 'GET', `/api/feed?groupId=${groupId}`)).statusCode).toBe(404);
      expect((await feedOf(admin, `?groupId=${groupId}`)).items.length).toBeGreaterThan(0);
    });

    it('lets the group’s admins announce there, never its view-only admins or members', async () => {
      expect((await feedOf(alumnus, `?groupId=${groupId}`)).canAnnounce).toBe(true);
      expect((await feedOf(viewOnly, `?groupId=${groupId}`)).canAnnounce).toBe(false);
      expect(
        (
          await call(viewOnly, 'POST', '/api/announcements', {
            title: 'Build night',
            body: '<p>x</p>',
            groupId,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(member, 'POST', '/api/announcements', {
            title: 'Build night',
            body: '<p>x</p>',
            groupId,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(alumnus, 'POST', '/api/announcements', { title: 'Build night', body: '<p>x</p>' }))
          .statusCode,
      ).toBe(403);
      const posted = await created(alumnus, '/api/announcements', {
        title: 'Build night',
        body: '<p>Thursday 6pm</p>',
        groupId,
        isPinned: true,
      });
      expect(posted.item.groupId).toBe(groupId);
      expect((await feedOf(member, `?groupId=${groupId}`)).pinned.map((item) => item.title)).toEqual([
        'Build night',
      ]);
      expect((await feedOf(member)).pinned.map((item) => item.title)).not.toContain('Build night');
    });
  });
});
