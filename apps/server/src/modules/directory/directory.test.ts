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

describeDb('people directory', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let viewerToken: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const people = [
      {
        firstName: 'Alice',
        lastName: 'Archer',
        userType: 'alumni' as const,
        company: 'Microsoft',
        school: 'Northfield University',
        major: 'Economics',
        year: 2015,
      },
      {
        firstName: 'Bob',
        lastName: 'Baker',
        userType: 'alumni' as const,
        company: 'Acme Robotics',
        school: 'Northfield University',
        major: 'Physics',
        year: 2018,
      },
      {
        firstName: 'Cara',
        lastName: 'Cole',
        userType: 'student' as const,
        company: 'Campus Café',
        school: 'Riverside College',
        major: 'Economics',
        year: 2027,
      },
    ];
    for (const p of people) {
      const user = await createUser(t.database.db, cluster, {
        hub,
        firstName: p.firstName,
        lastName: p.lastName,
        userType: p.userType,
      });
      const { token } = await signIn(t.app, cluster, user);
      tokens[p.firstName] = token;
      await call('PUT', '/api/profiles/me/work-history', token, {
        items: [
          {
            role: 'Analyst',
            company: p.company,
            startMonth: 1,
            startYear: 2020,
            endMonth: null,
            endYear: null,
            current: true,
          },
        ],
      });
      await call('PUT', '/api/profiles/me/schools', token, {
        items: [{ schoolName: p.school, degreeType: 'BA', majors: [p.major], graduationYear: p.year }],
      });
      await call('PATCH', '/api/profiles/me', token, { headline: `${p.major} person`, location: 'Portland' });
    }
    const viewer = await createUser(t.database.db, cluster, { hub, firstName: 'Viewer', lastName: 'Zed' });
    viewerToken = (await signIn(t.app, cluster, viewer)).token;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'PATCH' | 'PUT', url: string, token: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });
  }
  const names = (body: { items: Array<{ fullName: string }> }) => body.items.map((i) => i.fullName);

  it('lists approved members by last name with cursor pagination', async () => {
    const first = (await call('GET', '/api/directory?limit=2', viewerToken)).json();
    expect(names(first)).toEqual(['Alice Archer', 'Bob Baker']);
    expect(first.nextCursor).toBeTruthy();
    const second = (
      await call('GET', `/api/directory?limit=2&cursor=${first.nextCursor}`, viewerToken)
    ).json();
    expect(names(second)).toEqual(['Cara Cole', 'Viewer Zed']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['mircosoft', ['Alice Archer']],
    ['Microsfot', ['Alice Archer']],
    ['acme', ['Bob Baker']],
    ['econ', ['Alice Archer', 'Cara Cole']],
    ['northfield physics', ['Bob Baker']],
    ['northfeild physics', ['Bob Baker']],
    ['2027', ['Cara Cole']],
  ])('finds %s (prefix and typo tolerant)', async (q, expected) => {
    const body = (await call('GET', `/api/directory?q=${encodeURIComponent(q)}`, viewerToken)).json();
    expect(names(body).sort()).toEqual(expected);
  });

  it('filters by user type with key[] parameters and counts facets without their own filter', async () => {
    const all = (await call('GET', '/api/directory', viewerToken)).json();
    const alumniType = all.facets.userType.find((f: { label: string }) => f.label === 'Alumni');
    expect(alumniType.count).toBe(2);
    const body = (
      await call('GET', `/api/directory?userType[]=${alumniType.value}&q=economics`, viewerToken)
    ).json();
    expect(names(body)).toEqual(['Alice Archer']);
    // The user type facet ignores the user type filter; the year facet respects it.
    expect(
      body.facets.userType.map((f: { label: string; count: number }) => [f.label, f.count]).sort(),
    ).toEqual([
      ['Alumni', 1],
      ['Student', 1],
    ]);
    expect(body.facets.graduationYear).toEqual([{ value: '2015', label: '2015', count: 1 }]);
  });

  it('pages search results with the cursor, matches as typed before corrected ones', async () => {
    const first = (await call('GET', '/api/directory?q=economics&limit=1', viewerToken)).json();
    expect(names(first)).toEqual(['Alice Archer']);
    const second = (
      await call('GET', `/api/directory?q=economics&limit=1&cursor=${first.nextCursor}`, viewerToken)
    ).json();
    expect(names(second)).toEqual(['Cara Cole']);
    expect(second.nextCursor).toBeNull();
    // A cursor of the unsearched list is no search position.
    const listed = (await call('GET', '/api/directory?limit=1', viewerToken)).json();
    const refused = await call('GET', `/api/directory?q=economics&cursor=${listed.nextCursor}`, viewerToken);
    expect(refused.statusCode).toBe(400);
  });

  it('counts facets from the maintained counts (also of a one-word search) as from the entries, also after a profile change', async () => {
    type TFacet = { value: string; label: string; count: number };
    type TFacets = { userType: TFacet[]; industry: TFacet[]; graduationYear: TFacet[] };
    const facets = async (qs: string): Promise<TFacets> =>
      (await call('GET', `/api/directory?${qs}`, viewerToken)).json().facets;
    const alumni = (await facets('')).userType.find((f) => f.label === 'Alumni')?.value;
    // 1900 matches nobody, so adding it keeps the filter; two years are counted from the entries.
    const combos = [
      'graduationYear[]=2015',
      `userType[]=${alumni}&graduationYear[]=2018`,
      'graduationYear[]=2027',
    ];
    for (const qs of combos) expect(await facets(qs)).toEqual(await facets(`${qs}&graduationYear[]=1900`));
    // A one-word search counts from directory_term_facets; the same word twice is counted from the entries.
    const search = async (q: string) => (await call('GET', `/api/directory?q=${q}`, viewerToken)).json();
    const sameAsEntries = async () => {
      for (const q of ['economics', 'mircosoft', 'northfield'])
        expect(await search(q)).toEqual(await search(`${q}%20${q}`));
    };
    await sameAsEntries();
    expect((await search('economics')).facets.graduationYear).toEqual([
      { value: '2027', label: '2027', count: 1 },
      { value: '2015', label: '2015', count: 1 },
    ]);
    const years = async () => (await facets('')).graduationYear.map((f) => [f.value, f.count]);
    expect(await years()).toEqual([
      ['2027', 1],
      ['2018', 1],
      ['2015', 1],
    ]);

    await call('PUT', '/api/profiles/me/schools', tokens.Cara ?? '', {
      items: [
        { schoolName: 'Riverside College', degreeType: 'BA', majors: ['Economics'], graduationYear: 2018 },
      ],
    });
    expect(await years()).toEqual([
      ['2018', 2],
      ['2015', 1],
    ]);
    for (const qs of combos) expect(await facets(qs)).toEqual(await facets(`${qs}&graduationYear[]=1900`));
    await sameAsEntries();
    expect((await facets('graduationYear[]=2018')).userType.map((f) => [f.label, f.count]).sort()).toEqual([
      ['Alumni', 1],
      ['Student', 1],
    ]);
  });

  it('filters by graduation year', async () => {
    const body = (
      await call('GET', '/api/directory?graduationYear[]=2018&graduationYear[]=2027', viewerToken)
    ).json();
    expect(names(body)).toEqual(['Bob Baker', 'Cara Cole']);
  });

  it('hides pending members and refuses pending viewers', async () => {
    const pending = await createUser(t.database.db, cluster, {
      hub,
      approved: null,
      firstName: 'Penny',
      lastName: 'Pending',
    });
    const body = (await call('GET', '/api/directory?q=penny', viewerToken)).json();
    expect(body.items).toEqual([]);
    const { token } = await signIn(t.app, cluster, pending);
    const refused = await call('GET', '/api/directory', token);
    expect(refused.statusCode).toBe(403);
  });

  it('answers mentions with id, identifier, fullname and photoUrl and ignores invalid terms', async () => {
    const found = (await call('GET', '/api/users/mentions?q=ali', viewerToken)).json();
    expect(found.items).toHaveLength(1);
    expect(Object.keys(found.items[0]).sort()).toEqual(['fullname', 'id', 'identifier', 'photoUrl']);
    expect(found.items[0].fullname).toBe('Alice Archer');
    expect((await call('GET', '/api/users/mentions?q=al1ce', viewerToken)).json().items).toEqual([]);
    const typo = (await call('GET', '/api/users/mentions?q=archre', viewerToken)).json();
    expect(typo.items.map((i: { fullname: string }) => i.fullname)).toEqual(['Alice Archer']);
  });

  it('finds similar matches for a profile with the reasons, never the person themself', async () => {
    const alice = (await call('GET', '/api/directory?q=alice', viewerToken)).json().items[0];
    const similar = (await call('GET', `/api/profiles/${alice.identifier}/similar`, viewerToken)).json()
      .items;
    expect(similar[0].person.fullName).toBe('Cara Cole');
    expect(similar[0].reasons).toEqual(['Also studied Economics']);
    expect(similar.map((s: { person: { id: string } }) => s.person.id)).not.toContain(alice.id);
    expect((await call('GET', '/api/profiles/nobody-here/similar', viewerToken)).statusCode).toBe(404);
  });

  it('never shows members of another hub or cluster', async () => {
    const otherHub = await createHub(t.database.db, cluster);
    const outsider = await createUser(t.database.db, cluster, {
      hub: otherHub,
      firstName: 'Otto',
      lastName: 'Outside',
    });
    const { token } = await signIn(t.app, cluster, outsider);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/directory',
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
    });
    expect(refused.statusCode).toBe(403);
    expect(names((await call('GET', '/api/directory?q=otto', viewerToken)).json())).toEqual([]);
  });
});
