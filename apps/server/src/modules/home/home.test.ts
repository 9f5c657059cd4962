import { HOME_FIRST_ITEMS, ZHubSettings } from '@commons/contract';
import { HOME_SECTION_ORDER } from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
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
  answers,
  directoryEntries,
  events,
  hubSettings,
  hubs,
  jobPosts,
  peopleRecommendations,
  questions,
  resources,
  userSchools,
  userTypes,
  userWorkHistory,
  users,
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
    items: Array<{
      id: string;
      title: string;
      description: string | null;
      href: string;
      isExternal: boolean;
    }>;
    itemCount: number;
    banner: { title: string; href: string | null } | null;
    cards?: Array<{ title: string; href: string | null; linkLabel: string | null }>;
    html?: string;
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
    write?: { method: 'PUT' | 'POST'; payload?: object },
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
  // Rows written here stand in for write requests, which forget their hub's cached hub-wide reads
  // (lib/hub-read-cache): so does this.
  const asCluster = async <T>(work: Parameters<typeof withTenant<T>>[2]) => {
    const result = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      work,
    );
    for (const written of [hub, emptyHub]) {
      t.app.deps.hubReadCache.forgetHub({ clusterId: cluster.clusterId, hubId: written.id });
    }
    return result;
  };

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
    expect(keys).toEqual([
      'editableStandardData',
      'askAnythingBanner',
      'eventsWidget',
      'discussionModule',
      'userActivities',
    ]);
    const order = HOME_SECTION_ORDER.explore as readonly string[];
    expect([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(keys);
  });

  it('answers the first items of a section and all of them, capped at 30, from its own read', async () => {
    const home = await homeOf(student);
    const discussion = home.sections.find((s) => s.key === 'discussionModule');
    expect(discussion?.items).toHaveLength(HOME_FIRST_ITEMS);
    expect(discussion?.itemCount).toBe(30);
    const whole = await call(student, '/api/home/sections/discussionModule?tab=explore');
    expect(whole.statusCode, whole.body).toBe(200);
    const all = whole.json<THome['sections'][number]>();
    expect(all.items).toHaveLength(30);
    expect(all.itemCount).toBe(30);
    expect(all.items.slice(0, HOME_FIRST_ITEMS)).toEqual(discussion?.items);
    // A section the tab does not show the viewer (no resources yet) is not found, nor is one of another tab.
    expect((await call(student, '/api/home/sections/resourcesWidget?tab=explore')).statusCode).toBe(404);
    expect((await call(student, '/api/home/sections/notASection')).statusCode).toBe(400);
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

  it('shows a question asked through the API on the next home at once, though the hub-wide widgets are kept', async () => {
    const questionsOf = async () =>
      ((await homeOf(student)).sections.find((s) => s.key === 'discussionModule')?.items ?? []).map(
        (i) => i.title,
      );
    const before = await questionsOf();
    expect(await questionsOf()).toEqual(before); // the kept read answers the same
    const asked = await call(student, '/api/discussions/questions', hub.identifier, {
      method: 'POST',
      payload: { title: 'Who hires interns in spring?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await questionsOf()).toEqual(
      ['Who hires interns in spring?', ...before].slice(0, HOME_FIRST_ITEMS),
    );
  });

  it('lists the hub’s open jobs and projects for the viewer’s user type as opportunities, where the board is on', async () => {
    const boardHub = await createHub(t.database.db, cluster, { enabledModules: [...MODULES, 'jobs'] });
    const boardStudent = await createUser(t.database.db, cluster, { hub: boardHub });
    const boardAlumnus = await createUser(t.database.db, cluster, { hub: boardHub, userType: 'alumni' });
    const day = 24 * 60 * 60 * 1000;
    const post = (title: string, extra: Partial<typeof jobPosts.$inferInsert> = {}) => ({
      clusterId: cluster.clusterId,
      hubId: boardHub.id,
      ownerUserId: boardAlumnus.id,
      jobFlow: 'job' as const,
      title,
      organisation: 'Acme',
      location: 'Boston',
      applicationMethod: 'internal' as const,
      expiresAt: new Date(Date.now() + 30 * day),
      ...extra,
    });
    await asCluster((tx) =>
      tx.insert(jobPosts).values([
        post('Data intern'),
        post('Logo design', { jobFlow: 'project', isRemote: true, createdAt: new Date(Date.now() - day) }),
        post('Alumni mentor role', {
          audienceUserTypeIds: [boardHub.userTypeIds.alumni],
          createdAt: new Date(Date.now() - day / 2),
        }),
        post('Expired role', { expiresAt: new Date(Date.now() - day) }),
        post('Waiting role', { approvalStatus: 'pending' }),
      ]),
    );
    t.app.deps.hubReadCache.forgetHub({ clusterId: cluster.clusterId, hubId: boardHub.id });
    const opportunitiesOf = async (user: TTestUser) =>
      (await homeOf(user, '?tab=pursue', boardHub.identifier)).sections.find(
        (s) => s.key === 'opportunities',
      );
    const forStudent = await opportunitiesOf(boardStudent);
    expect(forStudent?.items).toMatchObject([
      { title: 'Data intern', description: 'Acme · Boston' },
      {
        title: 'Logo design',
        description: 'Acme · Remote',
        href: expect.stringContaining('/projects/detail/'),
      },
    ]);
    expect((await opportunitiesOf(boardAlumnus))?.items.map((i) => i.title)).toEqual([
      'Data intern',
      'Alumni mentor role',
      'Logo design',
    ]);
    // Where the job board is off, the section is left out.
    expect((await homeOf(student, '?tab=pursue')).sections.map((s) => s.key)).not.toContain('opportunities');
  });

  it('fills an experiential-learning-only hub’s Experiences tab from the board: interests first, then the lists', async () => {
    const elHub = await createHub(t.database.db, cluster, { enabledModules: [...MODULES, 'jobs'] });
    await asCluster((tx) => tx.update(hubs).set({ isElOnly: true }).where(eq(hubs.id, elHub.id)));
    const elStudent = await createUser(t.database.db, cluster, { hub: elHub });
    const [post] = await asCluster((tx) =>
      tx
        .insert(jobPosts)
        .values({
          clusterId: cluster.clusterId,
          hubId: elHub.id,
          ownerUserId: alumnus.id,
          jobFlow: 'job',
          title: 'Field research assistant',
          organisation: 'Wetlands Trust',
          applicationMethod: 'internal',
          expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
        })
        .returning({ id: jobPosts.id }),
    );
    if (!post) throw new Error('no post');
    const saved = await call(elStudent, `/api/jobs/${post.id}/save`, elHub.identifier, {
      method: 'PUT',
      payload: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const home = await homeOf(elStudent, '', elHub.identifier);
    expect(home.tabs.map((tab) => tab.key)).toEqual(['elOnly']);
    const keys = home.sections.map((s) => s.key);
    expect(keys.slice(0, 3)).toEqual(['elAddInterests', 'elRecentOpportunities', 'elSavedOpportunities']);
    expect(home.sections[0]?.banner).toMatchObject({
      title: 'Add your interests',
      href: `/hub/${elHub.identifier}/experiential-learning?showInterests=true`,
    });
    for (const key of ['elRecentOpportunities', 'elSavedOpportunities']) {
      expect(home.sections.find((s) => s.key === key)?.items).toMatchObject([
        { id: post.id, title: 'Field research assistant', description: 'Wetlands Trust' },
      ]);
    }
    // Nothing applied to, nothing nearby (no location), no interests to recommend from: those are left out.
    expect(keys).not.toContain('elAppliedOpportunities');
  });

  it('keeps the viewer’s ranking a day, reading the people live; the viewer’s own profile edit ranks anew', async () => {
    const peopleOf = async () =>
      ((await homeOf(student)).sections.find((s) => s.key === 'peopleRecommendation')?.items ?? []).map(
        (i) => i.id,
      );
    const setIndustries = (userId: string, industries: string[]) =>
      asCluster((tx) =>
        tx
          .update(directoryEntries)
          .set({ industries, updatedAt: new Date() })
          .where(and(eq(directoryEntries.hubId, hub.id), eq(directoryEntries.userId, userId)))
          .returning({ userId: directoryEntries.userId }),
      );
    await setIndustries(student.id, ['Energy']);
    await setIndustries(alumnus.id, ['Energy']);
    expect(await peopleOf()).toEqual([alumnus.id]);
    const [stored] = await asCluster((tx) =>
      tx
        .select()
        .from(peopleRecommendations)
        .where(and(eq(peopleRecommendations.hubId, hub.id), eq(peopleRecommendations.userId, student.id))),
    );
    expect(stored?.personIds).toEqual([alumnus.id]);

    // Someone who comes to match later waits for the next ranking; the stored people are read by key.
    expect(await setIndustries(brandingAdmin.id, ['Energy'])).toHaveLength(1);
    expect(await peopleOf()).toEqual([alumnus.id]);
    // The viewer's own edit ends the stored ranking at once.
    await setIndustries(student.id, ['Energy', 'Law']);
    expect((await peopleOf()).sort()).toEqual([alumnus.id, brandingAdmin.id].sort());
    // Someone who no longer shares anything drops out of the stored ranking without a new one.
    await setIndustries(alumnus.id, ['Agriculture']);
    expect(await peopleOf()).toEqual([brandingAdmin.id]);
    // A day later the ranking runs again.
    await asCluster((tx) =>
      tx
        .update(peopleRecommendations)
        .set({ computedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(peopleRecommendations.userId, student.id)),
    );
    await setIndustries(plainAdmin.id, ['Energy']);
    expect((await peopleOf()).sort()).toEqual([brandingAdmin.id, plainAdmin.id].sort());
    await setIndustries(alumnus.id, ['Energy']); // as the cases below expect the alumnus
  });

  it('shows a hub with no content only its activity (the viewer joining), never empty boxes', async () => {
    const home = await homeOf(emptyHubStudent, '', emptyHub.identifier);
    expect(home.sections.map((s) => s.key)).toEqual([
      'editableStandardData',
      'askAnythingBanner',
      'userActivities',
    ]);
  });

  it('leads others with Give Back and fills the tab asked for in its own order', async () => {
    const home = await homeOf(alumnus);
    expect(home.tabs.map((tab) => tab.key)).toEqual(['giveBack', 'network', 'discover', 'pursue', 'explore']);
    expect(home.tab).toBe('giveBack');
    expect(home.sections.map((s) => s.key)).toEqual([
      'askAnythingWidget',
      'discussionModule',
      'peopleRecommendation',
      'secondaryActions',
      'eventsWidget',
      'resourcesWidget',
      'userActivities',
    ]);
    const network = await homeOf(alumnus, '?tab=network');
    expect(network.tab).toBe('network');
    expect(network.sections.map((s) => s.key)).toEqual([
      'peopleRecommendation',
      'secondaryActions',
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
      // It leads to the in-app giving form, which links on to the payment page (issue #18 item 6).
      expect(section?.banner).toMatchObject({ title: 'Give back', href: `/hub/${hub.identifier}/give` });
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
    expect(home.sections.map((s) => s.key)).toEqual(['editableStandardData', 'userActivities']);
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
  /** Replaces keys of the test hub's settings (validated whole), as an admin screen would. */
  const patchSettings = (patch: (settings: Record<string, unknown>) => Record<string, unknown>) =>
    asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      await tx
        .update(hubSettings)
        .set({ settings: ZHubSettings.parse(patch(row?.settings as Record<string, unknown>)) })
        .where(eq(hubSettings.hubId, hub.id));
    });
  const sectionOf = async (user: TTestUser, key: string, query = '') =>
    (await homeOf(user, query)).sections.find((s) => s.key === key);

  it('sanitises the customizable widget on write (spec 5) and lets only branding admins edit it', async () => {
    const put = (user: TTestUser, payload: object) =>
      call(user, '/api/home/widget', hub.identifier, { method: 'PUT', payload });
    expect(await sectionOf(student, 'customizableWidget')).toBeUndefined();
    const unsafe =
      '<p onclick="steal()">Welcome <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://careers.example.edu" onmouseover="x()">Careers</a></p>' +
      '<script>alert(1)</script><img src="https://evil.example/x.png" onerror="x()">' +
      '<iframe src="https://evil.example/embed/1"></iframe>' +
      '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ" title="Tour"></iframe>' +
      '<form action="https://evil.example"><input name="password"></form>';
    expect((await put(student, { widget: { title: 'Hello', html: unsafe } })).statusCode).toBe(403);
    expect((await put(plainAdmin, { widget: { title: 'Hello', html: unsafe } })).statusCode).toBe(403);
    expect((await call(student, '/api/home/widget')).statusCode).toBe(403);
    const empty = await put(brandingAdmin, { widget: { title: 'Hello', html: '<script>alert(1)</script>' } });
    expect(empty.statusCode).toBe(400);

    const saved = await put(brandingAdmin, { widget: { title: 'This week', html: unsafe } });
    expect(saved.statusCode, saved.body).toBe(200);
    const html = saved.json<{ widget: { title: string; html: string } }>().widget.html;
    for (const removed of [
      '<script',
      'onclick',
      'onmouseover',
      'onerror',
      'javascript:',
      'evil.example',
      '<form',
      '<input',
    ]) {
      expect(html).not.toContain(removed);
    }
    expect(html).toContain('href="https://careers.example.edu"');
    expect(html).toMatch(/<iframe[^>]+src="https:\/\/www\.youtube\.com\/embed\/aqz-KE-bpKQ"[^>]+sandbox=/);
    expect((await call(brandingAdmin, '/api/home/widget')).json()).toEqual({
      widget: { title: 'This week', html },
    });
    expect(await sectionOf(student, 'customizableWidget')).toMatchObject({
      kind: 'html',
      title: 'This week',
      html,
    });

    // HTML written around the endpoint (an import, an older version) is sanitised on the way out too.
    await patchSettings((settings) => ({ ...settings, widget: { title: 'Raw', html: unsafe } }));
    const presented = await sectionOf(student, 'customizableWidget');
    expect(presented?.html).toBe(html);

    expect((await put(brandingAdmin, { widget: null })).json()).toEqual({ widget: null });
    expect(await sectionOf(student, 'customizableWidget')).toBeUndefined();
  });

  it('shows the hero as one card, or as several in the multi-card variant of homepage-hero-section', async () => {
    const hero = {
      title: 'Welcome back',
      linkUrl: '/events',
      cards: [
        { title: 'Find a mentor', linkUrl: `/hub/${hub.identifier}/person`, linkLabel: 'Search' },
        { title: 'Bad link', linkUrl: 'javascript:alert(1)' },
      ],
    };
    const setHero = (experiments: Record<string, unknown>) =>
      patchSettings((settings) => ({
        ...settings,
        moduleSettings: {
          ...(settings['moduleSettings'] as object),
          homeHeroBanner: hero,
          experiments,
        },
      }));
    await setHero({});
    expect(await sectionOf(student, 'heroBanner')).toMatchObject({
      kind: 'banner',
      banner: { title: 'Welcome back', href: '/events' },
    });
    await setHero({ 'homepage-hero-section': 'multi-card' });
    const multi = await sectionOf(student, 'heroBanner');
    expect(multi?.kind).toBe('cards');
    expect(multi?.cards?.map((c) => [c.title, c.href, c.linkLabel])).toEqual([
      ['Welcome back', '/events', 'Learn more'],
      ['Find a mentor', `/hub/${hub.identifier}/person`, 'Search'],
      ['Bad link', null, null],
    ]);
    await setHero({ 'homepage-hero-section': 'single-card' });
    expect((await sectionOf(student, 'heroBanner'))?.kind).toBe('banner');
  });

  it('offers quick actions the viewer can open: the directory and groups to full members only', async () => {
    await asCluster((tx) =>
      tx
        .update(userTypes)
        .set({ messageTypes: ['message'] })
        .where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
    const actions = await sectionOf(alumnus, 'secondaryActions', '?tab=network');
    expect(actions?.kind).toBe('actions');
    expect(actions?.items.map((i) => [i.id, i.href])).toEqual([
      ['message-mentor', `/hub/${hub.identifier}/person`],
      ['ask-question', '/discussion'],
      ['join-group', '/groups'],
      ['browse-events', '/events'],
    ]);
    // A user type that may not send plain messages is not offered to message a mentor.
    await asCluster((tx) =>
      tx
        .update(userTypes)
        .set({ messageTypes: ['flashMentorship'] })
        .where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
    const noMessages = await sectionOf(alumnus, 'secondaryActions', '?tab=network');
    expect(noMessages?.items.map((i) => i.id)).toEqual([
      'ask-question',
      'join-group',
      'browse-events',
      'read-resources',
    ]);
    // A light user (spec 6 reduced module set) is never sent to the directory, groups or programs.
    const light = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      signupStage: 'LIGHT_SIGNUP_STAGE',
    });
    const lightActions = await sectionOf(light, 'secondaryActions', '?tab=network');
    expect(lightActions?.items.map((i) => i.href)).toEqual(['/events', '/resources']);
    // No module the viewer may open, no section.
    await asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, emptyHub.id));
      expect((row?.settings as { enabledModules: string[] }).enabledModules).toEqual(['home', 'inbox']);
    });
    expect(
      (await homeOf(emptyHubStudent, '?tab=network', emptyHub.identifier)).sections.map((s) => s.key),
    ).not.toContain('secondaryActions');
  });

  it('asks for the empty profile fields, heaviest first, each opening its editor, until none is left', async () => {
    const fields = await sectionOf(student, 'editableStandardData');
    expect(fields?.kind).toBe('actions');
    const profile = `/profile/${student.identifier}`;
    expect(fields?.items.slice(0, 3).map((i) => [i.id, i.href])).toEqual([
      ['photoUrl', `${profile}/#profile-photo`],
      ['schools', `${profile}/?edit=schools`],
      ['workHistory', `${profile}/?edit=workHistory`],
    ]);
    // The student type does not offer help (spec 3 canOfferHelp): not asked for.
    expect(fields?.items.map((i) => i.id)).not.toContain('helpOffer');
    expect(fields?.items.find((i) => i.id === 'headline')?.description).toMatch(/^Adds about \d+ %/);

    await asCluster(async (tx) => {
      await tx
        .update(users)
        .set({
          headline: 'Physics student',
          about: 'I like rockets.',
          photoUrl: '/api/files/photo.png',
          location: 'Springfield',
          careerPathExpertise: ['Research'],
          additionalInfo: [{ slug: 'hobby', type: 'text', value: 'Chess' }],
          demographicInfo: { pronouns: 'they/them' },
        })
        .where(eq(users.id, student.id));
      await tx.insert(userSchools).values({
        clusterId: cluster.clusterId,
        userId: student.id,
        position: 0,
        schoolName: 'Northfield',
      });
    });
    // Fresh token: the request context reads the profile fields once per request.
    expect((await sectionOf(student, 'editableStandardData'))?.items.map((i) => i.id)).toEqual([
      'workHistory',
    ]);
    await asCluster((tx) =>
      tx
        .insert(userWorkHistory)
        .values({ clusterId: cluster.clusterId, userId: student.id, position: 0, role: 'Tutor' }),
    );
    expect(await sectionOf(student, 'editableStandardData')).toBeUndefined();
  });

  it('recommends accepted and upvoted answers of the hub’s recent questions, accepted first', async () => {
    expect(await sectionOf(student, 'recommendedAnswers')).toBeUndefined();
    await asCluster(async (tx) => {
      const [question] = await tx
        .select()
        .from(questions)
        .where(and(eq(questions.hubId, hub.id), eq(questions.slug, 'question-30')));
      if (!question) throw new Error('question-30 missing');
      const base = { clusterId: cluster.clusterId, hubId: hub.id, questionId: question.id };
      const [, accepted] = await tx
        .insert(answers)
        .values([
          { ...base, authorId: student.id, body: '<p>Plain</p>', bodyText: 'Plain' },
          { ...base, authorId: alumnus.id, body: '<p>Accepted</p>', bodyText: 'Accepted' },
          { ...base, authorId: alumnus.id, body: '<p>Upvoted</p>', bodyText: 'Upvoted', upvoteCount: 3 },
          {
            ...base,
            authorId: alumnus.id,
            body: '<p>Hidden</p>',
            bodyText: 'Hidden',
            upvoteCount: 9,
            hiddenAt: new Date(),
          },
        ])
        .returning();
      await tx
        .update(questions)
        .set({ acceptedAnswerId: accepted?.id ?? null })
        .where(eq(questions.id, question.id));
      // A question with no accepted answer: its more upvoted answer still comes after the accepted one.
      const [other] = await tx
        .select()
        .from(questions)
        .where(and(eq(questions.hubId, hub.id), eq(questions.slug, 'question-29')));
      if (!other) throw new Error('question-29 missing');
      await tx.insert(answers).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        questionId: other.id,
        authorId: alumnus.id,
        body: '<p>Popular</p>',
        bodyText: 'Popular',
        upvoteCount: 5,
      });
    });
    const section = await sectionOf(student, 'recommendedAnswers');
    expect(section?.items.map((i) => i.description)).toEqual([
      expect.stringMatching(/^Accepted answer · .+: Accepted$/),
      expect.stringMatching(/^5 upvotes · .+: Popular$/),
      expect.stringMatching(/^3 upvotes · .+: Upvoted$/),
    ]);
    expect(section?.items[0]?.href).toMatch(/^\/discussion\/question\/[0-9a-f-]+\/question-30#answer-/);
    expect(section?.items[0]?.title).toBe('Question 30');
  });

  it('recommends the hub’s resources with an embedded video, and leaves the section out without', async () => {
    expect(await sectionOf(student, 'videoRecommendation')).toBeUndefined();
    await asCluster((tx) =>
      tx.insert(resources).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        authorId: alumnus.id,
        typeName: 'article',
        title: 'Campus tour',
        slug: 'campus-tour',
        body: '<p>Watch</p><iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ" sandbox="allow-scripts"></iframe>',
        bodyText: 'Watch',
      }),
    );
    expect((await sectionOf(student, 'videoRecommendation'))?.items).toMatchObject([
      { title: 'Campus tour', href: '/resources/post/campus-tour' },
    ]);
  });

  it.each([
    ['student', 'explore'],
    ['student', 'discover'],
    ['student', 'pursue'],
    ['student', 'network'],
    ['student', 'giveBack'],
    ['alumnus', 'giveBack'],
    ['alumnus', 'network'],
    ['alumnus', 'discover'],
    ['alumnus', 'pursue'],
    ['alumnus', 'explore'],
  ] as const)(
    'answers the %s’s %s sections in that tab’s arranged order (spec 2, spec 9)',
    async (who, tab) => {
      const home = await homeOf(who === 'student' ? student : alumnus, `?tab=${tab}`);
      expect(home.tab).toBe(tab);
      // The tab's order as the hub admins arranged it (the layout test above moved and hid sections of Explore).
      const layout = (await call(brandingAdmin, '/api/home/layout')).json<{
        tabs: Array<{ key: string; sections: Array<{ key: string; isHidden: boolean }> }>;
      }>();
      const arranged = layout.tabs.find((t) => t.key === tab)?.sections ?? [];
      expect([...arranged.map((s) => s.key)].sort()).toEqual([...HOME_SECTION_ORDER[tab]].sort());
      const order = arranged.filter((s) => !s.isHidden).map((s) => s.key);
      const keys = home.sections.map((s) => s.key);
      expect(keys.every((key) => order.includes(key))).toBe(true);
      expect([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(keys);
    },
  );
});
