import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../test/test-app.js';

/**
 * The request context travels with BEGIN as one simple-protocol query on PostgreSQL, its values written in as
 * literals (issue #17 item 1): a hub key from the x-hub-id header is text the client chooses, so quotes,
 * backslashes and placeholders in it must reach app_begin_request as the text they are.
 */
describeDb('request context', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let token: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { id: 2_000_777 });
    const member = await createUser(t.database.db, cluster, { hub });
    ({ token } = await signIn(t.app, cluster, member));
  });
  afterAll(async () => t.close());

  const getHub = (hubKey: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/hub',
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hubKey },
    });

  it.each([`x'); DROP TABLE users; --`, `x\\'; SELECT 1; --`, `\\`, `$1`, `'`, `Ünïcødé ' \\ "`])(
    'answers 404 for the hub key %s and goes on serving',
    async (hubKey) => {
      const response = await getHub(hubKey);
      expect(response.statusCode).toBe(404);
      const ok = await getHub(hub.identifier);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().hub.identifier).toBe(hub.identifier);
    },
  );

  it('finds the hub by its numeric id as well as by its identifier', async () => {
    expect((await getHub(String(hub.id))).statusCode).toBe(200);
  });

  it('serves a remembered token until it is signed out', async () => {
    expect((await getHub(hub.identifier)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(signOut.statusCode).toBeLessThan(300);
    // The token still verifies (and is remembered), but its session is gone: the request goes on as nobody.
    expect((await getHub(hub.identifier)).statusCode).toBe(401);
  });
});
