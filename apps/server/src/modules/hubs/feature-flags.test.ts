import { HUB_FEATURE_KEYS } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, hubSettings } from '../../db/schema/index.js';
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

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describeDb('hub feature flags (spec 6 Feature flags per hub)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, hub: TTestHub, method: TMethod, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const setFlags = async (admin: TTestUser, hub: TTestHub, flags: Record<string, boolean>) => {
    const response = await call(admin, hub, 'PATCH', '/api/hub/feature-flags', { flags });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const storedFlags = (hub: TTestHub) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      return (row?.settings as { featureFlags?: Record<string, boolean> } | undefined)?.featureFlags;
    });

  describe('GET and PATCH /api/hub/feature-flags', () => {
    let hub: TTestHub;
    let admin: TTestUser;
    let member: TTestUser;
    let otherAdmin: TTestUser;

    beforeAll(async () => {
      hub = await createHub(t.database.db, cluster);
      admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['branding-settings'],
      });
      member = await createUser(t.database.db, cluster, { hub });
      otherAdmin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['manage-badges'],
      });
    });

    it('answers the thirteen flags with their defaults to a hub admin with branding-settings', async () => {
      const response = await call(admin, hub, 'GET', '/api/hub/feature-flags');
      expect(response.statusCode).toBe(200);
      const flags: Array<{ key: string; label: string; isOn: boolean; isInUse: boolean }> =
        response.json().flags;
      expect(flags.map((f) => f.key)).toEqual(HUB_FEATURE_KEYS);
      expect(flags.filter((f) => f.isOn).map((f) => f.key)).toEqual([
        'givingForm',
        'jtbdHomepage',
        'compassAndAchievements',
      ]);
      expect(flags.find((f) => f.key === 'compassAndAchievements')).toMatchObject({
        label: 'Compass and achievements',
        isInUse: true,
      });
    });

    it('refuses members and admins without branding-settings with 403', async () => {
      expect((await call(member, hub, 'GET', '/api/hub/feature-flags')).statusCode).toBe(403);
      expect((await call(otherAdmin, hub, 'GET', '/api/hub/feature-flags')).statusCode).toBe(403);
      const patch = await call(member, hub, 'PATCH', '/api/hub/feature-flags', {
        flags: { navigationV2: true },
      });
      expect(patch.statusCode).toBe(403);
    });

    it('sets the named flags, keeps the others, stores them in hub settings and audits the change', async () => {
      const first = await setFlags(admin, hub, { navigationV2: true, compassAndAchievements: false });
      const isOn = (body: { flags: Array<{ key: string; isOn: boolean }> }, key: string) =>
        body.flags.find((f) => f.key === key)?.isOn;
      expect(isOn(first.json(), 'navigationV2')).toBe(true);
      expect(isOn(first.json(), 'compassAndAchievements')).toBe(false);
      const second = await setFlags(admin, hub, { compassAndAchievements: true });
      expect(isOn(second.json(), 'navigationV2')).toBe(true);
      expect(isOn(second.json(), 'compassAndAchievements')).toBe(true);
      expect(await storedFlags(hub)).toEqual({ navigationV2: true, compassAndAchievements: true });

      const audits = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select({ data: auditLog.data, actor: auditLog.actorUserId })
            .from(auditLog)
            .where(
              and(eq(auditLog.action, 'hub.feature_flags_updated'), eq(auditLog.targetId, String(hub.id))),
            )
            .orderBy(auditLog.createdAt),
      );
      expect(audits.map((a) => a.data)).toEqual([
        {
          changes: {
            navigationV2: { from: false, to: true },
            compassAndAchievements: { from: true, to: false },
          },
        },
        { changes: { compassAndAchievements: { from: false, to: true } } },
      ]);
      expect(audits.every((a) => a.actor === admin.id)).toBe(true);
    });

    it('refuses an unknown key with 400 naming it, and changes nothing', async () => {
      const before = await storedFlags(hub);
      const response = await call(admin, hub, 'PATCH', '/api/hub/feature-flags', {
        flags: { navigationV2: false, badges: false },
      });
      expect(response.statusCode).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('validation_failed');
      expect(error.user_message).toContain('“badges” is not a feature flag');
      expect(Object.keys(error.fields)).toEqual(['flags.badges']);
      expect(await storedFlags(hub)).toEqual(before);
    });

    it('refuses an empty edit and a non-boolean value with 400', async () => {
      expect((await call(admin, hub, 'PATCH', '/api/hub/feature-flags', { flags: {} })).statusCode).toBe(400);
      const wrong = await call(admin, hub, 'PATCH', '/api/hub/feature-flags', {
        flags: { navigationV2: 'yes' },
      });
      expect(wrong.statusCode).toBe(400);
    });

    it('lets a cluster admin read and set the flags', async () => {
      const clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
      expect((await call(clusterAdmin, hub, 'GET', '/api/hub/feature-flags')).statusCode).toBe(200);
      await setFlags(clusterAdmin, hub, { navigationV2: false });
    });

    it('sends members the effective flags with the hub (GET /api/hub features)', async () => {
      await setFlags(admin, hub, { givingForm: false });
      const response = await call(member, hub, 'GET', '/api/hub');
      expect(response.statusCode).toBe(200);
      const features = response.json().hub.features;
      expect(Object.keys(features)).toEqual(HUB_FEATURE_KEYS);
      expect(features).toMatchObject({ givingForm: false, jtbdHomepage: true, compassAndAchievements: true });
      await setFlags(admin, hub, { givingForm: true });
    });
  });
});
