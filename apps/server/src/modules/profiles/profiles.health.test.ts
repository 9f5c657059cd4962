import { ADDITIONAL_INFO_DUPLICATE_MESSAGE, ZHubSettings } from '@commons/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hubSettings, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';

/** Issue #16 item 12: every weighted attribute of spec 3 can be filled in, so a full profile reaches 100 %. */
describeDb('profile health: additional, demographic and dynamic profile', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let ownerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    ownerToken = (await signIn(t.app, cluster, await createUser(t.database.db, cluster, { hub }))).token;
    adminToken = (
      await signIn(
        t.app,
        cluster,
        await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['custom-fields'] }),
      )
    ).token;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, token: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });
  }
  const myProfile = async () => (await call('GET', '/api/profiles/me', ownerToken)).json().profile;
  const missing = (profile: { sections: { health: { missing: Array<{ attribute: string }> } } }) =>
    profile.sections.health.missing.map((m) => m.attribute);
  const withClusterScope = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  it('counts additional and demographic information once filled in, and refuses two items of one name', async () => {
    expect(missing(await myProfile())).toEqual(expect.arrayContaining(['additionalInfo', 'demographicInfo']));

    const duplicate = await call('PATCH', '/api/profiles/me', ownerToken, {
      additionalInfo: [
        { slug: 'Favourite book', type: 'text', value: 'Dune' },
        { slug: 'favourite book', type: 'paragraph', value: 'Also Dune' },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.fields).toEqual({
      'additionalInfo.1.slug': ADDITIONAL_INFO_DUPLICATE_MESSAGE,
    });

    const saved = await call('PATCH', '/api/profiles/me', ownerToken, {
      additionalInfo: [{ slug: 'Favourite book', type: 'text', value: 'Dune' }],
      demographicInfo: { pronouns: 'they/them' },
    });
    expect(saved.statusCode).toBe(200);
    const { profile } = saved.json();
    expect(profile.sections.additionalInfo).toEqual([
      { slug: 'Favourite book', type: 'text', value: 'Dune' },
    ]);
    expect(missing(profile)).not.toContain('additionalInfo');
    expect(missing(profile)).not.toContain('demographicInfo');
    // Without profile questions the dynamic profile is not applicable, and no section is offered for it.
    expect(missing(profile)).not.toContain('dynamicProfile');
    expect(profile.sections.profileQuestions).toBeUndefined();
  });

  it('asks for the dynamic profile once the hub turns it on with questions, and counts it when answered', async () => {
    await withClusterScope((tx) =>
      tx
        .update(hubSettings)
        .set({ settings: ZHubSettings.parse({ dynamicProfileEnabled: true }) })
        .where(eq(hubSettings.hubId, hub.id)),
    );
    // On, but no question yet: nothing can be answered, so nothing is asked.
    expect(missing(await myProfile())).not.toContain('dynamicProfile');

    const create = async (body: object) => {
      const response = await call('POST', '/api/profile-questions', adminToken, body);
      expect(response.statusCode).toBe(201);
      return response.json().question.id as string;
    };
    const story = await create({
      questionType: 'text',
      texts: { both: { name: 'Your story' } },
      isRequired: true,
    });
    const meet = await create({
      questionType: 'list',
      texts: { both: { name: 'How do you meet?' } },
      options: ['Video', 'In person'],
      order: 1,
    });

    const asked = await myProfile();
    expect(asked.sections.health.missing).toContainEqual({ attribute: 'dynamicProfile', weight: 10 });
    expect(asked.sections.profileQuestions).toEqual({ hubId: String(hub.id) });

    // An optional answer alone leaves the required question open.
    const answer = (id: string, value: unknown) =>
      call('PUT', `/api/profile-questions/${id}/answer`, ownerToken, { answerData: { value } });
    expect((await answer(meet, 'Video')).json()).toEqual({ isSaved: true, isDirty: false });
    expect(missing(await myProfile())).toContain('dynamicProfile');

    expect((await answer(story, 'x'.repeat(60))).json()).toEqual({ isSaved: true, isDirty: false });
    const answered = await myProfile();
    expect(missing(answered)).not.toContain('dynamicProfile');
    expect(answered.sections.profileQuestions).toEqual({ hubId: String(hub.id) });
  });

  it('does not ask for what the user type hides, and shows others no profile questions', async () => {
    await withClusterScope((tx) =>
      tx
        .update(userTypes)
        .set({ hideProfileSections: ['demographicInfo'] })
        .where(eq(userTypes.id, hub.userTypeIds.student)),
    );
    await call('PATCH', '/api/profiles/me', ownerToken, { demographicInfo: {} });
    const profile = await myProfile();
    expect(profile.sections.demographicInfo).toBeUndefined();
    expect(missing(profile)).not.toContain('demographicInfo');

    const ownerIdentifier = profile.identifier as string;
    const peer = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, peer);
    const seen = (await call('GET', `/api/profiles/${ownerIdentifier}`, token)).json().profile;
    expect(seen.sections.profileQuestions).toBeUndefined();
    expect(seen.sections.health).toBeUndefined();
  });
});
