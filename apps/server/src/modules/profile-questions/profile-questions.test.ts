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

describeDb('profile questions and answers', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let adminToken: string;
  let memberToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    adminToken = (
      await signIn(
        t.app,
        cluster,
        await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['custom-fields'] }),
      )
    ).token;
    memberToken = (await signIn(t.app, cluster, await createUser(t.database.db, cluster, { hub }))).token;
    const create = async (key: string, body: object) => {
      const response = await call('POST', '/api/profile-questions', adminToken, body);
      expect(response.statusCode).toBe(201);
      ids[key] = response.json().question.id;
      return response.json().question;
    };
    await create('story', { questionType: 'text', texts: { both: { name: 'Your story' } }, order: 0 });
    await create('rating', {
      questionType: 'rating',
      texts: { both: { name: 'How confident are you?' } },
      order: 1,
    });
    const list = await create('list', {
      questionType: 'list',
      texts: { both: { name: 'Pick areas' } },
      options: ['Design', 'Data'],
      allowsMultiple: true,
      order: 2,
    });
    expect(list.placeholder).toBe('Search Options...');
    await create('ack', {
      questionType: 'video',
      texts: { both: { name: 'I watched the intro video' } },
      isRequired: true,
      order: 3,
    });
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });
  }
  const answer = (key: string, answerData: object) =>
    call('PUT', `/api/profile-questions/${ids[key]}/answer`, memberToken, { answerData });

  it('refuses question creation without the custom-fields right', async () => {
    expect(
      (
        await call('POST', '/api/profile-questions', memberToken, {
          questionType: 'text',
          texts: { both: { name: 'X' } },
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each([
    [
      'a text under 50 characters stays dirty and is not saved',
      'story',
      { value: 'Too short', count: 9 },
      { isSaved: false, isDirty: true },
    ],
    // A refused answer keeps the dirty flag it came with (the edit is still unsaved in the form).
    [
      'an empty text after stripping markup is not saved',
      'story',
      { value: '<p> </p>' },
      { isSaved: false, isDirty: true },
    ],
    [
      'a text of 50 to 1000 characters is saved',
      'story',
      { value: 'x'.repeat(60) },
      { isSaved: true, isDirty: false },
    ],
    [
      'the same text again is not saved (unchanged)',
      'story',
      { value: 'x'.repeat(60) },
      { isSaved: false, isDirty: true },
    ],
    [
      'a text over 1000 characters stays dirty',
      'story',
      { value: 'y'.repeat(1001) },
      { isSaved: false, isDirty: true },
    ],
    // The server counts the characters (issue #16 item 8): a count sent by the client changes nothing.
    [
      'a short text claiming a count of 60 is still too short',
      'story',
      { value: 'Too short again', count: 60 },
      { isSaved: false, isDirty: true },
    ],
    [
      'a long text claiming a count of 10 is still too long',
      'story',
      { value: 'z'.repeat(1001), count: 10 },
      { isSaved: false, isDirty: true },
    ],
    ['a finite rating is saved', 'rating', { value: 4 }, { isSaved: true, isDirty: false }],
    [
      'a list answer from the options is saved',
      'list',
      { value: ['Design', 'Data'] },
      { isSaved: true, isDirty: false },
    ],
    ['a video acknowledgment is saved', 'ack', { value: true }, { isSaved: true, isDirty: false }],
  ])('%s', async (_label, key, answerData, expected) => {
    const response = await answer(key, answerData);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it('refuses a list value outside the options and a non-boolean acknowledgment', async () => {
    expect((await answer('list', { value: ['Cooking'] })).json().error.fields['answerData.value']).toBe(
      'Choose from the listed options.',
    );
    expect((await answer('ack', { value: 'yes' })).statusCode).toBe(400);
  });

  it('lists the questions with my saved answers in order', async () => {
    const items = (await call('GET', '/api/profile-questions', memberToken)).json().items;
    expect(items.map((q: { name: string }) => q.name)).toEqual([
      'Your story',
      'How confident are you?',
      'Pick areas',
      'I watched the intro video',
    ]);
    expect(items[0].answer.value).toBe('x'.repeat(60));
    expect(items[1].answer.value).toBe(4);
    expect(items[3].isRequired).toBe(true);
  });
});
