import type { THostHubAnswer, THubDomain, THubDomainPage } from '@commons/contract';
import { HUB_ACCESS_RIGHTS } from '@commons/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDnsTxtServer } from '../../../test/dns-txt-server.js';
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
import { auditLog, clusters, hubDomains } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { verifyPendingHubDomains } from './cluster-admin.domains-dns.js';

/**
 * Hub domains (issue #23 item 2): a domain is verified only once its TXT record holds the token (a local DNS
 * server answers the lookups), and only then do requests on that host go to the hub's cluster and hub.
 */
describeDb('hub domains (issue #23 item 2)', () => {
  let t: TTestApp;
  let dns: Awaited<ReturnType<typeof startDnsTxtServer>>;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let clusterAdmin: TTestUser;
  let superAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let member: TTestUser;
  let otherClusterAdmin: TTestUser;
  const tokens = new Map<string, string>();
  const suffix = Math.random().toString(36).slice(2, 8);

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: object; host?: string; of?: TTestCluster; hubIdentifier?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: options.host ?? (options.of ?? cluster).host,
        ...(options.hubIdentifier === undefined ? {} : { 'x-hub-id': options.hubIdentifier }),
        ...(user ? { authorization: `Bearer ${await tokenOf(user, options.of ?? cluster)}` } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const add = async (domain: string, user: TTestUser = clusterAdmin, hubId = hub.id) =>
    call(user, 'POST', '/api/admin/cluster/domains', { payload: { hubId, domain } });

  beforeAll(async () => {
    dns = await startDnsTxtServer();
    t = await getTestApp({ env: { DNS_SERVERS: dns.server } });
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, otherCluster);
    clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    superAdmin = await createUser(t.database.db, cluster, { isSuperAdmin: true });
    hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: [...HUB_ACCESS_RIGHTS],
    });
    member = await createUser(t.database.db, cluster, { hub });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, {
      hub: otherHub,
      isClusterAdmin: true,
      isHubAdmin: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  it('verifies a domain once its TXT record holds the token, then routes its host to the cluster and hub', async () => {
    const domain = `alumni-${suffix}.example.edu`;
    const created = await add(`  Alumni-${suffix}.Example.edu.  `);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<THubDomain>();
    expect(row).toMatchObject({ domain, hubId: hub.id, status: 'pending', verifiedAt: null });
    expect(row.txtRecord.name).toBe(`_commons-challenge.${domain}`);
    expect(row.txtRecord.value).toMatch(/^commons-verification=[\w-]{32}$/);

    // Before verification the host is no hub's: no hub answered, and a member's hub request names none.
    const before = await call(null, 'GET', '/api/cluster/host-hub', { host: domain });
    if (before.statusCode === 200) expect(before.json<THostHubAnswer>().hub).toBeNull();
    expect((await call(member, 'GET', '/api/hub', { host: domain })).statusCode).not.toBe(200);

    // No record: pending, with the reason.
    const missing = await call(clusterAdmin, 'POST', `/api/admin/cluster/domains/${row.id}/verify`);
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json<THubDomain>()).toMatchObject({ status: 'pending' });
    expect(missing.json<THubDomain>().lastError).toContain('No TXT record');
    expect(missing.json<THubDomain>().lastCheckedAt).not.toBeNull();

    // A wrong token: still pending.
    dns.records.set(row.txtRecord.name, ['commons-verification=not-the-token', 'v=spf1 -all']);
    const wrong = await call(clusterAdmin, 'POST', `/api/admin/cluster/domains/${row.id}/verify`);
    expect(wrong.json<THubDomain>()).toMatchObject({ status: 'pending' });
    expect(wrong.json<THubDomain>().lastError).toContain('does not hold');
    expect((await call(member, 'GET', '/api/hub', { host: domain })).statusCode).not.toBe(200);

    // The right token: verified, and the host now goes to the cluster and the hub.
    dns.records.set(row.txtRecord.name, ['v=spf1 -all', row.txtRecord.value]);
    const verified = await call(superAdmin, 'POST', `/api/admin/cluster/domains/${row.id}/verify`);
    expect(verified.json<THubDomain>()).toMatchObject({ status: 'verified', lastError: null });
    const hostHub = await call(null, 'GET', '/api/cluster/host-hub', { host: domain });
    expect(hostHub.json<THostHubAnswer>()).toEqual({ hub: { identifier: hub.identifier } });
    const onDomain = await call(member, 'GET', '/api/hub', { host: domain });
    expect(onDomain.statusCode, onDomain.body).toBe(200);
    expect(onDomain.json<{ hub: { identifier: string } }>().hub.identifier).toBe(hub.identifier);
    // The cluster's own host still names no hub.
    expect((await call(null, 'GET', '/api/cluster/host-hub')).json<THostHubAnswer>()).toEqual({ hub: null });

    const actions = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.clusterId, cluster.clusterId), like(auditLog.action, 'cluster.domain.%'))),
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['cluster.domain.added', 'cluster.domain.checked', 'cluster.domain.verified']),
    );

    // Removed: the host is no hub's again.
    expect((await call(clusterAdmin, 'DELETE', `/api/admin/cluster/domains/${row.id}`)).statusCode).toBe(204);
    const after = await call(null, 'GET', '/api/cluster/host-hub', { host: domain });
    if (after.statusCode === 200) expect(after.json<THostHubAnswer>().hub).toBeNull();
    expect((await call(member, 'GET', '/api/hub', { host: domain })).statusCode).not.toBe(200);
  });

  it('the periodic job verifies pending domains younger than 7 days whose record holds the token', async () => {
    const created = (await add(`job-${suffix}.example.org`)).json<THubDomain>();
    const old = (await add(`old-${suffix}.example.org`)).json<THubDomain>();
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .update(hubDomains)
        .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(hubDomains.id, old.id)),
    );
    dns.records.set(created.txtRecord.name, [created.txtRecord.value]);
    dns.records.set(old.txtRecord.name, [old.txtRecord.value]);
    const count = await verifyPendingHubDomains({
      db: t.database.db,
      now: new Date(),
      dnsServers: [dns.server],
    });
    expect(count).toBeGreaterThanOrEqual(1);
    const list = (
      await call(clusterAdmin, 'GET', `/api/admin/cluster/domains?hubId=${hub.id}`)
    ).json<THubDomainPage>();
    expect(list.items.find((d) => d.id === created.id)?.status).toBe('verified');
    expect(list.items.find((d) => d.id === old.id)?.status).toBe('pending');
  });

  it('refuses IPs, local names, the platform’s own hosts, other clusters’ hostnames and taken domains', async () => {
    for (const domain of [
      '192.168.1.10',
      'localhost',
      'intranet',
      'hub.local',
      'https://x.example.com/a',
      'a..b.com',
    ]) {
      const refused = await add(domain);
      expect(refused.statusCode, domain).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { domain: expect.any(String) } },
      });
    }
    // Another cluster's hostname, and the platform's own address (PUBLIC_URL).
    const portal = `portal-${suffix}.example.org`;
    await withTenant(t.database.db, { clusterId: otherCluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .update(clusters)
        .set({ hostnames: [otherCluster.host, portal] })
        .where(eq(clusters.id, otherCluster.clusterId)),
    );
    for (const domain of [portal.toUpperCase(), cluster.host]) {
      const refused = await add(domain);
      expect(refused.statusCode, domain).toBe(400);
      expect(refused.json<{ error: { fields: { domain: string } } }>().error.fields.domain).toMatch(
        /platform itself|public domain/,
      );
    }
    const taken = `taken-${suffix}.example.net`;
    expect((await add(taken)).statusCode).toBe(201);
    const again = await call(otherClusterAdmin, 'POST', '/api/admin/cluster/domains', {
      of: otherCluster,
      payload: { hubId: otherHub.id, domain: taken.toUpperCase() },
    });
    expect(again.statusCode, again.body).toBe(409);
    // A hub of another cluster is not found.
    expect((await add(`x-${suffix}.example.net`, clusterAdmin, otherHub.id)).statusCode).toBe(404);
  });

  it('refuses hub admins and members (403) and another cluster’s admin (401); super admins may', async () => {
    const row = (await add(`rights-${suffix}.example.com`)).json<THubDomain>();
    const requests = [
      { method: 'GET', url: '/api/admin/cluster/domains' },
      {
        method: 'POST',
        url: '/api/admin/cluster/domains',
        payload: { hubId: hub.id, domain: `no-${suffix}.example.com` },
      },
      { method: 'POST', url: `/api/admin/cluster/domains/${row.id}/verify` },
      { method: 'DELETE', url: `/api/admin/cluster/domains/${row.id}` },
    ] as const;
    for (const request of requests) {
      const payload = 'payload' in request ? { payload: request.payload } : {};
      for (const user of [hubAdmin, member])
        expect((await call(user, request.method, request.url, payload)).statusCode).toBe(403);
      const foreign = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: {
          host: cluster.host,
          authorization: `Bearer ${await tokenOf(otherClusterAdmin, otherCluster)}`,
        },
        ...payload,
      });
      expect(foreign.statusCode).toBe(401);
      // On its own host, another cluster's admin does not see this cluster's domain.
      if (request.method !== 'GET' && request.url.includes(row.id))
        expect(
          (await call(otherClusterAdmin, request.method, request.url, { of: otherCluster })).statusCode,
        ).toBe(404);
    }
    expect((await call(superAdmin, 'GET', '/api/admin/cluster/domains')).statusCode).toBe(200);
    expect((await call(superAdmin, 'DELETE', `/api/admin/cluster/domains/${row.id}`)).statusCode).toBe(204);
  });
});
