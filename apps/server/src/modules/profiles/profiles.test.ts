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

describeDb('profiles API', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let owner: TTestUser;
  let ownerToken: string;
  let ownerIdentifier: string;
  const now = new Date('2026-06-15T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => now });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    owner = await createUser(t.database.db, cluster, { hub, firstName: 'Olive' });
    ownerToken = (await signIn(t.app, cluster, owner)).token;
    ownerIdentifier = (await call('GET', '/api/profiles/me', ownerToken)).json().profile.identifier;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'PATCH' | 'PUT', url: string, token: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  }

  it('shows the owner every section with health, and the score rises with each save', async () => {
    const before = (await call('GET', '/api/profiles/me', ownerToken)).json().profile;
    expect(before.can.edit).toBe(true);
    expect(before.sections.health.score).toBe(0);
    expect(before.sections.health.missing).toContainEqual({ attribute: 'headline', weight: 15 });

    const after = (
      await call('PATCH', '/api/profiles/me', ownerToken, {
        headline: 'Data nerd',
        location: 'Oslo',
        about: 'Hi',
      })
    ).json().profile;
    // headline 15 + location 10 + about 5 of the applicable 115 (135 without helpOffer and dynamic profile).
    expect(after.sections.health.score).toBe(Math.round((30 * 100) / 115));
    expect(after.headline).toBe('Data nerd');
    expect(after.sections.health.missing.map((m: { attribute: string }) => m.attribute)).not.toContain(
      'headline',
    );
  });

  it('stores work history, ignores Freelance as a company and shows durations in years and months', async () => {
    const response = await call('PUT', '/api/profiles/me/work-history', ownerToken, {
      items: [
        {
          role: 'Analyst',
          company: 'Acme',
          startMonth: 1,
          startYear: 2024,
          endMonth: null,
          endYear: null,
          current: true,
        },
        {
          role: 'Designer',
          company: 'Freelance',
          startMonth: 3,
          startYear: 2021,
          endMonth: 12,
          endYear: 2023,
          current: false,
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().profile.sections.workHistory;
    expect(items.map((i: { displayCompany: string | null }) => i.displayCompany)).toEqual(['Acme', null]);
    expect(items[0].durationText).toBe('2 years 6 months');
    expect(items[1].durationText).toBe('2 years 10 months');
  });

  it.each([
    [
      { startMonth: 5, startYear: null, endMonth: null, endYear: null, current: true },
      'items.0.startYear',
      'Please select a start year.',
    ],
    [
      { startMonth: 1, startYear: 2020, endMonth: 5, endYear: null, current: false },
      'items.0.endYear',
      'Please select an end year.',
    ],
    [
      { startMonth: 7, startYear: 2026, endMonth: null, endYear: null, current: true },
      'items.0.startMonth',
      'Start month should not be greater than present month.',
    ],
    [
      { startMonth: 1, startYear: 2020, endMonth: 7, endYear: 2026, current: false },
      'items.0.endMonth',
      'Must be before the current date ',
    ],
    [
      { startMonth: null, startYear: 2027, endMonth: null, endYear: null, current: true },
      'items.0.startDate',
      'Start date should be before present date.',
    ],
    [
      { startMonth: 5, startYear: 2022, endMonth: 4, endYear: 2022, current: false },
      'items.0.endDate',
      'End date should be after start date.',
    ],
  ])('refuses a bad date range with the exact spec message (%#)', async (range, field, message) => {
    const response = await call('PUT', '/api/profiles/me/work-history', ownerToken, {
      items: [{ role: 'Role', company: 'Co', ...range }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    // Nothing was lost: the previous work history is still there.
    const profile = (await call('GET', '/api/profiles/me', ownerToken)).json().profile;
    expect(profile.sections.workHistory).toHaveLength(2);
  });

  it('stores schools with majors and refuses a graduation year outside the year picker range', async () => {
    const ok = await call('PUT', '/api/profiles/me/schools', ownerToken, {
      items: [
        {
          schoolName: 'Northfield University',
          degreeType: 'BSc',
          majors: ['Economics'],
          graduationYear: 2027,
        },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile.sections.schools[0]).toMatchObject({
      schoolName: 'Northfield University',
      majors: ['Economics'],
      graduationYear: 2027,
    });
    const bad = await call('PUT', '/api/profiles/me/schools', ownerToken, {
      items: [{ schoolName: 'X', degreeType: null, graduationYear: 2034 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['items.0.graduationYear']).toBe('Choose a year between 1936 and 2033.');
  });

  it('shows a member of the same hub the open sections only, without health or demographic info', async () => {
    await call('PATCH', '/api/profiles/me', ownerToken, { demographicInfo: { pronouns: 'she/her' } });
    const peer = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, peer);
    const response = await call('GET', `/api/profiles/${ownerIdentifier}`, token);
    expect(response.statusCode).toBe(200);
    const { profile } = response.json();
    expect(profile.can.edit).toBe(false);
    expect(profile.sections.workHistory).toHaveLength(2);
    expect(profile.sections.health).toBeUndefined();
    expect(profile.sections.demographicInfo).toBeUndefined();
  });

  it('shows demographic info to a cluster admin', async () => {
    const admin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    const { token } = await signIn(t.app, cluster, admin);
    const { profile } = (await call('GET', `/api/profiles/${ownerIdentifier}`, token)).json();
    expect(profile.sections.demographicInfo).toEqual({ pronouns: 'she/her' });
    expect(profile.sections.health).toBeUndefined();
  });

  it('answers 404 to a member of another hub, to a pending member and for an unknown identifier', async () => {
    const outsider = await createUser(t.database.db, cluster, { hub: otherHub });
    const pending = await createUser(t.database.db, cluster, { hub, approved: null });
    for (const user of [outsider, pending]) {
      const { token } = await signIn(t.app, cluster, user);
      expect((await call('GET', `/api/profiles/${ownerIdentifier}`, token)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/profiles/nobody-here', ownerToken)).statusCode).toBe(404);
  });

  it('answers 404 across clusters and refuses an empty patch', async () => {
    const other = await createCluster(t.database.db);
    const otherHubB = await createHub(t.database.db, other);
    const stranger = await createUser(t.database.db, other, { hub: otherHubB });
    const { token } = await signIn(t.app, other, stranger);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/profiles/${ownerIdentifier}`,
      headers: { host: other.host, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect((await call('PATCH', '/api/profiles/me', ownerToken, {})).statusCode).toBe(400);
  });
});
