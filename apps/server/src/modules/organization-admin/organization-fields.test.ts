import {
  PROFILE_FIELD_SLUG_TAKEN_MESSAGE,
  type TAdminProfileField,
  type TOrganizationProfileFieldsResponse,
  type TProfile,
} from '@commons/contract';
import { HUB_ACCESS_RIGHTS } from '@commons/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  TEST_HUB_MODULES,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
  createOrganization as createTestOrganization,
  signedInCaller,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { auditLog, groups, hubSettings } from '../../db/schema/index.js';
import { userProfileFieldValues } from '../../db/schema/profile-fields.js';
import { withTenant } from '../../db/tenant.js';

/** Spec 6 Organisation admins: custom-fields (issue #22): an organisation's own profile fields and its members' answers. */
/** createOrganization's arguments after the database (test/factories.ts). */
type TOrganizationArgs = Parameters<typeof createTestOrganization> extends [unknown, ...infer R] ? R : never;

describeDb('organisation custom profile fields (spec 6 Organisation admins: custom-fields)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let hubOff: TTestHub;
  let foreignHub: TTestHub;
  let orgAdmin: TTestUser;
  let member: TTestUser;
  let pendingMember: TTestUser;
  let outsider: TTestUser;
  let viewOnlyAdmin: TTestUser;
  let otherOrgAdmin: TTestUser;
  let offOrgAdmin: TTestUser;
  let hubFieldsAdmin: TTestUser;
  let hubAdminLacking: TTestUser;
  let foreignAdmin: TTestUser;
  const organization = { acme: '', globex: '', off: '', foreign: '' };

  const call = signedInCaller(() => ({ app: t.app, cluster, hub }));
  const fieldsPath = (identifier: string, rest = '') =>
    `/api/admin/organizations/${identifier}/profile-fields${rest}`;

  const createOrganization = async (...args: TOrganizationArgs) =>
    (await createTestOrganization(t.database.db, ...args)).identifier;

  const auditOf = (targetId: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ action: auditLog.action, data: auditLog.data })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, targetId), eq(auditLog.clusterId, cluster.clusterId))),
    );
  const profileOf = async (viewer: TTestUser, identifier: string): Promise<TProfile> => {
    const response = await call(viewer, 'GET', `/api/profiles/${identifier}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ profile: TProfile }>().profile;
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    const modules = [...TEST_HUB_MODULES, 'organizations'];
    hub = await createHub(t.database.db, cluster, { enabledModules: modules });
    hubOff = await createHub(t.database.db, cluster);
    foreignHub = await createHub(t.database.db, otherCluster, { enabledModules: modules });
    const person = (firstName: string, of: TTestHub = hub) =>
      createUser(t.database.db, cluster, { hub: of, firstName, lastName: 'Tester' });
    orgAdmin = await person('Olga');
    member = await person('Mara');
    pendingMember = await person('Penny');
    outsider = await person('Oscar');
    viewOnlyAdmin = await person('Vera');
    otherOrgAdmin = await person('Gus');
    offOrgAdmin = await person('Fay', hubOff);
    hubFieldsAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['custom-fields'],
    });
    hubAdminLacking = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: HUB_ACCESS_RIGHTS.filter((right) => right !== 'custom-fields'),
    });
    foreignAdmin = await createUser(t.database.db, otherCluster, { hub: foreignHub });
    organization.acme = await createOrganization(cluster, hub, 'Acme', {
      admins: [orgAdmin],
      members: [member],
      pending: [pendingMember],
      viewOnly: [viewOnlyAdmin],
    });
    organization.globex = await createOrganization(cluster, hub, 'Globex', {
      admins: [otherOrgAdmin],
      members: [outsider],
    });
    organization.off = await createOrganization(cluster, hubOff, 'Offline', { admins: [offOrgAdmin] });
    organization.foreign = await createOrganization(otherCluster, foreignHub, 'Foreign', {
      admins: [foreignAdmin],
    });
  });
  afterAll(async () => t.close());

  let chapter: TAdminProfileField;
  let year: TAdminProfileField;

  it('lets the organisation’s admin add, edit, reorder and archive its fields, audited, apart from the hub’s', async () => {
    const empty = await call(orgAdmin, 'GET', fieldsPath(organization.acme));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<TOrganizationProfileFieldsResponse>()).toMatchObject({
      items: [],
      organization: { identifier: organization.acme, name: 'Acme' },
    });
    const created = await call(orgAdmin, 'POST', fieldsPath(organization.acme), {
      payload: { label: 'Chapter', type: 'single-choice', options: ['North', 'South'], isRequired: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    chapter = created.json<TAdminProfileField>();
    expect(chapter).toMatchObject({ slug: 'chapter', type: 'single-choice', options: ['North', 'South'] });
    const second = await call(orgAdmin, 'POST', fieldsPath(organization.acme), {
      payload: { label: 'Graduation year', type: 'number' },
    });
    expect(second.statusCode, second.body).toBe(201);
    year = second.json<TAdminProfileField>();

    // The hub fields' rules: a choice needs options.
    const bad = await call(orgAdmin, 'POST', fieldsPath(organization.acme), {
      payload: { label: 'Track', type: 'multi-choice', options: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('options');

    const renamed = await call(orgAdmin, 'PATCH', fieldsPath(organization.acme, `/${chapter.id}`), {
      payload: { label: 'Local chapter', options: ['North', 'South', 'West'] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'Local chapter', slug: 'chapter' });

    const reordered = await call(orgAdmin, 'PUT', fieldsPath(organization.acme, '/order'), {
      payload: { ids: [year.id, chapter.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<TOrganizationProfileFieldsResponse>().items.map((item) => item.id)).toEqual([
      year.id,
      chapter.id,
    ]);
    const partial = await call(orgAdmin, 'PUT', fieldsPath(organization.acme, '/order'), {
      payload: { ids: [year.id] },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.fields.ids).toBe('List every profile field of this organization once.');
    await call(orgAdmin, 'PUT', fieldsPath(organization.acme, '/order'), {
      payload: { ids: [chapter.id, year.id] },
    });

    const actions = (await auditOf(chapter.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['profile_field.created', 'profile_field.updated']));

    // The hub's own editor neither lists nor reaches them.
    const hubList = await call(hubFieldsAdmin, 'GET', '/api/admin/profile-fields');
    expect(hubList.statusCode).toBe(403);
    const standard = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['standard-fields'],
    });
    const hubOwn = await call(standard, 'GET', '/api/admin/profile-fields');
    expect(hubOwn.statusCode).toBe(200);
    expect(hubOwn.json().items).toEqual([]);
    const hubPatch = await call(standard, 'PATCH', `/api/admin/profile-fields/${chapter.id}`, {
      payload: { label: 'Taken over' },
    });
    expect(hubPatch.statusCode).toBe(404);
    // Another organisation's id is not found through this one.
    const viaGlobex = await call(otherOrgAdmin, 'PATCH', fieldsPath(organization.globex, `/${chapter.id}`), {
      payload: { label: 'Taken over' },
    });
    expect(viaGlobex.statusCode).toBe(404);
  });

  it('keeps slugs unique in the hub, the hub’s own fields included', async () => {
    const standard = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['standard-fields'],
    });
    const hubField = await call(standard, 'POST', '/api/admin/profile-fields', {
      payload: { label: 'Campus', type: 'text' },
    });
    expect(hubField.statusCode, hubField.body).toBe(201);
    const taken = await call(otherOrgAdmin, 'POST', fieldsPath(organization.globex), {
      payload: { label: 'Campus', slug: 'campus', type: 'text' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.slug).toBe(PROFILE_FIELD_SLUG_TAKEN_MESSAGE);
    const numbered = await call(otherOrgAdmin, 'POST', fieldsPath(organization.globex), {
      payload: { label: 'Chapter', type: 'text' },
    });
    expect(numbered.statusCode, numbered.body).toBe(201);
    expect(numbered.json().slug).toBe('chapter-2');
    // The hub's list still has its one field only; Globex's list its own.
    expect((await call(standard, 'GET', '/api/admin/profile-fields')).json().items).toHaveLength(1);
    const globex = await call(otherOrgAdmin, 'GET', fieldsPath(organization.globex));
    expect(globex.json().items.map((item: { slug: string }) => item.slug)).toEqual(['chapter-2']);
  });

  it('is refused to a member, a view-only admin, another organisation’s admin and a hub admin without custom-fields (403), with the module off (403), across hubs and clusters (404)', async () => {
    const payload = { label: 'Sneaky', type: 'text' };
    for (const [user, identifier] of [
      [member, organization.acme],
      [viewOnlyAdmin, organization.acme],
      [pendingMember, organization.acme],
      [otherOrgAdmin, organization.acme],
      [hubAdminLacking, organization.acme],
    ] as const) {
      const list = await call(user, 'GET', fieldsPath(identifier));
      expect(list.statusCode, `${user.email} GET`).toBe(403);
      const create = await call(user, 'POST', fieldsPath(identifier), { payload });
      expect(create.statusCode, `${user.email} POST`).toBe(403);
      const patch = await call(user, 'PATCH', fieldsPath(identifier, `/${chapter.id}`), {
        payload: { label: 'Sneaky' },
      });
      expect(patch.statusCode, `${user.email} PATCH`).toBe(403);
      const remove = await call(user, 'DELETE', fieldsPath(identifier, `/${chapter.id}`));
      expect(remove.statusCode, `${user.email} DELETE`).toBe(403);
    }
    const off = await call(offOrgAdmin, 'POST', fieldsPath(organization.off), { hub: hubOff, payload });
    expect(off.statusCode).toBe(403);
    expect((await call(orgAdmin, 'GET', fieldsPath(organization.off))).statusCode).toBe(404);
    expect((await call(orgAdmin, 'GET', fieldsPath(organization.foreign))).statusCode).toBe(404);
    // A hub admin holding custom-fields manages any organisation of the hub.
    const byHubAdmin = await call(hubFieldsAdmin, 'GET', fieldsPath(organization.acme));
    expect(byHubAdmin.statusCode).toBe(200);
    expect(byHubAdmin.json().items).toHaveLength(2);
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userProfileFieldValues).where(eq(userProfileFieldValues.fieldId, chapter.id)),
    );
    expect(rows).toEqual([]);
  });

  it('asks the organisation’s approved members only, in a block named after it, outside the profile’s completeness', async () => {
    const mine = await profileOf(member, 'me');
    const block = mine.sections.customFields?.organizations;
    expect(block).toEqual([
      expect.objectContaining({
        identifier: organization.acme,
        name: 'Acme',
        items: [
          expect.objectContaining({ id: chapter.id, label: 'Local chapter', value: null, isRequired: true }),
          expect.objectContaining({ id: year.id, value: null }),
        ],
      }),
    ]);
    // The hub's own list does not carry them, and the unanswered required field leaves the health as it was.
    expect(mine.sections.customFields?.items.map((item) => item.slug)).toEqual(['campus']);
    const health = mine.sections.health;
    const campus = mine.sections.customFields?.items[0];
    if (!campus) throw new Error('campus missing');

    const saved = await call(member, 'PUT', '/api/profiles/me/custom-fields', {
      payload: {
        values: [
          { fieldId: chapter.id, value: 'West' },
          { fieldId: year.id, value: '2019' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<{ profile: TProfile }>().profile;
    expect(after.sections.customFields?.organizations[0]?.items.map((item) => item.value)).toEqual([
      'West',
      '2019',
    ]);
    expect(after.sections.health?.score).toBe(health?.score);

    // The organisation's rules apply: the choice must be an option and a required answer cannot be blank.
    const refused = await call(member, 'PUT', '/api/profiles/me/custom-fields', {
      payload: { values: [{ fieldId: chapter.id, value: 'East' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'values.0.value': 'Choose one of the options.' });

    // Another member of the hub reads the answers where the profile is readable.
    const seen = await profileOf(outsider, member.identifier);
    expect(seen.sections.customFields?.organizations).toEqual([
      expect.objectContaining({
        name: 'Acme',
        items: [
          expect.objectContaining({ label: 'Local chapter', value: 'West' }),
          expect.objectContaining({ value: '2019' }),
        ],
      }),
    ]);
    const count = await call(orgAdmin, 'GET', fieldsPath(organization.acme));
    expect(count.json().items.map((item: { answerCount: number }) => item.answerCount)).toEqual([1, 1]);
  });

  it('refuses answers from people who are not approved members of the organisation, saving nothing', async () => {
    for (const user of [outsider, pendingMember]) {
      const own = await profileOf(user, 'me');
      expect(
        (own.sections.customFields?.organizations ?? []).some((block) => block.name === 'Acme'),
        user.email,
      ).toBe(false);
      const answer = await call(user, 'PUT', '/api/profiles/me/custom-fields', {
        payload: { values: [{ fieldId: chapter.id, value: 'North' }] },
      });
      expect(answer.statusCode, user.email).toBe(400);
      expect(answer.json().error.fields).toEqual({
        'values.0.fieldId': 'This field is not asked of you in this hub.',
      });
    }
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userProfileFieldValues).where(eq(userProfileFieldValues.fieldId, chapter.id)),
    );
    expect(rows.map((row) => row.userId)).toEqual([member.id]);
  });

  it('shows and takes no organisation answers while the hub has its organizations module off', async () => {
    const setModules = (modules: string[]) =>
      withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx
          .update(hubSettings)
          .set({
            settings: sql`jsonb_set(${hubSettings.settings}, '{enabledModules}', ${JSON.stringify(modules)}::jsonb)`,
          })
          .where(eq(hubSettings.hubId, hub.id)),
      );
    await setModules([...TEST_HUB_MODULES]);
    try {
      const mine = await profileOf(member, 'me');
      expect(mine.sections.customFields?.organizations ?? []).toEqual([]);
      const answer = await call(member, 'PUT', '/api/profiles/me/custom-fields', {
        payload: { values: [{ fieldId: year.id, value: '2020' }] },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual({
        'values.0.fieldId': 'This field is not asked of you in this hub.',
      });
    } finally {
      await setModules([...TEST_HUB_MODULES, 'organizations']);
    }
    const back = await profileOf(member, 'me');
    expect(back.sections.customFields?.organizations[0]?.items.map((item) => item.value)).toEqual([
      'West',
      '2019',
    ]);
  });

  it('shows a hidden organisation’s block only to its own members', async () => {
    const secret = await createOrganization(cluster, hub, 'Secret', {
      admins: [otherOrgAdmin],
      members: [member],
    });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.update(groups).set({ isHidden: true }).where(eq(groups.identifier, secret)),
    );
    const created = await call(otherOrgAdmin, 'POST', fieldsPath(secret), {
      payload: { label: 'Codename', type: 'text' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const codename = created.json<TAdminProfileField>();
    try {
      const saved = await call(member, 'PUT', '/api/profiles/me/custom-fields', {
        payload: { values: [{ fieldId: codename.id, value: 'Heron' }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const names = (profile: TProfile) =>
        (profile.sections.customFields?.organizations ?? []).map((block) => block.name);
      expect(names(await profileOf(member, 'me'))).toEqual(['Acme', 'Secret']);
      expect(names(await profileOf(otherOrgAdmin, member.identifier))).toEqual(['Acme', 'Secret']);
      expect(names(await profileOf(outsider, member.identifier))).toEqual(['Acme']);
    } finally {
      await call(otherOrgAdmin, 'DELETE', fieldsPath(secret, `/${codename.id}`));
    }
  });

  it('archives a field off profiles and deletes one with its answers, audited with how many went', async () => {
    const archived = await call(orgAdmin, 'PATCH', fieldsPath(organization.acme, `/${year.id}`), {
      payload: { isArchived: true },
    });
    expect(archived.statusCode).toBe(200);
    const mine = await profileOf(member, 'me');
    expect(mine.sections.customFields?.organizations[0]?.items.map((item) => item.id)).toEqual([chapter.id]);

    const removed = await call(orgAdmin, 'DELETE', fieldsPath(organization.acme, `/${chapter.id}`));
    expect(removed.statusCode).toBe(204);
    expect((await call(orgAdmin, 'DELETE', fieldsPath(organization.acme, `/${chapter.id}`))).statusCode).toBe(
      404,
    );
    const audited = await auditOf(chapter.id);
    expect(audited.find((entry) => entry.action === 'profile_field.deleted')?.data).toMatchObject({
      label: 'Local chapter',
      before: { answerCount: 1 },
      after: null,
    });
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userProfileFieldValues).where(eq(userProfileFieldValues.fieldId, chapter.id)),
    );
    expect(rows).toEqual([]);
    const after = await profileOf(member, 'me');
    expect(after.sections.customFields?.organizations).toEqual([]);
  });
});
