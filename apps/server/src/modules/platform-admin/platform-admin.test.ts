import type { TPlatformCluster, TPlatformClusterPage, TTenantTypeList } from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
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
import { attachStatementLog } from '../../../test/explain/hot-paths.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { auditLog, hubSettings, hubs, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

const DAY_MS = 86_400_000;

/**
 * The super admin console (issue #23 item 1): clusters across tenants with hubs, regions and usage; creating a
 * cluster and a hub from a tenant type; edits; delete requests with their 30-day grace period; audit; 403 for
 * everyone but super admins, also in the database.
 */
describeDb('platform admin console (issue #23 item 1)', () => {
  let t: TTestApp;
  let now = new Date();
  let home: TTestCluster;
  let other: TTestCluster;
  let hub: TTestHub;
  let superAdmin: TTestUser;
  let clusterAdmin: TTestUser;
  let hubAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    let token = user ? tokens.get(user.id) : undefined;
    if (user && token === undefined) {
      token = (await signIn(t.app, home, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: { host: home.host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  };
  const listAll = async () => {
    const response = await call(superAdmin, 'GET', '/api/platform/clusters?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TPlatformClusterPage>().items;
  };

  beforeAll(async () => {
    t = await getTestApp({ clock: () => now });
    home = await createCluster(t.database.db);
    other = await createCluster(t.database.db);
    hub = await createHub(t.database.db, home, { id: 1_000_123 });
    await createHub(t.database.db, other);
    superAdmin = await createUser(t.database.db, home, { isSuperAdmin: true });
    clusterAdmin = await createUser(t.database.db, home, { hub, isClusterAdmin: true });
    hubAdmin = await createUser(t.database.db, home, {
      hub,
      isHubAdmin: true,
      rights: ['reports', 'analytics'],
    });
    await createUser(t.database.db, other, {});
  });
  afterAll(() => t.close());

  it('refuses everyone but super admins (401 signed out, 403 cluster admin and hub admin)', async () => {
    const urls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/api/platform/tenant-types'],
      ['GET', '/api/platform/clusters'],
      ['POST', '/api/platform/clusters', { name: 'X', tenantType: 'standard' }],
      ['PATCH', `/api/platform/clusters/${other.clusterId}`, { name: 'Renamed' }],
      [
        'POST',
        `/api/platform/clusters/${other.clusterId}/hubs`,
        { id: 3_000_001, identifier: 'x', name: 'X' },
      ],
      ['POST', `/api/platform/clusters/${other.clusterId}/delete-request`],
      ['DELETE', `/api/platform/clusters/${other.clusterId}/delete-request`],
    ];
    for (const [method, url, body] of urls) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      for (const user of [clusterAdmin, hubAdmin]) {
        const response = await call(user, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json<{ error: { code: string } }>().error.code).toBe('forbidden');
      }
    }
  });

  it('the database refuses the cross-cluster reads to anyone but a super admin', async () => {
    await expect(
      withTenant(
        t.database.db,
        { clusterId: home.clusterId, userId: clusterAdmin.id, isClusterScope: true },
        (tx) => tx.execute(sql`SELECT * FROM app_platform_clusters(NULL, NULL, 10)`),
      ),
    ).rejects.toThrow();
    const rows = await withTenant(t.database.db, { clusterId: home.clusterId, userId: superAdmin.id }, (tx) =>
      queryRows(
        tx,
        sql`SELECT * FROM app_platform_usage(${`{${home.clusterId},${other.clusterId}}`}::uuid[], now())`,
      ),
    );
    expect(rows).toHaveLength(2);
  });

  it('reads the list in the same number of statements whatever the number of clusters (no N+1)', async () => {
    await call(superAdmin, 'GET', '/api/platform/clusters');
    const log = attachStatementLog(t.database.db);
    const count = async () =>
      (
        await log.record(async () => {
          expect((await call(superAdmin, 'GET', '/api/platform/clusters?limit=100')).statusCode).toBe(200);
        })
      ).length;
    const before = await count();
    for (let i = 0; i < 3; i += 1) {
      const extra = await createCluster(t.database.db);
      await createHub(t.database.db, extra);
    }
    expect(await count()).toBe(before);
    expect(before).toBeLessThanOrEqual(6);
  });

  it('lists the tenant types', async () => {
    const response = await call(superAdmin, 'GET', '/api/platform/tenant-types');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<TTenantTypeList>();
    expect(items.map((i) => i.type)).toContain('alumni-community');
    expect(items.find((i) => i.type === 'trial')?.isProductionByDefault).toBe(false);
  });

  it('lists every cluster with hubs, regions and usage, paginated', async () => {
    const items = await listAll();
    const mine = items.find((c) => c.id === home.clusterId);
    expect(mine?.isCurrent).toBe(true);
    expect(mine?.hubs).toEqual([expect.objectContaining({ id: 1_000_123, region: 'au', members: 2 })]);
    expect(mine?.usage).toEqual({ members: 3, hubs: 1, messagesLast30Days: 0, storedFileBytes: 0 });
    const theirs = items.find((c) => c.id === other.clusterId);
    expect(theirs?.usage.members).toBe(1);
    expect(theirs?.hubs[0]?.region).toBe('us');

    const first = await call(superAdmin, 'GET', '/api/platform/clusters?limit=1');
    const page = first.json<TPlatformClusterPage>();
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const second = await call(
      superAdmin,
      'GET',
      `/api/platform/clusters?limit=1&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
    );
    expect(second.json<TPlatformClusterPage>().items[0]?.id).not.toBe(page.items[0]?.id);
    expect((await call(superAdmin, 'GET', '/api/platform/clusters?cursor=nonsense')).statusCode).toBe(400);
  });

  it('creates a cluster and a hub from a tenant type; the hub id decides the region', async () => {
    const bad = await call(superAdmin, 'POST', '/api/platform/clusters', { name: '', tenantType: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ error: { fields: object } }>().error.fields)).toEqual(
      expect.arrayContaining(['name', 'tenantType']),
    );
    expect(
      (
        await call(superAdmin, 'POST', '/api/platform/clusters', {
          name: 'X',
          tenantType: 'trial',
          hostnames: [home.host],
        })
      ).statusCode,
    ).toBe(409);

    const created = await call(superAdmin, 'POST', '/api/platform/clusters', {
      name: 'Lakeside Trial',
      tenantType: 'trial',
      sfAccountId: '001ABC',
      hostnames: ['Lakeside.Example.edu'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cluster = created.json<TPlatformCluster>();
    expect(cluster).toMatchObject({
      name: 'Lakeside Trial',
      isProduction: false,
      sfAccountId: '001ABC',
      defaultSetting: 'trial',
      defaultSettingLabel: 'Trial',
      hostnames: ['lakeside.example.edu'],
      hubs: [],
      isCurrent: false,
    });

    const hubUrl = `/api/platform/clusters/${cluster.id}/hubs`;
    expect(
      (await call(superAdmin, 'POST', hubUrl, { id: 0, identifier: '9lives', name: 'X' })).statusCode,
    ).toBe(400);
    expect(
      (await call(superAdmin, 'POST', hubUrl, { id: 1_000_123, identifier: 'x', name: 'X' })).statusCode,
    ).toBe(409);
    const withHub = await call(superAdmin, 'POST', hubUrl, {
      id: 2_000_042,
      identifier: 'lakeside',
      name: 'Lakeside College',
      tenantType: 'alumni-community',
    });
    expect(withHub.statusCode, withHub.body).toBe(201);
    expect(withHub.json<TPlatformCluster>().hubs).toEqual([
      expect.objectContaining({
        id: 2_000_042,
        identifier: 'lakeside',
        region: 'eu',
        isDefault: true,
        members: 0,
      }),
    ]);
    expect(
      (await call(superAdmin, 'POST', hubUrl, { id: 2_000_043, identifier: 'lakeside', name: 'Again' }))
        .statusCode,
    ).toBe(409);
    // Without a type the hub takes the cluster's (trial: auto-approval on, EL-only off).
    const second = await call(superAdmin, 'POST', hubUrl, {
      id: 42_001,
      identifier: 'lakeside-two',
      name: 'Two',
    });
    expect(second.json<TPlatformCluster>().hubs.map((h) => [h.identifier, h.region, h.isDefault])).toEqual([
      ['lakeside', 'eu', true],
      ['lakeside-two', 'us', false],
    ]);

    const stored = await withTenant(
      t.database.db,
      { clusterId: cluster.id, isClusterScope: true },
      async (tx) => ({
        hub: (await tx.select().from(hubs).where(eq(hubs.id, 2_000_042)))[0],
        settings: (await tx.select().from(hubSettings).where(eq(hubSettings.hubId, 2_000_042)))[0]?.settings,
        trialSettings: (await tx.select().from(hubSettings).where(eq(hubSettings.hubId, 42_001)))[0]
          ?.settings,
        types: await tx
          .select({ title: userTypes.title })
          .from(userTypes)
          .where(and(eq(userTypes.hubId, 2_000_042)))
          .orderBy(userTypes.order),
      }),
    );
    expect(stored.hub).toMatchObject({ isElOnly: false, standardPlatformType: 'standard' });
    expect(stored.settings?.enabledModules).toEqual([
      'home',
      'inbox',
      'network',
      'jobs',
      'discussions',
      'events',
      'groups',
    ]);
    expect(stored.settings?.isDonationsEnabled).toBe(true);
    expect(stored.trialSettings?.coreSettings.isAutoApprovalEnabled).toBe(true);
    expect(stored.types.map((r) => r.title)).toEqual(['Alumni', 'Faculty & Staff', 'Friend']);
  });

  it('edits a cluster and requests and cancels its deletion within the grace period', async () => {
    const url = `/api/platform/clusters/${other.clusterId}`;
    expect((await call(superAdmin, 'PATCH', url, {})).statusCode).toBe(400);
    expect((await call(superAdmin, 'PATCH', url, { sfAccountId: 'no spaces' })).statusCode).toBe(400);
    expect(
      (
        await call(superAdmin, 'PATCH', '/api/platform/clusters/00000000-0000-4000-8000-000000000000', {
          name: 'X',
        })
      ).statusCode,
    ).toBe(404);
    const edited = await call(superAdmin, 'PATCH', url, {
      name: 'Other U',
      isProduction: true,
      sfAccountId: '0015000',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TPlatformCluster>()).toMatchObject({
      name: 'Other U',
      isProduction: true,
      sfAccountId: '0015000',
    });
    const cleared = await call(superAdmin, 'PATCH', url, { sfAccountId: '' });
    expect(cleared.json<TPlatformCluster>().sfAccountId).toBeNull();

    expect(
      (await call(superAdmin, 'POST', `/api/platform/clusters/${home.clusterId}/delete-request`)).statusCode,
    ).toBe(409);
    expect((await call(superAdmin, 'DELETE', `${url}/delete-request`)).statusCode).toBe(409);
    const requested = await call(superAdmin, 'POST', `${url}/delete-request`);
    expect(requested.statusCode, requested.body).toBe(200);
    const asked = requested.json<TPlatformCluster>();
    expect(asked.deleteRequestedAt).not.toBeNull();
    expect(Date.parse(asked.erasureAt ?? '') - Date.parse(asked.deleteRequestedAt ?? '')).toBe(30 * DAY_MS);
    // Asking again keeps the first date.
    now = new Date(now.getTime() + DAY_MS);
    tokens.clear();
    expect(
      (await call(superAdmin, 'POST', `${url}/delete-request`)).json<TPlatformCluster>().deleteRequestedAt,
    ).toBe(asked.deleteRequestedAt);
    const cancelled = await call(superAdmin, 'DELETE', `${url}/delete-request`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<TPlatformCluster>()).toMatchObject({ deleteRequestedAt: null, erasureAt: null });

    await call(superAdmin, 'POST', `${url}/delete-request`);
    now = new Date(now.getTime() + 31 * DAY_MS);
    tokens.clear();
    expect((await call(superAdmin, 'DELETE', `${url}/delete-request`)).statusCode).toBe(409);
  });

  it('audits every write in the super admin’s cluster', async () => {
    const entries = await withTenant(
      t.database.db,
      { clusterId: home.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select({ action: auditLog.action, actor: auditLog.actorUserId })
          .from(auditLog)
          .where(sql`${auditLog.action} LIKE 'platform.%'`)
          .orderBy(auditLog.createdAt, auditLog.id),
    );
    expect(new Set(entries.map((e) => e.actor))).toEqual(new Set([superAdmin.id]));
    expect(entries.map((e) => e.action)).toEqual([
      'platform.cluster_created',
      'platform.hub_created',
      'platform.hub_created',
      'platform.cluster_updated',
      'platform.cluster_updated',
      'platform.cluster_deletion_requested',
      'platform.cluster_deletion_cancelled',
      'platform.cluster_deletion_requested',
    ]);
  });
});
