import {
  type TAdministeredOrganizationsResponse,
  type TAuthResponse,
  type TMeResponse,
  type TOrganizationAnalyticsResponse,
  type TOrganizationMembersPage,
} from '@commons/contract';
import { ORGANIZATION_ADMIN_ACCESS_RIGHTS } from '@commons/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  TEST_HUB_MODULES,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
  createOrganization as createTestOrganization,
  signedInCaller,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { auditLog, contentFiles, groupMemberships } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

/** createOrganization's arguments after the database (test/factories.ts). */
type TOrganizationArgs = Parameters<typeof createTestOrganization> extends [unknown, ...infer R] ? R : never;

describeDb('organisation admins’ console (spec 6 Organisation admins; issue #22)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let hubOff: TTestHub;
  let foreignHub: TTestHub;
  /** Acting admin of `acme` in `hub` (organizations module on). */
  let orgAdmin: TTestUser;
  let memberOne: TTestUser;
  let memberTwo: TTestUser;
  /** Asked to join acme, not approved yet. */
  let pendingMember: TTestUser;
  /** A member of the hub, not of acme. */
  let outsider: TTestUser;
  let viewOnlyAdmin: TTestUser;
  /** Acting admin of `globex` in the same hub. */
  let otherOrgAdmin: TTestUser;
  /** Acting admin of an organisation in a hub with the organizations module off. */
  let offOrgAdmin: TTestUser;
  /** Admin of globex whose hub membership waits for approval. */
  let pendingHubMember: TTestUser;
  let hubExplorer: TTestUser;
  let hubAdminWithoutRights: TTestUser;
  let foreignAdmin: TTestUser;
  const organization = { acme: '', globex: '', off: '', foreign: '' };
  const organizationId = { acme: '', globex: '' };

  const call = signedInCaller(() => ({ app: t.app, cluster, hub }));

  const createOrganization = (...args: TOrganizationArgs) => createTestOrganization(t.database.db, ...args);

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { enabledModules: [...TEST_HUB_MODULES, 'organizations'] });
    hubOff = await createHub(t.database.db, cluster);
    foreignHub = await createHub(t.database.db, otherCluster, {
      enabledModules: [...TEST_HUB_MODULES, 'organizations'],
    });
    const member = (options: { firstName: string; of?: TTestHub; userType?: 'student' | 'alumni' }) =>
      createUser(t.database.db, cluster, {
        hub: options.of ?? hub,
        firstName: options.firstName,
        lastName: 'Tester',
        userType: options.userType ?? 'student',
      });
    orgAdmin = await member({ firstName: 'Olga' });
    memberOne = await member({ firstName: 'Mara', userType: 'alumni' });
    memberTwo = await member({ firstName: 'Milo' });
    pendingMember = await member({ firstName: 'Penny' });
    outsider = await member({ firstName: 'Oscar' });
    viewOnlyAdmin = await member({ firstName: 'Vera' });
    otherOrgAdmin = await member({ firstName: 'Gus' });
    offOrgAdmin = await member({ firstName: 'Fay', of: hubOff });
    pendingHubMember = await createUser(t.database.db, cluster, { hub, approved: null, firstName: 'Pat' });
    hubExplorer = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Hera',
      rights: ['explore-users'],
    });
    hubAdminWithoutRights = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      firstName: 'Hank',
      rights: ['groups'],
    });
    foreignAdmin = await createUser(t.database.db, otherCluster, { hub: foreignHub, firstName: 'Fred' });
    const acme = await createOrganization(cluster, hub, 'Acme', {
      admins: [orgAdmin],
      members: [memberOne, memberTwo],
      pending: [pendingMember],
      viewOnly: [viewOnlyAdmin],
    });
    const globex = await createOrganization(cluster, hub, 'Globex', {
      admins: [otherOrgAdmin, pendingHubMember],
      members: [outsider],
    });
    const off = await createOrganization(cluster, hubOff, 'Offline', { admins: [offOrgAdmin] });
    const foreign = await createOrganization(otherCluster, foreignHub, 'Foreign', { admins: [foreignAdmin] });
    organization.acme = acme.identifier;
    organization.globex = globex.identifier;
    organization.off = off.identifier;
    organization.foreign = foreign.identifier;
    organizationId.acme = acme.id;
    organizationId.globex = globex.id;
  });
  afterAll(async () => t.close());

  const emailsOf = (page: TOrganizationMembersPage) => page.items.map((item) => item.email).sort();

  describe('their organisations', () => {
    it('lists the organisation an acting admin administers, with the limited rights only', async () => {
      const response = await call(orgAdmin, 'GET', '/api/admin/organizations');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TAdministeredOrganizationsResponse>();
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        identifier: organization.acme,
        name: 'Acme',
        memberCount: 4,
        rights: [...ORGANIZATION_ADMIN_ACCESS_RIGHTS],
      });
    });

    it('lists nothing for a view-only admin, a plain member, an admin not approved in the hub, or an admin whose hub has organisations off', async () => {
      for (const user of [viewOnlyAdmin, memberOne, pendingHubMember]) {
        const response = await call(user, 'GET', '/api/admin/organizations');
        expect(response.json<TAdministeredOrganizationsResponse>().items, user.email).toEqual([]);
      }
      // A hub admin holding hub rights who only views the organisation: their console is the hub's.
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.insert(groupMemberships).values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          groupId: organizationId.acme,
          userId: hubAdminWithoutRights.id,
          isAdmin: true,
          isViewOnlyAdmin: true,
          approved: true,
          completedRegistrationDate: new Date(),
        }),
      );
      const viewing = await call(hubAdminWithoutRights, 'GET', '/api/admin/organizations');
      expect(viewing.json<TAdministeredOrganizationsResponse>().items).toEqual([]);
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx
          .delete(groupMemberships)
          .where(
            and(
              eq(groupMemberships.groupId, organizationId.acme),
              eq(groupMemberships.userId, hubAdminWithoutRights.id),
            ),
          ),
      );
      const off = await call(offOrgAdmin, 'GET', '/api/admin/organizations', { hub: hubOff });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<TAdministeredOrganizationsResponse>().items).toEqual([]);
    });

    it('marks the session’s membership of the hubs where they administer an organisation (the way into the console)', async () => {
      const administers = async (user: TTestUser, inHub: TTestHub) => {
        // The sign-in answer and GET /api/auth/me present the same session user.
        const signedIn = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { host: cluster.host },
          payload: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
        });
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        const fromSignIn = signedIn
          .json<TAuthResponse>()
          .user.hubs.find((m) => m.hub.identifier === inHub.identifier);
        const me = await call(user, 'GET', '/api/auth/me', { hub: inHub });
        expect(me.statusCode, me.body).toBe(200);
        const fromMe = me.json<TMeResponse>().user.hubs.find((m) => m.hub.identifier === inHub.identifier);
        expect(fromMe?.administersOrganization, user.email).toBe(fromSignIn?.administersOrganization);
        return fromMe?.administersOrganization;
      };
      expect(await administers(orgAdmin, hub)).toBe(true);
      expect(await administers(otherOrgAdmin, hub)).toBe(true);
      // A view-only admin, a plain member, an admin not approved in the hub, a hub admin, and an organisation
      // admin of a hub with the organizations module off.
      for (const user of [viewOnlyAdmin, memberOne, pendingHubMember, hubExplorer])
        expect(await administers(user, hub), user.email).toBe(false);
      expect(await administers(offOrgAdmin, hubOff)).toBe(false);
    });
  });

  describe('explore-users, scoped to the organisation', () => {
    it('lists only the organisation’s approved members, with the hub list’s filters', async () => {
      const response = await call(orgAdmin, 'GET', `/api/admin/organizations/${organization.acme}/members`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TOrganizationMembersPage>();
      expect(emailsOf(page)).toEqual(
        [orgAdmin.email, viewOnlyAdmin.email, memberOne.email, memberTwo.email].sort(),
      );
      expect(page.userTypes.map((type) => type.title)).toEqual(['Student', 'Alumni']);
      const roleOf = (user: TTestUser) =>
        page.items.find((item) => item.userId === user.id)?.organizationRole;
      expect([roleOf(orgAdmin), roleOf(viewOnlyAdmin), roleOf(memberOne)]).toEqual([
        'admin',
        'viewOnlyAdmin',
        'member',
      ]);
      const alumni = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members?userTypeId=${hub.userTypeIds.alumni}`,
      );
      expect(emailsOf(alumni.json<TOrganizationMembersPage>())).toEqual([memberOne.email]);
      const byName = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members?q=milo`,
      );
      expect(emailsOf(byName.json<TOrganizationMembersPage>())).toEqual([memberTwo.email]);
      // Searching for someone outside the organisation finds nobody.
      const outside = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members?q=oscar`,
      );
      expect(outside.json<TOrganizationMembersPage>().items).toEqual([]);
    });

    it('pages through the members with a cursor', async () => {
      const first = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members?limit=2&sort=name-asc`,
      );
      const page = first.json<TOrganizationMembersPage>();
      expect(page.items).toHaveLength(2);
      expect(page.nextCursor).not.toBeNull();
      const second = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members?limit=2&sort=name-asc&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
      );
      const rest = second.json<TOrganizationMembersPage>();
      expect(rest.items).toHaveLength(2);
      expect(new Set([...page.items, ...rest.items].map((item) => item.userId)).size).toBe(4);
      expect(rest.nextCursor).toBeNull();
    });

    it('exports the same members as CSV, audited', async () => {
      const response = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members.csv?sort=name-asc`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain(`${organization.acme}-members.csv`);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Email,First name,Last name,User type,Status,Hub admin,Joined the hub (UTC)');
      expect(lines).toHaveLength(5);
      for (const user of [orgAdmin, viewOnlyAdmin, memberOne, memberTwo])
        expect(response.body).toContain(user.email);
      for (const user of [outsider, pendingMember]) expect(response.body).not.toContain(user.email);
      const audited = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.actorUserId, orgAdmin.id),
                eq(auditLog.action, 'organization_admin.members_exported'),
              ),
            ),
      );
      expect(audited).toHaveLength(1);
      expect(audited[0]?.targetId).toBe(organizationId.acme);
    });

    it('refuses the filters’ bad days (400)', async () => {
      const response = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members?joinedFrom=2026-03-02&joinedTo=2026-03-01`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        joinedTo: 'The last day is before the first day.',
      });
      // A day that does not exist is refused at the edge, for the hub's list as well (the fuzz found a 500).
      for (const url of [
        `/api/admin/organizations/${organization.acme}/members?joinedFrom=2026-29-07`,
        `/api/admin/organizations/${organization.acme}/members.csv?joinedTo=2026-02-30`,
      ]) {
        const refused = await call(orgAdmin, 'GET', url);
        expect(refused.statusCode, url).toBe(400);
      }
      const hubList = await call(hubExplorer, 'GET', '/api/admin/members?joinedFrom=1132-29-07');
      expect(hubList.statusCode).toBe(400);
    });
  });

  describe('analytics, scoped to the organisation', () => {
    it('counts the organisation’s members only', async () => {
      const response = await call(orgAdmin, 'GET', `/api/admin/organizations/${organization.acme}/analytics`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TOrganizationAnalyticsResponse>();
      // Every test member joined the hub today: the organisation's four approved members, not the hub's nine.
      expect(body.series.find((series) => series.metric === 'signups')?.total).toBe(4);
      expect(body.userTypes.map((type) => type.title)).toEqual(['Student', 'Alumni']);
      const csv = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/analytics.csv?metric=signups&interval=month`,
      );
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.split('\r\n')[0]).toBe('Month,Sign-ups');
      expect(csv.body).toContain(',4');
    });

    it('is refused in SQL to anyone but the organisation’s admins and the hub’s report readers', async () => {
      const engagement = (userId: string, organizationIdToRead: string) =>
        withTenant(
          t.database.db,
          { clusterId: cluster.clusterId, hubId: hub.id, userId, memberHubIds: [hub.id] },
          (tx) =>
            tx.execute(
              sql`SELECT * FROM app_organization_engagement(${hub.id}::bigint, ${organizationIdToRead}::uuid, 'week', '2026-01-01'::date, '2026-02-01'::date, NULL)`,
            ),
        );
      await expect(engagement(orgAdmin.id, organizationId.acme)).resolves.toBeDefined();
      await expect(engagement(orgAdmin.id, organizationId.globex)).rejects.toThrow();
      await expect(engagement(viewOnlyAdmin.id, organizationId.acme)).rejects.toThrow();
      await expect(engagement(memberOne.id, organizationId.acme)).rejects.toThrow();
    });
  });

  describe('branding-settings, limited to the organisation', () => {
    const brandingPath = (identifier: string) => `/api/admin/organizations/${identifier}/branding`;
    const imageUrl = (c: string) => `/api/rich-text/images/${c.repeat(32)}`;
    const image = (target: TTestHub, of: TTestCluster, character: string, sizeBytes: number) =>
      withTenant(t.database.db, { clusterId: of.clusterId, isClusterScope: true }, (tx) =>
        tx.insert(contentFiles).values({
          clusterId: of.clusterId,
          hubId: target.id,
          kind: 'image',
          region: 'us',
          storageKey: character.repeat(32),
          mimeType: 'image/webp',
          sizeBytes,
          originalName: 'logo.webp',
        }),
      );
    const pageBranding = async (user: TTestUser, identifier: string) => {
      const response = await call(user, 'GET', `/api/groups/${identifier}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ group: { settings: { branding: unknown } } }>().group.settings.branding;
    };

    beforeAll(async () => {
      await image(hub, cluster, 'a', 120 * 1024);
      await image(hub, cluster, 'b', 121 * 1024);
      await image(hubOff, cluster, 'c', 1024);
    });

    it('refuses a colour below 4.5:1 with its ratio, then saves a good colour and a 120 kB logo shown on the page', async () => {
      const before = await call(orgAdmin, 'GET', brandingPath(organization.acme));
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toEqual({ branding: { brandColor: null, logoUrl: null } });

      const low = await call(orgAdmin, 'PUT', brandingPath(organization.acme), {
        payload: { brandColor: '#ffcc00', logoUrl: null },
      });
      expect(low.statusCode).toBe(400);
      expect(low.json().error.fields.brandColor).toBe(
        'The contrast ratio against white is 1.51:1; it must be at least 4.50:1. Choose a darker colour.',
      );
      expect(await pageBranding(memberOne, organization.acme)).toEqual({ brandColor: null, logoUrl: null });

      const brand = { brandColor: '#1e3a8a', logoUrl: imageUrl('a') };
      const saved = await call(orgAdmin, 'PUT', brandingPath(organization.acme), { payload: brand });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ branding: brand });
      // Members see it on the organisation's page; the other organisation keeps none.
      expect(await pageBranding(memberOne, organization.acme)).toEqual(brand);
      expect(await pageBranding(outsider, organization.globex)).toEqual({ brandColor: null, logoUrl: null });
      const audited = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.actorUserId, orgAdmin.id),
                eq(auditLog.action, 'organization_admin.branding_updated'),
              ),
            ),
      );
      expect(audited).toHaveLength(1);
      expect(audited[0]?.data).toMatchObject({ before: { brandColor: null }, after: brand });
    });

    it('refuses a logo of 121 kB and one that is not the hub’s image, writing nothing', async () => {
      const current = (await call(orgAdmin, 'GET', brandingPath(organization.acme))).json();
      const large = await call(orgAdmin, 'PUT', brandingPath(organization.acme), {
        payload: { brandColor: '#14532d', logoUrl: imageUrl('b') },
      });
      expect(large.statusCode).toBe(400);
      expect(large.json().error.fields).toEqual({ logoUrl: 'The image must be 120 kB or smaller.' });
      for (const logoUrl of [imageUrl('c'), 'https://elsewhere.example/logo.png']) {
        const foreign = await call(orgAdmin, 'PUT', brandingPath(organization.acme), {
          payload: { brandColor: '#14532d', logoUrl },
        });
        expect(foreign.statusCode, logoUrl).toBe(400);
        expect(foreign.json().error.fields.logoUrl).toBe(
          'Upload the image again: it is not one of this hub’s images.',
        );
      }
      expect((await call(orgAdmin, 'GET', brandingPath(organization.acme))).json()).toEqual(current);
    });

    it('is refused for another organisation (403), by a view-only admin or member (403), with the module off (403), across hubs and clusters (404)', async () => {
      const payload = { brandColor: '#1e3a8a', logoUrl: null };
      for (const [user, identifier] of [
        [orgAdmin, organization.globex],
        [viewOnlyAdmin, organization.acme],
        [memberOne, organization.acme],
      ] as const) {
        for (const method of ['GET', 'PUT'] as const) {
          const response = await call(user, method, brandingPath(identifier), { payload });
          expect(response.statusCode, `${user.email} ${method} ${identifier}`).toBe(403);
        }
      }
      const off = await call(offOrgAdmin, 'PUT', brandingPath(organization.off), { hub: hubOff, payload });
      expect(off.statusCode).toBe(403);
      const otherHub = await call(orgAdmin, 'PUT', brandingPath(organization.off), { payload });
      expect(otherHub.statusCode).toBe(404);
      const otherCluster = await call(orgAdmin, 'PUT', brandingPath(organization.foreign), { payload });
      expect(otherCluster.statusCode).toBe(404);
      expect(await pageBranding(outsider, organization.globex)).toEqual({ brandColor: null, logoUrl: null });
    });

    it('cannot be written through the organisation’s settings (PATCH /api/groups/{identifier})', async () => {
      const before = await pageBranding(memberOne, organization.acme);
      const patched = await call(orgAdmin, 'PATCH', `/api/groups/${organization.acme}`, {
        payload: { settings: { branding: { brandColor: '#ffcc00', logoUrl: null } } },
      });
      expect(patched.statusCode, patched.body).toBeLessThan(500);
      expect(await pageBranding(memberOne, organization.acme)).toEqual(before);
    });
  });

  describe('never outside their organisation', () => {
    it('answers 403 for another organisation’s data and for the hub’s own admin data', async () => {
      const refused = [
        `/api/admin/organizations/${organization.globex}/members`,
        `/api/admin/organizations/${organization.globex}/members.csv`,
        `/api/admin/organizations/${organization.globex}/analytics`,
        `/api/admin/organizations/${organization.globex}/analytics.csv`,
        '/api/admin/members',
        '/api/admin/analytics',
        '/api/admin/data/export/users',
        '/api/admin/admins',
        '/api/admin/data/imports',
      ];
      for (const url of refused) {
        const response = await call(orgAdmin, 'GET', url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      }
      // …while their own organisation answers.
      for (const path of ['members', 'members.csv', 'analytics', 'analytics.csv']) {
        const response = await call(orgAdmin, 'GET', `/api/admin/organizations/${organization.acme}/${path}`);
        expect(response.statusCode, path).toBe(200);
      }
    });

    it('uses the group tools of their own organisation only (import-data, announcements)', async () => {
      const invite = (identifier: string) =>
        call(orgAdmin, 'POST', `/api/groups/${identifier}/invitations/csv`, {
          payload: { csv: `email\n${outsider.email}\n`, role: null, dryRun: true },
        });
      const own = await invite(organization.acme);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().rows[0]).toMatchObject({ status: 'invite' });
      expect((await invite(organization.globex)).statusCode).toBe(403);
      const announcements = await call(orgAdmin, 'GET', `/api/groups/${organization.acme}/announcements`);
      expect(announcements.statusCode, announcements.body).toBe(200);
      expect(
        (await call(orgAdmin, 'GET', `/api/groups/${organization.globex}/announcements`)).statusCode,
      ).toBe(403);
    });

    it('refuses a view-only admin and a plain member (403), an admin not approved in the hub and a missing organisation (404)', async () => {
      const unapproved = await call(
        pendingHubMember,
        'GET',
        `/api/admin/organizations/${organization.globex}/members`,
      );
      expect(unapproved.statusCode).toBe(404);
      for (const user of [viewOnlyAdmin, memberOne]) {
        const response = await call(user, 'GET', `/api/admin/organizations/${organization.acme}/members`);
        expect(response.statusCode, user.email).toBe(403);
      }
      const missing = await call(orgAdmin, 'GET', '/api/admin/organizations/no-such-organization/members');
      expect(missing.statusCode).toBe(404);
    });

    it('gives nothing to an organisation admin while the hub has the organizations module off', async () => {
      for (const path of ['members', 'members.csv', 'analytics', 'analytics.csv']) {
        const response = await call(
          offOrgAdmin,
          'GET',
          `/api/admin/organizations/${organization.off}/${path}`,
          {
            hub: hubOff,
          },
        );
        expect(response.statusCode, path).toBe(403);
      }
      const invite = await call(offOrgAdmin, 'POST', `/api/groups/${organization.off}/invitations/csv`, {
        hub: hubOff,
        payload: { csv: 'email\nsomeone@example.test\n', role: null, dryRun: true },
      });
      expect(invite.statusCode).toBe(403);
    });

    it('answers 404 for an organisation of another hub or cluster', async () => {
      const otherHub = await call(
        offOrgAdmin,
        'GET',
        `/api/admin/organizations/${organization.acme}/members`,
        {
          hub: hubOff,
        },
      );
      expect(otherHub.statusCode).toBe(404);
      const otherCluster_ = await call(
        orgAdmin,
        'GET',
        `/api/admin/organizations/${organization.foreign}/members`,
      );
      expect(otherCluster_.statusCode).toBe(404);
    });
  });

  describe('hub admins', () => {
    it('use an organisation’s console with the hub right (200) and not without it (403)', async () => {
      const allowed = await call(hubExplorer, 'GET', `/api/admin/organizations/${organization.acme}/members`);
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(emailsOf(allowed.json<TOrganizationMembersPage>())).toEqual(
        [orgAdmin.email, viewOnlyAdmin.email, memberOne.email, memberTwo.email].sort(),
      );
      const analytics = await call(
        hubExplorer,
        'GET',
        `/api/admin/organizations/${organization.acme}/analytics`,
      );
      expect(analytics.statusCode).toBe(403);
      const refused = await call(
        hubAdminWithoutRights,
        'GET',
        `/api/admin/organizations/${organization.acme}/members`,
      );
      expect(refused.statusCode).toBe(403);
    });

    it('keep their own console unchanged: the hub’s members list is still the whole hub', async () => {
      const response = await call(hubExplorer, 'GET', '/api/admin/members?limit=100');
      expect(response.statusCode, response.body).toBe(200);
      const emails = response.json<TOrganizationMembersPage>().items.map((item) => item.email);
      expect(emails).toContain(outsider.email);
      expect(emails).toContain(pendingMember.email);
    });
  });
});
