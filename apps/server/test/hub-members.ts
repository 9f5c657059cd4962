import type { LightMyRequestResponse } from 'fastify';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from './factories.js';
import { getTestApp, type TTestApp } from './test-app.js';

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A test app with one cluster and hub, its signed-in members, and a call helper carrying their headers. */
export type THubMembers = {
  t: TTestApp;
  cluster: TTestCluster;
  hub: TTestHub;
  /** A new approved member of the hub, signed in. */
  member(options: {
    firstName: string;
    lastName: string;
    userType?: 'student' | 'alumni';
  }): Promise<TTestUser>;
  /** An API call on the cluster's host in the hub, as `user` (or signed out with null). */
  call(
    user: TTestUser | null,
    method: TMethod,
    url: string,
    payload?: object | string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
};

/** Opens the app on a clock that moves 10 ms per read (ordered timestamps) from `startAt`. */
export async function openHubMembers(options: { startAt?: string } = {}): Promise<THubMembers> {
  let nowMs = Date.parse(options.startAt ?? '2026-06-01T12:00:00Z');
  const t = await getTestApp({ clock: () => new Date((nowMs += 10)) });
  const cluster = await createCluster(t.database.db);
  const hub = await createHub(t.database.db, cluster);
  const tokens = new Map<string, string>();
  return {
    t,
    cluster,
    hub,
    member: async ({ userType, ...names }) => {
      const user = await createUser(t.database.db, cluster, {
        hub,
        ...names,
        ...(userType ? { userType } : {}),
      });
      tokens.set(user.id, (await signIn(t.app, cluster, user)).token);
      return user;
    },
    call: (user, method, url, payload, headers = {}) =>
      t.app.inject({
        method,
        url,
        headers: {
          host: cluster.host,
          'x-hub-id': hub.identifier,
          ...(user ? { authorization: `Bearer ${tokens.get(user.id)}` } : {}),
          ...headers,
        },
        ...(payload !== undefined ? { payload } : {}),
      }),
  };
}
