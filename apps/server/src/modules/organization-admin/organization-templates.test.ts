import {
  type TComposeResponse,
  type TOrganizationOutreachTemplatesResponse,
  type TOutreachTemplatesResponse,
} from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { auditLog, outreachTemplates } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

/** createOrganization's arguments after the database (test/factories.ts). */
type TOrganizationArgs = Parameters<typeof createTestOrganization> extends [unknown, ...infer R] ? R : never;

describeDb('organisation outreach templates (spec 6 Organisation admins: templates; issue #22)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let hubOff: TTestHub;
  let foreignHub: TTestHub;
  /** Acting admin of acme (an alumnus). */
  let orgAdmin: TTestUser;
  /** Approved members of acme: an alumnus and a student. */
  let alumnus: TTestUser;
  let student: TTestUser;
  /** A student of the hub outside acme. */
  let outsider: TTestUser;
  /** Asked to join acme, not approved. */
  let pendingStudent: TTestUser;
  let viewOnlyAdmin: TTestUser;
  let otherOrgAdmin: TTestUser;
  let offOrgAdmin: TTestUser;
  let hubTemplatesAdmin: TTestUser;
  let hubAdminWithoutTemplates: TTestUser;
  const organization = { acme: '', globex: '', off: '', foreign: '' };
  let acmeId = '';

  const call = signedInCaller(() => ({ app: t.app, cluster, hub }));

  const createOrganization = (...args: TOrganizationArgs) => createTestOrganization(t.database.db, ...args);

  const templatesUrl = (identifier: string) => `/api/admin/organizations/${identifier}/outreach-templates`;
  const alumniToStudent = () => ({
    senderUserTypeId: hub.userTypeIds.alumni,
    recipientUserTypeId: hub.userTypeIds.student,
  });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { enabledModules: [...TEST_HUB_MODULES, 'organizations'] });
    hubOff = await createHub(t.database.db, cluster);
    foreignHub = await createHub(t.database.db, otherCluster, {
      enabledModules: [...TEST_HUB_MODULES, 'organizations'],
    });
    const person = (firstName: string, userType: 'student' | 'alumni', of: TTestHub = hub) =>
      createUser(t.database.db, cluster, { hub: of, firstName, lastName: 'Tester', userType });
    orgAdmin = await person('Olga', 'alumni');
    alumnus = await person('Arlo', 'alumni');
    student = await person('Sami', 'student');
    outsider = await person('Oscar', 'student');
    pendingStudent = await person('Penny', 'student');
    viewOnlyAdmin = await person('Vera', 'alumni');
    otherOrgAdmin = await person('Gus', 'alumni');
    offOrgAdmin = await person('Fay', 'alumni', hubOff);
    hubTemplatesAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Tess',
      rights: ['templates'],
    });
    hubAdminWithoutTemplates = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Hank',
      rights: ['groups'],
    });
    const foreignAdmin = await createUser(t.database.db, otherCluster, {
      hub: foreignHub,
      firstName: 'Fred',
    });
    const acme = await createOrganization(cluster, hub, 'Acme', {
      admins: [orgAdmin],
      members: [alumnus, student],
      pending: [pendingStudent],
      viewOnly: [viewOnlyAdmin],
    });
    const globex = await createOrganization(cluster, hub, 'Globex', {
      admins: [otherOrgAdmin],
      members: [outsider],
    });
    const off = await createOrganization(cluster, hubOff, 'Offline', { admins: [offOrgAdmin] });
    const foreign = await createOrganization(otherCluster, foreignHub, 'Foreign', { admins: [foreignAdmin] });
    organization.acme = acme.identifier;
    organization.globex = globex.identifier;
    organization.off = off.identifier;
    organization.foreign = foreign.identifier;
    acmeId = acme.id;
  });
  afterAll(async () => t.close());

  const composeTemplates = async (from: TTestUser, to: TTestUser) => {
    const response = await call(from, 'GET', `/api/inbox/compose?recipientId=${to.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TComposeResponse>().templates;
  };

  describe('the organisation admin’s templates', () => {
    it('an acting admin saves a pair’s templates: listed for the organisation, audited, and absent from the hub’s list', async () => {
      const empty = await call(orgAdmin, 'GET', templatesUrl(organization.acme));
      expect(empty.statusCode, empty.body).toBe(200);
      const before = empty.json<TOrganizationOutreachTemplatesResponse>();
      expect(before.items).toEqual([]);
      expect(before.organization).toEqual({ id: acmeId, identifier: organization.acme, name: 'Acme' });
      expect(before.userTypes.map((type) => type.title)).toEqual(['Student', 'Alumni']);
      expect(before.defaults.student.length).toBeGreaterThan(0);

      const saved = await call(orgAdmin, 'PUT', templatesUrl(organization.acme), {
        payload: {
          ...alumniToStudent(),
          templates: [
            { title: 'Acme welcome', body: 'Hi [add name], welcome to Acme!' },
            { title: 'Acme coffee', body: 'Coffee next week?' },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<{ items: TOutreachTemplatesResponse['items'] }>().items).toEqual([
        expect.objectContaining({
          ...alumniToStudent(),
          templates: [
            expect.objectContaining({ title: 'Acme welcome', isCustom: true }),
            expect.objectContaining({ title: 'Acme coffee', isCustom: true }),
          ],
        }),
      ]);
      const listed = (
        await call(orgAdmin, 'GET', templatesUrl(organization.acme))
      ).json<TOutreachTemplatesResponse>();
      expect(listed.items[0]?.templates.map((tpl) => tpl.title)).toEqual(['Acme welcome', 'Acme coffee']);

      // The hub's own list and editor ignore the organisation's rows.
      const hubList = await call(hubTemplatesAdmin, 'GET', '/api/hub/outreach-templates');
      expect(hubList.statusCode, hubList.body).toBe(200);
      expect(hubList.json<TOutreachTemplatesResponse>().items).toEqual([]);

      const audited = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select()
            .from(auditLog)
            .where(
              and(eq(auditLog.action, 'inbox.outreach_templates'), eq(auditLog.actorUserId, orgAdmin.id)),
            ),
      );
      expect(audited).toHaveLength(1);
      expect(audited[0]?.data).toEqual({ count: 2, organizationId: acmeId });
    });

    it('refuses an unknown user type and an empty title with field errors, writing nothing', async () => {
      const unknownType = await call(orgAdmin, 'PUT', templatesUrl(organization.acme), {
        payload: {
          senderUserTypeId: hubOff.userTypeIds.alumni,
          recipientUserTypeId: hub.userTypeIds.student,
          templates: [{ title: 'Elsewhere', body: 'Hello' }],
        },
      });
      expect(unknownType.statusCode, unknownType.body).toBe(400);
      expect(unknownType.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(
        'senderUserTypeId',
      );
      const emptyTitle = await call(orgAdmin, 'PUT', templatesUrl(organization.acme), {
        payload: { ...alumniToStudent(), templates: [{ title: '', body: 'Hello' }] },
      });
      expect(emptyTitle.statusCode, emptyTitle.body).toBe(400);
      const listed = (
        await call(orgAdmin, 'GET', templatesUrl(organization.acme))
      ).json<TOutreachTemplatesResponse>();
      expect(listed.items[0]?.templates.map((tpl) => tpl.title)).toEqual(['Acme welcome', 'Acme coffee']);
    });

    it('refuses a member, a view-only admin, another organisation’s admin, a hub admin without templates and a hub with organisations off (403); another cluster’s organisation is not found', async () => {
      for (const user of [alumnus, student, viewOnlyAdmin, otherOrgAdmin, hubAdminWithoutTemplates]) {
        const list = await call(user, 'GET', templatesUrl(organization.acme));
        expect(list.statusCode, `${user.email} ${list.body}`).toBe(403);
        const put = await call(user, 'PUT', templatesUrl(organization.acme), {
          payload: { ...alumniToStudent(), templates: [{ title: 'Mine', body: 'Hello' }] },
        });
        expect(put.statusCode, `${user.email} ${put.body}`).toBe(403);
      }
      const off = await call(offOrgAdmin, 'GET', templatesUrl(organization.off), { hub: hubOff });
      expect(off.statusCode, off.body).toBe(403);
      const foreign = await call(orgAdmin, 'GET', templatesUrl(organization.foreign));
      expect(foreign.statusCode, foreign.body).toBe(404);
      // Nothing the refused calls sent was written.
      const rows = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) => tx.select().from(outreachTemplates).where(eq(outreachTemplates.hubId, hub.id)),
      );
      expect(rows.map((row) => row.title).sort()).toEqual(['Acme coffee', 'Acme welcome']);
    });

    it('a hub admin holding templates may edit an organisation’s set (the hub’s console reaches every organisation)', async () => {
      const response = await call(hubTemplatesAdmin, 'GET', templatesUrl(organization.globex));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TOutreachTemplatesResponse>().items).toEqual([]);
    });

    it('row security keeps a member from writing an organisation’s template even past the server', async () => {
      const write = withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, hubId: hub.id, userId: alumnus.id },
        (tx) =>
          tx.insert(outreachTemplates).values({
            clusterId: cluster.clusterId,
            hubId: hub.id,
            organizationId: acmeId,
            ...alumniToStudent(),
            position: 5,
            title: 'Sneaky',
            body: 'Hello',
          }),
      );
      await expect(write).rejects.toThrow();
    });
  });

  describe('the composer', () => {
    it('offers the organisation’s templates first, labelled with its name, to two approved members; then the hub’s defaults', async () => {
      const offered = await composeTemplates(alumnus, student);
      expect(offered.slice(0, 2)).toEqual([
        expect.objectContaining({ title: 'Acme welcome', isCustom: true, organizationName: 'Acme' }),
        expect.objectContaining({ title: 'Acme coffee', isCustom: true, organizationName: 'Acme' }),
      ]);
      expect(offered.length).toBeGreaterThan(2);
      expect(offered.slice(2).every((tpl) => tpl.organizationName === null && !tpl.isCustom)).toBe(true);
    });

    it('offers them before the hub’s own templates of the pair', async () => {
      const hubSet = await call(hubTemplatesAdmin, 'PUT', '/api/hub/outreach-templates', {
        payload: { ...alumniToStudent(), templates: [{ title: 'Hub hello', body: 'Hello from the hub' }] },
      });
      expect(hubSet.statusCode, hubSet.body).toBe(200);
      const offered = await composeTemplates(alumnus, student);
      expect(offered.map((tpl) => [tpl.title, tpl.organizationName])).toEqual([
        ['Acme welcome', 'Acme'],
        ['Acme coffee', 'Acme'],
        ['Hub hello', null],
      ]);
      // The organisation's set is still its own.
      const orgList = (
        await call(orgAdmin, 'GET', templatesUrl(organization.acme))
      ).json<TOutreachTemplatesResponse>();
      expect(orgList.items[0]?.templates.map((tpl) => tpl.title)).toEqual(['Acme welcome', 'Acme coffee']);
      await call(hubTemplatesAdmin, 'PUT', '/api/hub/outreach-templates', {
        payload: { ...alumniToStudent(), templates: [] },
      });
    });

    it('does not offer them to a recipient outside the organisation, nor to one whose membership is not approved', async () => {
      for (const recipient of [outsider, pendingStudent]) {
        const offered = await composeTemplates(alumnus, recipient);
        expect(
          offered.some((tpl) => tpl.organizationName !== null),
          recipient.email,
        ).toBe(false);
      }
    });

    it('does not offer them for another user type pair', async () => {
      const offered = await composeTemplates(student, alumnus);
      expect(offered.some((tpl) => tpl.organizationName !== null)).toBe(false);
    });

    it('an empty set removes the organisation’s templates of the pair', async () => {
      const cleared = await call(orgAdmin, 'PUT', templatesUrl(organization.acme), {
        payload: { ...alumniToStudent(), templates: [] },
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json<{ items: unknown[] }>().items).toEqual([]);
      const offered = await composeTemplates(alumnus, student);
      expect(offered.some((tpl) => tpl.organizationName !== null)).toBe(false);
    });
  });
});
