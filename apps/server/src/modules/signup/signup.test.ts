import { LIGHT_SIGNUP_STAGE } from '@commons/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { hubStandardOptions, userTypes } from '../../db/schema/index.js';
import { hubProfileFields } from '../../db/schema/profile-fields.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  signUpByEmail,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { eq } from 'drizzle-orm';

describeDb('signup onboarding and first-time-user matching', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { isAutoApproval: true });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      await tx.insert(hubStandardOptions).values([
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-industries',
          optionKey: 'tech',
          label: 'Technology',
          order: 0,
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-industries',
          optionKey: 'health',
          label: 'Healthcare',
          order: 1,
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'help-topics',
          optionKey: 'resume',
          label: 'Resume review',
          emoji: '📝',
          order: 0,
        },
      ]);
      await tx
        .update(userTypes)
        .set({ showFirstTimeMatchingExperience: true })
        .where(eq(userTypes.id, hub.userTypeIds.student));
    });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });

  it('walks a new student through signup, the matching quiz with reasons, and the end of the flow', async () => {
    // A mentor the quiz should find: an alumna in Technology who helps with resumes.
    const alumna = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Tess',
      lastName: 'Tech',
    });
    const { token: alumnaToken } = await signIn(t.app, cluster, alumna);
    await call('PUT', '/api/signup/standard-data', alumnaToken, {
      selections: { 'job-industries': ['tech'], 'help-topics': ['resume'] },
    });

    const signUp = await signUpByEmail(t.app, {
      host: cluster.host,
      clusterId: cluster.clusterId,
      body: {
        hubIdentifier: hub.identifier,
        userTypeId: hub.userTypeIds.student,
        firstName: 'Nia',
        lastName: 'New',
        email: 'nia@example.test',
        password: 'Password-1',
      },
    });
    const { token, user } = signUp.json();
    expect(user.startedSignupAt).toBeTruthy();
    expect(user.completedSignupAt).toBeNull();
    // Not listed before signup completes.
    expect((await call('GET', '/api/directory?q=nia', alumnaToken)).json().items).toEqual([]);

    const options = (await call('GET', '/api/signup/options', token)).json().options;
    expect(options['job-industries'].map((o: { label: string }) => o.label)).toEqual([
      'Technology',
      'Healthcare',
    ]);
    expect(options['help-topics'][0]).toEqual({
      id: 'resume',
      label: 'Resume review',
      emoji: '📝',
      subText: null,
      image: null,
    });
    expect(options.hobbies).toEqual([]);

    const bad = await call('PUT', '/api/signup/standard-data', token, {
      selections: { 'job-industries': ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['selections.job-industries']).toBe('Choose from the listed options.');
    expect(
      (
        await call('PUT', '/api/signup/standard-data', token, {
          selections: { 'job-industries': ['health'] },
        })
      ).statusCode,
    ).toBe(200);

    const complete = await call('POST', '/api/signup/complete', token, {
      postSignupRedirect: 'https://evil.example/steal',
    });
    expect(complete.statusCode).toBe(200);
    expect(complete.json().redirectTo).toBe(`/hub/${hub.identifier}/signup/new/collect-preferences`);
    expect(complete.json().user.completedSignupAt).toBeTruthy();
    expect(complete.json().user.pendingActions).toContain('FTU_REQUIRED');
    expect((await call('GET', '/api/directory?q=nia', alumnaToken)).json().items).toHaveLength(1);

    const matching = await call('POST', '/api/ftu/matching', token, {
      industries: ['Technology'],
      helpTopics: ['Resume review'],
    });
    const suggestions = matching.json().suggestions;
    expect(suggestions[0].person.fullName).toBe('Tess Tech');
    expect(suggestions[0].score).toBe(5);
    expect(suggestions[0].reasons).toEqual(['Works in Technology', 'Can help with Resume review']);

    const done = await call('POST', '/api/ftu/complete', token);
    expect(done.json().user.pendingActions).not.toContain('FTU_REQUIRED');
  });

  it('sends a member whose type has no matching experience to the safe postSignupRedirect', async () => {
    const signUp = await signUpByEmail(t.app, {
      host: cluster.host,
      clusterId: cluster.clusterId,
      body: {
        hubIdentifier: hub.identifier,
        userTypeId: hub.userTypeIds.alumni,
        firstName: 'Al',
        lastName: 'Umni',
        email: 'al@example.test',
        password: 'Password-1',
      },
    });
    const complete = await call('POST', '/api/signup/complete', signUp.json().token, {
      postSignupRedirect: '/profile/me?edit=about',
    });
    expect(complete.json().redirectTo).toBe('/profile/me?edit=about');
    const again = await call('POST', '/api/signup/complete', signUp.json().token, {
      postSignupRedirect: '//evil.example',
    });
    expect(again.json().redirectTo).toBe(`/hub/${hub.identifier}/`);
  });

  it('makes a light user a full member once they walk the signup steps (issue #16 item 5)', async () => {
    const light = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      signupStage: LIGHT_SIGNUP_STAGE,
    });
    const { token } = await signIn(t.app, cluster, light);
    const before = await call('GET', '/api/hub', token);
    // A light user gets the reduced set of spec 6 (LIGHT_USER_MODULES) among the hub's modules.
    const shown = (before.json().hub.activeModules as Array<{ id: string; isShown: boolean }>)
      .filter((m) => m.isShown)
      .map((m) => m.id);
    expect(shown.sort()).toEqual(['discussions', 'events', 'home', 'resources']);
    const complete = await call('POST', '/api/signup/complete', token, {});
    expect(complete.statusCode).toBe(200);
    const membership = complete.json().user.hubs[0];
    expect(membership.signupStage).toBeNull();
    expect(membership.approved).toBe(true);
    const after = await call('GET', '/api/hub', token);
    expect(after.json().hub.activeModules.every((m: { isShown: boolean }) => m.isShown)).toBe(true);
  });

  it("asks the hub's required custom profile fields of the member's type and refuses to finish without them (issue #22 item 1)", async () => {
    const fieldsHub = await createHub(t.database.db, cluster, { isAutoApproval: true });
    const field = (label: string, extra: Partial<typeof hubProfileFields.$inferInsert>) => ({
      clusterId: cluster.clusterId,
      hubId: fieldsHub.id,
      label,
      slug: label.toLowerCase().replaceAll(' ', '-'),
      type: 'text',
      ...extra,
    });
    const ids = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      async (tx) =>
        tx
          .insert(hubProfileFields)
          .values([
            field('Campus', {
              type: 'single-choice',
              options: ['North', 'South'],
              isRequired: true,
              userTypeIds: [fieldsHub.userTypeIds.student],
              order: 0,
            }),
            field('Graduation year', { type: 'number', isRequired: true, order: 1 }),
            field('Favourite book', { isRequired: false, order: 2 }),
            field('Employer name', {
              isRequired: true,
              userTypeIds: [fieldsHub.userTypeIds.alumni],
              order: 3,
            }),
            field('Old question', { isRequired: true, isArchived: true, order: 4 }),
          ])
          .returning({ id: hubProfileFields.id, label: hubProfileFields.label }),
    );
    const idOf = (label: string) => ids.find((row) => row.label === label)?.id ?? '';
    const signUp = await signUpByEmail(t.app, {
      host: cluster.host,
      clusterId: cluster.clusterId,
      body: {
        hubIdentifier: fieldsHub.identifier,
        userTypeId: fieldsHub.userTypeIds.student,
        firstName: 'Rita',
        lastName: 'Required',
        email: 'rita@example.test',
        password: 'Password-1',
      },
    });
    const { token } = signUp.json();
    const inHub = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': fieldsHub.identifier },
        ...(payload ? { payload } : {}),
      });

    // Signup asks the required fields of a student only: not the optional, alumni-only or archived ones.
    const options = (await inHub('GET', '/api/signup/options')).json();
    expect(
      options.requiredProfileFields.map((f: { label: string; isRequired: boolean; value: unknown }) => [
        f.label,
        f.isRequired,
        f.value,
      ]),
    ).toEqual([
      ['Campus', true, null],
      ['Graduation year', true, null],
    ]);
    expect(options.requiredProfileFields[0].options).toEqual(['North', 'South']);

    const early = await inHub('POST', '/api/signup/complete', {});
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({
      [`customFields.${idOf('Campus')}`]: 'Campus is required by this hub. Go back and answer it.',
      [`customFields.${idOf('Graduation year')}`]:
        'Graduation year is required by this hub. Go back and answer it.',
    });

    // The answers are saved as profile answers are, with their validation messages.
    const blank = await inHub('PUT', '/api/profiles/me/custom-fields', {
      values: [
        { fieldId: idOf('Campus'), value: '' },
        { fieldId: idOf('Graduation year'), value: 'soon' },
      ],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({
      'values.0.value': 'This answer is required.',
      'values.1.value': 'Enter a number, for example 42 or 3.5.',
    });
    const saved = await inHub('PUT', '/api/profiles/me/custom-fields', {
      values: [
        { fieldId: idOf('Campus'), value: 'South' },
        { fieldId: idOf('Graduation year'), value: '2028' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const after = (await inHub('GET', '/api/signup/options')).json();
    expect(after.requiredProfileFields.map((f: { value: unknown }) => f.value)).toEqual(['South', '2028']);

    const complete = await inHub('POST', '/api/signup/complete', {});
    expect(complete.statusCode).toBe(200);
    expect(complete.json().user.completedSignupAt).toBeTruthy();
    const profile = (await inHub('GET', '/api/profiles/me')).json().profile;
    expect(
      profile.sections.customFields.items.map((f: { label: string; value: unknown }) => [f.label, f.value]),
    ).toEqual([
      ['Campus', 'South'],
      ['Graduation year', '2028'],
      ['Favourite book', null],
    ]);
  });

  it('refuses the steps to someone who is not a member of the hub', async () => {
    const otherHub = await createHub(t.database.db, cluster);
    const outsider = await createUser(t.database.db, cluster, { hub: otherHub });
    const { token } = await signIn(t.app, cluster, outsider);
    expect((await call('GET', '/api/signup/options', token)).statusCode).toBe(403);
    expect((await call('POST', '/api/signup/complete', token, {})).statusCode).toBe(403);
  });
});
