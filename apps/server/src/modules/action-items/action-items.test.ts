import { ZHubSettings } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import {
  actionItemCompletions,
  contentFiles,
  hubSettings,
  realtimeEvents,
  users,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type TItems = { items: Array<{ type: string; title: string; link: string | null; isManual: boolean }> };

/** Action items (issue #18 item 4): open items per hub, completion by the real event, manual completion. */
describeDb('action items', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let student: TTestUser;
  let otherStudent: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
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
  const openTypes = async (user: TTestUser, hubIdentifier?: string) => {
    const response = await call(user, 'GET', '/api/action-items', { hubIdentifier });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TItems>().items.map((i) => i.type);
  };
  const completions = (userId: string) =>
    asCluster((tx) =>
      tx
        .select({
          hubId: actionItemCompletions.hubId,
          type: actionItemCompletions.type,
          completedBy: actionItemCompletions.completedBy,
        })
        .from(actionItemCompletions)
        .where(eq(actionItemCompletions.userId, userId)),
    );
  const completedEvents = (userId: string) =>
    asCluster((tx) =>
      tx
        .select({ payload: realtimeEvents.payload })
        .from(realtimeEvents)
        .where(and(eq(realtimeEvents.userId, userId), eq(realtimeEvents.type, 'action-item.completed'))),
    );
  const setActionItemSettings = (target: TTestHub, actionItems: Record<string, unknown>) =>
    asCluster((tx) =>
      tx
        .update(hubSettings)
        .set({ settings: ZHubSettings.parse({ moduleSettings: { actionItems } }) })
        .where(eq(hubSettings.hubId, target.id)),
    );

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    student = await createUser(t.database.db, cluster, { hub });
    otherStudent = await createUser(t.database.db, cluster, { hub: otherHub });
  });
  afterAll(async () => t.close());

  it('lists only the items whose feature exists, with banner copy and click action', async () => {
    const response = await call(student, 'GET', '/api/action-items');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<TItems>();
    expect(items.map((i) => i.type)).toEqual([
      'group_register',
      'build_your_network',
      'get_notified',
      'share_your_experience',
      'complete_profile',
      'sync_calendar',
      'career_stories',
      'number_of_meetings',
      'upload_documents',
      'el_add_interest',
      'el_save_opportunity',
      'el_report_participation',
      'el_apply_opportunity',
    ]);
    expect(items.find((i) => i.type === 'complete_profile')).toMatchObject({
      title: 'Complete your profile',
      link: '/profile',
      isManual: false,
    });
  });

  it('completes complete_profile exactly once when the profile health reaches 100 %', async () => {
    await asCluster((tx) =>
      tx
        .update(users)
        .set({ photoUrl: 'https://example.test/photos/me.jpg' })
        .where(eq(users.id, student.id)),
    );
    const work = await call(student, 'PUT', '/api/profiles/me/work-history', {
      payload: {
        items: [
          { role: 'Analyst', company: 'Acme', startMonth: 1, startYear: 2020, endMonth: 12, endYear: 2021 },
        ],
      },
    });
    expect(work.statusCode, work.body).toBe(200);
    const schools = await call(student, 'PUT', '/api/profiles/me/schools', {
      payload: { items: [{ schoolName: 'State University', degreeType: 'BA', graduationYear: 2020 }] },
    });
    expect(schools.statusCode, schools.body).toBe(200);
    expect(await completions(student.id)).toEqual([]);

    const fill = {
      headline: 'Analyst at Acme',
      about: 'I analyse things.',
      location: 'Boston',
      helpTopics: ['Resume review'],
      careerPathExpertise: ['Finance'],
      additionalInfo: [{ slug: 'Favourite book', type: 'text', value: 'Dune' }],
      demographicInfo: { pronouns: 'they/them' },
    };
    const saved = await call(student, 'PATCH', '/api/profiles/me', { payload: fill });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.sections.health.score).toBe(100);
    // Saving again, twice at once: still one completion and one event.
    const again = await Promise.all([
      call(student, 'PATCH', '/api/profiles/me', { payload: { headline: 'Senior analyst' } }),
      call(student, 'PATCH', '/api/profiles/me', { payload: { location: 'Cambridge' } }),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);

    expect(await completions(student.id)).toEqual([
      { hubId: hub.id, type: 'complete_profile', completedBy: 'event' },
    ]);
    expect((await completedEvents(student.id)).map((e) => e.payload)).toEqual([
      { hubId: String(hub.id), actionItem: 'complete_profile', title: 'Complete your profile' },
    ]);
    expect(await openTypes(student)).not.toContain('complete_profile');
  });

  it('completes career_stories when a story is written', async () => {
    const mine = await call(student, 'GET', '/api/profiles/me');
    const prompts = mine.json().profile.sections.careerAdvice?.prompts as Array<{ id: string }> | undefined;
    const promptId = prompts?.[0]?.id;
    expect(promptId).toBeDefined();
    const saved = await call(student, 'PUT', '/api/profiles/me/career-stories', {
      payload: { items: [{ promptId, value: 'I started as an intern.', link: null }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await openTypes(student)).not.toContain('career_stories');
  });

  it('completes upload_documents when a resume is uploaded', async () => {
    const form = new FormData();
    form.append('kind', 'resume');
    form.append('file', new Blob([Buffer.from('%PDF-1.7\n')], { type: 'application/pdf' }), 'cv.pdf');
    const encoded = new Response(form);
    const token = tokens.get(student.id);
    if (token === undefined) throw new Error('signed in above');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/me/files',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await openTypes(student)).not.toContain('upload_documents');
    expect((await completions(student.id)).filter((c) => c.type === 'upload_documents')).toEqual([
      { hubId: hub.id, type: 'upload_documents', completedBy: 'event' },
    ]);
  });

  it('lets the user complete the hub’s manual item once, and no other item by hand', async () => {
    expect(await openTypes(student)).not.toContain('custom_manual_action');
    await setActionItemSettings(hub, {
      custom_manual_action: {
        isEnabled: true,
        title: 'Sign the code of conduct',
        link: 'https://example.test/code-of-conduct',
      },
      upload_documents: { isEnabled: false },
    });
    const listed = (await call(student, 'GET', '/api/action-items')).json<TItems>().items;
    expect(listed.map((i) => i.type)).toContain('custom_manual_action');
    expect(listed.map((i) => i.type)).not.toContain('upload_documents');
    expect(listed.find((i) => i.type === 'custom_manual_action')).toMatchObject({
      title: 'Sign the code of conduct',
      link: 'https://example.test/code-of-conduct',
      isManual: true,
    });

    const first = await call(student, 'POST', '/api/action-items/custom_manual_action/complete');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ type: 'custom_manual_action', isNewlyCompleted: true });
    const second = await call(student, 'POST', '/api/action-items/custom_manual_action/complete');
    expect(second.json()).toEqual({ type: 'custom_manual_action', isNewlyCompleted: false });
    expect(await openTypes(student)).not.toContain('custom_manual_action');
    const manual = (await completions(student.id)).filter((c) => c.type === 'custom_manual_action');
    expect(manual).toEqual([{ hubId: hub.id, type: 'custom_manual_action', completedBy: 'manual' }]);
    expect(
      (await completedEvents(student.id)).filter((e) => e.payload['actionItem'] === 'custom_manual_action'),
    ).toHaveLength(1);

    const byHand = await call(student, 'POST', '/api/action-items/complete_profile/complete');
    expect(byHand.statusCode).toBe(404);
    const unknown = await call(student, 'POST', '/api/action-items/not_a_type/complete');
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a member of another hub, and never shows or completes their items', async () => {
    await setActionItemSettings(otherHub, {
      custom_manual_action: { isEnabled: true, link: 'https://example.test/b' },
    });
    const read = await call(student, 'GET', '/api/action-items', { hubIdentifier: otherHub.identifier });
    expect([403, 404]).toContain(read.statusCode);
    const write = await call(student, 'POST', '/api/action-items/custom_manual_action/complete', {
      hubIdentifier: otherHub.identifier,
    });
    expect([403, 404]).toContain(write.statusCode);
    expect((await completions(student.id)).map((c) => c.hubId)).not.toContain(otherHub.id);
    expect(await openTypes(otherStudent, otherHub.identifier)).toContain('custom_manual_action');
    expect(await completions(otherStudent.id)).toEqual([]);
    // Under the member's own scope, the database shows none of another user's completions.
    const seen = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, hubId: otherHub.id, userId: otherStudent.id },
      (tx) => tx.select().from(actionItemCompletions),
    );
    expect(seen).toEqual([]);
  });

  it('lets hub admins with branding-settings edit an item’s banner, with uploaded images of at most 120 kB', async () => {
    const admin = await createUser(t.database.db, cluster, {
      hub: otherHub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    const plainAdmin = await createUser(t.database.db, cluster, {
      hub: otherHub,
      isHubAdmin: true,
      rights: ['resources'],
    });
    const image = (key: string, sizeBytes: number) =>
      asCluster((tx) =>
        tx.insert(contentFiles).values({
          clusterId: cluster.clusterId,
          hubId: otherHub.id,
          kind: 'image',
          region: 'us',
          storageKey: key,
          mimeType: 'image/webp',
          sizeBytes,
          originalName: 'banner.webp',
        }),
      );
    await image('a'.repeat(32), 100 * 1024);
    await image('b'.repeat(32), 121 * 1024);
    const edit = {
      isEnabled: true,
      title: 'Finish your profile today',
      description: null,
      buttonLabel: '  ',
      imageUrl: `/api/rich-text/images/${'a'.repeat(32)}`,
      mobileImageUrl: null,
      reflectionPrompt: 'What did you learn about yourself?',
      link: null,
    };
    const put = (user: TTestUser, payload: object) =>
      call(user, 'PUT', '/api/action-items/complete_profile/settings', {
        hubIdentifier: otherHub.identifier,
        payload,
      });

    expect((await put(plainAdmin, edit)).statusCode).toBe(403);
    expect((await put(otherStudent, edit)).statusCode).toBe(403);
    const tooLarge = await put(admin, { ...edit, mobileImageUrl: `/api/rich-text/images/${'b'.repeat(32)}` });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.fields).toEqual({ mobileImageUrl: 'The image must be 120 kB or smaller.' });
    const unknown = await put(admin, { ...edit, imageUrl: `/api/rich-text/images/${'c'.repeat(32)}` });
    expect(unknown.json().error.fields).toEqual({ imageUrl: 'Upload the image again.' });
    const hotLinked = await put(admin, { ...edit, imageUrl: 'https://example.test/banner.png' });
    expect(hotLinked.statusCode).toBe(400);

    const saved = await put(admin, edit);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      type: 'complete_profile',
      title: 'Finish your profile today',
      description: 'A complete profile gets better matches and more replies.',
      buttonLabel: 'Complete profile',
      imageUrl: `/api/rich-text/images/${'a'.repeat(32)}`,
      reflectionPrompt: 'What did you learn about yourself?',
    });
    const listed = (
      await call(otherStudent, 'GET', '/api/action-items', { hubIdentifier: otherHub.identifier })
    )
      .json<TItems>()
      .items.find((i) => i.type === 'complete_profile');
    expect(listed?.title).toBe('Finish your profile today');
    // The hub's other settings stay: the manual item set up earlier is still offered.
    expect(await openTypes(otherStudent, otherHub.identifier)).toContain('custom_manual_action');

    const off = await put(admin, { ...edit, isEnabled: false });
    expect(off.statusCode).toBe(200);
    expect(await openTypes(otherStudent, otherHub.identifier)).not.toContain('complete_profile');
    // The admin of one hub cannot edit another hub's items.
    const intoHub = await call(admin, 'PUT', '/api/action-items/complete_profile/settings', {
      payload: edit,
    });
    expect([403, 404]).toContain(intoHub.statusCode);
  });
});
