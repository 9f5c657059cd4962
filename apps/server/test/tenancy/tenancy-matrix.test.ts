import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { hubs, users } from '../../src/db/schema/index.js';
import { withTenant } from '../../src/db/tenant.js';
import { createCluster, createHub, createUser, signIn, type TTestCluster, type TTestHub, type TTestUser } from '../factories.js';
import { describeDb, getTestApp, type TTestApp } from '../test-app.js';

/**
 * The cross-tenant matrix (issue #2 item 8). Every endpoint joins ENDPOINTS below: a user of cluster A,
 * or of hub A, asking for B's data gets 401/403/404 and never sees a row of B.
 */
type TEndpointCase = {
  name: string;
  method: 'GET' | 'POST';
  url: (target: { hub: TTestHub; user: TTestUser }) => string;
  hubHeader?: (target: { hub: TTestHub }) => string;
  payload?: (target: { hub: TTestHub; user: TTestUser }) => object;
  /** Statuses that count as refused. */
  refused: number[];
};

const ENDPOINTS: TEndpointCase[] = [
  { name: 'GET /api/hub', method: 'GET', url: () => '/api/hub', hubHeader: ({ hub }) => hub.identifier, refused: [403, 404] },
  { name: 'GET /api/hub by numeric id', method: 'GET', url: () => '/api/hub', hubHeader: ({ hub }) => String(hub.id), refused: [403, 404] },
  { name: 'GET /api/hubs/:identifier/public', method: 'GET', url: ({ hub }) => `/api/hubs/${hub.identifier}/public`, refused: [404] },
  {
    name: 'POST /api/auth/sign-up into the other hub',
    method: 'POST',
    url: () => '/api/auth/sign-up',
    payload: ({ hub }) => ({ hubIdentifier: hub.identifier, firstName: 'X', lastName: 'Y', email: `x-${hub.id}@example.test`, password: 'Password-1' }),
    refused: [404],
  },
  { name: 'GET /api/directory', method: 'GET', url: () => '/api/directory', hubHeader: ({ hub }) => hub.identifier, refused: [403, 404] },
  { name: 'GET /api/users/mentions', method: 'GET', url: () => '/api/users/mentions?q=test', hubHeader: ({ hub }) => hub.identifier, refused: [403, 404] },
  { name: 'GET /api/hub/approvals', method: 'GET', url: () => '/api/hub/approvals', hubHeader: ({ hub }) => hub.identifier, refused: [403, 404] },
  {
    name: 'POST /api/hub/approvals/:userId',
    method: 'POST',
    url: ({ user }) => `/api/hub/approvals/${user.id}`,
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ decision: 'approve' }),
    refused: [403, 404],
  },
  {
    name: 'GET /api/profiles/:identifier/similar',
    method: 'GET',
    url: ({ user }) => `/api/profiles/${user.identifier}/similar`,
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  {
    name: 'GET /api/profiles/:identifier/similar',
    method: 'GET',
    url: ({ user }) => `/api/profiles/${user.identifier}/similar`,
    hubHeader: ({ hub }) => hub.identifier,
    refused: [403, 404],
  },
  { name: 'GET /api/profile-questions', method: 'GET', url: () => '/api/profile-questions', hubHeader: ({ hub }) => hub.identifier, refused: [403, 404] },
  { name: 'GET /api/signup/options', method: 'GET', url: () => '/api/signup/options', hubHeader: ({ hub }) => hub.identifier, refused: [403, 404] },
  { name: 'POST /api/signup/complete', method: 'POST', url: () => '/api/signup/complete', hubHeader: ({ hub }) => hub.identifier, payload: () => ({}), refused: [403, 404] },
  {
    name: 'POST /api/ftu/matching',
    method: 'POST',
    url: () => '/api/ftu/matching',
    hubHeader: ({ hub }) => hub.identifier,
    payload: () => ({ industries: ['x'], helpTopics: [] }),
    refused: [403, 404],
  },
  ...inboxEndpoints(),
  { name: 'GET /api/profiles/:identifier', method: 'GET', url: ({ user }) => `/api/profiles/${user.identifier}`, refused: [404] },
  {
    name: 'POST /api/auth/sign-in with the other cluster’s account',
    method: 'POST',
    url: () => '/api/auth/sign-in',
    payload: ({ user }) => ({ loginMethod: 'email', email: user.email, password: 'Test-password-1' }),
    refused: [401],
  },
];

/** Rows made in beforeAll that endpoint cases point at: a real thread of cluster B, hub A's identifier. */
const matrixTargets = { threadIdB: '', hubAIdentifier: '' };

/** Inbox endpoints (issue #5): B's hub is unknown in cluster A, and B's thread is never found. */
function inboxEndpoints(): TEndpointCase[] {
  const hubHeader = ({ hub }: { hub: TTestHub }) => hub.identifier;
  const threadOf = () => `/api/inbox/threads/${matrixTargets.threadIdB}`;
  const gets = ['/api/inbox/threads?tab=inbox', '/api/inbox/threads?tab=rooms', '/api/inbox/unread-count', '/api/inbox/search?q=test'];
  return [
    ...gets.map((path): TEndpointCase => ({ name: `GET ${path}`, method: 'GET', url: () => path, hubHeader, refused: [403, 404] })),
    { name: 'POST /api/inbox/threads to a user of B', method: 'POST', url: () => '/api/inbox/threads', hubHeader, payload: ({ user }) => ({ recipientId: user.id, messageType: 'message', body: 'Hi' }), refused: [403, 404] },
    {
      name: 'POST /api/inbox/threads to a user of B from my own hub',
      method: 'POST',
      url: () => '/api/inbox/threads',
      hubHeader: () => matrixTargets.hubAIdentifier,
      payload: ({ user }) => ({ recipientId: user.id, messageType: 'message', body: 'Hi' }),
      refused: [404],
    },
    { name: 'GET B’s thread with my own hub', method: 'GET', url: threadOf, hubHeader: () => matrixTargets.hubAIdentifier, refused: [404] },
    { name: 'GET /api/inbox/threads/:id', method: 'GET', url: threadOf, hubHeader, refused: [403, 404] },
    { name: 'GET /api/inbox/threads/:id/messages', method: 'GET', url: () => `${threadOf()}/messages`, hubHeader, refused: [403, 404] },
    { name: 'POST /api/inbox/threads/:id/messages', method: 'POST', url: () => `${threadOf()}/messages`, hubHeader, payload: () => ({ body: 'Hi' }), refused: [403, 404] },
    ...['read', 'archive', 'unarchive', 'accept', 'reject', 'close'].map(
      (action): TEndpointCase => ({ name: `POST /api/inbox/threads/:id/${action}`, method: 'POST', url: () => `${threadOf()}/${action}`, hubHeader, refused: [403, 404] }),
    ),
  ];
}

describeDb('cross-tenant matrix', () => {
  let t: TTestApp;
  let a: TTestCluster;
  let b: TTestCluster;
  let hubA: TTestHub;
  let hubA2: TTestHub;
  let hubB: TTestHub;
  let userA: TTestUser;
  let userB: TTestUser;
  let tokenA: string;

  beforeAll(async () => {
    t = await getTestApp();
    a = await createCluster(t.database.db);
    b = await createCluster(t.database.db);
    hubA = await createHub(t.database.db, a);
    hubA2 = await createHub(t.database.db, a);
    hubB = await createHub(t.database.db, b, { identifier: 'shared-name' });
    await createHub(t.database.db, a, { identifier: 'other-name' });
    userA = await createUser(t.database.db, a, { hub: hubA });
    userB = await createUser(t.database.db, b, { hub: hubB });
    tokenA = (await signIn(t.app, a, userA)).token;
    matrixTargets.hubAIdentifier = hubA.identifier;
    const userB2 = await createUser(t.database.db, b, { hub: hubB, userType: 'alumni' });
    const tokenB = (await signIn(t.app, b, userB)).token;
    const thread = await t.app.inject({
      method: 'POST',
      url: '/api/inbox/threads',
      headers: { host: b.host, authorization: `Bearer ${tokenB}`, 'x-hub-id': hubB.identifier },
      payload: { recipientId: userB2.id, messageType: 'message', body: 'Only for B' },
    });
    matrixTargets.threadIdB = thread.json<{ thread: { id: string } }>().thread.id;
  });
  afterAll(async () => t.close());

  it.each(ENDPOINTS)('$name: a user of cluster A cannot reach cluster B', async (endpoint) => {
    const response = await t.app.inject({
      method: endpoint.method,
      url: endpoint.url({ hub: hubB, user: userB }),
      headers: {
        host: a.host,
        authorization: `Bearer ${tokenA}`,
        ...(endpoint.hubHeader ? { 'x-hub-id': endpoint.hubHeader({ hub: hubB }) } : {}),
      },
      ...(endpoint.payload ? { payload: endpoint.payload({ hub: hubB, user: userB }) } : {}),
    });
    expect(endpoint.refused).toContain(response.statusCode);
    expect(response.body).not.toContain(b.clusterId);
    expect(response.body).not.toContain(userB.id);
  });

  it('a token of cluster A presented on cluster B’s host is refused', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { host: b.host, authorization: `Bearer ${tokenA}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('token_invalid');
  });

  it('a member of hub A is refused hub A2 of the same cluster (403)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/hub',
      headers: { host: a.host, authorization: `Bearer ${tokenA}`, 'x-hub-id': hubA2.identifier },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.user_message).toBe('You are not a member of this hub.');
  });

  it('a raw query without any WHERE clause sees only the current tenant’s rows', async () => {
    const seen = await withTenant(t.database.db, { clusterId: a.clusterId, hubId: hubA.id }, async (tx) => ({
      users: await tx.select({ clusterId: users.clusterId }).from(users),
      hubs: await tx.select({ clusterId: hubs.clusterId }).from(hubs),
      raw: await queryRows<{ cluster_id: string }>(tx, sql`select cluster_id from hub_memberships`),
      clusters: await queryRows<{ id: string }>(tx, sql`select id from clusters`),
    }));
    expect(seen.users.length).toBeGreaterThan(0);
    expect(new Set(seen.users.map((r) => r.clusterId))).toEqual(new Set([a.clusterId]));
    expect(new Set(seen.hubs.map((r) => r.clusterId))).toEqual(new Set([a.clusterId]));
    expect(new Set(seen.raw.map((r) => r.cluster_id))).toEqual(new Set([a.clusterId]));
    expect(seen.clusters.map((r) => r.id)).toEqual([a.clusterId]);
  });

  it('hub-scoped rows of another hub stay hidden without a cluster-wide scope', async () => {
    const typesOfHubA = await withTenant(t.database.db, { clusterId: a.clusterId, hubId: hubA.id }, (tx) =>
      queryRows<{ hub_id: string }>(tx, sql`select hub_id from user_types`),
    );
    expect(new Set(typesOfHubA.map((r) => Number(r.hub_id)))).toEqual(new Set([hubA.id]));
  });

  it('without any tenant setting no row is visible', async () => {
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
    expect(rows[0]?.n).toBe(0);
  });

  it('the database refuses a write into another cluster even from the app role', async () => {
    await expect(
      withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, (tx) =>
        tx.insert(users).values({ clusterId: b.clusterId, identifier: 'intruder', email: 'intruder@example.test', firstName: 'I', lastName: 'N' }),
      ),
    ).rejects.toSatisfy((error: Error) => /row-level security/.test(String((error.cause as Error | undefined)?.message ?? error.message)));
    await expect(
      withTenant(t.database.db, { clusterId: a.clusterId, isClusterScope: true }, (tx) =>
        queryRows(tx, sql`update users set first_name = 'Owned' where cluster_id = ${b.clusterId} returning id`),
      ),
    ).resolves.toEqual([]);
  });

  it('the server connects as a role that is neither superuser, owner nor BYPASSRLS', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owns_users: boolean }>(
      t.database.db,
      sql`select r.rolsuper, r.rolbypassrls, (select tableowner = current_user from pg_tables where tablename = 'users') as owns_users
          from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owns_users: false });
  });

  it('every table with a cluster_id column has row-level security enabled and forced', async () => {
    const tables = await queryRows<{ table_name: string; relrowsecurity: boolean; relforcerowsecurity: boolean; policies: number }>(
      t.database.db,
      sql`select c.relname as table_name, c.relrowsecurity, c.relforcerowsecurity,
                 (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and (exists (select 1 from information_schema.columns col where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'cluster_id')
                 or c.relname = 'clusters')`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(10);
    for (const table of tables) {
      expect({ table: table.table_name, rls: table.relrowsecurity, forced: table.relforcerowsecurity, hasPolicy: table.policies > 0 }).toEqual({
        table: table.table_name,
        rls: true,
        forced: true,
        hasPolicy: true,
      });
    }
  });
});
