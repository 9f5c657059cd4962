import { ZGroupSettings } from '@commons/contract';
import {
  CONNECTION_LIMIT_TITLE,
  NOT_GROUP_MEMBER_MESSAGE,
  RECIPIENT_NOT_IN_GROUP_MESSAGE,
} from '@commons/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { groupMemberships, groups, hubSettings, users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

const CONNECTION_LIMIT = (n: number) =>
  `${CONNECTION_LIMIT_TITLE} You can have ${n} connections open at a time.`;

describeDb(
  'inbox requests in a program: its message type settings and its own pool (issue #5 item 1, issue #6 item 4)',
  () => {
    let t: TTestApp;
    let cluster: TTestCluster;
    let hub: TTestHub;
    let otherHub: TTestHub;
    const tokens = new Map<string, string>();
    let programCount = 0;

    beforeAll(async () => {
      t = await getTestApp();
      cluster = await createCluster(t.database.db);
      hub = await createHub(t.database.db, cluster);
      otherHub = await createHub(t.database.db, cluster);
    });
    afterAll(async () => t.close());

    const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
      withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
    const setHubMessageTypes = (messageTypes: Record<string, object>) =>
      asCluster(async (tx) => {
        const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
        if (!row) throw new Error('hub settings missing');
        await tx
          .update(hubSettings)
          .set({ settings: { ...row.settings, moduleSettings: { messageTypes } } })
          .where(eq(hubSettings.hubId, hub.id));
      });

    /** A mentorship program of the hub with the given message type settings and approved members. */
    const program = async (
      messageTypes: Record<string, object>,
      members: TTestUser[],
      options: { hubId?: number } = {},
    ) =>
      asCluster(async (tx) => {
        const name = `Program ${++programCount}`;
        const hubId = options.hubId ?? hub.id;
        const [group] = await tx
          .insert(groups)
          .values({
            clusterId: cluster.clusterId,
            hubId,
            identifier: `pool-program-${programCount}-${Date.now()}`,
            groupType: 'mentorshipProgram',
            name,
            sortName: name.toLowerCase(),
            searchText: name.toLowerCase(),
            settings: ZGroupSettings.parse({ messageTypes }),
          })
          .returning();
        if (!group) throw new Error('group insert returned no row');
        for (const member of members) {
          await tx.insert(groupMemberships).values({
            clusterId: cluster.clusterId,
            hubId,
            groupId: group.id,
            userId: member.id,
            approved: true,
            importStatus: 'joined',
          });
        }
        return group.id;
      });
    const setUser = (user: TTestUser, values: Partial<typeof users.$inferInsert>) =>
      asCluster((tx) => tx.update(users).set(values).where(eq(users.id, user.id)));

    const tokenOf = async (user: TTestUser) => {
      const known = tokens.get(user.id);
      if (known) return known;
      const { token } = await signIn(t.app, cluster, user);
      tokens.set(user.id, token);
      return token;
    };
    const send = async (from: TTestUser, to: TTestUser, messageType: string, groupId?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/inbox/threads',
        headers: {
          host: cluster.host,
          authorization: `Bearer ${await tokenOf(from)}`,
          'x-hub-id': hub.identifier,
        },
        payload: {
          recipientId: to.id,
          messageType,
          body: '<p>Would you mentor me?</p>',
          ...(groupId ? { groupId } : {}),
        },
      });
    const expectCreated = async (response: Awaited<ReturnType<typeof send>>) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ thread: { id: string } }>().thread.id;
    };
    const expectMenteeLimit = (response: Awaited<ReturnType<typeof send>>) => {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'connection_limit_reached',
        user_message: CONNECTION_LIMIT(1),
      });
    };
    const student = (firstName = 'Sam') => createUser(t.database.db, cluster, { hub, firstName });
    const alumnus = (firstName = 'Alex') =>
      createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName });

    it('counts a program with an independent pool on its own: a hub mentorship does not block it, a second one in the program is refused', async () => {
      await setHubMessageTypes({ longTermMentorship: { maxOpenMentorships: 1 } });
      const mentee = await student();
      const [hubMentor, first, second] = [await alumnus(), await alumnus(), await alumnus()];
      const groupId = await program(
        { longTermMentorship: { hasIndependentMessagePool: true, maxOpenMentorships: 1 } },
        [mentee, first, second],
      );

      await expectCreated(await send(mentee, hubMentor, 'longTermMentorship'));
      expectMenteeLimit(await send(mentee, first, 'longTermMentorship'));

      await expectCreated(await send(mentee, first, 'longTermMentorship', groupId));
      expectMenteeLimit(await send(mentee, second, 'longTermMentorship', groupId));
    });

    it('leaves the requests of an independent-pool program out of the hub pool', async () => {
      await setHubMessageTypes({ longTermMentorship: { maxOpenMentorships: 1 } });
      const mentee = await student();
      const [programMentor, hubMentor] = [await alumnus(), await alumnus()];
      const groupId = await program(
        { longTermMentorship: { hasIndependentMessagePool: true, maxOpenMentorships: 1 } },
        [mentee, programMentor],
      );
      await expectCreated(await send(mentee, programMentor, 'longTermMentorship', groupId));
      await expectCreated(await send(mentee, hubMentor, 'longTermMentorship'));
    });

    it('counts a program without an independent pool together with the hub, under the program’s own limit', async () => {
      await setHubMessageTypes({});
      const mentee = await student();
      const [hubMentor, programMentor] = [await alumnus(), await alumnus()];
      const groupId = await program({ longTermMentorship: { maxOpenMentorships: 1 } }, [
        mentee,
        programMentor,
      ]);
      await expectCreated(await send(mentee, hubMentor, 'longTermMentorship'));
      expectMenteeLimit(await send(mentee, programMentor, 'longTermMentorship', groupId));
    });

    it('counts the recipient’s capacity in the program’s pool', async () => {
      await setHubMessageTypes({});
      const mentor = await alumnus('Maya');
      await setUser(mentor, { mentorshipLimit: 1 });
      const [hubMentee, programMentee, secondProgramMentee] = [
        await student(),
        await student(),
        await student(),
      ];
      const groupId = await program({ longTermMentorship: { hasIndependentMessagePool: true } }, [
        mentor,
        programMentee,
        secondProgramMentee,
      ]);
      await expectCreated(await send(hubMentee, mentor, 'longTermMentorship'));
      await expectCreated(await send(programMentee, mentor, 'longTermMentorship', groupId));
      const refused = await send(secondProgramMentee, mentor, 'longTermMentorship', groupId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'recipient_unavailable',
        user_message: 'Maya is unavailable at this time.',
      });
    });

    it('answers the spec 8 message to a sender outside the group, 403 for a recipient outside it, and 404 Group for a group not the hub’s', async () => {
      await setHubMessageTypes({});
      const [member, outsider, mentor] = [await student(), await student(), await alumnus()];
      const groupId = await program({}, [member, mentor]);
      const pending = await student();
      await asCluster((tx) =>
        tx.insert(groupMemberships).values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          groupId,
          userId: pending.id,
          approved: null,
        }),
      );
      const elsewhere = await program({}, [member, mentor], { hubId: otherHub.id });
      // A hidden group is not revealed to outsiders: 404, as for a group that does not exist.
      const hidden = await program({}, [member, mentor]);
      await asCluster((tx) => tx.update(groups).set({ isHidden: true }).where(eq(groups.id, hidden)));

      for (const response of [
        await send(outsider, mentor, 'message', groupId),
        await send(pending, mentor, 'message', groupId),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().error.user_message).toBe(NOT_GROUP_MEMBER_MESSAGE);
      }
      const toOutsider = await send(member, outsider, 'message', groupId);
      expect(toOutsider.statusCode, toOutsider.body).toBe(403);
      expect(toOutsider.json().error.user_message).toBe(RECIPIENT_NOT_IN_GROUP_MESSAGE);
      for (const response of [
        await send(outsider, mentor, 'message', hidden),
        await send(member, mentor, 'message', elsewhere),
        await send(member, mentor, 'message', 'not-a-group'),
        await send(member, mentor, 'message', '00000000-0000-4000-8000-000000000000'),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.message).toBe('Group not found');
      }
      const threadId = await expectCreated(await send(member, mentor, 'message', groupId));
      const thread = await asCluster(async (tx) =>
        tx.query.threads.findFirst({ where: (th, { eq: is }) => is(th.id, threadId) }),
      );
      expect(thread?.groupId).toBe(groupId);
    });

    it('refuses a type the program disables, which the hub still allows', async () => {
      await setHubMessageTypes({});
      const [mentee, mentor] = [await student(), await alumnus()];
      const groupId = await program({ flashMentorship: { enabled: false } }, [mentee, mentor]);
      const refused = await send(mentee, mentor, 'flashMentorship', groupId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('messaging_not_allowed');
      await expectCreated(await send(mentee, mentor, 'flashMentorship'));

      const compose = async (query: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/inbox/compose?recipientId=${mentor.id}${query}`,
            headers: {
              host: cluster.host,
              authorization: `Bearer ${await tokenOf(mentee)}`,
              'x-hub-id': hub.identifier,
            },
          })
        ).json<{ messageTypes: Array<{ type: string }> }>();
      expect((await compose('')).messageTypes.map((m) => m.type)).toContain('flashMentorship');
      expect((await compose(`&groupId=${groupId}`)).messageTypes.map((m) => m.type)).not.toContain(
        'flashMentorship',
      );
    });
  },
);
