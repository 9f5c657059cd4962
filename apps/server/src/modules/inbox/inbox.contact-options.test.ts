import { ZGroupSettings, type TContactOptionsResponse } from '@commons/contract';
import { NO_AVAILABLE_DATES_MESSAGE, NOT_GROUP_MEMBER_MESSAGE, requestLimitMessage } from '@commons/domain';
import { eq } from 'drizzle-orm';
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
import { groupMemberships, groups, hubSettings, userTypes, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

describeDb('contact options: what a member may do towards others (issue #16 item 2)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  const tokens = new Map<string, string>();
  let groupCount = 0;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const setMessageTypes = (messageTypes: Record<string, object>) =>
    asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({ settings: { ...row.settings, moduleSettings: { messageTypes } } })
        .where(eq(hubSettings.hubId, hub.id));
    });
  const setAlumniType = (values: Partial<typeof userTypes.$inferInsert>) =>
    asCluster((tx) => tx.update(userTypes).set(values).where(eq(userTypes.id, hub.userTypeIds.alumni)));
  const setUser = (user: TTestUser, values: Partial<typeof users.$inferInsert>) =>
    asCluster((tx) => tx.update(users).set(values).where(eq(users.id, user.id)));

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (user: TTestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${await tokenOf(user)}`,
        'x-hub-id': hub.identifier,
      },
      ...(payload ? { payload } : {}),
    });
  const optionsFor = async (viewer: TTestUser, people: TTestUser[], groupId?: string) => {
    const query = people.map((p) => `userIds[]=${p.id}`).join('&');
    const response = await call(
      viewer,
      'GET',
      `/api/inbox/contact-options?${query}${groupId ? `&groupId=${groupId}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TContactOptionsResponse>();
  };
  const itemFor = async (viewer: TTestUser, person: TTestUser) => {
    const item = (await optionsFor(viewer, [person])).items.find((i) => i.userId === person.id);
    if (!item) throw new Error('no contact options for the person');
    return item;
  };
  const reasons = (item: Awaited<ReturnType<typeof itemFor>>) =>
    Object.fromEntries(item.messageTypes.map((o) => [o.type, o.unavailableReason]));
  const send = async (from: TTestUser, to: TTestUser, messageType: string) => {
    const response = await call(from, 'POST', '/api/inbox/threads', {
      recipientId: to.id,
      messageType,
      body: '<p>Could we talk?</p>',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const student = () => createUser(t.database.db, cluster, { hub, firstName: 'Sam' });
  const alumnus = (firstName = 'Alex') =>
    createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName });

  describe('message types (spec 6 Messaging, the rules compose uses)', () => {
    it('offers the hub’s types in their order, as compose does, and books a meeting through a meeting type', async () => {
      await setMessageTypes({});
      const [me, mentor] = [await student(), await alumnus()];
      const item = await itemFor(me, mentor);
      expect(item.messageTypes.map((o) => [o.type, o.headlineText, o.unavailableReason])).toEqual([
        ['longTermMentorship', 'Request long-term mentorship', null],
        ['flashMentorship', 'Ask for a quick chat', null],
        ['message', 'Send a message', null],
      ]);
      expect(item.meeting).toEqual({
        threadId: null,
        messageType: 'flashMentorship',
        unavailableReason: null,
      });
      // One source: compose answers the same types and reasons for the pair.
      const compose = (await call(me, 'GET', `/api/inbox/compose?recipientId=${mentor.id}`)).json<{
        messageTypes: unknown[];
      }>();
      expect(compose.messageTypes).toEqual(item.messageTypes);
    });

    it('leaves out what spec 6 refuses the pair: types the hub disables, and meetings when the user type disables them', async () => {
      await setMessageTypes({ longTermMentorship: { enabled: false }, requestResume: { enabled: true } });
      await setAlumniType({ meetingsDisabled: true });
      try {
        const item = await itemFor(await student(), await alumnus());
        expect(item.messageTypes.map((o) => o.type)).toEqual(['message', 'requestResume']);
        expect(item.meeting).toBeNull();
      } finally {
        await setAlumniType({ meetingsDisabled: false });
      }
    });

    it('leaves out types the sender’s user type may not send to the recipient’s', async () => {
      await setMessageTypes({});
      await setAlumniType({ messageTypes: ['message'] });
      try {
        const item = await itemFor(await alumnus('Ana'), await student());
        expect(item.messageTypes.map((o) => o.type)).toEqual(['message']);
        // A plain message still takes a meeting.
        expect(item.meeting).toEqual({ threadId: null, messageType: 'message', unavailableReason: null });
      } finally {
        await setAlumniType({ messageTypes: [] });
      }
    });
  });

  describe('limits and availability (spec 5): offered, with the spec message', () => {
    it('the request limit blocks the type towards everyone, with the spec message, while a plain message stays open', async () => {
      await setMessageTypes({ flashMentorship: { maxMessages: 1 }, longTermMentorship: { enabled: false } });
      const me = await student();
      const [first, second] = [await alumnus('Maya'), await alumnus('Noor')];
      await send(me, first, 'flashMentorship');
      const { items } = await optionsFor(me, [first, second]);
      expect(items.map((i) => i.userId)).toEqual([first.id, second.id]);
      for (const item of items) {
        expect(reasons(item)).toEqual({ flashMentorship: requestLimitMessage(1), message: null });
      }
      // The open flash conversation takes the meeting; elsewhere a new plain conversation does.
      expect(items[0]?.meeting).toMatchObject({ threadId: expect.any(String), unavailableReason: null });
      expect(items[1]?.meeting).toEqual({ threadId: null, messageType: 'message', unavailableReason: null });
    });

    it('a member whose last availability date has passed cannot be booked (spec message), but can still get a message', async () => {
      await setMessageTypes({});
      const [me, mentor] = [await student(), await alumnus('Lena')];
      await setUser(mentor, { lastAvailabilityDate: new Date('2020-01-01T12:00:00Z') });
      const item = await itemFor(me, mentor);
      expect(reasons(item)).toEqual({
        longTermMentorship: null,
        flashMentorship: NO_AVAILABLE_DATES_MESSAGE,
        message: null,
      });
      expect(item.meeting).toEqual({
        threadId: null,
        messageType: null,
        unavailableReason: NO_AVAILABLE_DATES_MESSAGE,
      });
    });

    it('books in an open conversation that takes meetings, not in a pending long-term request', async () => {
      await setMessageTypes({});
      const [me, mentor] = [await student(), await alumnus('Ines')];
      await send(me, mentor, 'longTermMentorship');
      expect((await itemFor(me, mentor)).meeting).toMatchObject({ threadId: null });
      const threadId = await send(me, mentor, 'message');
      expect((await itemFor(me, mentor)).meeting).toEqual({
        threadId,
        messageType: null,
        unavailableReason: null,
      });
    });
  });

  describe('who is answered', () => {
    it('leaves out the viewer and people who are not approved members of the hub', async () => {
      await setMessageTypes({});
      const me = await student();
      const pending = await createUser(t.database.db, cluster, { hub, approved: null });
      const elsewhere = await createUser(t.database.db, cluster);
      const mentor = await alumnus();
      const { unavailableReason, items } = await optionsFor(me, [me, pending, elsewhere, mentor]);
      expect(unavailableReason).toBeNull();
      expect(items.map((i) => i.userId)).toEqual([mentor.id]);
    });

    it('tells a viewer who may not write here why, once', async () => {
      const waiting = await createUser(t.database.db, cluster, { hub, approved: null });
      const answer = await optionsFor(waiting, [await alumnus()]);
      expect(answer).toEqual({
        unavailableReason: 'Only approved members of this hub can send messages.',
        items: [],
      });
    });

    it('in a group, answers for its members only, and a viewer outside it hears the spec 8 message', async () => {
      await setMessageTypes({});
      const [me, member, outsider] = [await student(), await alumnus('Gia'), await alumnus('Oto')];
      const groupId = await asCluster(async (tx) => {
        const name = `Circle ${++groupCount}`;
        const [group] = await tx
          .insert(groups)
          .values({
            clusterId: cluster.clusterId,
            hubId: hub.id,
            identifier: `contact-circle-${groupCount}-${Date.now()}`,
            groupType: 'group',
            name,
            sortName: name.toLowerCase(),
            searchText: name.toLowerCase(),
            settings: ZGroupSettings.parse({ messageTypes: { flashMentorship: { enabled: false } } }),
          })
          .returning();
        if (!group) throw new Error('group insert returned no row');
        for (const user of [me, member]) {
          await tx.insert(groupMemberships).values({
            clusterId: cluster.clusterId,
            hubId: hub.id,
            groupId: group.id,
            userId: user.id,
            approved: true,
            importStatus: 'joined',
          });
        }
        return group.id;
      });
      const { items } = await optionsFor(me, [member, outsider], groupId);
      expect(items.map((i) => i.userId)).toEqual([member.id]);
      // The group's own message type settings apply.
      expect(items[0]?.messageTypes.map((o) => o.type)).toEqual(['longTermMentorship', 'message']);
      const refused = await call(
        outsider,
        'GET',
        `/api/inbox/contact-options?userIds[]=${member.id}&groupId=${groupId}`,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.user_message).toBe(NOT_GROUP_MEMBER_MESSAGE);
    });
  });

  describe('Report on a profile (moderation)', () => {
    it('files a report about a member that moderators can dismiss but not hide or delete; nobody reports themselves', async () => {
      const [me, member] = [await student(), await alumnus('Rex')];
      const moderator = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['approve-questions'],
      });
      const report = await call(me, 'POST', '/api/reports', {
        targetKind: 'profile',
        targetId: member.id,
        reason: 'spam',
      });
      expect(report.statusCode, report.body).toBe(201);
      const self = await call(me, 'POST', '/api/reports', {
        targetKind: 'profile',
        targetId: me.id,
        reason: 'spam',
      });
      expect(self.statusCode).toBe(400);

      const queue = (await call(moderator, 'GET', '/api/moderation/reports')).json<{
        items: Array<{ targetKind: string; targetId: string; excerpt: string; href: string }>;
      }>();
      expect(queue.items.find((i) => i.targetId === member.id)).toMatchObject({
        targetKind: 'profile',
        excerpt: expect.stringContaining('Rex'),
        href: expect.stringContaining('/profile/'),
      });
      for (const action of ['hide', 'delete']) {
        const refused = await call(moderator, 'POST', `/api/moderation/profile/${member.id}/${action}`);
        expect(refused.statusCode, action).toBe(400);
      }
      const dismissed = await call(moderator, 'POST', `/api/moderation/profile/${member.id}/dismiss`);
      expect(dismissed.json()).toEqual({ status: 'dismissed', closedReports: 1 });
    });
  });
});
