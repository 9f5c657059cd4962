import {
  userTypeHasMembersMessage,
  type TAdminUserType,
  type TAdminUserTypesResponse,
} from '@commons/contract';
import { DEFAULT_MENTORSHIP_LENGTH_TEXT, HUB_ACCESS_RIGHTS } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { auditLog, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

/** The user types editor (issue #22 item 1): rights, validation, audit, and messaging reading the edited values. */
describeDb('admin user types', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let lacking: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    let token = tokens.get(user.id);
    if (!token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });
  };
  const list = async () => {
    const response = await call(admin, 'GET', '/api/admin/user-types');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TAdminUserTypesResponse>();
  };
  const typeOf = async (id: string) => {
    const found = (await list()).items.find((item) => item.id === id);
    if (!found) throw new Error(`no user type ${id}`);
    return found;
  };
  const auditRows = (targetId: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, targetId), eq(auditLog.clusterId, cluster.clusterId))),
    );

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['standard-fields'] });
    lacking = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: HUB_ACCESS_RIGHTS.filter((right) => right !== 'standard-fields'),
    });
  });
  afterAll(async () => t.close());

  it('refuses a hub admin without standard-fields with 403 on every endpoint', async () => {
    const id = hub.userTypeIds.student;
    const answers = await Promise.all([
      call(lacking, 'GET', '/api/admin/user-types'),
      call(lacking, 'POST', '/api/admin/user-types', {
        title: 'Parent',
        pluralTitle: 'Parents',
        standardUserType: 'Friend of',
      }),
      call(lacking, 'PATCH', `/api/admin/user-types/${id}`, { pluralTitle: 'Pupils' }),
      call(lacking, 'PUT', '/api/admin/user-types/order', { ids: [id] }),
      call(lacking, 'DELETE', `/api/admin/user-types/${id}`),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(403);
    expect((await typeOf(id)).pluralTitle).toBe('Students');
  });

  it('lists the hub’s types in order with member counts and the spec 9 message type defaults', async () => {
    const body = await list();
    expect(body.items.map((item) => item.title)).toEqual(['Student', 'Alumni']);
    const student = body.items[0] as TAdminUserType;
    expect(student.memberCount).toBeGreaterThanOrEqual(2);
    expect(student.can.delete).toBe(false);
    expect(student.messageTypeSettings.longTermMentorship).toMatchObject({
      enabled: true,
      mentorshipLength: DEFAULT_MENTORSHIP_LENGTH_TEXT,
      maxOpenMentorships: 3,
      recipientUserTypeIds: [],
    });
    expect(body.hubMessageTypes.requestResume.enabled).toBe(false);
  });

  it('creates, edits, reorders and deletes an empty type, auditing each write with before and after', async () => {
    const created = await call(admin, 'POST', '/api/admin/user-types', {
      title: 'Parent',
      pluralTitle: 'Parents',
      standardUserType: 'Friend of',
      canOfferHelp: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const parent = created.json<TAdminUserType>();
    expect(parent).toMatchObject({ order: 2, memberCount: 0, canOfferHelp: true, can: { delete: true } });

    const edited = await call(admin, 'PATCH', `/api/admin/user-types/${parent.id}`, {
      pluralTitle: 'Parents & guardians',
      hideProfileSections: ['workHistory'],
      activeModules: ['home', 'inbox'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TAdminUserType>()).toMatchObject({
      pluralTitle: 'Parents & guardians',
      hideProfileSections: ['workHistory'],
      activeModules: ['home', 'inbox'],
    });
    const [updated] = (await auditRows(parent.id)).filter((row) => row.action === 'user_type.updated');
    expect(updated?.data).toMatchObject({
      before: { pluralTitle: 'Parents', hideProfileSections: [] },
      after: { pluralTitle: 'Parents & guardians', hideProfileSections: ['workHistory'] },
    });

    const ids = [parent.id, hub.userTypeIds.student, hub.userTypeIds.alumni];
    const reordered = await call(admin, 'PUT', '/api/admin/user-types/order', { ids });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<TAdminUserTypesResponse>().items.map((item) => item.id)).toEqual(ids);
    const partial = await call(admin, 'PUT', '/api/admin/user-types/order', { ids: ids.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.fields).toHaveProperty('ids');

    const removed = await call(admin, 'DELETE', `/api/admin/user-types/${parent.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list()).items.map((item) => item.id)).not.toContain(parent.id);
    const actions = (await auditRows(parent.id)).map((row) => row.action).sort();
    expect(actions).toEqual(['user_type.created', 'user_type.deleted', 'user_type.updated']);
    await call(admin, 'PUT', '/api/admin/user-types/order', {
      ids: [hub.userTypeIds.student, hub.userTypeIds.alumni],
    });
  });

  it('never deletes a type that has members (409 with the reason) and disables it instead', async () => {
    const id = hub.userTypeIds.alumni;
    await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const refused = await call(admin, 'DELETE', `/api/admin/user-types/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.user_message).toBe(userTypeHasMembersMessage(1));
    expect(refused.json().error.user_message).toMatch(
      /^1 member has this user type, so it cannot be deleted/,
    );
    await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const twice = await call(admin, 'DELETE', `/api/admin/user-types/${id}`);
    expect(twice.json().error.user_message).toMatch(/^2 members have this user type/);
    const disabled = await call(admin, 'PATCH', `/api/admin/user-types/${id}`, { isDisabled: true });
    expect(disabled.json<TAdminUserType>().isDisabled).toBe(true);
    const signupTypes = await t.app.inject({
      method: 'GET',
      url: `/api/hubs/${hub.identifier}/public`,
      headers: { host: cluster.host },
    });
    expect(signupTypes.statusCode, signupTypes.body).toBe(200);
    expect(JSON.stringify(signupTypes.json())).not.toContain(id);
    expect(JSON.stringify(signupTypes.json())).toContain(hub.userTypeIds.student);
    await call(admin, 'PATCH', `/api/admin/user-types/${id}`, { isDisabled: false });
  });

  it('deleting an empty type cleans the message types naming it and keeps profile fields from asking everyone', async () => {
    const created = await call(admin, 'POST', '/api/admin/user-types', {
      title: 'Guest',
      pluralTitle: 'Guests',
      standardUserType: 'Friend of',
    });
    const guest = created.json<TAdminUserType>();
    const scoped = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
      withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
    // Students may message only guests; alumni message anyone and mentor only guests.
    await scoped(async (tx) => {
      await tx
        .update(userTypes)
        .set({ messageTypes: [`message:${guest.id}`] })
        .where(eq(userTypes.id, hub.userTypeIds.student));
      await tx
        .update(userTypes)
        .set({ messageTypes: ['message', `flashMentorship:${guest.id}`] })
        .where(eq(userTypes.id, hub.userTypeIds.alumni));
    });
    const field = await call(admin, 'POST', '/api/admin/profile-fields', {
      label: 'Guest pass number',
      type: 'text',
      userTypeIds: [guest.id],
    });
    expect(field.statusCode, field.body).toBe(201);
    const mixed = await call(admin, 'POST', '/api/admin/profile-fields', {
      label: 'Visiting from',
      type: 'text',
      userTypeIds: [guest.id, hub.userTypeIds.alumni],
    });

    const removed = await call(admin, 'DELETE', `/api/admin/user-types/${guest.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const types = await scoped((tx) =>
      tx.select({ id: userTypes.id, messageTypes: userTypes.messageTypes }).from(userTypes),
    );
    const entriesOf = (id: string) => types.find((type) => type.id === id)?.messageTypes;
    // 'none', not an empty list (which would let students send every message type).
    expect(entriesOf(hub.userTypeIds.student)).toEqual(['none']);
    expect(entriesOf(hub.userTypeIds.alumni)).toEqual(['message']);
    const [deleted] = (await auditRows(guest.id)).filter((row) => row.action === 'user_type.deleted');
    expect(deleted?.data).toMatchObject({
      recipientOfTypesUpdated: expect.arrayContaining([hub.userTypeIds.student, hub.userTypeIds.alumni]),
    });

    // The editor sends the field back with the deleted type: it goes; a list it empties is refused, not 'everyone'.
    const only = field.json<{ id: string }>();
    const relabelled = await call(admin, 'PATCH', `/api/admin/profile-fields/${only.id}`, {
      label: 'Pass number',
      userTypeIds: [guest.id],
    });
    expect(relabelled.statusCode).toBe(400);
    expect(relabelled.json().error.fields.userTypeIds).toBe(
      'The user types this field was asked of were deleted. Choose who answers it, or archive it.',
    );
    // Archiving it needs no choice: it stays asked of nobody.
    const archived = await call(admin, 'PATCH', `/api/admin/profile-fields/${only.id}`, { isArchived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ isArchived: true, userTypeIds: [guest.id] });
    const rechosen = await call(admin, 'PATCH', `/api/admin/profile-fields/${only.id}`, {
      userTypeIds: [hub.userTypeIds.student],
    });
    expect(rechosen.json()).toMatchObject({ userTypeIds: [hub.userTypeIds.student] });
    const kept = await call(admin, 'PATCH', `/api/admin/profile-fields/${mixed.json<{ id: string }>().id}`, {
      label: 'Visiting from (city)',
      userTypeIds: [guest.id, hub.userTypeIds.alumni],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ userTypeIds: [hub.userTypeIds.alumni] });
    await scoped((tx) => tx.update(userTypes).set({ messageTypes: [] }).where(eq(userTypes.hubId, hub.id)));
  });

  it('answers 400 naming the field for invalid values and 404 for a type of another hub', async () => {
    const id = hub.userTypeIds.student;
    const cases: Array<[object, string]> = [
      [{ title: '' }, 'title'],
      [{ pluralTitle: 'x'.repeat(61) }, 'pluralTitle'],
      [{ standardUserType: 'Robot' }, 'standardUserType'],
      [{ hideProfileSections: ['nonsense'] }, 'hideProfileSections.0'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(admin, 'PATCH', `/api/admin/user-types/${id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}).join(' '), JSON.stringify(payload)).toContain(
        field,
      );
    }
    const current = (await typeOf(id)).messageTypeSettings.message;
    for (const bad of [{ maxMessages: -2 }, { maxMessages: 1001 }, { videoLink: 'javascript:alert(1)' }]) {
      const response = await call(admin, 'PATCH', `/api/admin/user-types/${id}`, {
        messageTypeSettings: { message: { ...current, ...bad } },
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const elsewhere = await createHub(t.database.db, cluster);
    const other = await call(admin, 'PATCH', `/api/admin/user-types/${elsewhere.userTypeIds.student}`, {
      pluralTitle: 'Taken over',
    });
    expect(other.statusCode).toBe(404);
    const foreignRecipient = await call(admin, 'PATCH', `/api/admin/user-types/${id}`, {
      messageTypeSettings: { message: { ...current, recipientUserTypeIds: [elsewhere.userTypeIds.alumni] } },
    });
    expect(foreignRecipient.statusCode).toBe(400);
  });

  describe('messaging reads the edited settings (spec 6 Messaging, one place of truth)', () => {
    const send = (from: TTestUser, to: TTestUser, messageType: string) =>
      call(from, 'POST', '/api/inbox/threads', {
        recipientId: to.id,
        messageType,
        body: '<p>Could we talk?</p>',
      });

    it('refuses a message type the user type disables, and a request past its edited maxMessages', async () => {
      const id = hub.userTypeIds.student;
      const sender = await createUser(t.database.db, cluster, { hub });
      const alumni = [
        await createUser(t.database.db, cluster, { hub, userType: 'alumni' }),
        await createUser(t.database.db, cluster, { hub, userType: 'alumni' }),
      ] as const;
      const before = (await typeOf(id)).messageTypeSettings;
      try {
        const edited = await call(admin, 'PATCH', `/api/admin/user-types/${id}`, {
          messageTypeSettings: {
            message: { ...before.message, enabled: false },
            flashMentorship: {
              ...before.flashMentorship,
              maxMessages: 1,
              headlineText: 'Ask a quick question',
            },
          },
        });
        expect(edited.statusCode, edited.body).toBe(200);
        const saved = edited.json<TAdminUserType>().messageTypeSettings;
        expect(saved.message.enabled).toBe(false);
        expect(saved.flashMentorship).toMatchObject({ maxMessages: 1, headlineText: 'Ask a quick question' });

        const plain = await send(sender, alumni[0], 'message');
        expect(plain.statusCode).toBe(403);
        expect(plain.json().error.code).toBe('messaging_not_allowed');

        expect((await send(sender, alumni[0], 'flashMentorship')).statusCode).toBe(201);
        const second = await send(sender, alumni[1], 'flashMentorship');
        expect(second.statusCode).toBe(403);
        expect(second.json().error).toMatchObject({ code: 'request_limit_reached', details: { limit: 1 } });

        // The other type keeps the hub's values: an alumnus still sends a plain message.
        expect((await send(alumni[1], sender, 'message')).statusCode).toBe(201);
      } finally {
        const restored = await call(admin, 'PATCH', `/api/admin/user-types/${id}`, {
          messageTypeSettings: { message: before.message, flashMentorship: before.flashMentorship },
        });
        expect(restored.statusCode, restored.body).toBe(200);
      }
      expect((await send(sender, alumni[1], 'message')).statusCode).toBe(201);
    });
  });
});
