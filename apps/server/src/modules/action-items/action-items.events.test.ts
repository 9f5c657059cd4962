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
  TEST_HUB_MODULES,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import {
  actionItemCompletions,
  hubSettings,
  jobPosts,
  realtimeEvents,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import type { TActionItemType } from '@commons/domain';

type TListed = {
  items: Array<{ type: string; title: string }>;
  reflections: Array<{ type: string; title: string; prompt: string }>;
};

const START = Date.parse('2026-06-01T12:00:00Z');

/**
 * Action items that complete by themselves from the real event of their feature (issue #18 item 4): each
 * test does the act through the API and finds the item completed once, with its realtime event.
 */
describeDb('action items completed by their events', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let nowMs = START;
  const tokens = new Map<string, string>();

  const call = async (user: TTestUser | null, method: string, url: string, payload?: object) => {
    let token = user ? tokens.get(user.id) : undefined;
    if (user && !token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        host: cluster.host,
        'x-hub-id': hub.identifier,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  };
  const ok = async (user: TTestUser, method: string, url: string, payload?: object) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const listed = async (user: TTestUser) => (await ok(user, 'GET', '/api/action-items')).json<TListed>();
  const completionsOf = (user: TTestUser, type: TActionItemType) =>
    asCluster((tx) =>
      tx
        .select({ hubId: actionItemCompletions.hubId, completedBy: actionItemCompletions.completedBy })
        .from(actionItemCompletions)
        .where(and(eq(actionItemCompletions.userId, user.id), eq(actionItemCompletions.type, type))),
    );
  const eventsOf = async (user: TTestUser, type: string) =>
    (
      await asCluster((tx) =>
        tx
          .select({ payload: realtimeEvents.payload })
          .from(realtimeEvents)
          .where(and(eq(realtimeEvents.userId, user.id), eq(realtimeEvents.type, 'action-item.completed'))),
      )
    ).filter((e) => e.payload['actionItem'] === type);
  /** The item was open before, is completed once by the event in the hub, and its realtime event written once. */
  const expectCompletedOnce = async (user: TTestUser, type: TActionItemType, title: string) => {
    expect(await completionsOf(user, type)).toEqual([{ hubId: hub.id, completedBy: 'event' }]);
    expect((await eventsOf(user, type)).map((e) => e.payload)).toEqual([
      { hubId: String(hub.id), actionItem: type, title },
    ]);
    expect((await listed(user)).items.map((i) => i.type)).not.toContain(type);
  };
  const openTypes = async (user: TTestUser) => (await listed(user)).items.map((i) => i.type);
  const setActionItems = (actionItems: Record<string, unknown>) =>
    asCluster((tx) =>
      tx
        .update(hubSettings)
        .set({
          settings: ZHubSettings.parse({ enabledModules: TEST_HUB_MODULES, moduleSettings: { actionItems } }),
        })
        .where(eq(hubSettings.hubId, hub.id)),
    );

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 1)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['groups'] });
    // Alumni offer help in this hub (user type canOfferHelp), students do not.
    await asCluster((tx) =>
      tx.update(userTypes).set({ canOfferHelp: true }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
  });
  afterAll(async () => t.close());

  it('offers the new items by user type: offer_expertise only to types that offer help', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    expect(await openTypes(student)).toEqual([
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
    expect(await openTypes(alumnus)).toContain('offer_expertise');
  });

  it('completes group_register when the user joins a group of the hub', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const created = await ok(admin, 'POST', '/api/groups', { groupType: 'group', name: 'Chess Club' });
    const group = created.json<{ group: { identifier: string } }>().group;
    expect(await openTypes(student)).toContain('group_register');
    await ok(student, 'POST', `/api/groups/${group.identifier}/join`, {});
    await expectCompletedOnce(student, 'group_register', 'Finish your registration');
  });

  it('completes build_your_network when the user starts a conversation, once', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const other = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    for (const to of [alumnus, other]) {
      const sent = await call(student, 'POST', '/api/inbox/threads', {
        recipientId: to.id,
        messageType: 'message',
        body: '<p>Hello!</p>',
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await expectCompletedOnce(student, 'build_your_network', 'Build your network');
    // The recipient did not reach out: theirs stays open.
    expect(await completionsOf(alumnus, 'build_your_network')).toEqual([]);
  });

  it('completes number_of_meetings for both participants when a meeting is accepted', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const thread = await ok(student, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: '<p>Could we meet?</p>',
    });
    const threadId = thread.json<{ thread: { id: string } }>().thread.id;
    const requested = await ok(student, 'POST', `/api/inbox/threads/${threadId}/meetings`, {
      medium: 'email',
      durationMinutes: 30,
      proposedTimes: [],
      timezone: 'America/Los_Angeles',
    });
    const meetingId = requested.json<{ meeting: { id: string } }>().meeting.id;
    // Requesting is not meeting yet.
    expect(await completionsOf(student, 'number_of_meetings')).toEqual([]);
    await ok(alumnus, 'POST', `/api/meetings/${meetingId}/accept`, {});
    await expectCompletedOnce(student, 'number_of_meetings', 'Have your meetings');
    await expectCompletedOnce(alumnus, 'number_of_meetings', 'Have your meetings');
  });

  it('completes share_your_experience when the user answers a question', async () => {
    const asker = await createUser(t.database.db, cluster, { hub });
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const asked = await ok(asker, 'POST', '/api/discussions/questions', {
      title: 'How did you find your first job?',
      body: '<p>Any tips?</p>',
    });
    const question = asked.json<{ question: { id: string; status: string } }>().question;
    expect(question.status).toBe('approved');
    await ok(alumnus, 'POST', `/api/discussions/questions/${question.id}/answers`, {
      body: '<p>Through an alumni introduction.</p>',
    });
    await expectCompletedOnce(alumnus, 'share_your_experience', 'Share your experience');
  });

  it('completes el_save_opportunity when the user saves a job of the board, once', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const [post] = await asCluster((tx) =>
      tx
        .insert(jobPosts)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          ownerUserId: admin.id,
          jobFlow: 'job',
          title: 'Research assistant',
          applicationMethod: 'internal',
          expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
        })
        .returning({ id: jobPosts.id }),
    );
    if (!post) throw new Error('no post');
    expect(await openTypes(student)).toContain('el_save_opportunity');
    await ok(student, 'PUT', `/api/jobs/${post.id}/save`);
    await ok(student, 'DELETE', `/api/jobs/${post.id}/save`);
    await ok(student, 'PUT', `/api/jobs/${post.id}/save`);
    await expectCompletedOnce(student, 'el_save_opportunity', 'Save an opportunity');
  });

  it('completes offer_expertise when the profile offers help topics', async () => {
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    await ok(alumnus, 'PATCH', '/api/profiles/me', { headline: 'Engineer' });
    expect(await completionsOf(alumnus, 'offer_expertise')).toEqual([]);
    await ok(alumnus, 'PATCH', '/api/profiles/me', { helpTopics: ['Interview practice'] });
    await ok(alumnus, 'PATCH', '/api/profiles/me', { helpTopics: ['Interview practice', 'Careers'] });
    await expectCompletedOnce(alumnus, 'offer_expertise', 'Offer your expertise');
  });

  it('completes sync_calendar when a calendar app fetches the meetings feed, and not before', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const rotated = await ok(student, 'POST', '/api/me/availability/feed/rotate');
    const feedUrl = rotated.json<{ availability: { feedUrl: string } }>().availability.feedUrl;
    expect(await completionsOf(student, 'sync_calendar')).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const feed = await t.app.inject({
        method: 'GET',
        url: new URL(feedUrl).pathname,
        headers: { host: cluster.host },
      });
      expect(feed.statusCode, feed.body).toBe(200);
    }
    await expectCompletedOnce(student, 'sync_calendar', 'Sync your calendar');
  });

  it('completes get_notified when the user chooses email notifications, or a device registers for pushes', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    await ok(student, 'PATCH', '/api/me/settings', { emailDigestFrequency: 'never' });
    expect(await completionsOf(student, 'get_notified')).toEqual([]);
    await ok(student, 'PATCH', '/api/me/settings', { emailDigestFrequency: 'immediately' });
    await ok(student, 'PATCH', '/api/me/settings', { emailDigestFrequency: 'daily' });
    await expectCompletedOnce(student, 'get_notified', 'Get notified');

    const other = await createUser(t.database.db, cluster, { hub });
    await ok(other, 'POST', '/api/push-tokens', { token: `fcm:other-${other.id}`, platform: 'android' });
    await expectCompletedOnce(other, 'get_notified', 'Get notified');
  });

  it('shows a banner with a showLimit at most that many times, a refetch within the hour counting once', async () => {
    const student = await createUser(t.database.db, cluster, { hub });
    const shows: boolean[] = [];
    for (let visit = 0; visit < 5; visit++) {
      shows.push((await openTypes(student)).includes('sync_calendar'));
      // The same visit's refetch is not a new showing.
      expect((await openTypes(student)).includes('sync_calendar')).toBe(shows[visit]);
      nowMs += 61 * 60 * 1000;
      // A new visit signs in again (the access token does not last that long).
      tokens.clear();
    }
    expect(shows).toEqual([true, true, true, false, false]);
    // Items without a limit stay.
    expect(await openTypes(student)).toContain('complete_profile');
  });

  it('asks the reflection prompt of a completed item once: answered or skipped, it is not asked again', async () => {
    await setActionItems({
      build_your_network: { isEnabled: true, reflectionPrompt: 'Who did you reach out to?' },
    });
    const student = await createUser(t.database.db, cluster, { hub });
    const alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    expect((await listed(student)).reflections).toEqual([]);
    // Nothing to answer before the item is completed.
    const early = await call(student, 'PUT', '/api/action-items/build_your_network/reflection', {
      reflection: 'Too soon',
    });
    expect(early.statusCode).toBe(404);

    await ok(student, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: '<p>Hello!</p>',
    });
    expect((await listed(student)).reflections).toEqual([
      { type: 'build_your_network', title: 'Build your network', prompt: 'Who did you reach out to?' },
    ]);
    const tooLong = await call(student, 'PUT', '/api/action-items/build_your_network/reflection', {
      reflection: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    const saved = await ok(student, 'PUT', '/api/action-items/build_your_network/reflection', {
      reflection: '  An alum in finance.  ',
    });
    expect(saved.json()).toMatchObject({ type: 'build_your_network', reflection: 'An alum in finance.' });
    expect((await listed(student)).reflections).toEqual([]);
    const [row] = await asCluster((tx) =>
      tx
        .select({ reflection: actionItemCompletions.reflection })
        .from(actionItemCompletions)
        .where(
          and(
            eq(actionItemCompletions.userId, student.id),
            eq(actionItemCompletions.type, 'build_your_network'),
          ),
        ),
    );
    expect(row?.reflection).toBe('An alum in finance.');

    // Another user skips (null): no answer kept, and not asked again.
    const other = await createUser(t.database.db, cluster, { hub });
    await ok(other, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: '<p>Hi!</p>',
    });
    const skipped = await ok(other, 'PUT', '/api/action-items/build_your_network/reflection', {
      reflection: null,
    });
    expect(skipped.json()).toMatchObject({ reflection: null });
    expect((await listed(other)).reflections).toEqual([]);
    await setActionItems({});
  });

  it('lists every offered item with its edits for admins with branding-settings only', async () => {
    const brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    await setActionItems({ group_register: { isEnabled: false, title: 'Join a club' } });
    const student = await createUser(t.database.db, cluster, { hub });
    expect((await call(student, 'GET', '/api/action-items/settings')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/action-items/settings')).statusCode).toBe(403);
    const response = await ok(brandingAdmin, 'GET', '/api/action-items/settings');
    const { items } = response.json<{
      items: Array<{
        type: string;
        setting: { isEnabled: boolean; title: string | null };
        banner: { title: string };
      }>;
    }>();
    expect(items.map((i) => i.type)).toEqual([
      'group_register',
      'build_your_network',
      'get_notified',
      'offer_expertise',
      'share_your_experience',
      'complete_profile',
      'sync_calendar',
      'career_stories',
      'number_of_meetings',
      'upload_documents',
      'custom_manual_action',
      'el_add_interest',
      'el_save_opportunity',
      'el_report_participation',
      'el_apply_opportunity',
    ]);
    expect(items[0]).toMatchObject({
      setting: { isEnabled: false, title: 'Join a club' },
      banner: { title: 'Join a club' },
      defaults: { title: 'Finish your registration' },
    });
    expect(items.find((i) => i.type === 'custom_manual_action')?.setting.isEnabled).toBe(false);
    // The manual item turned on without a link would show nothing: refused at the link.
    const noLink = await call(brandingAdmin, 'PUT', '/api/action-items/custom_manual_action/settings', {
      isEnabled: true,
      title: 'Sign the code',
      description: null,
      buttonLabel: null,
      imageUrl: null,
      mobileImageUrl: null,
      reflectionPrompt: null,
      link: null,
    });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().error.fields).toEqual({ link: 'Give the link members open to do this step.' });
    expect(items.find((i) => i.type === 'complete_profile')?.setting.isEnabled).toBe(true);
    await setActionItems({});
  });
});
