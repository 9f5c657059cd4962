import { PROFILE_FIELD_SLUG_TAKEN_MESSAGE } from '@commons/contract';
import { HUB_ACCESS_RIGHTS } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { userProfileFieldValues } from '../../db/schema/profile-fields.js';
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

/** Issue #22 item 1: hub custom profile fields (spec 3 additionalInfo incl. paragraph) and members' answers. */
describeDb('custom profile fields (issue #22 item 1)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let adminToken: string;
  let student: TTestUser;
  let studentToken: string;
  let alumniToken: string;
  let otherMemberToken: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    const admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['standard-fields'],
    });
    adminToken = (await signIn(t.app, cluster, admin)).token;
    student = await createUser(t.database.db, cluster, { hub });
    studentToken = (await signIn(t.app, cluster, student)).token;
    alumniToken = (
      await signIn(t.app, cluster, await createUser(t.database.db, cluster, { hub, userType: 'alumni' }))
    ).token;
    otherMemberToken = (await signIn(t.app, cluster, await createUser(t.database.db, cluster, { hub })))
      .token;
  });
  afterAll(async () => t.close());

  const call = (
    method: TMethod,
    url: string,
    token: string,
    payload?: object,
    hubIdentifier = hub.identifier,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hubIdentifier },
      ...(payload ? { payload } : {}),
    });
  const auditActions = (targetId: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select({ action: auditLog.action, data: auditLog.data })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, targetId), eq(auditLog.clusterId, cluster.clusterId))),
    );

  it('refuses a hub admin without standard-fields with 403 on every endpoint', async () => {
    const lacking = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: HUB_ACCESS_RIGHTS.filter((right) => right !== 'standard-fields'),
    });
    const token = (await signIn(t.app, cluster, lacking)).token;
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', '/api/admin/profile-fields', token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/profile-fields', token, { label: 'X', type: 'text' })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/admin/profile-fields/${id}`, token, { label: 'Y' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/admin/profile-fields/order', token, { ids: [id] })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/profile-fields/${id}`, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/profile-fields', studentToken)).statusCode).toBe(403);
  });

  it('creates, edits, reorders and archives fields, each audited, and refuses bad definitions with clear messages', async () => {
    const goals = await call('POST', '/api/admin/profile-fields', adminToken, {
      label: 'Career goals',
      description: 'A few sentences.',
      type: 'paragraph',
      isRequired: true,
    });
    expect(goals.statusCode, goals.body).toBe(201);
    expect(goals.json()).toMatchObject({
      label: 'Career goals',
      slug: 'career-goals',
      type: 'paragraph',
      isRequired: true,
      options: [],
      userTypeIds: [],
      order: 0,
      isArchived: false,
      answerCount: 0,
    });

    const again = await call('POST', '/api/admin/profile-fields', adminToken, {
      label: 'Career goals',
      type: 'text',
    });
    expect(again.json().slug).toBe('career-goals-2');
    const taken = await call('POST', '/api/admin/profile-fields', adminToken, {
      label: 'Other',
      slug: 'career-goals',
      type: 'text',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ slug: PROFILE_FIELD_SLUG_TAKEN_MESSAGE });

    const badChoice = await call('POST', '/api/admin/profile-fields', adminToken, {
      label: 'Campus',
      type: 'single-choice',
      options: ['North', 'north'],
    });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json().error.fields).toEqual({ 'options.1': 'Another option already says this.' });
    const otherHubType = await call('POST', '/api/admin/profile-fields', adminToken, {
      label: 'Team',
      type: 'text',
      userTypeIds: [otherHub.userTypeIds.student],
    });
    expect(otherHubType.statusCode).toBe(400);
    expect(otherHubType.json().error.fields).toEqual({ userTypeIds: 'Choose user types of this hub.' });

    const campus = await call('POST', '/api/admin/profile-fields', adminToken, {
      label: 'Campus',
      type: 'single-choice',
      options: ['North', 'South'],
      userTypeIds: [hub.userTypeIds.student],
    });
    expect(campus.statusCode, campus.body).toBe(201);

    const edited = await call('PATCH', `/api/admin/profile-fields/${again.json().id}`, adminToken, {
      label: 'Dream job',
      isArchived: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Dream job', slug: 'career-goals-2', isArchived: true });
    expect((await auditActions(again.json().id)).map((row) => row.action).sort()).toEqual([
      'profile_field.archived',
      'profile_field.created',
    ]);
    const archived = (await auditActions(again.json().id)).find(
      (row) => row.action === 'profile_field.archived',
    );
    expect(archived?.data).toMatchObject({
      before: { label: 'Career goals', isArchived: false },
      after: { label: 'Dream job', isArchived: true },
    });

    const list = await call('GET', '/api/admin/profile-fields', adminToken);
    const ids = list.json().items.map((item: { id: string }) => item.id);
    expect(
      list
        .json()
        .userTypes.map((type: { id: string }) => type.id)
        .sort(),
    ).toEqual([hub.userTypeIds.student, hub.userTypeIds.alumni].sort());
    const reordered = await call('PUT', '/api/admin/profile-fields/order', adminToken, {
      ids: [...ids].reverse(),
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().items.map((item: { id: string }) => item.id)).toEqual([...ids].reverse());
    expect(
      (await call('PUT', '/api/admin/profile-fields/order', adminToken, { ids: ids.slice(1) })).statusCode,
    ).toBe(400);
    // Back in creation order for the member tests below.
    await call('PUT', '/api/admin/profile-fields/order', adminToken, { ids });
  });

  it('lets the owner answer the fields of their user type, shows paragraphs and answers to others, and counts additionalInfo', async () => {
    const me = async () => (await call('GET', '/api/profiles/me', studentToken)).json().profile;
    const before = await me();
    const fields = before.sections.customFields.items as Array<{ id: string; slug: string; value: unknown }>;
    // The archived field is not asked; the campus field is asked of students.
    expect(fields.map((field) => field.slug)).toEqual(['career-goals', 'campus']);
    expect(before.sections.health.missing.map((m: { attribute: string }) => m.attribute)).toContain(
      'additionalInfo',
    );
    const [goals, campus] = fields;
    if (!goals || !campus) throw new Error('fields missing');

    const refused = await call('PUT', '/api/profiles/me/custom-fields', studentToken, {
      values: [
        { fieldId: goals.id, value: '   ' },
        { fieldId: campus.id, value: 'East' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'values.0.value': 'This answer is required.',
      'values.1.value': 'Choose one of the options.',
    });

    const saved = await call('PUT', '/api/profiles/me/custom-fields', studentToken, {
      values: [
        { fieldId: goals.id, value: 'Work in public health.\n\nThen teach.' },
        { fieldId: campus.id, value: 'North' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = saved.json().profile;
    expect(profile.sections.customFields.items.map((f: { value: unknown }) => f.value)).toEqual([
      'Work in public health.\n\nThen teach.',
      'North',
    ]);
    expect(profile.sections.health.missing.map((m: { attribute: string }) => m.attribute)).not.toContain(
      'additionalInfo',
    );

    // Another member sees the answered fields only.
    const seen = await call('GET', `/api/profiles/${student.identifier}`, otherMemberToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().profile.sections.customFields.items.map((f: { slug: string }) => f.slug)).toEqual([
      'career-goals',
      'campus',
    ]);
    expect(seen.json().profile.sections.health).toBeUndefined();

    // A blank optional answer removes the stored one.
    const cleared = await call('PUT', '/api/profiles/me/custom-fields', studentToken, {
      values: [{ fieldId: campus.id, value: '' }],
    });
    expect(cleared.json().profile.sections.customFields.items[1].value).toBeNull();
  });

  it('refuses a field not asked of the member and a hub they are not in', async () => {
    const list = (await call('GET', '/api/admin/profile-fields', adminToken)).json();
    const campus = list.items.find((item: { slug: string }) => item.slug === 'campus');
    const alumniSave = await call('PUT', '/api/profiles/me/custom-fields', alumniToken, {
      values: [{ fieldId: campus.id, value: 'North' }],
    });
    expect(alumniSave.statusCode).toBe(400);
    expect(alumniSave.json().error.fields).toEqual({
      'values.0.fieldId': 'This field is not asked of you in this hub.',
    });
    const otherHubSave = await call(
      'PUT',
      '/api/profiles/me/custom-fields',
      studentToken,
      { values: [{ fieldId: campus.id, value: 'North' }] },
      otherHub.identifier,
    );
    expect([403, 404]).toContain(otherHubSave.statusCode);
  });

  it('keeps a field’s type once members answered it', async () => {
    const list = (await call('GET', '/api/admin/profile-fields', adminToken)).json();
    const goals = list.items.find((item: { slug: string }) => item.slug === 'career-goals');
    expect(goals.answerCount).toBe(1);
    const changed = await call('PATCH', `/api/admin/profile-fields/${goals.id}`, adminToken, {
      type: 'text',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.fields.type).toMatch(/^Members have answered this field/);
  });

  it('never shows or changes another hub’s field', async () => {
    const otherAdmin = await createUser(t.database.db, cluster, {
      hub: otherHub,
      isHubAdmin: true,
      rights: ['standard-fields'],
    });
    const token = (await signIn(t.app, cluster, otherAdmin)).token;
    const list = (await call('GET', '/api/admin/profile-fields', adminToken)).json();
    const first = list.items[0];
    const own = await call('GET', '/api/admin/profile-fields', token, undefined, otherHub.identifier);
    expect(own.json().items).toEqual([]);
    const patched = await call(
      'PATCH',
      `/api/admin/profile-fields/${first.id}`,
      token,
      { label: 'Taken over' },
      otherHub.identifier,
    );
    expect(patched.statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/admin/profile-fields/${first.id}`, token, undefined, otherHub.identifier))
        .statusCode,
    ).toBe(404);
    // With A's hub header the other hub's admin has no right there.
    expect((await call('GET', '/api/admin/profile-fields', token)).statusCode).toBe(403);
  });

  it('deletes a field with its answers, audited with how many answers went (issue #22 item 3)', async () => {
    const list = (await call('GET', '/api/admin/profile-fields', adminToken)).json();
    const goals = list.items.find((item: { slug: string }) => item.slug === 'career-goals');
    expect(goals.answerCount).toBe(1);
    const removed = await call('DELETE', `/api/admin/profile-fields/${goals.id}`, adminToken);
    expect(removed.statusCode).toBe(204);
    const after = (await call('GET', '/api/admin/profile-fields', adminToken)).json();
    expect(after.items.some((item: { id: string }) => item.id === goals.id)).toBe(false);
    expect((await call('DELETE', `/api/admin/profile-fields/${goals.id}`, adminToken)).statusCode).toBe(404);
    const answers = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userProfileFieldValues).where(eq(userProfileFieldValues.fieldId, goals.id)),
    );
    expect(answers).toEqual([]);
    const profile = (await call('GET', '/api/profiles/me', studentToken)).json().profile;
    const labels = (profile.sections.customFields?.items ?? []).map((item: { label: string }) => item.label);
    expect(labels).not.toContain(goals.label);
    const audited = await auditActions(goals.id);
    expect(audited.find((entry) => entry.action === 'profile_field.deleted')?.data).toMatchObject({
      label: goals.label,
      before: { answerCount: 1 },
      after: null,
    });
  });
});
