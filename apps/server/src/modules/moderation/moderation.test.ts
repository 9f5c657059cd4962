import { and, eq, like } from 'drizzle-orm';
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
import { auditLog, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TQueueItem = {
  targetKind: string;
  targetId: string;
  excerpt: string | null;
  isHidden: boolean;
  reportCount: number;
  reasons: Array<{ reason: string; count: number }>;
  details: string[];
  status: string;
  author: { fullname: string } | null;
};

describeDb('reports and the moderation queue (issue #7 item 6)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let moderator: TTestUser;
  let otherAdmin: TTestUser;
  let student: TTestUser;
  let alumnus: TTestUser;
  let bystander: TTestUser;
  let questionId: string;
  let answerId: string;
  const tokens = new Map<string, string>();
  let nowMs = Date.now();

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
  const report = (user: TTestUser, payload: object) => call(user, 'POST', '/api/reports', payload);
  const queue = async (status = 'open') => {
    const response = await call(moderator, 'GET', `/api/moderation/reports?status=${status}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: TQueueItem[]; nextCursor: string | null }>();
  };
  const feedTitles = async (user: TTestUser) =>
    (await call(user, 'GET', '/api/feed?limit=100'))
      .json<{ items: Array<{ kind: string; excerpt: string }> }>()
      .items.map((item) => `${item.kind}:${item.excerpt}`);

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 1000)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    moderator = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-questions'],
      firstName: 'Mo',
      lastName: 'Derator',
    });
    otherAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-events'],
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Alumnus',
    });
    bystander = await createUser(t.database.db, cluster, { hub, firstName: 'Bo', lastName: 'Bystander' });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .update(userTypes)
        .set({ messageTypes: ['message'] })
        .where(eq(userTypes.hubId, hub.id)),
    );
    const question = await call(student, 'POST', '/api/discussions/questions', {
      title: 'Which electives help with data jobs?',
      body: '<p>Thinking about stats.</p>',
    });
    expect(question.statusCode, question.body).toBe(201);
    questionId = question.json().question.id;
    const answer = await call(alumnus, 'POST', `/api/discussions/questions/${questionId}/answers`, {
      body: '<p>Buy my course at spam.example!</p>',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    answerId = answer.json().answer.id;
  });
  afterAll(async () => t.close());

  describe('reporting', () => {
    it('files one report per member and content, with the reason, and thanks the reporter', async () => {
      const first = await report(student, { targetKind: 'answer', targetId: answerId, reason: 'spam' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().message).toBe('Thank you. Our moderators will review this report.');
      const again = await report(student, { targetKind: 'answer', targetId: answerId, reason: 'harassment' });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      expect(
        (
          await report(bystander, {
            targetKind: 'answer',
            targetId: answerId,
            reason: 'other',
            details: 'Advertising a paid course',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('refuses reports of one’s own content, of unknown content, and an “other” reason without details', async () => {
      const own = await report(alumnus, { targetKind: 'answer', targetId: answerId, reason: 'spam' });
      expect(own.statusCode).toBe(400);
      expect(own.json().error.fields).toMatchObject({ targetId: 'You cannot report your own content.' });
      const vague = await report(student, { targetKind: 'question', targetId: questionId, reason: 'other' });
      expect(vague.statusCode).toBe(400);
      expect(vague.json().error.fields).toMatchObject({ details: 'Please tell us what is wrong.' });
      expect(
        (await report(alumnus, { targetKind: 'resource', targetId: questionId, reason: 'spam' })).statusCode,
      ).toBe(404);
      expect(
        (await report(alumnus, { targetKind: 'question', targetId: 'not-a-uuid', reason: 'spam' }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('the queue', () => {
    it('is for moderators only, and gathers the reports of each piece of content', async () => {
      expect((await call(student, 'GET', '/api/moderation/reports')).statusCode).toBe(403);
      expect((await call(otherAdmin, 'GET', '/api/moderation/reports')).statusCode).toBe(403);
      const { items } = await queue();
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        targetKind: 'answer',
        targetId: answerId,
        excerpt: 'Buy my course at spam.example!',
        isHidden: false,
        reportCount: 2,
        details: ['Advertising a paid course'],
        status: 'open',
        author: { fullname: 'Alex Alumnus' },
      });
      expect(items[0]?.reasons).toEqual(
        expect.arrayContaining([
          { reason: 'spam', count: 1 },
          { reason: 'other', count: 1 },
        ]),
      );
    });

    it('hides content at once from the question page and the feed, and restores it', async () => {
      expect((await call(student, 'POST', `/api/moderation/answer/${answerId}/hide`)).statusCode).toBe(403);
      const hidden = await call(moderator, 'POST', `/api/moderation/answer/${answerId}/hide`);
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).toEqual({ status: 'hidden', closedReports: 2 });
      const page = (await call(student, 'GET', `/api/discussions/questions/${questionId}`)).json().question;
      expect(page.answers).toEqual([]);
      expect(await feedTitles(student)).not.toContain('answer:Buy my course at spam.example!');
      expect((await queue()).items).toEqual([]);
      expect((await queue('hidden')).items[0]).toMatchObject({
        targetId: answerId,
        isHidden: true,
        status: 'hidden',
      });
      expect(
        (await report(bystander, { targetKind: 'answer', targetId: answerId, reason: 'spam' })).statusCode,
      ).toBe(404);
      expect((await call(moderator, 'POST', `/api/moderation/answer/${answerId}/hide`)).statusCode).toBe(409);

      const restored = await call(moderator, 'POST', `/api/moderation/answer/${answerId}/restore`);
      expect(restored.json()).toEqual({ status: 'dismissed', closedReports: 2 });
      expect(
        (await call(student, 'GET', `/api/discussions/questions/${questionId}`)).json().question.answers,
      ).toHaveLength(1);
      expect(await feedTitles(student)).toContain('answer:Buy my course at spam.example!');
      expect((await queue('closed')).items[0]).toMatchObject({ targetId: answerId, status: 'dismissed' });
    });

    it('dismisses reports without touching the content, and deletes content for good', async () => {
      await report(alumnus, { targetKind: 'question', targetId: questionId, reason: 'misinformation' });
      expect(
        (await call(moderator, 'POST', `/api/moderation/question/${questionId}/dismiss`)).json(),
      ).toEqual({ status: 'dismissed', closedReports: 1 });
      expect((await call(student, 'GET', `/api/discussions/questions/${questionId}`)).statusCode).toBe(200);

      await report(bystander, { targetKind: 'question', targetId: questionId, reason: 'hate' });
      expect((await call(moderator, 'POST', `/api/moderation/question/${questionId}/delete`)).json()).toEqual(
        { status: 'deleted', closedReports: 1 },
      );
      expect((await call(student, 'GET', `/api/discussions/questions/${questionId}`)).statusCode).toBe(404);
      const closed = (await queue('closed')).items.find((item) => item.targetId === questionId);
      expect(closed).toMatchObject({ status: 'deleted', excerpt: null });
      expect((await call(moderator, 'POST', `/api/moderation/question/${answerId}/delete`)).statusCode).toBe(
        404,
      );
    });

    it('writes every report and decision to the audit log', async () => {
      const rows = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select({ action: auditLog.action, actor: auditLog.actorUserId })
            .from(auditLog)
            .where(and(like(auditLog.action, 'moderation.%'), eq(auditLog.hubId, hub.id))),
      );
      const decisions = rows.filter((row) => row.actor === moderator.id).map((row) => row.action);
      expect(decisions).toEqual([
        'moderation.hide',
        'moderation.restore',
        'moderation.dismiss',
        'moderation.delete',
      ]);
      expect(rows.filter((row) => row.action === 'moderation.reported')).toHaveLength(4);
    });
  });

  describe('private messages', () => {
    it('are reported by a participant and removed by a moderator who never reads the thread', async () => {
      const thread = await call(alumnus, 'POST', '/api/inbox/threads', {
        recipientId: student.id,
        messageType: 'message',
        body: '<p>Send me your password</p>',
      });
      expect(thread.statusCode, thread.body).toBe(201);
      const threadId = thread.json().thread.id;
      const messages = (await call(student, 'GET', `/api/inbox/threads/${threadId}/messages`)).json()
        .items as Array<{ id: string; body: string }>;
      const messageId = messages.at(-1)?.id ?? '';

      expect(
        (await report(bystander, { targetKind: 'message', targetId: messageId, reason: 'harassment' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await report(student, { targetKind: 'message', targetId: messageId, reason: 'harassment' }))
          .statusCode,
      ).toBe(201);
      expect((await call(moderator, 'GET', `/api/inbox/threads/${threadId}/messages`)).statusCode).toBe(404);
      const item = (await queue()).items.find((entry) => entry.targetId === messageId);
      expect(item).toMatchObject({
        targetKind: 'message',
        excerpt: 'Send me your password',
        author: { fullname: 'Alex Alumnus' },
      });

      const hide = await call(moderator, 'POST', `/api/moderation/message/${messageId}/hide`);
      expect(hide.statusCode).toBe(400);
      expect(hide.json().error.fields).toMatchObject({
        action: 'Private messages can be removed or the report dismissed, not hidden.',
      });
      expect((await call(moderator, 'POST', `/api/moderation/message/${messageId}/delete`)).json()).toEqual({
        status: 'deleted',
        closedReports: 1,
      });
      const after = (await call(student, 'GET', `/api/inbox/threads/${threadId}/messages`)).json()
        .items as Array<{ id: string; body: string }>;
      expect(after.find((message) => message.id === messageId)?.body).toBe(
        '<p><em>This message was removed by a moderator.</em></p>',
      );
    });
  });
});
