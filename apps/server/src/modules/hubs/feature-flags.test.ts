import { HUB_FEATURE_KEYS } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  earnedBadges,
  hubSettings,
  pledges,
  realtimeEvents,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
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
import { GIVING_FORM_OFF_MESSAGE } from '../giving/giving.policy.js';

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describeDb('hub feature flags (spec 6 Feature flags per hub)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, hub: TTestHub, method: TMethod, url: string, payload?: object) =>
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
  const setFlags = async (admin: TTestUser, hub: TTestHub, flags: Record<string, boolean>) => {
    const response = await call(admin, hub, 'PATCH', '/api/hub/feature-flags', { flags });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const storedFlags = (hub: TTestHub) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      return (row?.settings as { featureFlags?: Record<string, boolean> } | undefined)?.featureFlags;
    });

  describe('GET and PATCH /api/hub/feature-flags', () => {
    let hub: TTestHub;
    let admin: TTestUser;
    let member: TTestUser;
    let otherAdmin: TTestUser;

    beforeAll(async () => {
      hub = await createHub(t.database.db, cluster);
      admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['branding-settings'],
      });
      member = await createUser(t.database.db, cluster, { hub });
      otherAdmin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['manage-badges'],
      });
    });

    it('answers the thirteen flags with their defaults to a hub admin with branding-settings', async () => {
      const response = await call(admin, hub, 'GET', '/api/hub/feature-flags');
      expect(response.statusCode).toBe(200);
      const flags: Array<{ key: string; label: string; isOn: boolean; isInUse: boolean }> =
        response.json().flags;
      expect(flags.map((f) => f.key)).toEqual(HUB_FEATURE_KEYS);
      expect(flags.filter((f) => f.isOn).map((f) => f.key)).toEqual([
        'givingForm',
        'jtbdHomepage',
        'compassAndAchievements',
      ]);
      expect(flags.find((f) => f.key === 'compassAndAchievements')).toMatchObject({
        label: 'Compass and achievements',
        isInUse: true,
      });
    });

    it('refuses members and admins without branding-settings with 403', async () => {
      expect((await call(member, hub, 'GET', '/api/hub/feature-flags')).statusCode).toBe(403);
      expect((await call(otherAdmin, hub, 'GET', '/api/hub/feature-flags')).statusCode).toBe(403);
      const patch = await call(member, hub, 'PATCH', '/api/hub/feature-flags', {
        flags: { navigationV2: true },
      });
      expect(patch.statusCode).toBe(403);
    });

    it('sets the named flags, keeps the others, stores them in hub settings and audits the change', async () => {
      const first = await setFlags(admin, hub, { navigationV2: true, compassAndAchievements: false });
      const isOn = (body: { flags: Array<{ key: string; isOn: boolean }> }, key: string) =>
        body.flags.find((f) => f.key === key)?.isOn;
      expect(isOn(first.json(), 'navigationV2')).toBe(true);
      expect(isOn(first.json(), 'compassAndAchievements')).toBe(false);
      const second = await setFlags(admin, hub, { compassAndAchievements: true });
      expect(isOn(second.json(), 'navigationV2')).toBe(true);
      expect(isOn(second.json(), 'compassAndAchievements')).toBe(true);
      expect(await storedFlags(hub)).toEqual({ navigationV2: true, compassAndAchievements: true });

      const audits = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select({ data: auditLog.data, actor: auditLog.actorUserId })
            .from(auditLog)
            .where(
              and(eq(auditLog.action, 'hub.feature_flags_updated'), eq(auditLog.targetId, String(hub.id))),
            )
            .orderBy(auditLog.createdAt),
      );
      expect(audits.map((a) => a.data)).toEqual([
        {
          changes: {
            navigationV2: { from: false, to: true },
            compassAndAchievements: { from: true, to: false },
          },
        },
        { changes: { compassAndAchievements: { from: false, to: true } } },
      ]);
      expect(audits.every((a) => a.actor === admin.id)).toBe(true);
    });

    it('refuses an unknown key with 400 naming it, and changes nothing', async () => {
      const before = await storedFlags(hub);
      const response = await call(admin, hub, 'PATCH', '/api/hub/feature-flags', {
        flags: { navigationV2: false, badges: false },
      });
      expect(response.statusCode).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('validation_failed');
      expect(error.user_message).toContain('“badges” is not a feature flag');
      expect(Object.keys(error.fields)).toEqual(['flags.badges']);
      expect(await storedFlags(hub)).toEqual(before);
    });

    it('refuses an empty edit and a non-boolean value with 400', async () => {
      expect((await call(admin, hub, 'PATCH', '/api/hub/feature-flags', { flags: {} })).statusCode).toBe(400);
      const wrong = await call(admin, hub, 'PATCH', '/api/hub/feature-flags', {
        flags: { navigationV2: 'yes' },
      });
      expect(wrong.statusCode).toBe(400);
    });

    it('lets a cluster admin read and set the flags', async () => {
      const clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
      expect((await call(clusterAdmin, hub, 'GET', '/api/hub/feature-flags')).statusCode).toBe(200);
      await setFlags(clusterAdmin, hub, { navigationV2: false });
    });

    it('sends members the effective flags with the hub (GET /api/hub features)', async () => {
      await setFlags(admin, hub, { givingForm: false });
      const response = await call(member, hub, 'GET', '/api/hub');
      expect(response.statusCode).toBe(200);
      const features = response.json().hub.features;
      expect(Object.keys(features)).toEqual(HUB_FEATURE_KEYS);
      expect(features).toMatchObject({ givingForm: false, jtbdHomepage: true, compassAndAchievements: true });
      await setFlags(admin, hub, { givingForm: true });
    });
  });

  describe('compass and achievements (badges)', () => {
    let hubOff: TTestHub;
    let hubOn: TTestHub;
    const people = {} as Record<
      'adminOff' | 'adminOn' | 'studentOff' | 'studentOn' | 'askerOff' | 'askerOn',
      TTestUser
    >;
    const badgeIds: Record<'off' | 'on', string> = { off: '', on: '' };
    const FIRST_ANSWER = {
      title: 'First answer',
      description: 'You answered a question of the community.',
      imageUrl: null,
      rule: { kind: 'answers_given', threshold: 1 },
      isEnabled: true,
    };
    const answerOnce = async (asker: TTestUser, student: TTestUser, hub: TTestHub) => {
      const asked = await call(asker, hub, 'POST', '/api/discussions/questions', {
        title: `Question ${Date.now()}`,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const questionId = asked.json<{ question: { id: string } }>().question.id;
      const answered = await call(student, hub, 'POST', `/api/discussions/questions/${questionId}/answers`, {
        body: '<p>An answer</p>',
      });
      expect(answered.statusCode, answered.body).toBe(201);
    };
    const earned = (user: TTestUser) =>
      asCluster((tx) =>
        tx.select({ hubId: earnedBadges.hubId }).from(earnedBadges).where(eq(earnedBadges.userId, user.id)),
      );
    const badgeEvents = (user: TTestUser) =>
      asCluster((tx) =>
        tx
          .select({ id: realtimeEvents.id })
          .from(realtimeEvents)
          .where(and(eq(realtimeEvents.userId, user.id), eq(realtimeEvents.type, 'badge.earned'))),
      );
    const profileBadges = async (viewer: TTestUser, hub: TTestHub, owner: TTestUser) => {
      const response = await call(viewer, hub, 'GET', `/api/profiles/${owner.identifier}/badges`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Array<{ id: string }>; isEnabled: boolean }>();
    };

    beforeAll(async () => {
      hubOff = await createHub(t.database.db, cluster, { enabledModules: ['home', 'discussions'] });
      hubOn = await createHub(t.database.db, cluster, { enabledModules: ['home', 'discussions'] });
      for (const [suffix, hub] of [
        ['Off', hubOff],
        ['On', hubOn],
      ] as const) {
        people[`admin${suffix}`] = await createUser(t.database.db, cluster, {
          hub,
          isHubAdmin: true,
          rights: ['branding-settings', 'manage-badges'],
        });
        people[`student${suffix}`] = await createUser(t.database.db, cluster, { hub });
        people[`asker${suffix}`] = await createUser(t.database.db, cluster, { hub });
        const created = await call(people[`admin${suffix}`], hub, 'POST', '/api/badges', FIRST_ANSWER);
        expect(created.statusCode, created.body).toBe(201);
        badgeIds[suffix === 'Off' ? 'off' : 'on'] = created.json<{ id: string }>().id;
      }
      await setFlags(people.adminOff, hubOff, { compassAndAchievements: false });
    });

    it('awards no badge while the flag is off, and the other hub still awards its own', async () => {
      await answerOnce(people.askerOff, people.studentOff, hubOff);
      await answerOnce(people.askerOn, people.studentOn, hubOn);
      expect(await earned(people.studentOff)).toEqual([]);
      expect(await badgeEvents(people.studentOff)).toEqual([]);
      expect(await earned(people.studentOn)).toEqual([{ hubId: hubOn.id }]);
      expect(await badgeEvents(people.studentOn)).toHaveLength(1);
    });

    it('answers the profile badges as an empty list saying the section is off', async () => {
      // A badge earned before the flag went off is not shown either.
      await asCluster((tx) =>
        tx.insert(earnedBadges).values({
          clusterId: cluster.clusterId,
          hubId: hubOff.id,
          badgeId: badgeIds.off,
          userId: people.askerOff.id,
          earnedAt: new Date(),
        }),
      );
      expect(await profileBadges(people.askerOff, hubOff, people.askerOff)).toEqual({
        items: [],
        nextCursor: null,
        isEnabled: false,
      });
      expect(await profileBadges(people.studentOff, hubOff, people.askerOff)).toMatchObject({
        items: [],
        isEnabled: false,
      });
      const onHub = await profileBadges(people.studentOn, hubOn, people.studentOn);
      expect(onHub.isEnabled).toBe(true);
      expect(onHub.items.map((b) => b.id)).toEqual([badgeIds.on]);
    });

    it('shows members no badge of the hub, while its badge admins still manage them', async () => {
      const member = await call(people.studentOff, hubOff, 'GET', '/api/badges');
      expect(member.statusCode).toBe(200);
      expect(member.json().items).toEqual([]);
      const admin = await call(people.adminOff, hubOff, 'GET', '/api/badges');
      expect(admin.json().items.map((b: { id: string }) => b.id)).toEqual([badgeIds.off]);
      const edited = await call(people.adminOff, hubOff, 'PATCH', `/api/badges/${badgeIds.off}`, {
        title: 'First answer!',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const onMember = await call(people.studentOn, hubOn, 'GET', '/api/badges');
      expect(onMember.json().items.map((b: { id: string }) => b.id)).toEqual([badgeIds.on]);
    });

    it('awards again once the flag is back on, from the next event', async () => {
      await setFlags(people.adminOff, hubOff, { compassAndAchievements: true });
      await answerOnce(people.askerOff, people.studentOff, hubOff);
      expect(await earned(people.studentOff)).toEqual([{ hubId: hubOff.id }]);
      expect(await badgeEvents(people.studentOff)).toHaveLength(1);
      const shown = await profileBadges(people.studentOff, hubOff, people.studentOff);
      expect(shown).toMatchObject({ isEnabled: true, items: [{ id: badgeIds.off }] });
    });
  });

  describe('giving form', () => {
    const PAYMENT_URL = 'https://give.example.edu/feature-flags';
    const SETTINGS = {
      isDonationsEnabled: true,
      banner: {
        title: 'Give back',
        description: 'Fund a scholarship.',
        bannerImage: null,
        giveCampusURL: PAYMENT_URL,
        linkLabel: 'Make a gift',
      },
      designations: [],
      currency: 'USD',
    };
    const PLEDGE = {
      amountMinor: 2500,
      designation: null,
      isRecurring: false,
      frequency: null,
      isAnonymous: false,
      note: null,
    };
    let hubOff: TTestHub;
    let hubOn: TTestHub;
    let adminOff: TTestUser;
    let adminOn: TTestUser;
    let alumnusOff: TTestUser;
    let alumnusOn: TTestUser;
    const banners = async (user: TTestUser, hub: TTestHub) => {
      const response = await call(user, hub, 'GET', '/api/home?tab=giveBack');
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ sections: Array<{ key: string; banner: { href: string; isExternal: boolean } | null }> }>()
        .sections.filter((s) => s.key === 'donationBanner' || s.key === 'giveCampusBanner')
        .map((s) => [s.key, s.banner?.href, s.banner?.isExternal]);
    };
    const pledgeCount = (user: TTestUser) =>
      asCluster(async (tx) => (await tx.select().from(pledges).where(eq(pledges.userId, user.id))).length);

    beforeAll(async () => {
      hubOff = await createHub(t.database.db, cluster);
      hubOn = await createHub(t.database.db, cluster);
      const rights = ['branding-settings', 'donations'];
      adminOff = await createUser(t.database.db, cluster, { hub: hubOff, isHubAdmin: true, rights });
      adminOn = await createUser(t.database.db, cluster, { hub: hubOn, isHubAdmin: true, rights });
      alumnusOff = await createUser(t.database.db, cluster, { hub: hubOff, userType: 'alumni' });
      alumnusOn = await createUser(t.database.db, cluster, { hub: hubOn, userType: 'alumni' });
      for (const [hub, admin] of [
        [hubOff, adminOff],
        [hubOn, adminOn],
      ] as const) {
        await asCluster((tx) =>
          tx.update(userTypes).set({ givingForm: true }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
        );
        const saved = await call(admin, hub, 'PUT', '/api/giving/settings', SETTINGS);
        expect(saved.statusCode, saved.body).toBe(200);
      }
      await setFlags(adminOff, hubOff, { givingForm: false });
    });

    it('refuses a pledge with a clear 403 while the form is off, and takes one in the other hub', async () => {
      const refused = await call(alumnusOff, hubOff, 'POST', '/api/giving/pledges', PLEDGE);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.user_message).toBe(GIVING_FORM_OFF_MESSAGE);
      expect(await pledgeCount(alumnusOff)).toBe(0);
      const taken = await call(alumnusOn, hubOn, 'POST', '/api/giving/pledges', PLEDGE);
      expect(taken.statusCode, taken.body).toBe(201);
    });

    it('tells the giving page the form is off and where to give instead', async () => {
      const page = await call(alumnusOff, hubOff, 'GET', '/api/giving');
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        isEnabled: true,
        isFormEnabled: false,
        mayGive: false,
        paymentUrl: PAYMENT_URL,
      });
      expect((await call(alumnusOn, hubOn, 'GET', '/api/giving')).json()).toMatchObject({
        isFormEnabled: true,
        mayGive: true,
      });
    });

    it('links the home’s donation banner straight to the payment page, and leaves it out without one', async () => {
      expect(await banners(alumnusOff, hubOff)).toEqual([['donationBanner', PAYMENT_URL, true]]);
      expect(await banners(alumnusOn, hubOn)).toEqual([
        ['donationBanner', `/hub/${hubOn.identifier}/give`, false],
      ]);
      const noPaymentPage = { ...SETTINGS, banner: { ...SETTINGS.banner, giveCampusURL: null } };
      expect((await call(adminOff, hubOff, 'PUT', '/api/giving/settings', noPaymentPage)).statusCode).toBe(
        200,
      );
      try {
        expect(await banners(alumnusOff, hubOff)).toEqual([]);
        expect(
          (await call(adminOff, hubOff, 'PUT', '/api/giving/settings', { ...SETTINGS, banner: null }))
            .statusCode,
        ).toBe(200);
        // No banner of its own: no invitation to a form that is off either.
        expect(await banners(alumnusOff, hubOff)).toEqual([]);
      } finally {
        await call(adminOff, hubOff, 'PUT', '/api/giving/settings', SETTINGS);
      }
    });

    it('takes pledges again once the flag is back on', async () => {
      await setFlags(adminOff, hubOff, { givingForm: true });
      const taken = await call(alumnusOff, hubOff, 'POST', '/api/giving/pledges', PLEDGE);
      expect(taken.statusCode, taken.body).toBe(201);
      expect(await banners(alumnusOff, hubOff)).toEqual([
        ['donationBanner', `/hub/${hubOff.identifier}/give`, false],
      ]);
    });
  });

  describe('JTBD homepage', () => {
    let hubOff: TTestHub;
    let hubOn: TTestHub;
    let adminOff: TTestUser;
    let studentOff: TTestUser;
    let alumnusOff: TTestUser;
    let studentOn: TTestUser;
    const home = async (user: TTestUser, hub: TTestHub, tab?: string) => {
      const response = await call(user, hub, 'GET', `/api/home${tab === undefined ? '' : `?tab=${tab}`}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ tab: string; tabs: Array<{ key: string }> }>();
      return { tab: body.tab, tabs: body.tabs.map((t) => t.key) };
    };

    beforeAll(async () => {
      hubOff = await createHub(t.database.db, cluster);
      hubOn = await createHub(t.database.db, cluster);
      adminOff = await createUser(t.database.db, cluster, {
        hub: hubOff,
        isHubAdmin: true,
        rights: ['branding-settings'],
      });
      studentOff = await createUser(t.database.db, cluster, { hub: hubOff });
      alumnusOff = await createUser(t.database.db, cluster, { hub: hubOff, userType: 'alumni' });
      studentOn = await createUser(t.database.db, cluster, { hub: hubOn });
    });

    it('shows every archetype tab while the flag is on', async () => {
      expect(await home(studentOff, hubOff)).toEqual({
        tab: 'explore',
        tabs: ['explore', 'discover', 'pursue', 'network', 'giveBack'],
      });
    });

    it('shows one tab, the viewer’s first by archetype, while it is off; the other hub keeps its tabs', async () => {
      await setFlags(adminOff, hubOff, { jtbdHomepage: false });
      expect(await home(studentOff, hubOff)).toEqual({ tab: 'explore', tabs: ['explore'] });
      expect(await home(studentOff, hubOff, 'network')).toEqual({ tab: 'explore', tabs: ['explore'] });
      expect(await home(alumnusOff, hubOff)).toEqual({ tab: 'giveBack', tabs: ['giveBack'] });
      expect((await home(studentOn, hubOn)).tabs).toHaveLength(5);
      await setFlags(adminOff, hubOff, { jtbdHomepage: true });
      expect((await home(studentOff, hubOff, 'network')).tab).toBe('network');
    });
  });
});
