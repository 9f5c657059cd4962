import type { TTestCluster, TTestHub, TTestUser } from '../../../test/factories.js';
import { signIn } from '../../../test/factories.js';
import type { TTestApp } from '../../../test/test-app.js';
import type { TTx } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';

type TMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The group tests' way to call the API as a user of one hub (a cached bearer token, the cluster's host
 * and the hub header; no user for anonymous calls) and to read or write rows with the cluster scope.
 */
export function groupTestClient(get: () => { t: TTestApp; cluster: TTestCluster; hub: TTestHub }) {
  const tokens = new Map<string, string>();
  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { t, cluster } = get();
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser | null, method: TMethod, url: string, payload?: object) => {
    const { t, cluster, hub } = get();
    return t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        'x-hub-id': hub.identifier,
        ...(user ? { authorization: `Bearer ${await tokenOf(user)}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  };
  const asCluster = <T>(work: (tx: TTx) => Promise<T>) => {
    const { t, cluster } = get();
    return withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  };
  return { call, asCluster };
}
