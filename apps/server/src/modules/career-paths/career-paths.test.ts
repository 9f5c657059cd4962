import type {
  TActionItemsResponse,
  TCareerPath,
  TCareerPathDetailResponse,
  TCareerPathsResponse,
  THomeResponse,
  THubResponse,
} from '@commons/contract';
import { and, eq } from 'drizzle-orm';
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
import { actionItemCompletions, hubSettings, users } from '../../db/schema/index.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { withTenant } from '../../db/tenant.js';

/** Career paths (issue #20 item 2): catalogue rights, search, favourites, recommendations, the flag. */
describeDb('career paths', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let secondHub: TTestHub;
  let admin: TTestUser;
  let secondHubAdmin: TTestUser;
  let plainAdmin: TTestUser;
  let student: TTestUser;
  let alumna: TTestUser;
  let otherAlumnus: TTestUser;
  let studentPeer: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    hubIdentifier = hub.identifier,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        'x-hub-id': hubIdentifier,
        authorization: `Bearer ${await tokenOf(user)}`,
      },
      ...(payload ? { payload } : {}),
    });
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const setCareerPaths = async (target: TTestHub, options: { isOn: boolean; variant?: string }) =>
    asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, target.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: {
            ...row.settings,
            featureFlags: { careerPaths: options.isOn },
            moduleSettings: options.variant
              ? { experiments: { 'career-path-favorite-cta-copy': options.variant } }
              : {},
          },
        })
        .where(eq(hubSettings.hubId, target.id));
    });
  const setProfile = (user: TTestUser, values: { careerPathExpertise?: string[]; standardData?: object }) =>
    asCluster(async (tx) => {
      await tx.update(users).set(values).where(eq(users.id, user.id));
      await refreshDirectoryEntries(tx, user.id);
    });
  const create = async (body: object, user = admin, hubIdentifier = hub.identifier) => {
    const response = await call(user, 'POST', '/api/career-paths', body, hubIdentifier);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ careerPath: TCareerPath }>().careerPath;
  };
  const list = async (user: TTestUser, query = '') => {
    const response = await call(user, 'GET', `/api/career-paths${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TCareerPathsResponse>();
  };

  let software: TCareerPath;
  let data: TCareerPath;
  let nursing: TCareerPath;
  let marketing: TCareerPath;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    const modules = ['home', 'inbox', 'network', 'career-paths'] as const;
    hub = await createHub(t.database.db, cluster, { enabledModules: [...modules] });
    secondHub = await createHub(t.database.db, cluster, { enabledModules: [...modules] });
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-career-paths'],
    });
    secondHubAdmin = await createUser(t.database.db, cluster, {
      hub: secondHub,
      isHubAdmin: true,
      rights: ['manage-career-paths'],
    });
    plainAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-events'],
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    studentPeer = await createUser(t.database.db, cluster, { hub, firstName: 'Pat', lastName: 'Peer' });
    alumna = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Ada',
      lastName: 'Alum',
    });
    otherAlumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Bo',
      lastName: 'Alum',
    });
    await setCareerPaths(hub, { isOn: true });
    await setCareerPaths(secondHub, { isOn: true });
  });
  afterAll(async () => t.close());

  describe('catalogue', () => {
    it('lets only admins with manage-career-paths add, edit, archive and restore', async () => {
      const body = {
        title: 'Software Engineering',
        description: 'Design, build and maintain software systems.',
        typicalRoles: ['Software engineer', 'Backend developer'],
        skills: ['Programming', 'Problem solving'],
        education: 'A degree in computer science or a related field.',
        salaryMin: 85000,
        salaryMax: 160000,
        industries: ['Technology'],
        jobFunctions: ['Engineering'],
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      };
      for (const user of [student, plainAdmin]) {
        expect((await call(user, 'POST', '/api/career-paths', body)).statusCode).toBe(403);
        expect((await call(user, 'GET', '/api/career-paths/admin/list')).statusCode).toBe(403);
      }
      software = await create(body);
      expect(software).toMatchObject({
        title: 'Software Engineering',
        salaryText: '$85,000 – $160,000 a year',
        // A watch link becomes its player address (spec 5 Embedded frames).
        videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        isFavorite: false,
        favoriteLabel: 'Favorite',
        can: { favorite: true, edit: true },
      });
      // One title per cluster, any case: an admin of another hub of the cluster meets the same catalogue.
      const duplicate = await call(
        secondHubAdmin,
        'POST',
        '/api/career-paths',
        { ...body, title: 'software engineering' },
        secondHub.identifier,
      );
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        error: { fields: { title: 'A career path with this title exists.' } },
      });

      const badVideo = await call(admin, 'POST', '/api/career-paths', {
        title: 'Video test',
        description: 'x',
        videoUrl: 'https://example.com/video.mp4',
      });
      expect(badVideo.statusCode).toBe(400);
      expect(badVideo.json()).toMatchObject({
        error: { fields: { videoUrl: expect.stringContaining('YouTube') } },
      });
      const badSalary = await call(admin, 'POST', '/api/career-paths', {
        title: 'Salary test',
        description: 'x',
        salaryMin: 90000,
        salaryMax: 50000,
      });
      expect(badSalary.statusCode).toBe(400);

      data = await create({
        title: 'Data Science',
        description: 'Turn data into decisions with statistics and machine learning.',
        typicalRoles: ['Data scientist', 'Data analyst'],
        skills: ['Statistics', 'Python'],
        industries: ['Technology', 'Finance'],
        jobFunctions: ['Analytics'],
      });
      nursing = await create({
        title: 'Nursing',
        description: 'Care for patients in hospitals and clinics.',
        typicalRoles: ['Registered nurse'],
        industries: ['Healthcare'],
        jobFunctions: ['Patient care'],
      });
      marketing = await create(
        {
          title: 'Marketing',
          description: 'Bring products to the people who need them.',
          typicalRoles: ['Marketing coordinator'],
          industries: ['Consumer goods'],
          jobFunctions: ['Marketing'],
        },
        secondHubAdmin,
        secondHub.identifier,
      );
      expect(marketing.title).toBe('Marketing');

      const edited = await call(admin, 'PATCH', `/api/career-paths/${nursing.id}`, {
        salaryMin: 60000,
        salaryMax: 95000,
        videoUrl: null,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<{ careerPath: TCareerPath }>().careerPath.salaryText).toBe(
        '$60,000 – $95,000 a year',
      );
      // The range is checked against the stored half as well.
      expect(
        (await call(admin, 'PATCH', `/api/career-paths/${nursing.id}`, { salaryMin: 200000 })).statusCode,
      ).toBe(400);
      expect(
        (await call(student, 'PATCH', `/api/career-paths/${nursing.id}`, { title: 'x' })).statusCode,
      ).toBe(403);

      const archived = await call(admin, 'POST', `/api/career-paths/${marketing.id}/archive`);
      expect(archived.json<{ careerPath: TCareerPath }>().careerPath.isArchived).toBe(true);
      expect((await list(student)).items.map((p) => p.title)).not.toContain('Marketing');
      expect((await call(student, 'GET', `/api/career-paths/${marketing.id}`)).statusCode).toBe(404);
      const archivedList = await call(admin, 'GET', '/api/career-paths/admin/list?status=archived');
      expect(archivedList.json<TCareerPathsResponse>().items.map((p) => p.title)).toEqual(['Marketing']);
      expect((await call(admin, 'POST', `/api/career-paths/${marketing.id}/restore`)).statusCode).toBe(200);
      expect((await list(student)).items.map((p) => p.title)).toContain('Marketing');
    });

    it('browses by title in keyset pages and searches the full text by word prefixes', async () => {
      const first = await list(student, '?limit=2');
      expect(first.items.map((p) => p.title)).toEqual(['Data Science', 'Marketing']);
      expect(first.can.manage).toBe(false);
      expect(first.nextCursor).not.toBeNull();
      const second = await list(student, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.items.map((p) => p.title)).toEqual(['Nursing', 'Software Engineering']);
      expect(second.nextCursor).toBeNull();
      // Roles, skills and stems: "engin" finds Software Engineering, "python" Data Science, "nurses" Nursing.
      expect((await list(student, '?q=engin')).items.map((p) => p.title)).toEqual(['Software Engineering']);
      expect((await list(student, '?q=python')).items.map((p) => p.title)).toEqual(['Data Science']);
      expect((await list(student, '?q=registered%20nurses')).items.map((p) => p.title)).toEqual(['Nursing']);
      expect((await list(student, '?q=astronaut')).items).toEqual([]);
      expect((await call(student, 'GET', '/api/career-paths?cursor=nonsense')).statusCode).toBe(400);
      const titles = await call(student, 'GET', '/api/career-paths/titles');
      expect(titles.json()).toEqual({
        titles: ['Data Science', 'Marketing', 'Nursing', 'Software Engineering'],
      });
    });
  });

  describe('favourites', () => {
    it('favourites idempotently, completes favorite_career_paths once and words the button by the variant', async () => {
      const items = async () =>
        (await call(student, 'GET', '/api/action-items'))
          .json<TActionItemsResponse>()
          .items.map((i) => i.type);
      expect(await items()).toContain('favorite_career_paths');
      for (let i = 0; i < 2; i += 1) {
        const response = await call(student, 'PUT', `/api/career-paths/${software.id}/favorite`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<{ careerPath: TCareerPath }>().careerPath).toMatchObject({
          isFavorite: true,
          favoriteLabel: 'Favorited',
        });
      }
      const completions = await asCluster((tx) =>
        tx
          .select()
          .from(actionItemCompletions)
          .where(
            and(
              eq(actionItemCompletions.userId, student.id),
              eq(actionItemCompletions.type, 'favorite_career_paths'),
            ),
          ),
      );
      expect(completions).toHaveLength(1);
      expect(await items()).not.toContain('favorite_career_paths');
      expect((await list(student, '?favorites=true')).items.map((p) => p.title)).toEqual([
        'Software Engineering',
      ]);
      // Another member's favourites are theirs.
      expect((await list(studentPeer, '?favorites=true')).items).toEqual([]);

      await setCareerPaths(hub, { isOn: true, variant: 'treatment' });
      const detail = await call(student, 'GET', `/api/career-paths/${software.id}`);
      expect(detail.json<TCareerPathDetailResponse>().careerPath.favoriteLabel).toBe('Saved to my careers');
      const peerView = await call(studentPeer, 'GET', `/api/career-paths/${software.id}`);
      expect(peerView.json<TCareerPathDetailResponse>().careerPath.favoriteLabel).toBe('Save to my careers');
      await setCareerPaths(hub, { isOn: true });

      for (let i = 0; i < 2; i += 1) {
        const removed = await call(studentPeer, 'DELETE', `/api/career-paths/${software.id}/favorite`);
        expect(removed.statusCode).toBe(200);
        expect(removed.json<{ careerPath: TCareerPath }>().careerPath.isFavorite).toBe(false);
      }
      expect(
        (await call(student, 'PUT', `/api/career-paths/00000000-0000-4000-8000-000000000000/favorite`))
          .statusCode,
      ).toBe(404);
    });

    it('recommends alumni whose career path expertise names the path, and careers on the home', async () => {
      await setProfile(alumna, { careerPathExpertise: ['Software Engineering', 'Data Science'] });
      await setProfile(otherAlumnus, { careerPathExpertise: ['Nursing'] });
      // A student with the expertise is no alumnus.
      await setProfile(studentPeer, { careerPathExpertise: ['Software Engineering'] });
      await setProfile(student, {
        standardData: { 'job-industries': { selectedOptions: [{ id: 'health', label: 'Healthcare' }] } },
      });

      const detail = (
        await call(student, 'GET', `/api/career-paths/${software.id}`)
      ).json<TCareerPathDetailResponse>();
      expect(detail.alumni.map((a) => [a.fullName, a.careerPaths])).toEqual([
        ['Ada Alum', ['Software Engineering']],
      ]);

      const dataDetail = await call(student, 'GET', `/api/career-paths/${data.id}`);
      expect(dataDetail.json<TCareerPathDetailResponse>().alumni.map((a) => a.careerPaths)).toEqual([
        ['Data Science'],
      ]);

      const home = (await call(student, 'GET', '/api/home?tab=explore')).json<THomeResponse>();
      const section = (key: string) => home.sections.find((s) => s.key === key);
      expect(section('likedCareers')?.items.map((i) => i.title)).toEqual(['Software Engineering']);
      // Data Science shares Technology with the favourite; Nursing is the profile's Healthcare.
      expect(section('recommendedCareers')?.items.map((i) => i.title)).toEqual(['Nursing', 'Data Science']);
      expect(section('careerPathWidget')).toMatchObject({ kind: 'people', items: [{ title: 'Ada Alum' }] });

      // A member without favourites or matching profile gets neither liked careers nor the widget.
      const peerHome = (await call(studentPeer, 'GET', '/api/home?tab=explore')).json<THomeResponse>();
      expect(peerHome.sections.map((s) => s.key)).not.toContain('likedCareers');
      expect(peerHome.sections.map((s) => s.key)).not.toContain('careerPathWidget');
    });
  });

  describe('the career paths flag', () => {
    it('hides the pages, the home sections and the action item when off; admins still manage', async () => {
      const tabs = async () =>
        (await call(student, 'GET', '/api/hub')).json<THubResponse>().hub.activeModules.map((m) => m.id);
      expect(await tabs()).toContain('career-paths');
      await setCareerPaths(hub, { isOn: false });
      // The Career Paths tab goes with the flag (spec 2 navigation tabs, spec 6 feature flags).
      expect(await tabs()).not.toContain('career-paths');
      const refused = await call(student, 'GET', '/api/career-paths');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'career_paths_hidden' } });
      expect((await call(student, 'GET', `/api/career-paths/${software.id}`)).statusCode).toBe(403);
      expect((await call(studentPeer, 'PUT', `/api/career-paths/${software.id}/favorite`)).statusCode).toBe(
        403,
      );
      const home = (await call(student, 'GET', '/api/home?tab=explore')).json<THomeResponse>();
      expect(home.sections.map((s) => s.key).filter((k) => /Career/.test(k))).toEqual([]);
      const items = (await call(studentPeer, 'GET', '/api/action-items')).json<TActionItemsResponse>().items;
      expect(items.map((i) => i.type)).not.toContain('favorite_career_paths');
      // Admins manage the catalogue while it is hidden.
      expect((await call(admin, 'GET', '/api/career-paths/admin/list')).statusCode).toBe(200);
      expect((await call(admin, 'GET', '/api/career-paths')).statusCode).toBe(200);
      await setCareerPaths(hub, { isOn: true });
    });
  });
});
