import type { THubAdmin, THubAdminsResponse, TMembersPage } from '@commons/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAccessRights,
  auditLog,
  directoryEntries,
  hubMemberships,
  hubs,
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

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeDb('admin people (issue #22 items 1 and 6)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let foreignHub: TTestHub;
  let lead: TTestUser;
  let helper: TTestUser;
  let noRights: TTestUser;
  let clusterAdmin: TTestUser;
  let foreignAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: TMethod,
    url: string,
    payload?: object,
    options: { hubIdentifier?: string; of?: TTestCluster } = {},
  ) => {
    const of = options.of ?? cluster;
    return t.app.inject({
      method,
      url,
      headers: {
        host: of.host,
        authorization: `Bearer ${await tokenOf(user, of)}`,
        'x-hub-id': options.hubIdentifier ?? hub.identifier,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  };
  const scope = () => ({ clusterId: cluster.clusterId, isClusterScope: true });
  const lastAudit = async (action: string) => {
    const [row] = await withTenant(t.database.db, scope(), (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clusterId, cluster.clusterId), eq(auditLog.action, action)))
        .orderBy(desc(auditLog.createdAt))
        .limit(1),
    );
    return row;
  };
  const admins = async (user: TTestUser = lead) => {
    const response = await call(user, 'GET', '/api/admin/admins');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<THubAdminsResponse>();
  };
  const members = async (query: string, user: TTestUser = lead) => {
    const response = await call(user, 'GET', `/api/admin/members${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TMembersPage>();
  };
  const setJoined = (user: TTestUser, at: string, of: TTestHub = hub) =>
    withTenant(t.database.db, scope(), (tx) =>
      tx
        .update(hubMemberships)
        .set({ createdAt: new Date(at) })
        .where(and(eq(hubMemberships.hubId, of.id), eq(hubMemberships.userId, user.id))),
    );

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    foreignHub = await createHub(t.database.db, otherCluster);
    lead = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Lena',
      lastName: 'Lead',
      rights: ['manage-admins', 'explore-users', 'switch-user-types', 'reports'],
    });
    helper = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Hal',
      lastName: 'Helper',
      rights: ['manage-admins', 'reports'],
    });
    noRights = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Nora',
      lastName: 'Norights',
      rights: ['analytics'],
    });
    clusterAdmin = await createUser(t.database.db, cluster, { hub: otherHub, isClusterAdmin: true });
    foreignAdmin = await createUser(t.database.db, otherCluster, {
      hub: foreignHub,
      isHubAdmin: true,
      rights: ['manage-admins', 'explore-users', 'switch-user-types'],
    });
  });
  afterAll(async () => t.close());

  describe('rights', () => {
    it('answers 403 to a hub admin lacking the right and 2xx to one holding it, for every endpoint', async () => {
      const member = await createUser(t.database.db, cluster, { hub, firstName: 'Rita' });
      const cases: Array<{ method: TMethod; url: string; payload?: object; right: string; ok: number }> = [
        { method: 'GET', url: '/api/admin/admins', right: 'manage-admins', ok: 200 },
        { method: 'GET', url: '/api/admin/admins/candidates?q=Rita', right: 'manage-admins', ok: 200 },
        {
          method: 'PUT',
          url: `/api/admin/admins/${helper.id}/rights`,
          payload: { right: 'reports', isGranted: true },
          right: 'manage-admins',
          ok: 200,
        },
        { method: 'GET', url: '/api/admin/members', right: 'explore-users', ok: 200 },
        {
          method: 'POST',
          url: '/api/admin/members/user-type',
          payload: { userIds: [member.id], userTypeId: hub.userTypeIds.student },
          right: 'switch-user-types',
          ok: 200,
        },
      ];
      for (const c of cases) {
        const refused = await call(noRights, c.method, c.url, c.payload);
        expect(refused.statusCode, `${c.method} ${c.url} without ${c.right}`).toBe(403);
        const allowed = await call(lead, c.method, c.url, c.payload);
        expect(allowed.statusCode, `${c.method} ${c.url}: ${allowed.body}`).toBe(c.ok);
      }
      // Make and remove an admin: refused without manage-admins, done with it.
      const make = { userId: member.id, rights: [] };
      expect((await call(noRights, 'POST', '/api/admin/admins', make)).statusCode).toBe(403);
      expect((await call(lead, 'POST', '/api/admin/admins', make)).statusCode).toBe(201);
      expect((await call(noRights, 'DELETE', `/api/admin/admins/${member.id}`)).statusCode).toBe(403);
      expect((await call(lead, 'DELETE', `/api/admin/admins/${member.id}`)).statusCode).toBe(204);
      // A member who is no admin at all, and a cluster admin (who passes every check).
      const plain = await createUser(t.database.db, cluster, { hub });
      expect((await call(plain, 'GET', '/api/admin/members')).statusCode).toBe(403);
      expect((await call(clusterAdmin, 'GET', '/api/admin/admins')).statusCode).toBe(200);
    });
  });

  describe('manage-admins', () => {
    it('lists the hub’s admins with their rights, emails only for viewers holding explore-users', async () => {
      const list = await admins();
      expect(list.items.map((a) => a.fullName)).toEqual(['Hal Helper', 'Lena Lead', 'Nora Norights']);
      const self = list.items.find((a) => a.userId === lead.id);
      expect(self).toMatchObject({
        isSelf: true,
        platformRole: null,
        email: lead.email,
        rights: ['explore-users', 'manage-admins', 'reports', 'switch-user-types'],
        userType: { title: 'Student' },
      });
      expect(list.grantableRights).toContain('manage-badges');
      expect(list.manageableRights.sort()).toEqual(
        ['explore-users', 'manage-admins', 'reports', 'switch-user-types'].sort(),
      );
      // Hal holds manage-admins but not explore-users: no emails.
      const asHelper = await admins(helper);
      expect(asHelper.items.every((a) => a.email === null)).toBe(true);
      expect(asHelper.items.find((a) => a.userId === lead.id)?.isSelf).toBe(false);
      // A cluster admin may grant every right the hub offers.
      const asCluster = await admins(clusterAdmin);
      expect(asCluster.manageableRights).toEqual(asCluster.grantableRights);
    });

    it('grants and revokes a right, audited with before and after, and a second grant changes nothing', async () => {
      const granted = await call(lead, 'PUT', `/api/admin/admins/${noRights.id}/rights`, {
        right: 'explore-users',
        isGranted: true,
      });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json<THubAdmin>().rights).toEqual(['analytics', 'explore-users']);
      const audit = await lastAudit('admin.right_granted');
      expect(audit).toMatchObject({
        actorUserId: lead.id,
        hubId: hub.id,
        targetType: 'user',
        targetId: noRights.id,
        data: {
          right: 'explore-users',
          before: { rights: ['analytics'] },
          after: { rights: ['analytics', 'explore-users'] },
        },
      });
      // The right works at once: Nora now lists the members.
      expect((await call(noRights, 'GET', '/api/admin/members')).statusCode).toBe(200);
      const again = await call(lead, 'PUT', `/api/admin/admins/${noRights.id}/rights`, {
        right: 'explore-users',
        isGranted: true,
      });
      expect(again.json<THubAdmin>().rights).toEqual(['analytics', 'explore-users']);
      const revoked = await call(lead, 'PUT', `/api/admin/admins/${noRights.id}/rights`, {
        right: 'explore-users',
        isGranted: false,
      });
      expect(revoked.json<THubAdmin>().rights).toEqual(['analytics']);
      expect((await lastAudit('admin.right_revoked'))?.data).toEqual({
        right: 'explore-users',
        before: { rights: ['analytics', 'explore-users'] },
        after: { rights: ['analytics'] },
      });
      expect((await call(noRights, 'GET', '/api/admin/members')).statusCode).toBe(403);
    });

    it('lets an admin grant or revoke only rights they hold, and only rights the hub offers', async () => {
      // Hal lacks explore-users: he may neither give it nor take it away.
      const give = await call(helper, 'PUT', `/api/admin/admins/${noRights.id}/rights`, {
        right: 'explore-users',
        isGranted: true,
      });
      expect(give.statusCode).toBe(403);
      expect(give.json()).toMatchObject({
        error: { user_message: expect.stringContaining('rights you hold') },
      });
      const take = await call(helper, 'PUT', `/api/admin/admins/${lead.id}/rights`, {
        right: 'explore-users',
        isGranted: false,
      });
      expect(take.statusCode).toBe(403);
      // Nor remove Lena, who holds rights he does not.
      expect((await call(helper, 'DELETE', `/api/admin/admins/${lead.id}`)).statusCode).toBe(403);
      // An experiential-learning-only hub offers a reduced list (spec 6): manage-badges is refused there.
      const elHub = await createHub(t.database.db, cluster);
      await withTenant(t.database.db, scope(), (tx) =>
        tx.update(hubs).set({ isElOnly: true }).where(eq(hubs.id, elHub.id)),
      );
      const elAdmin = await createUser(t.database.db, cluster, { hub: elHub, isHubAdmin: true });
      const offered = await call(clusterAdmin, 'GET', '/api/admin/admins', undefined, {
        hubIdentifier: elHub.identifier,
      });
      expect(offered.json<THubAdminsResponse>().grantableRights).not.toContain('manage-badges');
      expect(offered.json<THubAdminsResponse>().grantableRights).toContain('switch-user-types');
      const refused = await call(
        clusterAdmin,
        'PUT',
        `/api/admin/admins/${elAdmin.id}/rights`,
        { right: 'manage-badges', isGranted: true },
        { hubIdentifier: elHub.identifier },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { fields: { right: expect.stringContaining('manage-badges') } },
      });
      // A right that is no right at all is a 400 of the contract.
      const bogus = await call(lead, 'PUT', `/api/admin/admins/${noRights.id}/rights`, {
        right: 'everything',
        isGranted: true,
      });
      expect(bogus.statusCode).toBe(400);
    });

    it('keeps an admin from locking themself out and the hub from losing its last admin manager', async () => {
      const own = await call(lead, 'PUT', `/api/admin/admins/${lead.id}/rights`, {
        right: 'manage-admins',
        isGranted: false,
      });
      expect(own.statusCode).toBe(409);
      expect(own.json()).toMatchObject({
        error: { user_message: expect.stringContaining('lock yourself out') },
      });
      const removeSelf = await call(lead, 'DELETE', `/api/admin/admins/${lead.id}`);
      expect(removeSelf.statusCode).toBe(409);
      // Other rights of one's own are fine to drop.
      const ownReports = await call(lead, 'PUT', `/api/admin/admins/${lead.id}/rights`, {
        right: 'switch-user-types',
        isGranted: false,
      });
      expect(ownReports.statusCode).toBe(200);
      // A cluster admin takes manage-admins from Hal (Lena still holds it), then may not take Lena's.
      const fromHal = await call(clusterAdmin, 'PUT', `/api/admin/admins/${helper.id}/rights`, {
        right: 'manage-admins',
        isGranted: false,
      });
      expect(fromHal.statusCode, fromHal.body).toBe(200);
      const fromLena = await call(clusterAdmin, 'PUT', `/api/admin/admins/${lead.id}/rights`, {
        right: 'manage-admins',
        isGranted: false,
      });
      expect(fromLena.statusCode).toBe(409);
      expect(fromLena.json()).toMatchObject({
        error: { user_message: expect.stringContaining('last admin') },
      });
      expect((await call(clusterAdmin, 'DELETE', `/api/admin/admins/${lead.id}`)).statusCode).toBe(409);
      const rights = await withTenant(t.database.db, scope(), (tx) =>
        tx
          .select({ right: adminAccessRights.right })
          .from(adminAccessRights)
          .where(and(eq(adminAccessRights.hubId, hub.id), eq(adminAccessRights.userId, lead.id))),
      );
      expect(rights.map((r) => r.right)).toContain('manage-admins');
      // Restore Hal's right for the other cases.
      expect(
        (
          await call(clusterAdmin, 'PUT', `/api/admin/admins/${helper.id}/rights`, {
            right: 'manage-admins',
            isGranted: true,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('makes an approved member admin with rights and removes them again, both audited', async () => {
      const member = await createUser(t.database.db, cluster, { hub, firstName: 'Mira', lastName: 'Member' });
      const found = await call(lead, 'GET', '/api/admin/admins/candidates?q=mira');
      expect(found.json<{ items: Array<{ userId: string; email: string | null }> }>().items).toEqual([
        expect.objectContaining({ userId: member.id, email: member.email }),
      ]);
      // Hal (no explore-users) finds by name but not by email, and sees no email.
      const byEmail = await call(helper, 'GET', `/api/admin/admins/candidates?q=${member.email}`);
      expect(byEmail.json<{ items: unknown[] }>().items).toEqual([]);
      const byName = await call(helper, 'GET', '/api/admin/admins/candidates?q=Mira%20Mem');
      expect(byName.json<{ items: Array<{ email: string | null }> }>().items).toEqual([
        expect.objectContaining({ email: null }),
      ]);
      const made = await call(lead, 'POST', '/api/admin/admins', { userId: member.id, rights: ['reports'] });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json<THubAdmin>()).toMatchObject({
        userId: member.id,
        rights: ['reports'],
        fullName: 'Mira Member',
      });
      expect((await lastAudit('admin.admin_added'))?.data).toEqual({
        before: { isAdmin: false, rights: [] },
        after: { isAdmin: true, rights: ['reports'] },
      });
      expect((await call(lead, 'POST', '/api/admin/admins', { userId: member.id })).statusCode).toBe(409);
      expect((await call(member, 'GET', '/api/admin/admins')).statusCode).toBe(403);
      const removed = await call(lead, 'DELETE', `/api/admin/admins/${member.id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await lastAudit('admin.admin_removed'))?.data).toEqual({
        before: { isAdmin: true, rights: ['reports'] },
        after: { isAdmin: false, rights: [] },
      });
      expect((await admins()).items.map((a) => a.userId)).not.toContain(member.id);
      // Removed twice: no admin any more.
      expect((await call(lead, 'DELETE', `/api/admin/admins/${member.id}`)).statusCode).toBe(409);
    });

    it('refuses pending members, and answers 404 for users of another hub or cluster', async () => {
      const pending = await createUser(t.database.db, cluster, { hub, approved: null });
      const refused = await call(lead, 'POST', '/api/admin/admins', { userId: pending.id });
      expect(refused.statusCode).toBe(409);
      const elsewhere = await createUser(t.database.db, cluster, {
        hub: otherHub,
        isHubAdmin: true,
        rights: ['reports'],
      });
      expect((await call(lead, 'POST', '/api/admin/admins', { userId: elsewhere.id })).statusCode).toBe(404);
      expect(
        (
          await call(lead, 'PUT', `/api/admin/admins/${elsewhere.id}/rights`, {
            right: 'reports',
            isGranted: false,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(lead, 'DELETE', `/api/admin/admins/${elsewhere.id}`)).statusCode).toBe(404);
      expect((await call(lead, 'DELETE', `/api/admin/admins/${foreignAdmin.id}`)).statusCode).toBe(404);
      // The other hub's admin keeps the right.
      const kept = await withTenant(t.database.db, scope(), (tx) =>
        tx.select().from(adminAccessRights).where(eq(adminAccessRights.userId, elsewhere.id)),
      );
      expect(kept.map((r) => r.right)).toEqual(['reports']);
      // Lena's token on the other cluster's host is refused; the other cluster's hub is not found for her.
      const foreignHost = await t.app.inject({
        method: 'GET',
        url: '/api/admin/admins',
        headers: {
          host: otherCluster.host,
          authorization: `Bearer ${await tokenOf(lead, cluster)}`,
          'x-hub-id': foreignHub.identifier,
        },
      });
      expect(foreignHost.statusCode).toBe(401);
      expect(
        (await call(lead, 'GET', '/api/admin/admins', undefined, { hubIdentifier: foreignHub.identifier }))
          .statusCode,
      ).toBe(404);
      // Lena is no admin of the other hub of her own cluster.
      expect(
        (await call(lead, 'GET', '/api/admin/admins', undefined, { hubIdentifier: otherHub.identifier }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('explore-users', () => {
    let ada: TTestUser;
    let bo: TTestUser;
    let cy: TTestUser;
    let di: TTestUser;
    let explorer: TTestHub;

    beforeAll(async () => {
      explorer = await createHub(t.database.db, cluster);
      await createUser(t.database.db, cluster, {
        hub: explorer,
        isHubAdmin: true,
        rights: ['explore-users'],
        firstName: 'Zed',
        lastName: 'Explorer',
      }).then((u) => setJoined(u, '2025-12-01T00:00:00Z', explorer));
      ada = await createUser(t.database.db, cluster, { hub: explorer, firstName: 'Ada', lastName: 'Ames' });
      bo = await createUser(t.database.db, cluster, {
        hub: explorer,
        firstName: 'Bo',
        lastName: 'Brook',
        userType: 'alumni',
      });
      cy = await createUser(t.database.db, cluster, {
        hub: explorer,
        firstName: 'Cy',
        lastName: 'Cole',
        approved: null,
      });
      di = await createUser(t.database.db, cluster, {
        hub: explorer,
        firstName: 'Di',
        lastName: 'Dunn',
        approved: false,
      });
      await setJoined(ada, '2026-01-05T10:00:00Z', explorer);
      await setJoined(bo, '2026-02-10T10:00:00Z', explorer);
      await setJoined(cy, '2026-03-15T23:30:00Z', explorer);
      await setJoined(di, '2026-04-20T10:00:00Z', explorer);
    });

    const explore = async (query: string, user: TTestUser = clusterAdmin) => {
      const response = await call(user, 'GET', `/api/admin/members${query}`, undefined, {
        hubIdentifier: explorer.identifier,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TMembersPage>();
    };
    const names = (page: TMembersPage) => page.items.map((m) => m.fullName);

    it('lists members newest first a page at a time, with status, type and email', async () => {
      const first = await explore('?limit=2');
      expect(names(first)).toEqual(['Di Dunn', 'Cy Cole']);
      expect(first.items[0]).toMatchObject({ status: 'rejected', email: di.email, isAdmin: false });
      expect(first.items[1]).toMatchObject({ status: 'pending', joinedAt: '2026-03-15T23:30:00.000Z' });
      expect(first.userTypes.map((u) => u.title)).toEqual(['Student', 'Alumni']);
      expect(first.can.switchUserType).toBe(true);
      const second = await explore(`?limit=2&cursor=${first.nextCursor}`);
      expect(names(second)).toEqual(['Bo Brook', 'Ada Ames']);
      const third = await explore(`?limit=2&cursor=${second.nextCursor}`);
      expect(names(third)).toEqual(['Zed Explorer']);
      expect(third.nextCursor).toBeNull();
      expect(names(await explore('?sort=joined-asc&limit=2'))).toEqual(['Zed Explorer', 'Ada Ames']);
      const byName = await explore('?sort=name-asc&limit=3');
      expect(names(byName)).toEqual(['Ada Ames', 'Bo Brook', 'Cy Cole']);
      expect(names(await explore(`?sort=name-asc&limit=3&cursor=${byName.nextCursor}`))).toEqual([
        'Di Dunn',
        'Zed Explorer',
      ]);
      // Lena is no explorer of this hub; an explore-users admin without switch-user-types cannot switch.
      expect(
        (await call(lead, 'GET', '/api/admin/members', undefined, { hubIdentifier: explorer.identifier }))
          .statusCode,
      ).toBe(403);
    });

    it('filters by name or email, user type, status and whole joined days', async () => {
      expect(names(await explore('?q=brOOk'))).toEqual(['Bo Brook']);
      expect(names(await explore(`?q=${encodeURIComponent(ada.email.slice(0, 12))}`))).toEqual(['Ada Ames']);
      expect(names(await explore('?q=%25'))).toEqual([]);
      expect(names(await explore(`?userTypeId=${explorer.userTypeIds.alumni}`))).toEqual(['Bo Brook']);
      expect(names(await explore('?status=pending'))).toEqual(['Cy Cole']);
      expect(names(await explore('?status=rejected'))).toEqual(['Di Dunn']);
      expect(names(await explore('?status=approved&sort=name-asc'))).toEqual([
        'Ada Ames',
        'Bo Brook',
        'Zed Explorer',
      ]);
      expect(names(await explore('?joinedFrom=2026-02-10&joinedTo=2026-03-15'))).toEqual([
        'Cy Cole',
        'Bo Brook',
      ]);
      const backwards = await call(
        clusterAdmin,
        'GET',
        '/api/admin/members?joinedFrom=2026-03-01&joinedTo=2026-01-01',
        undefined,
        {
          hubIdentifier: explorer.identifier,
        },
      );
      expect(backwards.statusCode).toBe(400);
      const badCursor = await call(
        clusterAdmin,
        'GET',
        '/api/admin/members?sort=name-asc&cursor=abc',
        undefined,
        {
          hubIdentifier: explorer.identifier,
        },
      );
      expect(badCursor.statusCode).toBe(400);
    });

    it('switches one or several members’ user type, audited, and refuses another hub’s user with 404', async () => {
      const single = await call(
        clusterAdmin,
        'POST',
        '/api/admin/members/user-type',
        { userIds: [ada.id], userTypeId: explorer.userTypeIds.alumni },
        { hubIdentifier: explorer.identifier },
      );
      expect(single.statusCode, single.body).toBe(200);
      expect(single.json()).toEqual({
        changed: 1,
        userType: { id: explorer.userTypeIds.alumni, title: 'Alumni' },
      });
      const audit = await lastAudit('admin.user_type_switched');
      expect(audit).toMatchObject({ targetType: 'user', targetId: ada.id, actorUserId: clusterAdmin.id });
      expect(audit?.data).toEqual({
        userType: { id: explorer.userTypeIds.alumni, title: 'Alumni' },
        changes: [
          {
            userId: ada.id,
            before: { id: explorer.userTypeIds.student, title: 'Student' },
            after: { id: explorer.userTypeIds.alumni, title: 'Alumni' },
          },
        ],
      });
      // The directory shows the new type at once.
      const [entry] = await withTenant(t.database.db, scope(), (tx) =>
        tx
          .select({ userTypeId: directoryEntries.userTypeId })
          .from(directoryEntries)
          .where(and(eq(directoryEntries.hubId, explorer.id), eq(directoryEntries.userId, ada.id))),
      );
      expect(entry?.userTypeId).toBe(explorer.userTypeIds.alumni);
      // Bulk: Ada and Bo are Alumni already, Cy changes; back to Student for all three.
      const bulk = await call(
        clusterAdmin,
        'POST',
        '/api/admin/members/user-type',
        { userIds: [ada.id, bo.id, cy.id], userTypeId: explorer.userTypeIds.student },
        { hubIdentifier: explorer.identifier },
      );
      expect(bulk.json()).toMatchObject({ changed: 2 });
      const bulkAudit = await lastAudit('admin.user_type_switched');
      expect(bulkAudit?.targetId).toBeNull();
      expect(
        (bulkAudit?.data as { changes: Array<{ userId: string }> }).changes.map((c) => c.userId).sort(),
      ).toEqual([ada.id, bo.id].sort());
      expect(names(await explore(`?userTypeId=${explorer.userTypeIds.student}&sort=name-asc`))).toEqual([
        'Ada Ames',
        'Bo Brook',
        'Cy Cole',
        'Di Dunn',
        'Zed Explorer',
      ]);
      // A user of another hub (or cluster) in the list: 404, nobody changed.
      for (const stranger of [lead, foreignAdmin]) {
        const refused = await call(
          clusterAdmin,
          'POST',
          '/api/admin/members/user-type',
          { userIds: [bo.id, stranger.id], userTypeId: explorer.userTypeIds.alumni },
          { hubIdentifier: explorer.identifier },
        );
        expect(refused.statusCode).toBe(404);
      }
      expect(names(await explore(`?userTypeId=${explorer.userTypeIds.alumni}`))).toEqual([]);
      // A user type of another hub is refused.
      const foreignType = await call(
        clusterAdmin,
        'POST',
        '/api/admin/members/user-type',
        { userIds: [bo.id], userTypeId: hub.userTypeIds.alumni },
        { hubIdentifier: explorer.identifier },
      );
      expect(foreignType.statusCode).toBe(400);
    });

    it('keeps the members list of one hub to itself', async () => {
      const own = await members('?limit=100');
      expect(own.items.map((m) => m.userId)).not.toContain(ada.id);
      expect(own.items.map((m) => m.userId)).toContain(helper.id);
    });
  });
});
