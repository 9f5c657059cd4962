import { LIGHT_SIGNUP_STAGE } from '@commons/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';

describeDb('hubs API', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, {
      id: 2_000_123,
      enabledModules: ['home', 'inbox', 'groups'],
    });
  });
  afterAll(async () => t.close());

  const getHub = (token: string, hubId?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/hub',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        ...(hubId ? { 'x-hub-id': hubId } : {}),
      },
    });

  it('answers a member the hub with region, navigation modules and user types, without full settings', async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, member);
    const response = await getHub(token, hub.identifier);
    expect(response.statusCode).toBe(200);
    const body = response.json().hub;
    expect(body.region).toBe('eu');
    expect(body.activeModules.map((m: { id: string }) => m.id)).toEqual(['home', 'inbox', 'groups']);
    expect(body.userTypes.map((u: { title: string }) => u.title)).toEqual(['Student', 'Alumni']);
    expect(body.settings.full).toBeUndefined();
  });

  it('shows a light user the reduced module set and a pending member none (spec 6, spec 2)', async () => {
    const shownModules = async (options: { approved: boolean | null; signupStage: string | null }) => {
      const member = await createUser(t.database.db, cluster, { hub, ...options });
      const { token } = await signIn(t.app, cluster, member);
      const response = await getHub(token, hub.identifier);
      expect(response.statusCode).toBe(200);
      const modules: { id: string; isShown: boolean }[] = response.json().hub.activeModules;
      return modules.filter((m) => m.isShown).map((m) => m.id);
    };
    expect(await shownModules({ approved: true, signupStage: LIGHT_SIGNUP_STAGE })).toEqual(['home']);
    expect(await shownModules({ approved: null, signupStage: null })).toEqual([]);
    expect(await shownModules({ approved: true, signupStage: null })).toEqual(['home', 'inbox', 'groups']);
  });

  it('includes full settings for a hub admin with branding-settings', async () => {
    const admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    const { token } = await signIn(t.app, cluster, admin);
    const response = await getHub(token, String(hub.id));
    expect(response.json().hub.settings.full.coreSettings).toBeTruthy();
  });

  it('answers 403 to a signed-in non-member and 400 without x-hub-id', async () => {
    const stranger = await createUser(t.database.db, cluster);
    const { token } = await signIn(t.app, cluster, stranger);
    expect((await getHub(token, hub.identifier)).statusCode).toBe(403);
    const missing = await getHub(token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields['x-hub-id']).toBe('Required');
  });

  it('lets a cluster admin read any hub of the cluster', async () => {
    const clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    const { token } = await signIn(t.app, cluster, clusterAdmin);
    expect((await getHub(token, hub.identifier)).statusCode).toBe(200);
  });

  it('answers the public summary for the signup page without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/hubs/${hub.identifier}/public`,
      headers: { host: cluster.host },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().hub).toMatchObject({
      identifier: hub.identifier,
      isStandardSignupEnabled: true,
      signupMethods: ['email'],
    });
    expect(response.json().hub.userTypes).toHaveLength(2);
  });

  it('answers 404 for an unknown hub', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/hubs/unknown-hub/public',
      headers: { host: cluster.host },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
