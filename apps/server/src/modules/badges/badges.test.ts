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
import { contentFiles, earnedBadges, realtimeEvents, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TBadgeBody = { id: string; title: string; isEnabled: boolean; earnedAt: string | null };

/** Badges (issue #18 item 5): admin create/edit, awards from real events exactly once, the profile section. */
describeDb('badges', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let student: TTestUser;
  let classmate: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    options: { hubIdentifier?: string; payload?: object } = {},
  ) => {
    let token = tokens.get(user.id);
    if (!token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': options.hubIdentifier ?? hub.identifier,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const earnedRows = (userId: string) =>
    asCluster((tx) =>
      tx
        .select({ badgeId: earnedBadges.badgeId, hubId: earnedBadges.hubId })
        .from(earnedBadges)
        .where(eq(earnedBadges.userId, userId)),
    );
  const badgeEvents = (userId: string) =>
    asCluster((tx) =>
      tx
        .select({ payload: realtimeEvents.payload })
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.userId, userId), eq(realtimeEvents.type, 'badge.earned'))),
    );
  const badge = (overrides: object = {}) => ({
    title: 'First answer',
    description: 'You answered a question of the community.',
    imageUrl: null,
    rule: { kind: 'answers_given', threshold: 1 },
    isEnabled: true,
    ...overrides,
  });
  const createBadge = async (body: object) => {
    const response = await call(admin, 'POST', '/api/badges', { payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TBadgeBody>();
  };
  const ask = async (user: TTestUser, title: string) => {
    const response = await call(user, 'POST', '/api/discussions/questions', { payload: { title } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ question: { id: string } }>().question.id;
  };
  const answer = (user: TTestUser, questionId: string, text: string) =>
    call(user, 'POST', `/api/discussions/questions/${questionId}/answers`, {
      payload: { body: `<p>${text}</p>` },
    });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-badges', 'groups'],
    });
    student = await createUser(t.database.db, cluster, { hub });
    classmate = await createUser(t.database.db, cluster, { hub });
  });
  afterAll(async () => t.close());

  describe('admin', () => {
    it('refuses members and hub admins without manage-badges (403)', async () => {
      const plainAdmin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['branding-settings'],
      });
      expect((await call(student, 'POST', '/api/badges', { payload: badge() })).statusCode).toBe(403);
      expect((await call(plainAdmin, 'POST', '/api/badges', { payload: badge() })).statusCode).toBe(403);
    });

    it('validates the title, the rule and the image, with a message per field', async () => {
      const empty = await call(admin, 'POST', '/api/badges', { payload: badge({ title: ' ' }) });
      expect(empty.statusCode).toBe(400);
      expect(Object.values(empty.json().error.fields)).toContain('Enter a title.');
      const zero = await call(admin, 'POST', '/api/badges', {
        payload: badge({ rule: { kind: 'answers_given', threshold: 0 } }),
      });
      expect(zero.statusCode).toBe(400);
      expect(Object.values(zero.json().error.fields)).toContain('Enter a whole number from 1.');
      const profileTwice = await call(admin, 'POST', '/api/badges', {
        payload: badge({ rule: { kind: 'profile_complete', threshold: 2 } }),
      });
      expect(profileTwice.statusCode).toBe(400);
      expect(profileTwice.json().error.fields).toEqual({
        'rule.threshold': 'A complete profile is earned once: the threshold is 1.',
      });
      // An image uploaded to another hub is not this hub's; a hot-linked one is refused outright.
      await asCluster((tx) =>
        tx.insert(contentFiles).values({
          clusterId: cluster.clusterId,
          hubId: otherHub.id,
          kind: 'image',
          region: 'us',
          storageKey: 'd'.repeat(32),
          mimeType: 'image/webp',
          sizeBytes: 2048,
          originalName: 'medal.webp',
        }),
      );
      const foreign = await call(admin, 'POST', '/api/badges', {
        payload: badge({ imageUrl: `/api/rich-text/images/${'d'.repeat(32)}` }),
      });
      expect(foreign.json().error.fields).toEqual({ imageUrl: 'Upload the image again.' });
      const hotLinked = await call(admin, 'POST', '/api/badges', {
        payload: badge({ imageUrl: 'https://example.test/medal.png' }),
      });
      expect(hotLinked.statusCode).toBe(400);
    });

    it('creates, edits and disables a badge; members see only enabled ones', async () => {
      const created = await createBadge(
        badge({ title: 'Draft badge', rule: { kind: 'groups_joined', threshold: 9 } }),
      );
      const edited = await call(admin, 'PATCH', `/api/badges/${created.id}`, {
        payload: { title: 'Networker', isEnabled: false },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        title: 'Networker',
        isEnabled: false,
        ruleDescription: '9 groups',
      });
      const adminList = (await call(admin, 'GET', '/api/badges')).json<{ items: TBadgeBody[] }>();
      expect(adminList.items.map((b) => b.title)).toContain('Networker');
      const memberList = await call(student, 'GET', '/api/badges');
      expect(memberList.statusCode).toBe(200);
      expect(memberList.json<{ items: TBadgeBody[] }>().items.map((b) => b.title)).not.toContain('Networker');
      // Another hub's admin route cannot reach it.
      const removed = await call(admin, 'DELETE', `/api/badges/${created.id}`);
      expect(removed.statusCode).toBe(200);
      expect(
        (await call(admin, 'PATCH', `/api/badges/${created.id}`, { payload: { title: 'X' } })).statusCode,
      ).toBe(404);
    });
  });

  describe('awards', () => {
    it('awards a badge once under concurrent answers, with one realtime event', async () => {
      const first = await createBadge(badge());
      const questionId = await ask(classmate, 'How do I find an internship?');
      const answers = await Promise.all([
        answer(student, questionId, 'Ask the careers office.'),
        answer(student, questionId, 'Look at the job board.'),
        answer(student, questionId, 'Talk to alumni.'),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(await earnedRows(student.id)).toEqual([{ badgeId: first.id, hubId: hub.id }]);
      expect((await badgeEvents(student.id)).map((e) => e.payload)).toEqual([
        {
          hubId: String(hub.id),
          badgeId: first.id,
          name: 'First answer',
          description: 'You answered a question of the community.',
          imageUrl: null,
        },
      ]);
      // Answering again earns nothing more.
      expect((await answer(student, questionId, 'One more idea.')).statusCode).toBe(201);
      expect(await earnedRows(student.id)).toHaveLength(1);
      expect(await badgeEvents(student.id)).toHaveLength(1);

      const mine = await call(student, 'GET', '/api/badges?isEarned=true');
      expect(mine.json<{ items: TBadgeBody[] }>().items.map((b) => [b.id, b.earnedAt !== null])).toEqual([
        [first.id, true],
      ]);
    });

    it('counts up to the threshold and ignores a disabled badge', async () => {
      const two = await createBadge(
        badge({ title: 'Curious mind', rule: { kind: 'questions_asked', threshold: 3 } }),
      );
      const off = await createBadge(
        badge({ title: 'Hidden', rule: { kind: 'questions_asked', threshold: 1 }, isEnabled: false }),
      );
      // The classmate asked one question above; this is their second.
      await ask(classmate, 'What is a good first job?');
      expect((await earnedRows(classmate.id)).map((r) => r.badgeId)).not.toContain(two.id);
      await ask(classmate, 'Which clubs should I join?');
      const earned = (await earnedRows(classmate.id)).map((r) => r.badgeId);
      expect(earned).toContain(two.id);
      expect(earned).not.toContain(off.id);
    });

    it('awards groups_joined when a member joins an open group', async () => {
      const joined = await createBadge(
        badge({ title: 'Joiner', rule: { kind: 'groups_joined', threshold: 1 } }),
      );
      const created = await call(admin, 'POST', '/api/groups', {
        payload: { groupType: 'group', name: 'Chess club' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const identifier = created.json<{ group: { identifier: string } }>().group.identifier;
      const join = await call(student, 'POST', `/api/groups/${identifier}/join`, {
        payload: { answers: {} },
      });
      expect(join.statusCode, join.body).toBe(200);
      expect((await earnedRows(student.id)).map((r) => r.badgeId)).toContain(joined.id);
    });

    it('awards meetings_held to both participants when a meeting is marked completed', async () => {
      const held = await createBadge(
        badge({ title: 'First meeting', rule: { kind: 'meetings_held', threshold: 1 } }),
      );
      const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const thread = await call(classmate, 'POST', '/api/inbox/threads', {
        payload: { recipientId: alumnus.id, messageType: 'flashMentorship', body: '<p>Could we meet?</p>' },
      });
      expect(thread.statusCode, thread.body).toBe(201);
      const threadId = thread.json<{ thread: { id: string } }>().thread.id;
      const requested = await call(classmate, 'POST', `/api/inbox/threads/${threadId}/meetings`, {
        payload: { medium: 'email', durationMinutes: 30, proposedTimes: [], timezone: 'America/New_York' },
      });
      expect(requested.statusCode, requested.body).toBe(201);
      const meetingId = requested.json<{ meeting: { id: string } }>().meeting.id;
      expect(
        (await call(alumnus, 'POST', `/api/meetings/${meetingId}/accept`, { payload: {} })).statusCode,
      ).toBe(200);
      // Accepted is not held yet.
      expect((await earnedRows(alumnus.id)).map((r) => r.badgeId)).not.toContain(held.id);
      const completed = await call(classmate, 'POST', `/api/meetings/${meetingId}/complete`, { payload: {} });
      expect(completed.statusCode, completed.body).toBe(200);
      expect((await earnedRows(classmate.id)).map((r) => r.badgeId)).toContain(held.id);
      expect((await earnedRows(alumnus.id)).map((r) => r.badgeId)).toEqual([held.id]);
      expect((await badgeEvents(alumnus.id)).map((e) => e.payload['name'])).toEqual(['First meeting']);
    });

    it('awards mentorships_completed to both people when a participant closes an active mentorship, not before', async () => {
      const finished = await createBadge(
        badge({ title: 'Mentorship done', rule: { kind: 'mentorships_completed', threshold: 1 } }),
      );
      const mentee = await createUser(t.database.db, cluster, { hub });
      const mentor = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const thread = await call(mentee, 'POST', '/api/inbox/threads', {
        payload: {
          recipientId: mentor.id,
          messageType: 'longTermMentorship',
          body: '<p>Would you mentor me?</p>',
        },
      });
      expect(thread.statusCode, thread.body).toBe(201);
      const threadId = thread.json<{ thread: { id: string } }>().thread.id;
      const accepted = await call(mentor, 'POST', `/api/inbox/threads/${threadId}/accept`, { payload: {} });
      expect(accepted.statusCode, accepted.body).toBe(200);
      // Active is not completed yet.
      expect((await earnedRows(mentee.id)).map((r) => r.badgeId)).not.toContain(finished.id);
      const closed = await call(mentee, 'POST', `/api/inbox/threads/${threadId}/close`, { payload: {} });
      expect(closed.statusCode, closed.body).toBe(200);
      expect((await earnedRows(mentee.id)).map((r) => r.badgeId)).toContain(finished.id);
      expect((await earnedRows(mentor.id)).map((r) => r.badgeId)).toContain(finished.id);
      expect((await badgeEvents(mentor.id)).map((e) => e.payload['name'])).toContain('Mentorship done');
    });

    it('awards profile_complete when the profile reaches 100 %', async () => {
      const pro = await createBadge(
        badge({ title: 'Profile pro', rule: { kind: 'profile_complete', threshold: 1 } }),
      );
      await asCluster((tx) =>
        tx
          .update(users)
          .set({ photoUrl: 'https://example.test/photos/me.jpg' })
          .where(eq(users.id, student.id)),
      );
      await call(student, 'PUT', '/api/profiles/me/work-history', {
        payload: {
          items: [
            { role: 'Analyst', company: 'Acme', startMonth: 1, startYear: 2020, endMonth: 12, endYear: 2021 },
          ],
        },
      });
      await call(student, 'PUT', '/api/profiles/me/schools', {
        payload: { items: [{ schoolName: 'State University', degreeType: 'BA', graduationYear: 2020 }] },
      });
      expect((await earnedRows(student.id)).map((r) => r.badgeId)).not.toContain(pro.id);
      const saved = await call(student, 'PATCH', '/api/profiles/me', {
        payload: {
          headline: 'Analyst at Acme',
          about: 'I analyse things.',
          location: 'Boston',
          helpTopics: ['Resume review'],
          careerPathExpertise: ['Finance'],
          additionalInfo: [{ slug: 'Favourite book', type: 'text', value: 'Dune' }],
          demographicInfo: { pronouns: 'they/them' },
        },
      });
      expect(saved.json().profile.sections.health.score).toBe(100);
      expect((await earnedRows(student.id)).map((r) => r.badgeId)).toContain(pro.id);
    });
  });

  describe('profile section badges', () => {
    it('shows a member’s earned badges to people who may see the profile, newest first', async () => {
      const seen = await call(classmate, 'GET', `/api/profiles/${student.identifier}/badges`);
      expect(seen.statusCode, seen.body).toBe(200);
      const titles = seen.json<{ items: Array<{ title: string }> }>().items.map((b) => b.title);
      expect(titles).toEqual(['Profile pro', 'Joiner', 'First answer']);
      const paged = await call(classmate, 'GET', `/api/profiles/${student.identifier}/badges?limit=1`);
      expect(paged.json().nextCursor).toEqual(expect.any(String));
    });

    it('hides them from someone outside the member’s hubs (404)', async () => {
      const outsider = await createUser(t.database.db, cluster, { hub: otherHub });
      const response = await call(outsider, 'GET', `/api/profiles/${student.identifier}/badges`, {
        hubIdentifier: otherHub.identifier,
      });
      expect(response.statusCode).toBe(404);
      // Under the outsider's own scope the database shows none of this hub's earned badges.
      const rows = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, hubId: otherHub.id, userId: outsider.id },
        (tx) => tx.select().from(earnedBadges),
      );
      expect(rows).toEqual([]);
    });
  });
});
