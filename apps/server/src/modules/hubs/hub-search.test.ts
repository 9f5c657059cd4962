import { ZHubSettings } from '@commons/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSettings } from '../../db/schema/index.js';
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

describeDb('GET /api/hubs/search (sign-up community step, issue #16 item 10)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let northfield: TTestHub;

  beforeAll(async () => {
    t = await getTestApp({ rateLimits: { lookupPerIp: 25 } });
    cluster = await createCluster(t.database.db);
    northfield = await createHub(t.database.db, cluster, {
      identifier: 'northfield',
      name: 'Northfield University',
    });
    await createHub(t.database.db, cluster, { identifier: 'riverside', name: 'Riverside College' });
    await createHub(t.database.db, cluster, { identifier: 'northgate', name: 'Northgate Academy' });
    // Closed to sign-up: standard sign-up off, or the email method hidden.
    const closed = await createHub(t.database.db, cluster, {
      identifier: 'northfield-staff',
      name: 'Northfield University Staff',
    });
    const emailHidden = await createHub(t.database.db, cluster, {
      identifier: 'northfield-alumni',
      name: 'Northfield University Alumni',
    });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      await tx
        .update(hubSettings)
        .set({ settings: ZHubSettings.parse({ coreSettings: { isStandardSignupEnabled: false } }) })
        .where(eq(hubSettings.hubId, closed.id));
      await tx
        .update(hubSettings)
        .set({ settings: ZHubSettings.parse({ coreSettings: { hiddenSignupMethods: ['email'] } }) })
        .where(eq(hubSettings.hubId, emailHidden.id));
    });
    // Another tenant's hub of the same name never shows on this host.
    const other = await createCluster(t.database.db);
    await createHub(t.database.db, other, { identifier: 'northfield', name: 'Northfield University' });
  });
  afterAll(async () => t.close());

  const search = (q: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/hubs/search?q=${encodeURIComponent(q)}`,
      headers: { host: cluster.host, ...headers },
    });
  const identifiers = async (q: string) => {
    const response = await search(q);
    expect(response.statusCode).toBe(200);
    return response.json<{ items: Array<{ identifier: string }> }>().items.map((h) => h.identifier);
  };

  it('finds a hub by its full name, best match first', async () => {
    expect((await identifiers('Northfield University'))[0]).toBe('northfield');
    expect((await identifiers('  northfield   UNIVERSITY ')).at(0)).toBe('northfield');
  });

  it('forgives typos', async () => {
    expect(await identifiers('northfeild')).toEqual(['northfield']);
    expect((await identifiers('Nortfield Univercity'))[0]).toBe('northfield');
    expect(await identifiers('riversid')).toEqual(['riverside']);
  });

  it('matches word prefixes, substrings and the identifier', async () => {
    expect((await identifiers('north')).sort()).toEqual(['northfield', 'northgate']);
    expect(await identifiers('univ')).toEqual(['northfield']);
    expect(await identifiers('college')).toEqual(['riverside']);
    expect(await identifiers('riverside')).toEqual(['riverside']);
  });

  it('finds nothing for garbage', async () => {
    expect(await identifiers('zzqxw')).toEqual([]);
    expect(await identifiers('qwerty asdf')).toEqual([]);
    expect(await identifiers('%_%')).toEqual([]);
  });

  it('answers only public fields of open hubs of the host’s cluster', async () => {
    const response = await search('northfield');
    const items = response.json<{ items: Array<Record<string, unknown>> }>().items;
    expect(items).toEqual([{ identifier: 'northfield', name: 'Northfield University' }]);
    expect(response.body).not.toContain(cluster.clusterId);
    expect(response.body).not.toContain(String(northfield.id));
  });

  it('answers the same for a signed-in member of another hub (the viewer’s scope does not widen it)', async () => {
    const member = await createUser(t.database.db, cluster, { hub: northfield });
    const { token } = await signIn(t.app, cluster, member);
    const response = await search('riverside', { authorization: `Bearer ${token}` });
    expect(response.json().items).toEqual([{ identifier: 'riverside', name: 'Riverside College' }]);
  });

  describe('input and limits', () => {
    it('refuses an empty or overlong query (400)', async () => {
      expect((await search('   ')).statusCode).toBe(400);
      expect((await search('x'.repeat(101))).statusCode).toBe(400);
    });

    it('limits look-ups per IP (429 in the shared error shape)', async () => {
      let last = await search('north');
      for (let i = 0; i < 30 && last.statusCode === 200; i++) last = await search('north');
      expect(last.statusCode).toBe(429);
      expect(last.json().error.code).toBe('rate_limited');
      expect(last.headers['retry-after']).toBeDefined();
    });
  });
});
