import { ZHubSettings } from '@commons/contract';
import { HOME_SECTION_ORDER } from '@commons/domain';
import { eq, inArray } from 'drizzle-orm';
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
  directoryEntries,
  events,
  hubSettings,
  hubs,
  questions,
  resources,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

type THome = {
  can: { arrange: boolean };
  version: string;
  tabs: Array<{ key: string; label: string }>;
  tab: string;
  sections: Array<{
    key: string;
    title: string;
    kind: string;
    items: Array<{ id: string; title: string; href: string; isExternal: boolean }>;
    banner: { title: string; href: string | null } | null;
  }>;
};

const MODULES = ['home', 'inbox', 'network', 'discussions', 'events', 'resources', 'groups'];

describeDb('GET /api/home: the personalised hub home (issue #18)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let emptyHub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let pending: TTestUser;
  let emptyHubStudent: TTestUser;
  let brandingAdmin: TTestUser;
  let plainAdmin: TTestUser;
  const tokens = new Map<string, string>();
  const now = Date.now();

  const call = async (
    user: TTestUser,
    url: string,
    hubIdentifier = hub.identifier,
    write?: { method: 'PUT'; payload: object },
  ) => {
    let token = tokens.get(user.id);
    if (!token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method: write?.method ?? 'GET',
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hubIdentifier },
      ...(write ? { payload: write.payload } : {}),
    });
  };
  const homeOf = async (user: TTestUser, query = '', hubIdentifier?: string) => {
    const response = await call(user, `/api/home${query}`, hubIdentifier);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<THome>();
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { enabledModules: MODULES });
    emptyHub = await createHub(t.database.db, cluster, { enabledModules: MODULES });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam' });
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    pending = await createUser(t.database.db, cluster, { hub, approved: null });
    emptyHubStudent = await createUser(t.database.db, cluster, { hub: emptyHub });
    brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    plainAdmin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['resources'] });
    await asCluster(async (tx) => {
      const base = { clusterId: cluster.clusterId, hubId: hub.id, status: 'approved' as const };
      await tx.insert(questions).values(
        Array.from({ length: 32 }, (_, i) => ({
          ...base,
          authorId: alumnus.id,
          title: `Question ${i}`,
          slug: `question-${i}`,
          body: `<p>Body ${i}</p>`,
          bodyText: `Body ${i}`,
          createdAt: new Date(now - (32 - i) * 60_000),
        })),
      );
      await tx.insert(events).values([
        {
          ...base,
          createdByUserId: alumnus.id,
          title: 'Career fair',
          description: '<p>Meet employers</p>',
          descriptionText: 'Meet employers',
          format: 'inPerson',
          location: 'Hall A',
          startsAt: new Date(now + 3 * 86_400_000),
          endsAt: new Date(now + 3 * 86_400_000 + 7_200_000),
          timeZone: 'UTC',
        },
        {
          ...base,
          createdByUserId: alumnus.id,
          title: 'Last year’s gala',
          description: '<p>Past</p>',
          descriptionText: 'Past',
          format: 'inPerson',
          location: 'Hall B',
          startsAt: new Date(now - 3 * 86_400_000),
          endsAt: new Date(now - 3 * 86_400_000 + 7_200_000),
          timeZone: 'UTC',
        },
      ]);
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers the version, the student tabs in archetype order and the Explore sections in its order', async () => {
    const home = await homeOf(student);
    expect(home.version).toBe('home');
    expect(home.tabs).toEqual([
      { key: 'explore', label: 'Explorer' },
      { key: 'discover', label: 'Planner' },
      { key: 'pursue', label: 'Adventurer' },
      { key: 'network', label: 'Network' },
      { key: 'giveBack', label: 'Guide' },
    ]);
    expect(home.tab).toBe('explore');
    const keys = home.sections.map((s) => s.key);
    expect(keys).toEqual(['askAnythingBanner', 'eventsWidget', 'discussionModule', 'userActivities']);
    const order = HOME_SECTION_ORDER.explore as readonly string[];
    expect([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(keys);
  });

  it('caps a section at 30 items and lists only what is upcoming, each with its link', async () => {
    const home = await homeOf(student);
    const discussion = home.sections.find((s) => s.key === 'discussionModule');
    expect(discussion?.items).toHaveLength(30);
    expect(discussion?.items[0]).toMatchObject({
      title: 'Question 31',
      href: expect.stringMatching(/^\/discussion\/question\/[0-9a-f-]+\/question-31$/),
      isExternal: false,
    });
    const eventsSection = home.sections.find((s) => s.key === 'eventsWidget');
    expect(eventsSection?.items.map((i) => i.title)).toEqual(['Career fair']);
  });

  it('leaves out a section with nothing to show (no resources yet), then shows it once there is one', async () => {
    expect((await homeOf(student)).sections.some((s) => s.key === 'resourcesWidget')).toBe(false);
    await asCluster((tx) =>
      tx.insert(resources).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        authorId: alumnus.id,
        typeName: 'article',
        title: 'Interview guide',
        slug: 'interview-guide',
        body: '<p>Prepare stories</p>',
        bodyText: 'Prepare stories',
      }),
    );
    const resourcesSection = (await homeOf(student)).sections.find((s) => s.key === 'resourcesWidget');
    expect(resourcesSection?.items).toMatchObject([
      { title: 'Interview guide', href: '/resources/post/interview-guide' },
    ]);
  });

  it('recommends the members most like the viewer (the directory’s similar matches), with why', async () => {
    await asCluster((tx) =>
      tx
        .update(directoryEntries)
        .set({ industries: ['Energy'] })
        .where(inArray(directoryEntries.userId, [student.id, alumnus.id])),
    );
    const people = (await homeOf(student)).sections.find((s) => s.key === 'peopleRecommendation');
    expect(people).toMatchObject({ kind: 'people' });
    expect(people?.items).toMatchObject([
      { id: alumnus.id, href: `/profile/${alumnus.identifier}`, description: 'Works in Energy' },
    ]);
  });

  it('shows a hub with no content only its activity (the viewer joining), never empty boxes', async () => {
    const home = await homeOf(emptyHubStudent, '', emptyHub.identifier);
    expect(home.sections.map((s) => s.key)).toEqual(['askAnythingBanner', 'userActivities']);
  });

  it('leads others with Give Back and fills the tab asked for in its own order', async () => {
    const home = await homeOf(alumnus);
    expect(home.tabs.map((tab) => tab.key)).toEqual(['giveBack', 'network', 'discover', 'pursue', 'explore']);
    expect(home.tab).toBe('giveBack');
    expect(home.sections.map((s) => s.key)).toEqual([
      'askAnythingWidget',
      'discussionModule',
      'peopleRecommendation',
      'eventsWidget',
      'resourcesWidget',
      'userActivities',
    ]);
    const network = await homeOf(alumnus, '?tab=network');
    expect(network.tab).toBe('network');
    expect(network.sections.map((s) => s.key)).toEqual([
      'peopleRecommendation',
      'discussionModule',
      'askAnythingBanner',
      'eventsWidget',
      'resourcesWidget',
      'userActivities',
    ]);
  });

  it('answers the first tab for a tab the viewer is not offered and 400 for an unknown one', async () => {
    expect((await homeOf(student, '?tab=elOnly')).tab).toBe('explore');
    expect((await call(student, '/api/home?tab=everything')).statusCode).toBe(400);
  });

  it('chooses home-v3 on standard platforms and home-v2 with "Ask Your Community" on bridges', async () => {
    await asCluster((tx) =>
      tx.update(hubs).set({ standardPlatformType: 'standard' }).where(eq(hubs.id, hub.id)),
    );
    expect((await homeOf(student)).version).toBe('home-v3');
    await asCluster((tx) =>
      tx.update(hubs).set({ standardPlatformType: 'bridges' }).where(eq(hubs.id, hub.id)),
    );
    const v2 = await homeOf(student);
    expect(v2.version).toBe('home-v2');
    expect(v2.sections.find((s) => s.key === 'askAnythingBanner')?.banner?.title).toBe('Ask Your Community');
    await asCluster((tx) =>
      tx.update(userTypes).set({ homepageV3Enabled: true }).where(eq(userTypes.id, hub.userTypeIds.student)),
    );
    expect((await homeOf(student)).version).toBe('home-v3');
    await asCluster(async (tx) => {
      await tx.update(hubs).set({ standardPlatformType: null }).where(eq(hubs.id, hub.id));
      await tx
        .update(userTypes)
        .set({ homepageV3Enabled: false })
        .where(eq(userTypes.id, hub.userTypeIds.student));
    });
  });

  it('shows the hero banner and the static links of the hub settings, dropping unsafe links', async () => {
    await asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      const settings = row?.settings as { moduleSettings?: Record<string, unknown> };
      await tx
        .update(hubSettings)
        .set({
          settings: ZHubSettings.parse({
            ...settings,
            moduleSettings: {
              ...settings.moduleSettings,
              homeHeroBanner: {
                title: 'Welcome back',
                description: 'Your year starts here',
                linkUrl: '/events',
              },
              homeStaticLinks: [
                { title: 'Library', url: 'https://library.example.edu' },
                { title: 'Bad', url: 'javascript:alert(1)' },
                { title: 'Careers office', url: '/resources' },
              ],
            },
          }),
        })
        .where(eq(hubSettings.hubId, hub.id));
    });
    const home = await homeOf(student);
    expect(home.sections[0]).toMatchObject({
      key: 'heroBanner',
      kind: 'banner',
      banner: { title: 'Welcome back', href: '/events' },
    });
    const links = home.sections.find((s) => s.key === 'staticLinkBlocks');
    expect(links?.items.map((i) => [i.title, i.href, i.isExternal])).toEqual([
      ['Library', 'https://library.example.edu', true],
      ['Careers office', '/resources', false],
    ]);
  });

  it('shows the donation banner to user types asked to give, on a hub that takes donations', async () => {
    const donationBanner = {
      title: 'Give back',
      description: 'Fund a scholarship.',
      bannerImage: '/covers/campus.svg',
      giveCampusURL: 'https://give.example.edu',
      linkLabel: 'Make a gift',
    };
    const setDonations = (isDonationsEnabled: boolean) =>
      asCluster(async (tx) => {
        const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
        await tx
          .update(hubSettings)
          .set({
            settings: ZHubSettings.parse({
              ...(row?.settings as object),
              isDonationsEnabled,
              homepageDonationBanner: donationBanner,
            }),
          })
          .where(eq(hubSettings.hubId, hub.id));
      });
    const keys = async (user: TTestUser) => (await homeOf(user, '?tab=giveBack')).sections.map((s) => s.key);
    await asCluster((tx) =>
      tx.update(userTypes).set({ givingForm: true }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
    try {
      await setDonations(false);
      expect(await keys(alumnus)).not.toContain('donationBanner');
      await setDonations(true);
      const section = (await homeOf(alumnus, '?tab=giveBack')).sections.find(
        (s) => s.key === 'donationBanner',
      );
      expect(section?.banner).toMatchObject({ title: 'Give back', href: 'https://give.example.edu' });
      // The student's user type is not asked to give.
      expect(await keys(student)).not.toContain('donationBanner');
    } finally {
      await setDonations(false);
    }
  });

  it('leaves out the sections of modules the hub turned off', async () => {
    await asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, emptyHub.id));
      await tx
        .update(hubSettings)
        .set({
          settings: ZHubSettings.parse({ ...(row?.settings as object), enabledModules: ['home', 'inbox'] }),
        })
        .where(eq(hubSettings.hubId, emptyHub.id));
    });
    const home = await homeOf(emptyHubStudent, '', emptyHub.identifier);
    expect(home.sections.map((s) => s.key)).toEqual(['userActivities']);
  });

  it('refuses members awaiting approval and members of other hubs', async () => {
    expect((await call(pending, '/api/home')).statusCode).toBe(403);
    expect((await call(emptyHubStudent, '/api/home')).statusCode).toBe(403);
  });

  it('lets hub admins with branding-settings reorder and hide the sections of a tab', async () => {
    const put = (user: TTestUser, payload: object) =>
      call(user, '/api/home/layout', hub.identifier, { method: 'PUT', payload });
    const layout = await call(brandingAdmin, '/api/home/layout');
    expect(layout.statusCode, layout.body).toBe(200);
    const explore = layout
      .json<{ tabs: Array<{ key: string; sections: Array<{ key: string; isHidden: boolean }> }> }>()
      .tabs.find((tab) => tab.key === 'explore');
    expect(explore?.sections.map((s) => s.key)).toEqual(HOME_SECTION_ORDER.explore);
    const rearranged = [
      'eventsWidget',
      ...HOME_SECTION_ORDER.explore.filter((key) => key !== 'eventsWidget'),
    ].map((key) => ({ key, isHidden: key === 'discussionModule' }));

    expect((await put(student, { tab: 'explore', sections: rearranged })).statusCode).toBe(403);
    expect((await put(plainAdmin, { tab: 'explore', sections: rearranged })).statusCode).toBe(403);
    expect((await call(student, '/api/home/layout')).statusCode).toBe(403);
    const missing = await put(brandingAdmin, { tab: 'explore', sections: rearranged.slice(1) });
    expect(missing.statusCode).toBe(400);
    const foreign = await put(brandingAdmin, {
      tab: 'explore',
      sections: [...rearranged.slice(1), { key: 'elAddInterests', isHidden: false }],
    });
    expect(foreign.statusCode).toBe(400);

    expect((await homeOf(brandingAdmin)).can).toEqual({ arrange: true });
    expect((await homeOf(student)).can).toEqual({ arrange: false });
    const saved = await put(brandingAdmin, { tab: 'explore', sections: rearranged });
    expect(saved.statusCode, saved.body).toBe(200);
    const keys = (await homeOf(student)).sections.map((s) => s.key);
    expect(keys[0]).toBe('eventsWidget');
    expect(keys).not.toContain('discussionModule');
    // Other tabs keep their default order.
    expect((await homeOf(student, '?tab=network')).sections.map((s) => s.key)).toContain('discussionModule');
  });
});
