import { MODULE_IDS } from '@commons/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentFiles, hubSettings, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  signUpByEmail,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';

type TMethod = 'GET' | 'PUT' | 'POST';

describeDb('hub settings in Site administration (issue #22 item 1)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let brandingAdmin: TTestUser;
  let signupAdmin: TTestUser;
  let student: TTestUser;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, {
      enabledModules: ['home', 'inbox', 'network', 'events', 'resources', 'groups'],
    });
    otherHub = await createHub(t.database.db, cluster);
    brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    signupAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['signup-settings'],
    });
    student = await createUser(t.database.db, cluster, { hub, userType: 'student' });
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, method: TMethod, url: string, payload?: object, target = hub) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': target.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const lastAudit = (action: string) =>
    asCluster(async (tx) => {
      const [row] = await tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(hub.id))))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      return row;
    });
  const storedSettings = () =>
    asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      return row?.settings as Record<string, unknown>;
    });

  describe('modules on/off and order (branding-settings)', () => {
    it('lists every module in spec order with Home required, and answers 403 without the right', async () => {
      const response = await call(brandingAdmin, 'GET', '/api/admin/modules');
      expect(response.statusCode, response.body).toBe(200);
      const modules = response.json().modules as Array<{ id: string; isOn: boolean; isRequired: boolean }>;
      expect(modules.map((m) => m.id)).toEqual(MODULE_IDS);
      expect(modules.find((m) => m.id === 'events')?.isOn).toBe(true);
      expect(modules.find((m) => m.id === 'jobs')?.isOn).toBe(false);
      expect(modules.filter((m) => m.isRequired).map((m) => m.id)).toEqual(['home']);
      expect((await call(signupAdmin, 'GET', '/api/admin/modules')).statusCode).toBe(403);
      expect((await call(student, 'GET', '/api/admin/modules')).statusCode).toBe(403);
    });

    it('reorders and turns a module off: members lose its tab, the tabs follow the order, and it is audited', async () => {
      const order = [
        'home',
        'groups',
        'events',
        ...MODULE_IDS.filter((id) => !['home', 'groups', 'events'].includes(id)),
      ];
      const on = new Set(['home', 'groups', 'inbox', 'network', 'resources']);
      const saved = await call(brandingAdmin, 'PUT', '/api/admin/modules', {
        modules: order.map((id) => ({ id, isOn: on.has(id) })),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().modules.map((m: { id: string }) => m.id)).toEqual(order);
      const tabs = (await call(student, 'GET', '/api/hub')).json().hub.activeModules as Array<{ id: string }>;
      expect(tabs.map((m) => m.id)).toEqual(['home', 'groups', 'inbox', 'network', 'resources']);
      const entry = await lastAudit('hub.modules_updated');
      expect(entry?.actorUserId).toBe(brandingAdmin.id);
      expect(entry?.data).toMatchObject({
        before: { enabledModules: ['home', 'inbox', 'network', 'events', 'resources', 'groups'] },
        after: { enabledModules: ['home', 'groups', 'inbox', 'network', 'resources'], moduleOrder: order },
      });
      // Turned back on, Events returns in the admins' place for it.
      await call(brandingAdmin, 'PUT', '/api/admin/modules', {
        modules: order.map((id) => ({ id, isOn: on.has(id) || id === 'events' })),
      });
      const back = (await call(student, 'GET', '/api/hub')).json().hub.activeModules as Array<{ id: string }>;
      expect(back.map((m) => m.id).slice(0, 3)).toEqual(['home', 'groups', 'events']);
    });

    it('refuses a list that misses a module or turns Home off, writing nothing', async () => {
      const before = await storedSettings();
      const missing = await call(brandingAdmin, 'PUT', '/api/admin/modules', {
        modules: MODULE_IDS.slice(1).map((id) => ({ id, isOn: true })),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields.modules).toBe(
        'List every module exactly once, in the order members see them.',
      );
      const homeOff = await call(brandingAdmin, 'PUT', '/api/admin/modules', {
        modules: MODULE_IDS.map((id) => ({ id, isOn: id !== 'home' })),
      });
      expect(homeOff.statusCode).toBe(400);
      expect(homeOff.json().error.fields['modules.0.isOn']).toBe('Home is always on.');
      expect(await storedSettings()).toEqual(before);
    });
  });

  describe('branding (branding-settings)', () => {
    const BRAND = { primaryColor: '#1e3a8a', secondaryColor: '#7c2d12', logoUrl: null, bannerImageUrl: null };

    it('refuses a colour below 4.5:1 against white with its ratio, and saves a good one for members', async () => {
      const low = await call(brandingAdmin, 'PUT', '/api/admin/branding', {
        ...BRAND,
        primaryColor: '#ffcc00',
      });
      expect(low.statusCode).toBe(400);
      expect(low.json().error.code).toBe('validation_failed');
      expect(low.json().error.fields.primaryColor).toBe(
        'The contrast ratio against white is 1.51:1; it must be at least 4.50:1. Choose a darker colour.',
      );
      expect(
        (await call(brandingAdmin, 'GET', '/api/admin/branding')).json().branding.primaryColor,
      ).toBeNull();

      const saved = await call(brandingAdmin, 'PUT', '/api/admin/branding', BRAND);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().branding).toEqual(BRAND);
      expect((await call(student, 'GET', '/api/hub')).json().hub.branding).toEqual(BRAND);
      const entry = await lastAudit('hub.branding_updated');
      expect(entry?.data).toMatchObject({ before: { primaryColor: null }, after: BRAND });
      expect((await call(signupAdmin, 'PUT', '/api/admin/branding', BRAND)).statusCode).toBe(403);
    });

    it('takes as logo and banner only images uploaded to this hub of at most 120 kB', async () => {
      const image = (target: TTestHub, key: string, sizeBytes: number) =>
        asCluster((tx) =>
          tx.insert(contentFiles).values({
            clusterId: cluster.clusterId,
            hubId: target.id,
            kind: 'image',
            region: 'us',
            storageKey: key,
            mimeType: 'image/webp',
            sizeBytes,
            originalName: 'brand.webp',
          }),
        );
      await image(hub, '1'.repeat(32), 120 * 1024);
      await image(hub, '2'.repeat(32), 120 * 1024 + 1);
      await image(otherHub, '3'.repeat(32), 1024);
      const url = (c: string) => `/api/rich-text/images/${c.repeat(32)}`;
      const refused = await call(brandingAdmin, 'PUT', '/api/admin/branding', {
        ...BRAND,
        logoUrl: url('3'),
        bannerImageUrl: url('2'),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({
        logoUrl: 'Upload the image again: it is not one of this hub’s images.',
        bannerImageUrl: 'The image must be 120 kB or smaller.',
      });
      const outside = await call(brandingAdmin, 'PUT', '/api/admin/branding', {
        ...BRAND,
        logoUrl: 'https://elsewhere.example/logo.png',
      });
      expect(outside.json().error.fields.logoUrl).toBe(
        'Upload the image again: it is not one of this hub’s images.',
      );
      const saved = await call(brandingAdmin, 'PUT', '/api/admin/branding', {
        ...BRAND,
        logoUrl: url('1'),
        bannerImageUrl: url('1'),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().branding.bannerImageUrl).toBe(url('1'));
    });
  });

  describe('signup settings (signup-settings)', () => {
    it('saves methods, approval, auto-approval per user type and required fields in one audited write', async () => {
      expect((await call(brandingAdmin, 'GET', '/api/admin/signup-settings')).statusCode).toBe(403);
      const before = await call(signupAdmin, 'GET', '/api/admin/signup-settings');
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toMatchObject({
        isStandardSignupEnabled: true,
        isApprovalRequired: true,
        requiredFields: [],
      });
      const saved = await call(signupAdmin, 'PUT', '/api/admin/signup-settings', {
        isStandardSignupEnabled: true,
        hiddenSignupMethods: ['google'],
        isApprovalRequired: true,
        autoApprovedUserTypeIds: [hub.userTypeIds.alumni],
        requiredFields: ['headline'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().userTypes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: hub.userTypeIds.alumni, isAutoApproved: true }),
          expect.objectContaining({ id: hub.userTypeIds.student, isAutoApproved: false }),
        ]),
      );
      expect(saved.json().signupMethods).toContainEqual({
        method: 'google',
        isShown: false,
        isAvailable: false,
      });
      expect((await call(signupAdmin, 'GET', '/api/admin/signup-settings')).json()).toEqual(saved.json());
      const entry = await lastAudit('hub.signup_settings_updated');
      expect(entry?.data).toMatchObject({
        before: { requiredFields: [] },
        after: { requiredFields: ['headline'] },
      });
    });

    it('refuses another hub’s user type and hiding email while sign-up is open, writing nothing', async () => {
      const before = await call(signupAdmin, 'GET', '/api/admin/signup-settings');
      const foreign = await call(signupAdmin, 'PUT', '/api/admin/signup-settings', {
        isStandardSignupEnabled: true,
        hiddenSignupMethods: [],
        isApprovalRequired: false,
        autoApprovedUserTypeIds: [otherHub.userTypeIds.student],
        requiredFields: [],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.fields.autoApprovedUserTypeIds).toBe('Choose from the hub’s user types.');
      const noMethod = await call(signupAdmin, 'PUT', '/api/admin/signup-settings', {
        isStandardSignupEnabled: true,
        hiddenSignupMethods: ['email'],
        isApprovalRequired: false,
        autoApprovedUserTypeIds: [],
        requiredFields: [],
      });
      expect(noMethod.statusCode).toBe(400);
      expect(noMethod.json().error.fields.hiddenSignupMethods).toBe(
        'Show at least one signup method, or turn sign-up off.',
      );
      expect((await call(signupAdmin, 'GET', '/api/admin/signup-settings')).json()).toEqual(before.json());
      const types = await asCluster((tx) =>
        tx
          .select({ isAutoApproved: userTypes.isAutoApproved })
          .from(userTypes)
          .where(eq(userTypes.hubId, otherHub.id)),
      );
      expect(types.every((type) => !type.isAutoApproved)).toBe(true);
    });

    it('the signup flow honours them: an auto-approved type joins approved, a required field blocks finishing', async () => {
      const signUp = await signUpByEmail(t.app, {
        host: cluster.host,
        clusterId: cluster.clusterId,
        body: {
          hubIdentifier: hub.identifier,
          userTypeId: hub.userTypeIds.alumni,
          firstName: 'Ida',
          lastName: 'Alum',
          email: 'ida.alum@example.test',
          password: 'Password-1',
        },
      });
      const token = signUp.json().token as string;
      const headers = { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier };
      const me = await t.app.inject({ method: 'GET', url: '/api/hub', headers });
      expect(me.statusCode).toBe(200);
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/signup/complete',
        headers,
        payload: {},
      });
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().error.fields).toEqual({
        headline: 'Headline is required by this hub. Go back and fill it in.',
      });
      const profile = await t.app.inject({
        method: 'PATCH',
        url: '/api/profiles/me',
        headers,
        payload: { headline: 'Data analyst' },
      });
      expect(profile.statusCode, profile.body).toBeLessThan(300);
      const done = await t.app.inject({ method: 'POST', url: '/api/signup/complete', headers, payload: {} });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().user.hubs[0].approved).toBe(true);
    });

    it('closing sign-up refuses new sign-up requests with 403', async () => {
      const closed = await call(signupAdmin, 'PUT', '/api/admin/signup-settings', {
        isStandardSignupEnabled: false,
        hiddenSignupMethods: ['email'],
        isApprovalRequired: true,
        autoApprovedUserTypeIds: [],
        requiredFields: [],
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { host: cluster.host },
        payload: {
          hubIdentifier: hub.identifier,
          userTypeId: hub.userTypeIds.student,
          firstName: 'No',
          lastName: 'Way',
          email: 'no.way@example.test',
          password: 'Password-1',
        },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'signup_closed',
        user_message: 'This hub does not offer sign-up with email. Ask the hub’s admins for an invitation.',
      });
      const pub = await t.app.inject({
        method: 'GET',
        url: `/api/hubs/${hub.identifier}/public`,
        headers: { host: cluster.host },
      });
      expect(pub.json().hub).toMatchObject({ isStandardSignupEnabled: false, signupMethods: [] });
    });
  });
});
