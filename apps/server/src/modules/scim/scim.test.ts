import type { TCreatedScimToken, TScimSettings } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { auditLog, directoryEntries, hubMemberships, mailOutbox, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { parseScimFilter, parseScimPath } from './scim.filter.js';

const SCIM_JSON = 'application/scim+json';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type TScimUser = {
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  name: { givenName: string; familyName: string };
  emails: Array<{ value: string; primary: boolean }>;
  meta: { location: string; resourceType: string };
};
type TScimGroup = {
  id: string;
  displayName: string;
  members?: Array<{ value: string; display: string }>;
};
type TList<T> = { totalResults: number; startIndex: number; itemsPerPage: number; Resources: T[] };

describe('SCIM filter and path grammar', () => {
  it('reads eq comparisons joined by and, with JSON string literals', () => {
    expect(parseScimFilter('userName eq "ada@example.test"')).toEqual([
      { attribute: 'username', value: 'ada@example.test' },
    ]);
    expect(parseScimFilter('externalId eq "a \\"b\\"" and active eq true')).toEqual([
      { attribute: 'externalid', value: 'a "b"' },
      { attribute: 'active', value: true },
    ]);
    expect(parseScimFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "x"')).toEqual([
      { attribute: 'username', value: 'x' },
    ]);
  });

  it.each([
    'userName',
    'userName eq',
    'userName eq "x" or id eq "y"',
    'userName co "x"',
    'userName eq "x',
    '(userName eq "x")',
    'userName eq bare',
  ])('refuses %s as invalidFilter', (filter) => {
    expect(() => parseScimFilter(filter)).toThrow(expect.objectContaining({ scimType: 'invalidFilter' }));
  });

  it('reads PATCH paths of Entra ID and Okta', () => {
    expect(parseScimPath('name.givenName')).toEqual({
      attribute: 'name',
      filter: null,
      subAttribute: 'givenname',
    });
    expect(parseScimPath('emails[type eq "work"].value')).toEqual({
      attribute: 'emails',
      filter: [{ attribute: 'type', value: 'work' }],
      subAttribute: 'value',
    });
    expect(parseScimPath('members[value eq "abc"]')?.filter).toEqual([{ attribute: 'value', value: 'abc' }]);
    expect(parseScimPath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department')).toBeNull();
    expect(() => parseScimPath('emails[type eq ].value')).toThrow(
      expect.objectContaining({ scimType: 'invalidPath' }),
    );
  });
});

/** SCIM 2.0 provisioning (issue #24 item 6) through the real app and database. */
describeDb('SCIM 2.0 provisioning (issue #24 item 6)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let clusterAdmin: TTestUser;
  let otherClusterAdmin: TTestUser;
  let adminToken = '';
  let scimToken = '';
  let otherScimToken = '';

  const createToken = async (of: TTestCluster, admin: TTestUser, name: string) => {
    const { token } = await signIn(t.app, of, admin);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/scim/tokens',
      headers: { host: of.host, authorization: `Bearer ${token}` },
      payload: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TCreatedScimToken>();
  };
  const scim = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { body?: object; token?: string; host?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        host: options.host ?? cluster.host,
        authorization: `Bearer ${options.token ?? scimToken}`,
        ...(options.body ? { 'content-type': SCIM_JSON } : {}),
      },
      ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
    });
  const patchOps = (...Operations: object[]) => ({ schemas: [PATCH_SCHEMA], Operations });
  const expectScimError = (response: Awaited<ReturnType<typeof scim>>, status: number, scimType?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toContain(SCIM_JSON);
    const body = response.json<{ schemas: string[]; status: string; scimType?: string; detail: string }>();
    expect(body.schemas).toEqual([ERROR_SCHEMA]);
    expect(body.status).toBe(String(status));
    expect(body.detail.length).toBeGreaterThan(0);
    if (scimType) expect(body.scimType).toBe(scimType);
  };
  const createScimUser = async (userName: string, extra: object = {}) => {
    const response = await scim('POST', '/Users', {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName,
        name: { givenName: 'Grace', familyName: 'Hopper' },
        emails: [{ value: userName, type: 'work', primary: true }],
        active: true,
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TScimUser>();
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, { isClusterAdmin: true });
    adminToken = (await signIn(t.app, cluster, clusterAdmin)).token;
    scimToken = (await createToken(cluster, clusterAdmin, 'Entra ID')).secret;
    otherScimToken = (await createToken(otherCluster, otherClusterAdmin, 'Okta')).secret;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the discovery documents in application/scim+json', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toContain(SCIM_JSON);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json<TList<{ id: string }>>().Resources.map((r) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.json<TList<{ id: string }>>().totalResults).toBe(2);
    expectScimError(await scim('GET', '/Nothing'), 404);
  });

  it('creates a user with a verified address and no password, and refuses the same userName again', async () => {
    const created = await createScimUser('Grace.Hopper@Example.test', { externalId: 'entra-1' });
    expect(created).toMatchObject({
      userName: 'grace.hopper@example.test',
      externalId: 'entra-1',
      active: true,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: 'grace.hopper@example.test', primary: true }],
    });
    expect(created.meta.location).toBe(`http://${cluster.host}/scim/v2/Users/${created.id}`);
    const [row] = await asCluster((tx) => tx.select().from(users).where(eq(users.id, created.id)));
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null, clusterId: cluster.clusterId });

    const again = await scim('POST', '/Users', { body: { userName: 'grace.hopper@example.test' } });
    expectScimError(again, 409, 'uniqueness');
    expectScimError(
      await scim('POST', '/Users', { body: { userName: 'not-an-email' } }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('POST', '/Users', { body: { name: { givenName: 'No' } } }),
      400,
      'invalidValue',
    );
    const audit = await asCluster((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'scim.user_created'), eq(auditLog.targetId, created.id))),
    );
    expect(audit).toHaveLength(1);
  });

  it('answers a body that is not JSON, or not an object, with invalidSyntax', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { host: cluster.host, authorization: `Bearer ${scimToken}`, 'content-type': SCIM_JSON },
      payload: '{"userName": ',
    });
    expectScimError(broken, 400, 'invalidSyntax');
    const list = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { host: cluster.host, authorization: `Bearer ${scimToken}`, 'content-type': SCIM_JSON },
      payload: '["a"]',
    });
    expectScimError(list, 400, 'invalidSyntax');
  });

  it('filters users by userName and externalId, and pages with startIndex and count', async () => {
    const ada = await createScimUser('ada@example.test', { externalId: 'okta-ada' });
    await createScimUser('alan@example.test');
    const byName = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ADA@example.test"')}`);
    expect(byName.statusCode).toBe(200);
    const list = byName.json<TList<TScimUser>>();
    expect(list).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(list.Resources[0]?.id).toBe(ada.id);
    const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "okta-ada"')}`);
    expect(byExternal.json<TList<TScimUser>>().Resources.map((u) => u.id)).toEqual([ada.id]);
    const none = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@example.test"')}`,
    );
    expect(none.json<TList<TScimUser>>()).toMatchObject({ totalResults: 0, Resources: [] });

    const all = (await scim('GET', '/Users?count=200')).json<TList<TScimUser>>();
    expect(all.totalResults).toBeGreaterThanOrEqual(4);
    const second = (await scim('GET', '/Users?startIndex=2&count=1')).json<TList<TScimUser>>();
    expect(second).toMatchObject({ startIndex: 2, itemsPerPage: 1, totalResults: all.totalResults });
    expect(second.Resources[0]?.id).toBe(all.Resources[1]?.id);

    expectScimError(
      await scim('GET', `/Users?filter=${encodeURIComponent('userName sw "a"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`),
      400,
      'invalidFilter',
    );
    expectScimError(
      await scim('GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`),
      400,
      'invalidFilter',
    );
  });

  it('replaces a user with PUT and changes names, address and externalId with PATCH (Entra ID and Okta paths)', async () => {
    const user = await createScimUser('katherine@example.test');
    const put = await scim('PUT', `/Users/${user.id}`, {
      body: {
        userName: 'katherine@example.test',
        name: { givenName: 'Katherine', familyName: 'Johnson' },
        externalId: 'k-1',
        active: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<TScimUser>()).toMatchObject({
      name: { givenName: 'Katherine', familyName: 'Johnson' },
      externalId: 'k-1',
    });

    const entra = await scim('PATCH', `/Users/${user.id}`, {
      body: patchOps(
        { op: 'Replace', path: 'name.givenName', value: 'Kathy' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'kathy@example.test' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'NASA',
        },
      ),
    });
    expect(entra.statusCode, entra.body).toBe(200);
    expect(entra.json<TScimUser>()).toMatchObject({
      userName: 'kathy@example.test',
      name: { givenName: 'Kathy', familyName: 'Johnson' },
    });

    const okta = await scim('PATCH', `/Users/${user.id}`, {
      body: patchOps({ op: 'replace', value: { 'name.familyName': 'Goble', externalId: 'k-2' } }),
    });
    expect(okta.json<TScimUser>()).toMatchObject({ externalId: 'k-2', name: { familyName: 'Goble' } });

    const taken = await scim('PATCH', `/Users/${user.id}`, {
      body: patchOps({ op: 'replace', path: 'userName', value: 'grace.hopper@example.test' }),
    });
    expectScimError(taken, 409, 'uniqueness');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { body: patchOps({ op: 'remove', path: 'userName' }) }),
      400,
      'mutability',
    );
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, {
        body: patchOps({ op: 'replace', path: 'active', value: 'maybe' }),
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { body: { Operations: [] } }),
      400,
      'invalidValue',
    );
    // A failed request wrote nothing: the name stays.
    expect((await scim('GET', `/Users/${user.id}`)).json<TScimUser>().name.familyName).toBe('Goble');
    expectScimError(await scim('GET', '/Users/00000000-0000-4000-8000-000000000000'), 404);
    expectScimError(await scim('GET', '/Users/not-a-uuid'), 404);
  });

  it('deactivation ends every session and refuses sign-in; reactivation lets the person in again', async () => {
    const person = await createUser(t.database.db, cluster, { hub });
    const session = await signIn(t.app, cluster, person);
    // A sign-in link asked before the deactivation.
    const magicLink = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        headers: { host: cluster.host },
        payload: { email: person.email },
      });
    const mailsTo = () =>
      asCluster((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email)));
    await magicLink();
    const mailed = await mailsTo();
    const link = /magic_link=([\w-]+)/.exec(mailed[0]?.textBody ?? '')?.[1] ?? '';
    expect(link).not.toBe('');
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { host: cluster.host, authorization: `Bearer ${session.token}` },
      });
    expect((await me()).statusCode).toBe(200);
    const listedIn = async () =>
      (
        await asCluster((tx) =>
          tx
            .select({ hubId: directoryEntries.hubId })
            .from(directoryEntries)
            .where(eq(directoryEntries.userId, person.id)),
        )
      ).map((entry) => entry.hubId);
    expect(await listedIn()).toEqual([hub.id]);

    const found = (
      await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${person.email}"`)}`)
    ).json<TList<TScimUser>>().Resources[0];
    expect(found?.id).toBe(person.id);
    // Entra ID sends the boolean as a string.
    const off = await scim('PATCH', `/Users/${person.id}`, {
      body: patchOps({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TScimUser>().active).toBe(false);

    expect((await me()).statusCode).toBe(401);
    expect(await listedIn()).toEqual([]);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh-token',
      headers: { host: cluster.host, 'x-platform': 'pwa' },
      cookies: { commons_refresh: session.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      payload: { loginMethod: 'email', email: person.email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json()).toMatchObject({
      error: { user_message: expect.stringContaining('turned this account off') },
    });

    // The link mailed before does not sign the person in, and none is mailed now.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      headers: { host: cluster.host },
      payload: { token: link },
    });
    expect(verify.statusCode).toBe(401);
    await magicLink();
    expect(await mailsTo()).toHaveLength(mailed.length);

    const on = await scim('PATCH', `/Users/${person.id}`, {
      body: patchOps({ op: 'replace', value: { active: true } }),
    });
    expect(on.json<TScimUser>().active).toBe(true);
    expect(await listedIn()).toEqual([hub.id]);
    expect((await signIn(t.app, cluster, person)).token).toBeTruthy();
    const actions = await asCluster((tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, person.id)),
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['scim.user_deactivated', 'scim.user_reactivated']),
    );
  });

  it('DELETE deactivates the account, ends its sessions and answers 404 afterwards', async () => {
    const person = await createUser(t.database.db, cluster, { hub });
    const session = await signIn(t.app, cluster, person);
    const deleted = await scim('DELETE', `/Users/${person.id}`);
    expect(deleted.statusCode).toBe(204);
    expectScimError(await scim('GET', `/Users/${person.id}`), 404);
    expectScimError(await scim('DELETE', `/Users/${person.id}`), 404);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: cluster.host, authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(401);
    const [row] = await asCluster((tx) => tx.select().from(users).where(eq(users.id, person.id)));
    expect(row?.deleteRequestedAt).not.toBeNull();
  });

  it('groups: create, filter, PATCH members; a group mapped to a hub user type gives its members that membership', async () => {
    const first = await createScimUser('member-one@example.test');
    const second = await createScimUser('member-two@example.test');
    const created = await scim('POST', '/Groups', {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Alumni 2020',
        members: [{ value: first.id }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json<TScimGroup>();
    expect(group.members?.map((m) => m.value)).toEqual([first.id]);
    expectScimError(
      await scim('POST', '/Groups', { body: { displayName: 'Alumni 2020' } }),
      409,
      'uniqueness',
    );
    expectScimError(
      await scim('POST', '/Groups', {
        body: { displayName: 'Ghosts', members: [{ value: '00000000-0000-4000-8000-000000000000' }] },
      }),
      400,
      'invalidValue',
    );
    const byName = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Alumni 2020"')}&excludedAttributes=members`,
    );
    const listed = byName.json<TList<TScimGroup>>();
    expect(listed.totalResults).toBe(1);
    expect(listed.Resources[0]?.id).toBe(group.id);
    expect(listed.Resources[0]?.members).toBeUndefined();

    // The admin maps the group to the hub's Alumni type: its member joins at once, approved.
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/scim/groups/${group.id}/mapping`,
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
      payload: { hubId: hub.id, userTypeId: hub.userTypeIds.alumni },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({
      hubId: hub.id,
      userTypeId: hub.userTypeIds.alumni,
      memberCount: 1,
    });
    const membershipOf = async (userId: string) =>
      (
        await asCluster((tx) =>
          tx
            .select()
            .from(hubMemberships)
            .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, userId))),
        )
      )[0];
    expect(await membershipOf(first.id)).toMatchObject({
      approved: true,
      userTypeId: hub.userTypeIds.alumni,
    });

    const added = await scim('PATCH', `/Groups/${group.id}`, {
      body: patchOps({ op: 'Add', path: 'members', value: [{ value: second.id }] }),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json<TScimGroup>()
        .members?.map((m) => m.value)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(await membershipOf(second.id)).toMatchObject({
      approved: true,
      userTypeId: hub.userTypeIds.alumni,
    });

    // Removed from the group: the hub membership stays, and the audit log notes it.
    const removed = await scim('PATCH', `/Groups/${group.id}`, {
      body: patchOps({ op: 'remove', path: `members[value eq "${first.id}"]` }),
    });
    expect(removed.json<TScimGroup>().members?.map((m) => m.value)).toEqual([second.id]);
    expect(await membershipOf(first.id)).toBeDefined();
    const notes = await asCluster((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'scim.group_members_removed'), eq(auditLog.targetId, group.id))),
    );
    expect(notes[0]?.data).toMatchObject({ userIds: [first.id], hubMembershipKept: true });

    const notAnId = await scim('PATCH', `/Groups/${group.id}`, {
      body: patchOps({ op: 'remove', path: 'members[value eq "not-a-user-id"]' }),
    });
    expect(notAnId.statusCode, notAnId.body).toBe(200);
    expect(notAnId.json<TScimGroup>().members?.map((m) => m.value)).toEqual([second.id]);

    const renamed = await scim('PATCH', `/Groups/${group.id}`, {
      body: patchOps({ op: 'replace', value: { displayName: 'Alumni of 2020' } }),
    });
    expect(renamed.json<TScimGroup>().displayName).toBe('Alumni of 2020');
    expect((await scim('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expectScimError(await scim('GET', `/Groups/${group.id}`), 404);
    expect(await membershipOf(second.id)).toBeDefined();
  });

  it("refuses a missing, unknown, revoked or other cluster's token, and records the last use", async () => {
    expectScimError(await scim('GET', '/Users', { token: 'scim_wrong' }), 401);
    const noToken = await t.app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      headers: { host: cluster.host },
    });
    expectScimError(noToken, 401);
    expect(noToken.headers['www-authenticate']).toContain('Bearer');
    // A token of cluster B never reads nor writes cluster A.
    expectScimError(await scim('GET', '/Users', { token: otherScimToken }), 401);
    expectScimError(
      await scim('POST', '/Users', { token: otherScimToken, body: { userName: 'intruder@example.test' } }),
      401,
    );
    const onItsOwnHost = await scim('GET', '/Users', { token: otherScimToken, host: otherCluster.host });
    expect(onItsOwnHost.statusCode).toBe(200);
    const ids = onItsOwnHost.json<TList<TScimUser>>().Resources.map((u) => u.id);
    expect(ids).toContain(otherClusterAdmin.id);
    expect(ids).not.toContain(clusterAdmin.id);

    const revocable = await createToken(cluster, clusterAdmin, 'To revoke');
    expect((await scim('GET', '/Users', { token: revocable.secret })).statusCode).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/scim',
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
    });
    const listed = settings.json<TScimSettings>().tokens.find((k) => k.id === revocable.token.id);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(listed?.prefix).toBe(revocable.secret.slice(0, 11));
    expect(JSON.stringify(settings.json())).not.toContain(revocable.secret);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/scim/tokens/${revocable.token.id}`,
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
    });
    expect(revoke.statusCode).toBe(204);
    expectScimError(await scim('GET', '/Users', { token: revocable.secret }), 401);
  });

  it('counts failed authentications per address and answers 429 past the limit', async () => {
    const limited = await getTestApp({ rateLimits: { authPerIp: 3 } });
    try {
      const of = await createCluster(limited.database.db);
      const attempt = () =>
        limited.app.inject({
          method: 'GET',
          url: '/scim/v2/Users',
          headers: { host: of.host, authorization: 'Bearer scim_guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '429' });
    } finally {
      await limited.close();
    }
  });

  it('sso-settings: only cluster and super admins manage tokens and mappings; a mapping needs a type of the hub', async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['user-management'],
    });
    for (const user of [member, hubAdmin]) {
      const { token } = await signIn(t.app, cluster, user);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/scim/tokens',
        headers: { host: cluster.host, authorization: `Bearer ${token}` },
        payload: { name: 'Mine' },
      });
      expect(response.statusCode).toBe(403);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/scim/tokens',
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
      payload: { name: '  ' },
    });
    expect(empty.statusCode).toBe(400);

    const group = (await scim('POST', '/Groups', { body: { displayName: 'Faculty' } })).json<TScimGroup>();
    const otherHub = await createHub(t.database.db, cluster);
    const wrongType = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/scim/groups/${group.id}/mapping`,
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
      payload: { hubId: hub.id, userTypeId: otherHub.userTypeIds.student },
    });
    expect(wrongType.statusCode).toBe(400);
    const half = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/scim/groups/${group.id}/mapping`,
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
      payload: { hubId: hub.id, userTypeId: null },
    });
    expect(half.statusCode).toBe(400);
    const settings = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/scim',
        headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
      })
    ).json<TScimSettings>();
    expect(settings.basePath).toBe('/scim/v2');
    expect(settings.groups.find((g) => g.id === group.id)).toMatchObject({
      hubId: null,
      userTypeId: null,
      memberCount: 0,
    });
    expect(settings.hubs.find((h) => h.id === hub.id)?.userTypes.map((ut) => ut.title)).toEqual([
      'Student',
      'Alumni',
    ]);
  });
});
