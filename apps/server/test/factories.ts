import { randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { ZGroupSettings, ZHubSettings, type TStandardUserType } from '@commons/contract';
import type { TDb } from '../src/db/client.js';
import { desc, eq } from 'drizzle-orm';
import {
  adminAccessRights,
  clusters,
  groupMemberships,
  groups,
  hubMemberships,
  hubSettings,
  hubs,
  mailOutbox,
  users,
  userTypes,
} from '../src/db/schema/index.js';
import { withTenant } from '../src/db/tenant.js';
import type { TApp } from '../src/app.js';
import { refreshDirectoryEntries } from '../src/modules/directory/directory.commands.js';

export const TEST_PASSWORD = 'Test-password-1';
let cachedHash: Promise<string> | null = null;
/**
 * The test users' password hash: argon2id with the smallest cost. A hash names its own parameters, so every
 * sign-in of a test user still runs the production verifyPassword, in 5 ms instead of about 300 ms of CPU at
 * the recommended cost; hundreds of sign-ins per suite made that a large share of the integration run.
 * Accounts created through sign-up or a password reset keep the production cost (passwords.ts).
 */
const passwordHash = () =>
  (cachedHash ??= argon2.hash(TEST_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  }));

export type TTestCluster = { clusterId: string; host: string };

/** A fresh cluster reachable under its own host name, so tests never share rows. */
export async function createCluster(db: TDb): Promise<TTestCluster> {
  const clusterId = randomUUID();
  const host = `c-${randomBytes(4).toString('hex')}.test`;
  await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
    tx.insert(clusters).values({ id: clusterId, name: `Cluster ${host}`, hostnames: [host] }),
  );
  return { clusterId, host };
}

let nextHubId = 100 + Math.floor(Math.random() * 900_000);

export type TTestHub = { id: number; identifier: string; userTypeIds: Record<'student' | 'alumni', string> };

/**
 * The modules of a test hub unless a test names its own: the settings' default ones and the modules whose API
 * answers 403 while they are off (lib/module-gate), so a test of discussions, events, resources or jobs
 * finds them on. Advisers, pathways, career paths and organizations stay off, as their own tests expect.
 */
export const TEST_HUB_MODULES = [
  'home',
  'inbox',
  'network',
  'jobs',
  'discussions',
  'events',
  'resources',
  'groups',
  'programs',
];

/** A hub with a Student and an Alumni user type. */
export async function createHub(
  db: TDb,
  cluster: TTestCluster,
  options: {
    id?: number;
    identifier?: string;
    name?: string;
    isAutoApproval?: boolean;
    enabledModules?: string[];
  } = {},
): Promise<TTestHub> {
  const id = options.id ?? nextHubId++;
  const identifier = options.identifier ?? `hub-${id}`;
  return withTenant(db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
    await tx
      .insert(hubs)
      .values({ id, clusterId: cluster.clusterId, identifier, name: options.name ?? `Hub ${identifier}` });
    await tx.insert(hubSettings).values({
      hubId: id,
      clusterId: cluster.clusterId,
      settings: ZHubSettings.parse({
        enabledModules: options.enabledModules ?? TEST_HUB_MODULES,
        coreSettings: { isAutoApprovalEnabled: options.isAutoApproval ?? false },
      }),
    });
    const types: Array<{ title: string; standardUserType: TStandardUserType }> = [
      { title: 'Student', standardUserType: 'Student' },
      { title: 'Alumni', standardUserType: 'Alumni' },
    ];
    const rows = await tx
      .insert(userTypes)
      .values(
        types.map((t, order) => ({
          ...t,
          pluralTitle: `${t.title}s`,
          order,
          clusterId: cluster.clusterId,
          hubId: id,
        })),
      )
      .returning();
    const student = rows.find((r) => r.title === 'Student')?.id ?? '';
    const alumni = rows.find((r) => r.title === 'Alumni')?.id ?? '';
    return { id, identifier, userTypeIds: { student, alumni } };
  });
}

export type TTestUser = { id: string; email: string; identifier: string };

/** A user, optionally a member of a hub (approved by default) with admin rights. */
export async function createUser(
  db: TDb,
  cluster: TTestCluster,
  options: {
    hub?: TTestHub;
    approved?: boolean | null;
    isHubAdmin?: boolean;
    rights?: string[];
    isSuperAdmin?: boolean;
    isClusterAdmin?: boolean;
    signupStage?: string | null;
    firstName?: string;
    lastName?: string;
    userType?: 'student' | 'alumni';
  } = {},
): Promise<TTestUser> {
  const suffix = randomBytes(4).toString('hex');
  const email = `user-${suffix}@example.test`;
  return withTenant(db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        clusterId: cluster.clusterId,
        identifier: `user-${suffix}`,
        email,
        firstName: options.firstName ?? 'Test',
        lastName: options.lastName ?? `User ${suffix}`,
        passwordHash: await passwordHash(),
        isSuperAdmin: options.isSuperAdmin ?? false,
        isClusterAdmin: options.isClusterAdmin ?? false,
        startedSignupAt: new Date(),
        completedSignupAt: new Date(),
        dateJoined: new Date(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert failed');
    if (options.hub) {
      await tx.insert(hubMemberships).values({
        clusterId: cluster.clusterId,
        hubId: options.hub.id,
        userId: row.id,
        userTypeId: options.hub.userTypeIds[options.userType ?? 'student'],
        isDefault: true,
        approved: options.approved === undefined ? true : options.approved,
        signupStage: options.signupStage ?? null,
        isAdmin: options.isHubAdmin ?? false,
      });
      if (options.rights?.length) {
        await tx.insert(adminAccessRights).values(
          options.rights.map((right) => ({
            clusterId: cluster.clusterId,
            hubId: options.hub?.id ?? 0,
            userId: row.id,
            right,
          })),
        );
      }
      await refreshDirectoryEntries(tx, row.id);
    }
    return { id: row.id, email, identifier: `user-${suffix}` };
  });
}

/** Signs in through the API and answers the bearer token, the refresh cookie and the page-session cookie. */
export async function signIn(
  app: TApp,
  cluster: TTestCluster,
  user: TTestUser,
): Promise<{ token: string; refreshCookie: string; pageCookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { host: cluster.host },
    payload: { loginMethod: 'email', email: user.email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = (name: string) => response.cookies.find((c) => c.name === name)?.value ?? '';
  return {
    token: response.json<{ token: string }>().token,
    refreshCookie: cookie('commons_refresh'),
    pageCookie: cookie('commons_page_session'),
  };
}

/**
 * Signs up through the API as a person would: POST /api/auth/sign-up, read the confirmation link from the
 * mail outbox, confirm it. Answers the confirmation response (201 with token and user).
 */
export async function signUpByEmail(
  app: TApp,
  options: { host: string; clusterId: string; body: Record<string, unknown> },
) {
  const requested = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { host: options.host },
    payload: options.body,
  });
  if (requested.statusCode !== 202)
    throw new Error(`sign-up failed: ${requested.statusCode} ${requested.body}`);
  const email = String(options.body.email).trim().toLowerCase();
  const rows = await withTenant(
    app.deps.database.db,
    { clusterId: options.clusterId, isClusterScope: true },
    (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1),
  );
  const token = /confirmation\?token=([\w-]+)/.exec(rows[0]?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/confirm',
    headers: { host: options.host },
    payload: { token },
  });
}

/**
 * An organisation of a hub (spec 6 Organisation admins) with its people as rows: acting admins, view-only admins,
 * approved members and members waiting for approval. The organisation console's tests share it.
 */
export async function createOrganization(
  db: TDb,
  of: TTestCluster,
  inHub: TTestHub,
  name: string,
  people: { admins: TTestUser[]; members?: TTestUser[]; pending?: TTestUser[]; viewOnly?: TTestUser[] },
): Promise<{ id: string; identifier: string }> {
  return withTenant(db, { clusterId: of.clusterId, isClusterScope: true }, async (tx) => {
    const identifier = `${inHub.identifier}-${name.toLowerCase()}`;
    const [group] = await tx
      .insert(groups)
      .values({
        clusterId: of.clusterId,
        hubId: inHub.id,
        identifier,
        groupType: 'organization',
        name,
        sortName: name.toLowerCase(),
        settings: ZGroupSettings.parse({}),
        searchText: name.toLowerCase(),
      })
      .returning();
    if (!group) throw new Error('group insert failed');
    const rows = [
      ...people.admins.map((u) => ({ userId: u.id, isAdmin: true, approved: true as boolean | null })),
      ...(people.viewOnly ?? []).map((u) => ({
        userId: u.id,
        isAdmin: true,
        isViewOnlyAdmin: true,
        approved: true as boolean | null,
      })),
      ...(people.members ?? []).map((u) => ({ userId: u.id, approved: true as boolean | null })),
      ...(people.pending ?? []).map((u) => ({ userId: u.id, approved: null })),
    ];
    await tx.insert(groupMemberships).values(
      rows.map((row) => ({
        clusterId: of.clusterId,
        hubId: inHub.id,
        groupId: group.id,
        completedRegistrationDate: row.approved ? new Date() : null,
        ...row,
      })),
    );
    return { id: group.id, identifier };
  });
}

/**
 * A caller of the app as test users, each signed in once (its token kept), on a cluster's host with a hub header:
 * `defaults` names the app, cluster and hub the test set up (read at each call, after beforeAll).
 */
export function signedInCaller(defaults: () => { app: TApp; cluster: TTestCluster; hub: TTestHub }) {
  const tokens = new Map<string, string>();
  return async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { hub?: TTestHub; of?: TTestCluster; payload?: object } = {},
  ) => {
    const { app, cluster, hub } = defaults();
    const of = options.of ?? cluster;
    let token = tokens.get(user.id);
    if (token === undefined) {
      token = (await signIn(app, of, user)).token;
      tokens.set(user.id, token);
    }
    return app.inject({
      method,
      url,
      headers: {
        host: of.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': (options.hub ?? hub).identifier,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  };
}
