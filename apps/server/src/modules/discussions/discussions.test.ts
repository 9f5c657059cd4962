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
import { ZGroupSettings } from '@commons/contract';
import {
  answers,
  auditLog,
  groupMemberships,
  groups,
  hubSettings,
  questions,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

describeDb('discussions', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let other: TTestUser;
  let hubAdmin: TTestUser;
  let approver: TTestUser;
  let clusterAdmin: TTestUser;
  let pendingMember: TTestUser;
  const tokens = new Map<string, string>();
  let nowMs = Date.parse('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 10)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Alumna',
    });
    other = await createUser(t.database.db, cluster, { hub, firstName: 'Oli', lastName: 'Other' });
    hubAdmin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['manage-events'] });
    approver = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-questions'],
    });
    clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    pendingMember = await createUser(t.database.db, cluster, { hub, approved: null });
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
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
  const ask = async (user: TTestUser, payload: object) => {
    const response = await call(user, 'POST', '/api/discussions/questions', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{
      question: { id: string; slug: string; status: string; can: Record<string, boolean> };
    }>().question;
  };
  const setDiscussionSettings = (discussions: object) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: { ...row.settings, moduleSettings: { ...row.settings.moduleSettings, discussions } },
        })
        .where(eq(hubSettings.hubId, hub.id));
    });

  describe('questions and answers', () => {
    it('asks a sanitised question with topics and a slug, and the author follows it', async () => {
      const question = await ask(student, {
        title: 'How do I get into product design?',
        body: '<p>Any tips?<script>alert(1)</script><img src=x onerror=alert(1)></p>',
        tags: ['Design', 'design', ' Careers '],
      });
      expect(question.slug).toBe('how-do-i-get-into-product-design');
      const page = (await call(alumnus, 'GET', `/api/discussions/questions/${question.id}`)).json().question;
      expect(page.body).toBe('<p>Any tips?</p>');
      expect(page.tags).toEqual(['design', 'careers']);
      expect(page.followerCount).toBe(1);
      expect(page.author.fullname).toBe('Sam Student');
      expect(page.can).toEqual({ edit: false, delete: false, pin: false, report: true, acceptAnswer: false });
    });

    it('answers and nests comments; followers and mentioned members are notified', async () => {
      const question = await ask(student, { title: 'Who knows about consulting?', body: '' });
      await call(other, 'POST', `/api/discussions/questions/${question.id}/follow`, { isFollowing: true });
      const answer = await call(alumnus, 'POST', `/api/discussions/questions/${question.id}/answers`, {
        body: `<p>Ask <a class="mention" href="/profile/${other.identifier}/">@Oli Other</a></p>`,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const answerId = answer.json().answer.id;
      const comment = await call(student, 'POST', `/api/discussions/questions/${question.id}/comments`, {
        body: '<p>Thanks!</p>',
        answerId,
      });
      expect(comment.statusCode).toBe(201);
      const reply = await call(alumnus, 'POST', `/api/discussions/questions/${question.id}/comments`, {
        body: '<p>Any time</p>',
        parentId: comment.json().comment.id,
      });
      expect(reply.json().comment).toMatchObject({ answerId, parentId: comment.json().comment.id });

      const page = (await call(student, 'GET', `/api/discussions/questions/${question.id}`)).json().question;
      expect(page.answerCount).toBe(1);
      expect(page.comments).toHaveLength(2);

      const studentNotes = (await call(student, 'GET', '/api/notifications?category=content')).json();
      expect(studentNotes.items.map((n: { title: string }) => n.title)).toContain(
        'Alex Alumna answered “Who knows about consulting?”',
      );
      const otherNotes = (await call(other, 'GET', '/api/notifications?category=content')).json();
      expect(otherNotes.items.map((n: { type: string }) => n.type)).toContain('discussion.mention');
      // A mention and a follow of the same person give one notification, the mention.
      expect(
        otherNotes.items.filter(
          (n: { url: string; type: string }) => n.type === 'discussion.answer' && n.url.includes(question.id),
        ),
      ).toHaveLength(0);
      expect(otherNotes.unreadCount).toBeGreaterThan(0);
      await call(other, 'POST', '/api/notifications/read-all', { category: 'content' });
      expect((await call(other, 'GET', '/api/notifications?category=content')).json().unreadCount).toBe(0);
    });

    it('refuses an empty answer and members who are not approved', async () => {
      const question = await ask(student, { title: 'Empty answers are refused?' });
      const empty = await call(alumnus, 'POST', `/api/discussions/questions/${question.id}/answers`, {
        body: '<p> </p><script>x</script>',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.user_message).toBe('Please write an answer before posting.');
      expect((await call(pendingMember, 'GET', '/api/discussions/questions')).statusCode).toBe(403);
      expect(
        (await call(pendingMember, 'POST', '/api/discussions/questions', { title: 'Can I ask this?' }))
          .statusCode,
      ).toBe(403);
    });

    it('counts one upvote per member, never on one’s own post, and takes it back', async () => {
      const question = await ask(student, { title: 'Upvote me please' });
      const url = `/api/discussions/question/${question.id}/vote`;
      expect((await call(alumnus, 'POST', url, { isUpvoted: true })).json()).toEqual({
        upvoteCount: 1,
        hasUpvoted: true,
      });
      expect((await call(alumnus, 'POST', url, { isUpvoted: true })).json()).toEqual({
        upvoteCount: 1,
        hasUpvoted: true,
      });
      expect((await call(student, 'POST', url, { isUpvoted: true })).statusCode).toBe(400);
      expect((await call(alumnus, 'POST', url, { isUpvoted: false })).json()).toEqual({
        upvoteCount: 0,
        hasUpvoted: false,
      });
    });
  });

  describe('permissions (spec 6 Posts)', () => {
    it('lets the author edit and delete, and refuses other members', async () => {
      const question = await ask(student, { title: 'Edit me later' });
      expect(question.can).toMatchObject({ edit: true, delete: true, pin: false });
      expect(
        (
          await call(alumnus, 'PATCH', `/api/discussions/question/${question.id}`, {
            title: 'Hijacked title',
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(alumnus, 'DELETE', `/api/discussions/question/${question.id}`)).statusCode).toBe(
        403,
      );
      const edited = await call(student, 'PATCH', `/api/discussions/question/${question.id}`, {
        title: 'Edited question title',
      });
      expect(edited.json().question).toMatchObject({
        title: 'Edited question title',
        slug: 'edited-question-title',
      });
      expect((await call(student, 'DELETE', `/api/discussions/question/${question.id}`)).statusCode).toBe(
        200,
      );
      expect((await call(student, 'GET', `/api/discussions/questions/${question.id}`)).statusCode).toBe(404);
    });

    it('lets a hub admin with approve-questions and a cluster admin edit and delete; a hub admin without it only pins', async () => {
      const question = await ask(student, { title: 'Moderate this one' });
      const answer = (
        await call(alumnus, 'POST', `/api/discussions/questions/${question.id}/answers`, {
          body: '<p>An answer</p>',
        })
      ).json().answer;
      const asAdmin = (await call(hubAdmin, 'GET', `/api/discussions/questions/${question.id}`)).json()
        .question;
      expect(asAdmin.can).toEqual({
        edit: false,
        delete: false,
        pin: true,
        report: true,
        acceptAnswer: true,
      });
      expect((await call(hubAdmin, 'DELETE', `/api/discussions/answer/${answer.id}`)).statusCode).toBe(403);
      expect(
        (
          await call(hubAdmin, 'POST', `/api/discussions/question/${question.id}/pin`, { isPinned: true })
        ).json(),
      ).toEqual({ isPinned: true });
      expect(
        (
          await call(approver, 'PATCH', `/api/discussions/answer/${answer.id}`, {
            body: '<p>Edited by an admin</p>',
          })
        ).statusCode,
      ).toBe(200);
      expect((await call(clusterAdmin, 'DELETE', `/api/discussions/answer/${answer.id}`)).statusCode).toBe(
        200,
      );
      const after = (await call(student, 'GET', `/api/discussions/questions/${question.id}`)).json().question;
      expect(after).toMatchObject({ answerCount: 0, isPinned: true });
      expect(
        (await call(alumnus, 'POST', `/api/discussions/question/${question.id}/pin`, { isPinned: false }))
          .statusCode,
      ).toBe(403);
      const actions = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, answer.id)),
      );
      expect(actions.map((a) => a.action).sort()).toEqual([
        'discussions.answer_delete',
        'discussions.answer_edit',
      ]);
    });

    it('lists pinned questions first on the newest page', async () => {
      const list = (await call(other, 'GET', '/api/discussions/questions')).json();
      expect(list.pinned.map((q: { title: string }) => q.title)).toContain('Moderate this one');
      expect(list.items.map((q: { title: string }) => q.title)).not.toContain('Moderate this one');
    });
  });

  describe('hub approval queue', () => {
    it('holds questions for approval when the hub moderates them; the approver decides', async () => {
      await setDiscussionSettings({ isApprovalRequired: true, isV2: true });
      const settings = (await call(student, 'GET', '/api/discussions/settings')).json();
      expect(settings).toEqual({
        postQuestionTitle: 'Ask Your Community',
        isApprovalRequired: true,
        canApprove: false,
      });
      const question = await ask(student, { title: 'Waiting for approval?' });
      expect(question.status).toBe('pending');
      expect((await call(alumnus, 'GET', `/api/discussions/questions/${question.id}`)).statusCode).toBe(404);
      expect(
        (
          await call(alumnus, 'POST', `/api/discussions/questions/${question.id}/answers`, {
            body: '<p>x</p>',
          })
        ).statusCode,
      ).toBe(404);
      const mine = (await call(student, 'GET', '/api/discussions/questions?filter=mine')).json();
      expect(mine.items.map((q: { id: string }) => q.id)).toContain(question.id);
      expect((await call(hubAdmin, 'GET', '/api/discussions/approvals')).statusCode).toBe(403);
      const queue = (await call(approver, 'GET', '/api/discussions/approvals')).json();
      expect(queue.items.map((q: { id: string }) => q.id)).toEqual([question.id]);
      expect(
        (
          await call(student, 'POST', `/api/discussions/questions/${question.id}/decision`, {
            decision: 'approve',
          })
        ).statusCode,
      ).toBe(403);
      const decided = await call(approver, 'POST', `/api/discussions/questions/${question.id}/decision`, {
        decision: 'approve',
      });
      expect(decided.json().question.status).toBe('approved');
      expect((await call(alumnus, 'GET', `/api/discussions/questions/${question.id}`)).statusCode).toBe(200);
      const approverQuestion = await ask(approver, { title: 'Approvers post at once' });
      expect(approverQuestion.status).toBe('approved');
      await setDiscussionSettings({ isApprovalRequired: false, isV2: false });
      expect((await call(student, 'GET', '/api/discussions/settings')).json().postQuestionTitle).toBe(
        'Ask Anything',
      );
    });
  });

  describe('lists, filters and search', () => {
    it('lists a long question with the same excerpt its page text gives, cut on 240 characters', async () => {
      const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
      const long = await ask(student, { title: 'A long question about careers', body: `<p>${words}</p>` });
      const listed = (await call(alumnus, 'GET', '/api/discussions/questions?limit=100'))
        .json()
        .items.find((q: { id: string }) => q.id === long.id) as { excerpt: string } | undefined;
      expect(listed?.excerpt).toHaveLength(240);
      expect(listed?.excerpt.endsWith('…')).toBe(true);
      expect(words.startsWith(listed?.excerpt.slice(0, -1).trimEnd() ?? 'missing')).toBe(true);
      const short = await ask(student, { title: 'A short question', body: '<p>Just this.</p>' });
      const shortListed = (await call(alumnus, 'GET', '/api/discussions/questions?limit=100'))
        .json()
        .items.find((q: { id: string }) => q.id === short.id) as { excerpt: string } | undefined;
      expect(shortListed?.excerpt).toBe('Just this.');
    });

    it('filters unanswered, popular and mine, finds by words and topics, and pages with a cursor', async () => {
      const answered = await ask(other, { title: 'Internship interview preparation', tags: ['interviews'] });
      await call(alumnus, 'POST', `/api/discussions/questions/${answered.id}/answers`, {
        body: '<p>Practise</p>',
      });
      await call(student, 'POST', `/api/discussions/question/${answered.id}/vote`, { isUpvoted: true });
      const quiet = await ask(other, {
        title: 'Quiet unanswered question about portfolios',
        body: '<p>Photography portfolio</p>',
      });

      const unanswered = (
        await call(student, 'GET', '/api/discussions/questions?filter=unanswered&limit=100')
      )
        .json()
        .items.map((q: { id: string }) => q.id);
      expect(unanswered).toContain(quiet.id);
      expect(unanswered).not.toContain(answered.id);
      const popular = (await call(student, 'GET', '/api/discussions/questions?filter=popular&limit=100'))
        .json()
        .items.map((q: { id: string }) => q.id);
      expect(popular.indexOf(answered.id)).toBeLessThan(popular.indexOf(quiet.id));
      const mine = (await call(other, 'GET', '/api/discussions/questions?filter=mine&limit=100'))
        .json()
        .items.map((q: { id: string }) => q.id);
      expect(mine).toEqual([quiet.id, answered.id]);
      const found = (await call(student, 'GET', '/api/discussions/questions?q=photo%20portf'))
        .json()
        .items.map((q: { id: string }) => q.id);
      expect(found).toEqual([quiet.id]);
      const tagged = (await call(student, 'GET', '/api/discussions/questions?tag=interviews'))
        .json()
        .items.map((q: { id: string }) => q.id);
      expect(tagged).toEqual([answered.id]);
      const topics = (await call(student, 'GET', '/api/discussions/topics')).json().items;
      expect(topics).toContainEqual({ tag: 'interviews', count: 1 });

      const first = (await call(student, 'GET', '/api/discussions/questions?filter=popular&limit=2')).json();
      const second = (
        await call(
          student,
          'GET',
          `/api/discussions/questions?filter=popular&limit=2&cursor=${first.nextCursor}`,
        )
      ).json();
      const firstIds = first.items.map((q: { id: string }) => q.id);
      expect(second.items.some((q: { id: string }) => firstIds.includes(q.id))).toBe(false);
    });

    it('keeps group-scoped questions out of the hub list and away from non-members; group admins moderate', async () => {
      const groupId = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        async (tx) => {
          const [group] = await tx
            .insert(groups)
            .values({
              clusterId: cluster.clusterId,
              hubId: hub.id,
              identifier: 'design-club',
              groupType: 'group',
              name: 'Design club',
              sortName: 'design club',
              searchText: 'design club',
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
            },
            {
              clusterId: cluster.clusterId,
              hubId: hub.id,
              groupId: group.id,
              userId: other.id,
              approved: true,
            },
          ]);
          return group.id;
        },
      );
      expect(
        (
          await call(student, 'POST', '/api/discussions/questions', {
            title: 'Not my group question',
            groupId,
          })
        ).statusCode,
      ).toBe(404);
      const admins = await call(other, 'POST', '/api/discussions/questions', {
        title: 'Group only question',
        groupId,
      });
      expect(admins.statusCode).toBe(201);
      const asGroupAdmin = (
        await call(alumnus, 'GET', `/api/discussions/questions/${admins.json().question.id}`)
      ).json().question;
      expect(asGroupAdmin.can).toMatchObject({ edit: true, delete: true, pin: true });
      const hubList = (await call(student, 'GET', '/api/discussions/questions?limit=100'))
        .json()
        .items.map((q: { title: string }) => q.title);
      expect(hubList).not.toContain('Group only question');
      expect((await call(student, 'GET', `/api/discussions/questions?groupId=${groupId}`)).statusCode).toBe(
        403,
      );
      expect(
        (await call(student, 'GET', `/api/discussions/questions/${admins.json().question.id}`)).statusCode,
      ).toBe(404);
      const groupList = (await call(hubAdmin, 'GET', `/api/discussions/questions?groupId=${groupId}`))
        .json()
        .items.map((q: { title: string }) => q.title);
      expect(groupList).toEqual(['Group only question']);
      expect(
        (await call(other, 'GET', `/api/discussions/questions?groupId=${groupId}`)).json().items,
      ).toHaveLength(1);
    });
  });

  describe('accepted answers (issue #16 item 18)', () => {
    type TPage = {
      acceptedAnswerId: string | null;
      answers: Array<{ id: string; isAccepted: boolean }>;
      can: Record<string, boolean>;
    };
    const answerAs = async (user: TTestUser, questionId: string, body: string) => {
      const response = await call(user, 'POST', `/api/discussions/questions/${questionId}/answers`, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ answer: { id: string } }>().answer.id;
    };
    const accept = (user: TTestUser, questionId: string, answerId: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/discussions/questions/${questionId}/accepted-answer`,
        headers: {
          host: cluster.host,
          authorization: `Bearer ${tokens.get(user.id) ?? ''}`,
          'x-hub-id': hub.identifier,
        },
        payload: { answerId },
      });
    const acceptAs = async (user: TTestUser, questionId: string, answerId: string | null) => {
      await tokenOf(user);
      return accept(user, questionId, answerId);
    };
    const pageOf = async (user: TTestUser, questionId: string) =>
      (await call(user, 'GET', `/api/discussions/questions/${questionId}`)).json<{ question: TPage }>()
        .question;
    const acceptedNotes = async (user: TTestUser, questionId: string) =>
      (await call(user, 'GET', '/api/notifications?group=answers&limit=100'))
        .json<{ items: Array<{ type: string; title: string; url: string }> }>()
        .items.filter((n) => n.type === 'discussion.answer-accepted' && n.url.includes(questionId));

    it('lets the author accept an answer, lists it first, tells its author once, then move and take it back', async () => {
      const question = await ask(student, { title: 'Which bootcamp should I pick?' });
      const first = await answerAs(alumnus, question.id, '<p>None, build projects</p>');
      const second = await answerAs(other, question.id, '<p>The one with mentors</p>');
      await call(student, 'POST', `/api/discussions/answer/${first}/vote`, { isUpvoted: true });
      expect((await pageOf(student, question.id)).can.acceptAnswer).toBe(true);
      expect((await pageOf(alumnus, question.id)).can.acceptAnswer).toBe(false);

      const accepted = await acceptAs(student, question.id, second);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const page = accepted.json<{ question: TPage }>().question;
      expect(page.acceptedAnswerId).toBe(second);
      // The accepted answer comes first although the other one has more upvotes.
      expect(page.answers.map((a) => [a.id, a.isAccepted])).toEqual([
        [second, true],
        [first, false],
      ]);
      const listed = (await call(alumnus, 'GET', '/api/discussions/questions?limit=100'))
        .json<{ items: Array<{ id: string; acceptedAnswerId: string | null }> }>()
        .items.find((q) => q.id === question.id);
      expect(listed?.acceptedAnswerId).toBe(second);
      expect((await acceptedNotes(other, question.id)).map((n) => n.title)).toEqual([
        'Sam Student accepted your answer to “Which bootcamp should I pick?”',
      ]);
      // Accepting the same answer again changes nothing and tells nobody again.
      expect((await acceptAs(student, question.id, second)).statusCode).toBe(200);
      expect(await acceptedNotes(other, question.id)).toHaveLength(1);

      const moved = (await acceptAs(student, question.id, first)).json<{ question: TPage }>().question;
      expect(moved.answers.map((a) => [a.id, a.isAccepted])).toEqual([
        [first, true],
        [second, false],
      ]);
      expect(await acceptedNotes(alumnus, question.id)).toHaveLength(1);

      const undone = (await acceptAs(student, question.id, null)).json<{ question: TPage }>().question;
      expect(undone.acceptedAnswerId).toBeNull();
      expect(undone.answers.map((a) => a.isAccepted)).toEqual([false, false]);
    });

    it('refuses other members, even the answer’s author, with 403', async () => {
      const question = await ask(student, { title: 'Can others accept for me?' });
      const answerId = await answerAs(alumnus, question.id, '<p>I would like to</p>');
      for (const user of [alumnus, other]) {
        const refused = await acceptAs(user, question.id, answerId);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toMatchObject({
          code: 'forbidden',
          user_message: 'Only the person who asked or a moderator can accept an answer.',
        });
      }
      expect((await pageOf(student, question.id)).acceptedAnswerId).toBeNull();
    });

    it('lets a hub admin and a cluster admin accept and take back, and audits it', async () => {
      const question = await ask(student, { title: 'Admins accept answers too?' });
      const answerId = await answerAs(alumnus, question.id, '<p>Yes they do</p>');
      expect((await pageOf(hubAdmin, question.id)).can.acceptAnswer).toBe(true);
      const byAdmin = await acceptAs(hubAdmin, question.id, answerId);
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json().question.acceptedAnswerId).toBe(answerId);
      expect((await acceptedNotes(alumnus, question.id))[0]?.title).toMatch(/accepted your answer/);
      expect((await acceptAs(clusterAdmin, question.id, null)).json().question.acceptedAnswerId).toBeNull();
      const actions = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, answerId)),
      );
      expect(actions.map((a) => a.action).sort()).toEqual([
        'discussions.answer_accept',
        'discussions.answer_unaccept',
      ]);
    });

    it('refuses an answer of another question (400) and an unknown answer (404)', async () => {
      const question = await ask(student, { title: 'Only my own answers count?' });
      const elsewhere = await ask(other, { title: 'A different question entirely' });
      const foreign = await answerAs(alumnus, elsewhere.id, '<p>Answer to the other question</p>');
      const refused = await acceptAs(student, question.id, foreign);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { answerId: 'Only an answer to this question can be accepted.' },
      });
      expect((await acceptAs(student, question.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
        404,
      );
      expect((await acceptAs(student, question.id, 'not-a-uuid')).statusCode).toBe(400);
      expect((await pageOf(other, elsewhere.id)).acceptedAnswerId).toBeNull();
    });

    it('never links a question to an answer of another hub: 404 through the API, refused by the database', async () => {
      const hub2 = await createHub(t.database.db, cluster);
      const member2 = await createUser(t.database.db, cluster, {
        hub: hub2,
        firstName: 'Hana',
        lastName: 'Two',
      });
      const asker2 = await createUser(t.database.db, cluster, { hub: hub2 });
      const inHub2 = async (user: TTestUser, url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: {
            host: cluster.host,
            authorization: `Bearer ${(await signIn(t.app, cluster, user)).token}`,
            'x-hub-id': hub2.identifier,
          },
          payload,
        });
      const question2 = (
        await inHub2(asker2, '/api/discussions/questions', { title: 'Hub two question' })
      ).json().question.id as string;
      const answer2 = (
        await inHub2(member2, `/api/discussions/questions/${question2}/answers`, { body: '<p>Hub two</p>' })
      ).json().answer.id as string;
      const mine = await ask(student, { title: 'Accept an answer from next door?' });
      expect((await acceptAs(student, mine.id, answer2)).statusCode).toBe(404);
      // Even a cluster-wide writer cannot point a question at another hub's answer, nor at an answer of
      // another question of its own hub: the key names question, cluster and hub.
      const neighbour = await ask(other, { title: 'The question next door' });
      const neighbourAnswer = await answerAs(alumnus, neighbour.id, '<p>Next door answer</p>');
      for (const answerId of [answer2, neighbourAnswer]) {
        const error = await withTenant(
          t.database.db,
          { clusterId: cluster.clusterId, isClusterScope: true },
          (tx) => tx.update(questions).set({ acceptedAnswerId: answerId }).where(eq(questions.id, mine.id)),
        ).then(
          () => null,
          (e: unknown) => e as { code?: string; cause?: { code?: string } },
        );
        expect(error?.cause?.code ?? error?.code).toBe('23503');
      }
    });

    it('unsets the accepted answer when it is deleted, or hidden by moderation, and deletes questions with one', async () => {
      const question = await ask(student, { title: 'What if the accepted answer goes?' });
      const kept = await answerAs(other, question.id, '<p>I stay</p>');
      const gone = await answerAs(alumnus, question.id, '<p>I will be deleted</p>');
      expect((await acceptAs(student, question.id, kept)).statusCode).toBe(200);
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(answers).set({ hiddenAt: new Date() }).where(eq(answers.id, kept)),
      );
      expect((await pageOf(student, question.id)).acceptedAnswerId).toBeNull();
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(answers).set({ hiddenAt: null }).where(eq(answers.id, kept)),
      );
      expect((await pageOf(student, question.id)).acceptedAnswerId).toBe(kept);

      expect((await acceptAs(student, question.id, gone)).statusCode).toBe(200);
      expect((await call(alumnus, 'DELETE', `/api/discussions/answer/${gone}`)).statusCode).toBe(200);
      const after = await pageOf(student, question.id);
      expect(after.acceptedAnswerId).toBeNull();
      expect(after.answers.map((a) => [a.id, a.isAccepted])).toEqual([[kept, false]]);

      expect((await acceptAs(student, question.id, kept)).statusCode).toBe(200);
      expect((await call(student, 'DELETE', `/api/discussions/question/${question.id}`)).statusCode).toBe(
        200,
      );
      const left = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select({ id: answers.id }).from(answers).where(eq(answers.questionId, question.id)),
      );
      expect(left).toEqual([]);
    });
  });
});
