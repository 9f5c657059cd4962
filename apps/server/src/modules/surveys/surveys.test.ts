import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { and, eq } from 'drizzle-orm';
import { auditLog, surveyResponses } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

describeDb('surveys (issue #22 item 3)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let adminToken: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['surveys'] });
    adminToken = (await signIn(t.app, cluster, admin)).token;
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });
  const survey = {
    title: 'Career services check-in',
    audience: { userTypeIds: [] as string[], groupIds: [] as string[] },
    questions: [
      {
        kind: 'single',
        prompt: 'How useful was the career fair?',
        options: ['Very', 'Somewhat', 'Not at all'],
      },
      {
        kind: 'multiple',
        prompt: 'Which events should we repeat?',
        options: ['Fair', 'Mock interviews', 'Panels'],
      },
      { kind: 'text', prompt: 'Anything else?' },
    ],
  };

  it('answers 403 without the surveys right and 201 with it', async () => {
    const other = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['bulk-emails'],
    });
    const token = (await signIn(t.app, cluster, other)).token;
    expect((await call('GET', '/api/admin/surveys', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/surveys', token, survey)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/surveys', adminToken, survey)).statusCode).toBe(201);
    const noOptions = await call('POST', '/api/admin/surveys', adminToken, {
      ...survey,
      questions: [{ kind: 'single', prompt: 'Pick one', options: ['Only'] }],
    });
    expect(noOptions.statusCode).toBe(400);
  });

  it('a member of the audience answers once; the admin sees results per question and the CSV', async () => {
    const created = (
      await call('POST', '/api/admin/surveys', adminToken, {
        ...survey,
        title: 'Alumni only? No: students',
        audience: { userTypeIds: [hub.userTypeIds.student], groupIds: [] },
      })
    ).json();
    const [single, multiple, text] = created.questions as Array<{ id: string }>;
    const student = await createUser(t.database.db, cluster, { hub, userType: 'student', firstName: 'Sue' });
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const studentToken = (await signIn(t.app, cluster, student)).token;
    const alumnusToken = (await signIn(t.app, cluster, alumnus)).token;
    const listed = (await call('GET', '/api/surveys', studentToken)).json();
    expect(listed.items.find((s: { id: string }) => s.id === created.id)).toMatchObject({
      isAnswered: false,
    });
    expect(
      (await call('GET', '/api/surveys', alumnusToken))
        .json()
        .items.some((s: { id: string }) => s.id === created.id),
    ).toBe(false);
    const answers = {
      [single?.id ?? '']: 'Very',
      [multiple?.id ?? '']: ['Fair', 'Panels'],
      [text?.id ?? '']: 'More employers please',
    };
    const first = await call('POST', `/api/surveys/${created.id}/responses`, studentToken, { answers });
    expect(first.statusCode).toBe(201);
    expect(first.json().isAnswered).toBe(true);
    const second = await call('POST', `/api/surveys/${created.id}/responses`, studentToken, { answers });
    expect(second.statusCode).toBe(409);
    const outsider = await call('POST', `/api/surveys/${created.id}/responses`, alumnusToken, { answers });
    expect(outsider.statusCode).toBe(404);
    const bad = await call('POST', `/api/surveys/${created.id}/responses`, alumnusToken, {
      answers: { [single?.id ?? '']: 'Invented' },
    });
    expect(bad.statusCode).toBe(404);

    const results = (await call('GET', `/api/admin/surveys/${created.id}/results`, adminToken)).json();
    expect(results.survey.responseCount).toBe(1);
    expect(results.questions[0].counts).toEqual([
      { option: 'Very', count: 1 },
      { option: 'Somewhat', count: 0 },
      { option: 'Not at all', count: 0 },
    ]);
    expect(results.questions[1].counts.find((c: { option: string }) => c.option === 'Panels').count).toBe(1);
    expect(results.questions[2].texts).toEqual(['More employers please']);
    const csv = await call('GET', `/api/admin/surveys/${created.id}/results.csv`, adminToken);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Answered at (UTC),Name,Email,How useful was the career fair?,Which events should we repeat?,Anything else?',
    );
    expect(lines[1]).toContain('Fair; Panels');
    expect(lines[1]).toContain(student.email);
  });

  it('refuses an option that is not the question’s', async () => {
    const created = (
      await call('POST', '/api/admin/surveys', adminToken, { ...survey, title: 'Options check' })
    ).json();
    const member = await createUser(t.database.db, cluster, { hub });
    const token = (await signIn(t.app, cluster, member)).token;
    const response = await call('POST', `/api/surveys/${created.id}/responses`, token, {
      answers: { [created.questions[0].id]: 'Invented' },
    });
    expect(response.statusCode).toBe(400);
  });
  it('lists the audience options to a surveys-only admin, and closes and reopens a survey', async () => {
    const options = await call('GET', '/api/admin/surveys/audience-options', adminToken);
    expect(options.statusCode).toBe(200);
    expect(options.json().userTypes.map((u: { id: string }) => u.id)).toContain(hub.userTypeIds.student);
    const messenger = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['bulk-emails'],
    });
    const messengerToken = (await signIn(t.app, cluster, messenger)).token;
    expect((await call('GET', '/api/admin/surveys/audience-options', messengerToken)).statusCode).toBe(403);

    const created = (
      await call('POST', '/api/admin/surveys', adminToken, { ...survey, title: 'Closing check' })
    ).json();
    expect(
      (await call('PATCH', `/api/admin/surveys/${created.id}`, messengerToken, { status: 'closed' }))
        .statusCode,
    ).toBe(403);
    const member = await createUser(t.database.db, cluster, { hub });
    const token = (await signIn(t.app, cluster, member)).token;
    const closed = await call('PATCH', `/api/admin/surveys/${created.id}`, adminToken, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect(
      (await call('GET', '/api/surveys', token))
        .json()
        .items.some((s: { id: string }) => s.id === created.id),
    ).toBe(false);
    const late = await call('POST', `/api/surveys/${created.id}/responses`, token, {
      answers: { [created.questions[2].id]: 'Too late?' },
    });
    expect(late.statusCode).toBe(404);
    const list = (await call('GET', '/api/admin/surveys', adminToken)).json();
    expect(list.items.find((s: { id: string }) => s.id === created.id).status).toBe('closed');
    expect(
      (await call('PATCH', `/api/admin/surveys/${created.id}`, adminToken, { status: 'paused' })).statusCode,
    ).toBe(400);
    const reopened = await call('PATCH', `/api/admin/surveys/${created.id}`, adminToken, { status: 'open' });
    expect(reopened.json().status).toBe('open');
    const answered = await call('POST', `/api/surveys/${created.id}/responses`, token, {
      answers: { [created.questions[2].id]: 'Just in time' },
    });
    expect(answered.statusCode).toBe(201);
    expect(
      (
        await call('PATCH', '/api/admin/surveys/00000000-0000-4000-8000-000000000000', adminToken, {
          status: 'closed',
        })
      ).statusCode,
    ).toBe(404);
  });
  it('rewrites a survey until a member answers it, then refuses (409)', async () => {
    const created = (
      await call('POST', '/api/admin/surveys', adminToken, { ...survey, title: 'Draft wording' })
    ).json();
    const invalid = await call('PUT', `/api/admin/surveys/${created.id}`, adminToken, {
      ...survey,
      title: 'No',
      questions: [],
    });
    expect(invalid.statusCode).toBe(400);
    const messenger = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['bulk-emails', 'announcements'],
    });
    const messengerToken = (await signIn(t.app, cluster, messenger)).token;
    expect(
      (
        await call('PUT', `/api/admin/surveys/${created.id}`, messengerToken, {
          ...survey,
          title: 'Not mine',
        })
      ).statusCode,
    ).toBe(403);
    expect(Object.keys(invalid.json().error.fields)).toEqual(expect.arrayContaining(['title', 'questions']));
    const updated = await call('PUT', `/api/admin/surveys/${created.id}`, adminToken, {
      title: 'Better wording',
      description: 'Now for students',
      audience: { userTypeIds: [hub.userTypeIds.student], groupIds: [] },
      questions: [{ kind: 'text', prompt: 'What should we change?' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Better wording',
      description: 'Now for students',
      questions: [{ kind: 'text', prompt: 'What should we change?', options: [] }],
    });
    expect(updated.json().audienceLabels).toHaveLength(1);
    const student = await createUser(t.database.db, cluster, { hub, userType: 'student' });
    const token = (await signIn(t.app, cluster, student)).token;
    const questionId = updated.json().questions[0].id as string;
    expect(
      (
        await call('POST', `/api/surveys/${created.id}/responses`, token, {
          answers: { [questionId]: 'Nothing' },
        })
      ).statusCode,
    ).toBe(201);
    const late = await call('PUT', `/api/admin/surveys/${created.id}`, adminToken, {
      ...survey,
      title: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.user_message).toBe(
      'Members have answered this survey, so it can no longer be changed.',
    );
  });

  it('deletes a survey with its answers (admins with surveys only), audited with the answers that went', async () => {
    const created = (
      await call('POST', '/api/admin/surveys', adminToken, { ...survey, title: 'To delete' })
    ).json();
    const [single] = created.questions as Array<{ id: string }>;
    for (const name of ['Ann', 'Ben']) {
      const member = await createUser(t.database.db, cluster, { hub, firstName: name });
      const token = (await signIn(t.app, cluster, member)).token;
      const answered = await call('POST', `/api/surveys/${created.id}/responses`, token, {
        answers: { [single?.id ?? '']: 'Very' },
      });
      expect(answered.statusCode).toBe(201);
    }
    const other = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['bulk-emails'],
    });
    const otherToken = (await signIn(t.app, cluster, other)).token;
    expect((await call('DELETE', `/api/admin/surveys/${created.id}`, otherToken)).statusCode).toBe(403);

    const removed = await call('DELETE', `/api/admin/surveys/${created.id}`, adminToken);
    expect(removed.statusCode).toBe(204);
    const list = (await call('GET', '/api/admin/surveys', adminToken)).json();
    expect(list.items.some((s: { id: string }) => s.id === created.id)).toBe(false);
    expect((await call('GET', `/api/admin/surveys/${created.id}/results`, adminToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/surveys/${created.id}`, adminToken)).statusCode).toBe(404);
    const scope = { clusterId: cluster.clusterId, isClusterScope: true };
    const left = await withTenant(t.database.db, scope, (tx) =>
      tx.select().from(surveyResponses).where(eq(surveyResponses.surveyId, created.id)),
    );
    expect(left).toEqual([]);
    const [entry] = await withTenant(t.database.db, scope, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'surveys.deleted'), eq(auditLog.targetId, created.id))),
    );
    expect(entry?.data).toMatchObject({ before: { title: 'To delete', answerCount: 2 }, after: null });
  });
});
