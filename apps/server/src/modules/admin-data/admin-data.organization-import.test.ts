import { type TImport, type TImportDryRunResponse } from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  TEST_HUB_MODULES,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
  createOrganization as createTestOrganization,
  signedInCaller,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { auditLog, groupMemberships, hubMemberships, mailOutbox, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { runQueuedImports } from './admin-data.import.js';

/** createOrganization's arguments after the database (test/factories.ts). */
type TOrganizationArgs = Parameters<typeof createTestOrganization> extends [unknown, ...infer R] ? R : never;

describeDb(
  'organisation admins’ users import (spec 6 Organisation admins: import-data; issue #22 items 1 and 5)',
  () => {
    let t: TTestApp;
    let cluster: TTestCluster;
    let otherCluster: TTestCluster;
    let hub: TTestHub;
    let otherHub: TTestHub;
    let hubOff: TTestHub;
    let foreignHub: TTestHub;
    /** Acting admin of Acme. */
    let orgAdmin: TTestUser;
    let viewOnlyAdmin: TTestUser;
    /** An approved member of Acme. */
    let member: TTestUser;
    /** An approved member of the hub, not of Acme. */
    let hubMember: TTestUser;
    /** Asked to join Acme, not approved yet. */
    let requested: TTestUser;
    /** A member of the hub whose membership waits for approval. */
    let pendingHubMember: TTestUser;
    /** An account of the cluster in another hub only. */
    let elsewhere: TTestUser;
    let globexAdmin: TTestUser;
    let offAdmin: TTestUser;
    let foreignAdmin: TTestUser;
    let hubImporter: TTestUser;
    const organization = { acme: '', globex: '', off: '', foreign: '' };
    const organizationId = { acme: '' };

    const call = signedInCaller(() => ({ app: t.app, cluster, hub }));
    const scoped = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
      withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

    const createOrganization = (...args: TOrganizationArgs) => createTestOrganization(t.database.db, ...args);

    beforeAll(async () => {
      t = await getTestApp();
      cluster = await createCluster(t.database.db);
      otherCluster = await createCluster(t.database.db);
      const withOrganizations = { enabledModules: [...TEST_HUB_MODULES, 'organizations'] };
      hub = await createHub(t.database.db, cluster, withOrganizations);
      otherHub = await createHub(t.database.db, cluster, withOrganizations);
      hubOff = await createHub(t.database.db, cluster);
      foreignHub = await createHub(t.database.db, otherCluster, withOrganizations);
      const person = (firstName: string, options: { of?: TTestHub; approved?: null } = {}) =>
        createUser(t.database.db, cluster, {
          hub: options.of ?? hub,
          firstName,
          lastName: 'Tester',
          ...(options.approved === null ? { approved: null } : {}),
        });
      orgAdmin = await person('Olga');
      viewOnlyAdmin = await person('Vera');
      member = await person('Mara');
      hubMember = await person('Hugo');
      requested = await person('Rita');
      pendingHubMember = await person('Pat', { approved: null });
      elsewhere = await person('Elio', { of: otherHub });
      globexAdmin = await person('Gus');
      offAdmin = await person('Fay', { of: hubOff });
      foreignAdmin = await createUser(t.database.db, otherCluster, { hub: foreignHub, firstName: 'Fred' });
      hubImporter = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['import-data'],
        firstName: 'Ines',
      });
      const acme = await createOrganization(cluster, hub, 'Acme', {
        admins: [orgAdmin],
        viewOnly: [viewOnlyAdmin],
        members: [member],
        pending: [requested],
      });
      organizationId.acme = acme.id;
      organization.acme = acme.identifier;
      organization.globex = (
        await createOrganization(cluster, hub, 'Globex', { admins: [globexAdmin] })
      ).identifier;
      organization.off = (
        await createOrganization(cluster, hubOff, 'Offline', { admins: [offAdmin] })
      ).identifier;
      organization.foreign = (
        await createOrganization(otherCluster, foreignHub, 'Foreign', { admins: [foreignAdmin] })
      ).identifier;
    });
    afterAll(async () => t.close());

    const importsPath = (identifier: string) => `/api/admin/organizations/${identifier}/imports`;
    const newEmail = (name: string) => `${name}-${hub.id}@org-import.test`;
    const header = 'email,first name,last name,user type';
    /** Runs the queued imports, then reads the import as the organisation's admin until it is done. */
    const waitFor = async (id: string, as: TTestUser = orgAdmin): Promise<TImport> => {
      await runQueuedImports({
        db: t.database.db,
        clock: () => new Date(),
        publicUrl: 'http://commons.test',
      });
      for (let i = 0; i < 100; i++) {
        const response = await call(as, 'GET', `${importsPath(organization.acme)}/${id}`);
        expect(response.statusCode, response.body).toBe(200);
        const job = response.json<TImport>();
        if (job.status === 'completed' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('import did not finish');
    };
    const acmeMembership = async (email: string) => {
      const [row] = await scoped((tx) =>
        tx
          .select({ approved: groupMemberships.approved })
          .from(groupMemberships)
          .innerJoin(users, eq(users.id, groupMemberships.userId))
          .where(and(eq(groupMemberships.groupId, organizationId.acme), eq(users.email, email))),
      );
      return row ?? null;
    };
    const mailsTo = async (email: string) =>
      scoped((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)));

    it('a dry run tells what each row would do, with each row’s errors, and writes nothing', async () => {
      const csv = [
        header,
        `${newEmail('nia')},Nia,New,Student`,
        `${elsewhere.email},Elio,Tester,Alumni`,
        `${hubMember.email},Hugo,Tester,Alumni`,
        `${member.email},Mara,Tester,Student`,
        `${pendingHubMember.email},Pat,Tester,Student`,
        'not-an-email,Bad,Row,Student',
        `${newEmail('zed')},Zed,Type,Professor`,
      ].join('\n');
      const response = await call(orgAdmin, 'POST', `${importsPath(organization.acme)}/dry-run`, {
        payload: { csv },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TImportDryRunResponse>();
      expect(body).toMatchObject({
        totalRows: 7,
        validCount: 5,
        errorCount: 2,
        createCount: 1,
        updateCount: 2,
        unchangedCount: 1,
        notApprovedCount: 1,
      });
      expect(body.rows.map((r) => [r.row, r.outcome])).toEqual([
        [2, 'create'],
        [3, 'add'],
        [4, 'join'],
        [5, 'unchanged'],
        [6, 'notApproved'],
        [7, 'error'],
        [8, 'error'],
      ]);
      expect(body.rows[5]).toMatchObject({
        email: 'not-an-email',
        name: 'Bad Row',
        message: '“not-an-email” is not a valid email address.',
      });
      expect(body.rows[6]?.message).toBe(
        '“Professor” is not a user type of this hub (one of: Student, Alumni).',
      );
      const [created] = await scoped((tx) =>
        tx
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.email, newEmail('nia'))),
      );
      expect(created?.count).toBe(0);
      expect(await acmeMembership(hubMember.email)).toBeNull();
    });

    it('creates the missing accounts in the hub, adds everyone to the organisation as approved members, and a second run changes nothing', async () => {
      const csv = [
        header,
        `${newEmail('ana')},Ana,Arden,Student`,
        `${elsewhere.email},Elio,Tester,Alumni`,
        `${hubMember.email},Hugo,Tester,Alumni`,
        `${member.email},Mara,Tester,Student`,
        `${requested.email},Rita,Tester,Student`,
        `${pendingHubMember.email},Pat,Tester,Student`,
        'bad-row,Gil,Ra,Student',
      ].join('\n');
      const started = await call(orgAdmin, 'POST', importsPath(organization.acme), { payload: { csv } });
      expect(started.statusCode, started.body).toBe(202);
      const queued = started.json<TImport>();
      expect(queued).toMatchObject({ status: 'queued', totalRows: 6, errorCount: 1 });
      const done = await waitFor(queued.id);
      expect(done).toMatchObject({
        status: 'completed',
        processedRows: 6,
        createdCount: 1,
        updatedCount: 3,
        unchangedCount: 1,
        errorCount: 2,
      });
      expect(done.errors.map((e) => [e.row, e.field])).toEqual([
        [8, 'email'],
        [7, 'row'],
      ]);

      // The new account: in the hub as the hub's import makes it, invited by mail naming the organisation.
      const [ana] = await scoped((tx) =>
        tx
          .select()
          .from(users)
          .where(eq(users.email, newEmail('ana'))),
      );
      const [anaHub] = await scoped((tx) =>
        tx
          .select()
          .from(hubMemberships)
          .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, ana?.id ?? ''))),
      );
      expect(anaHub).toMatchObject({
        importStatus: 'imported',
        approved: true,
        userTypeId: hub.userTypeIds.student,
      });
      const invitation = await mailsTo(newEmail('ana'));
      expect(invitation).toHaveLength(1);
      expect(invitation[0]?.textBody).toContain('Acme in');
      expect(invitation[0]?.textBody).toContain(`/hub/${hub.identifier}/`);
      // The account of another hub joins this hub (invited) and the organisation.
      expect(await mailsTo(elsewhere.email)).toHaveLength(1);
      for (const email of [newEmail('ana'), elsewhere.email, hubMember.email, member.email, requested.email])
        expect(await acmeMembership(email), email).toEqual({ approved: true });
      // A hub member keeps their user type; the one not approved in the hub is left as is.
      const [hugo] = await scoped((tx) =>
        tx
          .select({ userTypeId: hubMemberships.userTypeId })
          .from(hubMemberships)
          .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, hubMember.id))),
      );
      expect(hugo?.userTypeId).toBe(hub.userTypeIds.student);
      expect(await acmeMembership(pendingHubMember.email)).toBeNull();
      const [pat] = await scoped((tx) =>
        tx
          .select({ approved: hubMemberships.approved })
          .from(hubMemberships)
          .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, pendingHubMember.id))),
      );
      expect(pat?.approved).toBeNull();
      // Members list of the console shows them.
      const members = await call(orgAdmin, 'GET', `/api/admin/organizations/${organization.acme}/members`);
      expect(members.statusCode).toBe(200);
      expect(members.json<{ items: Array<{ email: string }> }>().items.map((i) => i.email)).toEqual(
        expect.arrayContaining([newEmail('ana'), elsewhere.email, hubMember.email, requested.email]),
      );
      // Audited as the hub's import is, with the organisation.
      const audits = await scoped((tx) =>
        tx
          .select({ action: auditLog.action, data: auditLog.data, actor: auditLog.actorUserId })
          .from(auditLog)
          .where(and(eq(auditLog.targetType, 'admin_import'), eq(auditLog.targetId, queued.id))),
      );
      expect(audits.map((a) => a.action).sort()).toEqual([
        'admin_data.import_completed',
        'admin_data.import_started',
      ]);
      for (const audit of audits) {
        expect(audit.actor).toBe(orgAdmin.id);
        expect(audit.data).toMatchObject({ organizationId: organizationId.acme });
      }

      // The same file again: idempotent by email.
      const again = await call(orgAdmin, 'POST', importsPath(organization.acme), { payload: { csv } });
      const second = await waitFor(again.json<TImport>().id);
      expect(second).toMatchObject({ createdCount: 0, updatedCount: 0, unchangedCount: 5, errorCount: 2 });
      expect(await mailsTo(newEmail('ana'))).toHaveLength(1);
      const [count] = await scoped((tx) =>
        tx
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.email, newEmail('ana'))),
      );
      expect(count?.count).toBe(1);

      // The organisation's list holds its imports; the hub's import-data admins see them too.
      const list = await call(orgAdmin, 'GET', importsPath(organization.acme));
      expect(list.json<{ items: TImport[] }>().items.map((i) => i.id)).toEqual(
        expect.arrayContaining([queued.id]),
      );
      const hubList = await call(hubImporter, 'GET', '/api/admin/data/imports');
      // …named by the organisation they went into, as every answer about the import is.
      expect(hubList.json<{ items: TImport[] }>().items.find((i) => i.id === queued.id)).toMatchObject({
        organizationName: 'Acme',
      });
      expect(queued.organizationName).toBe('Acme');
      expect(done.organizationName).toBe('Acme');
      // Another organisation's admin reads none of them.
      const globexList = await call(globexAdmin, 'GET', importsPath(organization.globex));
      expect(globexList.statusCode).toBe(200);
      expect(globexList.json<{ items: TImport[] }>().items).toEqual([]);
      const globexGet = await call(globexAdmin, 'GET', `${importsPath(organization.globex)}/${queued.id}`);
      expect(globexGet.statusCode).toBe(404);
    });

    it('is open to a hub admin holding import-data in any organisation of the hub', async () => {
      const response = await call(hubImporter, 'POST', `${importsPath(organization.acme)}/dry-run`, {
        payload: { csv: `${header}\n${member.email},Mara,Tester,Student` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TImportDryRunResponse>().unchangedCount).toBe(1);
    });

    it('refuses members and view-only admins (403), another organisation (403), the module off (403), and other hubs and clusters (404), writing nothing', async () => {
      const payload = { csv: `${header}\n${newEmail('xavi')},Xavi,No,Student` };
      for (const [user, identifier] of [
        [member, organization.acme],
        [viewOnlyAdmin, organization.acme],
        [globexAdmin, organization.acme],
        [orgAdmin, organization.globex],
      ] as const) {
        for (const path of [`${importsPath(identifier)}/dry-run`, importsPath(identifier)]) {
          const response = await call(user, 'POST', path, { payload });
          expect(response.statusCode, `${user.email} ${path}`).toBe(403);
        }
        expect((await call(user, 'GET', importsPath(identifier))).statusCode).toBe(403);
      }
      const off = await call(offAdmin, 'POST', importsPath(organization.off), { hub: hubOff, payload });
      expect(off.statusCode).toBe(403);
      const otherHubs = await call(orgAdmin, 'POST', importsPath(organization.off), { payload });
      expect(otherHubs.statusCode).toBe(404);
      const otherCluster = await call(orgAdmin, 'POST', importsPath(organization.foreign), { payload });
      expect(otherCluster.statusCode).toBe(404);
      const [created] = await scoped((tx) =>
        tx
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.email, newEmail('xavi'))),
      );
      expect(created?.count).toBe(0);
    });

    it('refuses a file without the named columns (400) and an import of another organisation by id (404)', async () => {
      const start = await call(orgAdmin, 'POST', importsPath(organization.acme), {
        payload: { csv: 'name,mail\nA,a@b.test' },
      });
      expect(start.statusCode).toBe(400);
      const missing = await call(orgAdmin, 'GET', `${importsPath(organization.acme)}/${crypto.randomUUID()}`);
      expect(missing.statusCode).toBe(404);
    });
  },
);
