import type { TAuditLogPage } from '@commons/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
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

describeDb('audit log (issue #22 item 7)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let secondHub: TTestHub;
  let clusterAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let member: TTestUser;
  let otherClusterAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, url: string, of: TTestCluster = cluster) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: of.host, authorization: `Bearer ${await tokenOf(user, of)}` },
    });
  const list = async (query = '') => {
    const response = await call(clusterAdmin, `/api/admin/audit-log${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TAuditLogPage>();
  };
  const entry = (of: TTestCluster, values: Partial<typeof auditLog.$inferInsert> & { action: string }) =>
    withTenant(t.database.db, { clusterId: of.clusterId, isClusterScope: true }, (tx) =>
      tx.insert(auditLog).values({ clusterId: of.clusterId, ...values }),
    );

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    secondHub = await createHub(t.database.db, cluster);
    const otherHub = await createHub(t.database.db, otherCluster);
    clusterAdmin = await createUser(t.database.db, cluster, { hub, isClusterAdmin: true, firstName: 'Cleo' });
    hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-admins', 'reports', 'export-data'],
    });
    member = await createUser(t.database.db, cluster, { hub });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, {
      hub: otherHub,
      isClusterAdmin: true,
    });
    await entry(cluster, {
      hubId: hub.id,
      actorUserId: hubAdmin.id,
      action: 'hub.feature_flags_updated',
      targetType: 'hub',
      targetId: String(hub.id),
      data: { careerPaths: { before: false, after: true } },
      ip: '203.0.113.7',
      createdAt: new Date('2026-03-02T10:00:00Z'),
    });
    await entry(cluster, {
      hubId: secondHub.id,
      actorUserId: clusterAdmin.id,
      action: 'advising.status',
      targetType: 'advising_appointment',
      targetId: 'a1',
      data: { status: 'completed' },
      createdAt: new Date('2026-03-03T10:00:00Z'),
    });
    await entry(cluster, {
      actorUserId: member.id,
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: member.id,
      createdAt: new Date('2026-03-04T23:59:00Z'),
    });
    await entry(otherCluster, {
      action: 'hub.feature_flags_updated',
      createdAt: new Date('2026-03-03T12:00:00Z'),
    });
  });
  afterAll(async () => t.close());

  it('lists the cluster’s entries newest first with hub and actor, a page at a time, for cluster admins only', async () => {
    const page = await list('?limit=2&from=2026-03-01&to=2026-03-31');
    expect(page.items.map((e) => e.action)).toEqual(['auth.password_reset', 'advising.status']);
    expect(page.items[1]).toMatchObject({
      hub: { identifier: secondHub.identifier },
      actor: { id: clusterAdmin.id, email: clusterAdmin.email },
      targetType: 'advising_appointment',
      data: { status: 'completed' },
    });
    expect(page.hubs.map((h) => h.identifier).sort()).toEqual([hub.identifier, secondHub.identifier].sort());
    expect(page.nextCursor).not.toBeNull();
    const next = await list(`?limit=2&from=2026-03-01&to=2026-03-31&cursor=${page.nextCursor}`);
    expect(next.items.map((e) => e.action)).toEqual(['hub.feature_flags_updated']);
    expect(next.items[0]).toMatchObject({
      ip: '203.0.113.7',
      data: { careerPaths: { before: false, after: true } },
    });
    expect(next.nextCursor).toBeNull();

    for (const user of [hubAdmin, member]) {
      const refused = await call(user, '/api/admin/audit-log');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { user_message: 'Only cluster admins can read the audit log.' },
      });
    }
    // Another cluster's admin sees only their own cluster's entry.
    const other = await call(
      otherClusterAdmin,
      '/api/admin/audit-log?from=2026-03-01&to=2026-03-31',
      otherCluster,
    );
    expect(other.json<TAuditLogPage>().items.map((e) => e.action)).toEqual(['hub.feature_flags_updated']);
    expect(other.json<TAuditLogPage>().hubs.map((h) => h.identifier)).not.toContain(hub.identifier);
  });

  it('filters by hub, action prefix, actor and whole days', async () => {
    const byHub = await list(`?hub=${hub.identifier}&to=2026-03-31`);
    expect(byHub.items.map((e) => e.action)).toEqual(['hub.feature_flags_updated']);
    const byAction = await list('?action=advising.&to=2026-03-31');
    expect(byAction.items.map((e) => e.action)).toEqual(['advising.status']);
    // A prefix's own wildcard characters are literal.
    expect((await list('?action=%25&to=2026-03-31')).items).toEqual([]);
    const byActor = await list(`?actorId=${member.id}`);
    expect(byActor.items.map((e) => e.action)).toEqual(['auth.password_reset']);
    // The last day counts whole (23:59 on the 4th is in), the first day from its start.
    expect((await list('?from=2026-03-04&to=2026-03-04')).items.map((e) => e.action)).toEqual([
      'auth.password_reset',
    ]);
    expect((await list('?from=2026-03-03&to=2026-03-03')).items.map((e) => e.action)).toEqual([
      'advising.status',
    ]);
    const unknownHub = await call(clusterAdmin, '/api/admin/audit-log?hub=nowhere');
    expect(unknownHub.statusCode).toBe(400);
    const backwards = await call(clusterAdmin, '/api/admin/audit-log?from=2026-03-05&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
  });

  it('exports the filtered entries as CSV and audits the export', async () => {
    const response = await call(clusterAdmin, '/api/admin/audit-log.csv?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Hub,Actor,Actor email,Acting as,Acting as email,Action,Target type,Target,Details,IP',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(`${hub.identifier},`);
    expect(lines[3]).toContain('"{""careerPaths"":{""after"":true,""before"":false}}",203.0.113.7');
    expect((await call(member, '/api/admin/audit-log.csv')).statusCode).toBe(403);
    const audited = await list('?action=audit_log.export');
    expect(audited.items[0]).toMatchObject({ actor: { id: clusterAdmin.id }, data: { rows: 3 } });
  });

  it('is append-only for the app role and shows members only their own entries', async () => {
    const scope = { clusterId: cluster.clusterId, isClusterScope: true };
    for (const statement of [
      sql`UPDATE audit_log SET action = 'forged' WHERE cluster_id = ${cluster.clusterId}`,
      sql`DELETE FROM audit_log WHERE cluster_id = ${cluster.clusterId}`,
      sql`TRUNCATE audit_log`,
    ]) {
      const failure = await withTenant(t.database.db, scope, (tx) => tx.execute(statement)).then(
        () => null,
        (error: unknown) => error as Error & { cause?: Error },
      );
      expect(String(failure?.cause?.message ?? failure?.message)).toMatch(/permission denied/);
    }
    const rows = await withTenant(t.database.db, scope, (tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.clusterId, cluster.clusterId)),
    );
    expect(rows.map((r) => r.action)).not.toContain('forged');
    // A member's transaction (not cluster-wide) reads what they did or what was done to them, nothing else.
    const own = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, userId: member.id, hubId: hub.id, memberHubIds: [hub.id] },
      (tx) =>
        tx
          .select({ action: auditLog.action, actor: auditLog.actorUserId, target: auditLog.targetId })
          .from(auditLog),
    );
    expect(own.map((r) => r.action)).toContain('auth.password_reset');
    expect(own.map((r) => r.action)).not.toContain('hub.feature_flags_updated');
    expect(own.every((r) => r.actor === member.id || r.target === member.id)).toBe(true);
  });
});
