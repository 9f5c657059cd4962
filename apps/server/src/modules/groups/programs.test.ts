import type {
  TGroupDetail,
  TMatchingPreviewResponse,
  TProgramHealthResponse,
  TProgramMentorsResponse,
} from '@commons/contract';
import { FAVORITES_NO_LONGER_MESSAGE, FAVORITES_NOT_YET_MESSAGE, NO_ROOM_REASON } from '@commons/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { groupMatches, mailOutbox, threads } from '../../db/schema/index.js';
import { groupTestClient } from './group-test-client.js';

describeDb('program matching, mentors, favourites and health (issue #6)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let viewOnly: TTestUser;
  let outsider: TTestUser;
  let mentorTech: TTestUser;
  let mentorHealth: TTestUser;
  let menteeTech: TTestUser;
  let menteeHealth: TTestUser;
  let menteeTech2: TTestUser;
  let program: TGroupDetail;
  const { call, asCluster } = groupTestClient(() => ({ t, cluster, hub }));
  const q: Record<string, string> = {};
  const nowMs = Date.parse('2026-06-01T12:00:00Z');

  const register = async (user: TTestUser, role: 'mentor' | 'mentee', industry: string, topics: string[]) => {
    const response = await call(user, 'POST', `/api/groups/${program.identifier}/join`, {
      role,
      answers: { [q.industry as string]: industry, [q.topics as string]: topics },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const patchSettings = async (settings: object) => {
    const response = await call(admin, 'PATCH', `/api/groups/${program.identifier}`, { settings });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date(nowMs) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    const other = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['programs', 'groups'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    viewOnly = await createUser(t.database.db, cluster, { hub, firstName: 'Vera', lastName: 'Viewer' });
    outsider = await createUser(t.database.db, cluster, { hub: other });
    mentorTech = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Tara',
      lastName: 'Tech',
    });
    mentorHealth = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Hugo',
      lastName: 'Health',
    });
    menteeTech = await createUser(t.database.db, cluster, { hub, firstName: 'Mia', lastName: 'Mentee' });
    menteeHealth = await createUser(t.database.db, cluster, { hub, firstName: 'Noah', lastName: 'Nurse' });
    menteeTech2 = await createUser(t.database.db, cluster, { hub, firstName: 'Otto', lastName: 'Other' });

    const created = await call(admin, 'POST', '/api/groups', {
      groupType: 'mentorshipProgram',
      name: 'Matching Mentoring',
      settings: { messageTypes: { longTermMentorship: { maxOpenMentorships: 1 } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    program = created.json<{ group: TGroupDetail }>().group;
    for (const [key, body] of [
      [
        'industry',
        {
          questionType: 'list',
          texts: { both: { name: 'Industry' } },
          options: ['Tech', 'Health'],
          isRequired: true,
          matchingWeight: 3,
        },
      ],
      [
        'topics',
        {
          questionType: 'list',
          texts: { both: { name: 'Topics' } },
          options: ['CV', 'Interviews', 'Networking'],
          allowsMultiple: true,
          matchingWeight: 2,
        },
      ],
    ] as const) {
      const response = await call(admin, 'POST', `/api/groups/${program.identifier}/questions`, body);
      expect(response.statusCode, response.body).toBe(201);
      q[key] = response.json().question.id;
    }
    await register(mentorTech, 'mentor', 'Tech', ['CV']);
    await register(mentorHealth, 'mentor', 'Health', ['Networking']);
    await register(menteeTech, 'mentee', 'Tech', ['CV']);
    await register(menteeHealth, 'mentee', 'Health', ['Interviews']);
    await register(menteeTech2, 'mentee', 'Tech', ['Interviews']);
    await register(viewOnly, 'mentor', 'Health', []);
    const made = await call(admin, 'PATCH', `/api/groups/${program.identifier}/members/${viewOnly.id}`, {
      isViewOnlyAdmin: true,
      role: null,
    });
    expect(made.statusCode, made.body).toBe(200);
  });
  afterAll(async () => t.close());

  describe('matching preview and publish', () => {
    it('proposes stable pairs with scores and reasons, one per mentor room, and writes nothing', async () => {
      const response = await call(admin, 'POST', `/api/programs/${program.identifier}/matching/preview`, {});
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json<TMatchingPreviewResponse>();
      const pairs = Object.fromEntries(preview.pairs.map((p) => [p.mentee.id, p]));
      expect(pairs[menteeTech.id]).toMatchObject({
        mentor: { id: mentorTech.id },
        score: 100,
        reasons: ['Same answer to Industry: tech', 'Same answer to Topics: cv'],
        isForced: false,
        menteeChoice: 1,
      });
      expect(pairs[menteeHealth.id]).toMatchObject({
        mentor: { id: mentorHealth.id },
        score: 60,
        reasons: ['Same answer to Industry: health'],
      });
      expect(preview.unmatched).toEqual([
        { mentee: expect.objectContaining({ id: menteeTech2.id }), reason: NO_ROOM_REASON },
      ]);
      expect(preview.mentors.map((m) => [m.user.id, m.capacity]).sort()).toEqual(
        [
          [mentorHealth.id, 1],
          [mentorTech.id, 1],
        ].sort(),
      );
      const rows = await asCluster((tx) =>
        tx.select().from(groupMatches).where(eq(groupMatches.groupId, program.id)),
      );
      expect(rows).toEqual([]);
    });

    it('applies forced and forbidden pairs and reports overrides it cannot apply', async () => {
      const response = await call(admin, 'POST', `/api/programs/${program.identifier}/matching/preview`, {
        forcedPairs: [
          { menteeId: menteeTech2.id, mentorId: mentorTech.id },
          { menteeId: outsider.id, mentorId: mentorTech.id },
        ],
        forbiddenPairs: [{ menteeId: menteeHealth.id, mentorId: mentorHealth.id }],
      });
      const preview = response.json<TMatchingPreviewResponse>();
      expect(preview.pairs.find((p) => p.mentee.id === menteeTech2.id)).toMatchObject({
        mentor: { id: mentorTech.id },
        isForced: true,
        reasons: ['Fixed by an admin', 'Same answer to Industry: tech'],
      });
      expect(preview.pairs.find((p) => p.mentee.id === menteeTech.id)?.mentor.id).toBe(mentorHealth.id);
      expect(preview.unmatched.map((u) => u.mentee.id)).toEqual([menteeHealth.id]);
      expect(preview.issues).toEqual([
        {
          menteeId: outsider.id,
          mentorId: mentorTech.id,
          kind: 'forced',
          reason: 'The mentee is not waiting for a match',
        },
      ]);
    });

    it('validates the overrides (400)', async () => {
      const response = await call(admin, 'POST', `/api/programs/${program.identifier}/matching/preview`, {
        forcedPairs: [{ menteeId: 'nope' }],
      });
      expect(response.statusCode).toBe(400);
    });

    it('lets view-only admins preview but not publish, and refuses members and other hubs', async () => {
      expect(
        (await call(viewOnly, 'POST', `/api/programs/${program.identifier}/matching/preview`, {})).statusCode,
      ).toBe(200);
      const publish = await call(
        viewOnly,
        'POST',
        `/api/programs/${program.identifier}/matching/publish`,
        {},
      );
      expect(publish.statusCode).toBe(403);
      expect(publish.json().error.user_message).toBe('Only the admins of this group can do this.');
      expect(
        (await call(menteeTech, 'POST', `/api/programs/${program.identifier}/matching/preview`, {}))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(outsider, 'POST', `/api/programs/${program.identifier}/matching/preview`, {})).statusCode,
      ).toBe(404);
    });

    it('answers 404 for matching on a group that is not a program', async () => {
      const group = await call(admin, 'POST', '/api/groups', { groupType: 'group', name: 'Not A Program' });
      const identifier = group.json().group.identifier as string;
      expect((await call(admin, 'POST', `/api/programs/${identifier}/matching/preview`, {})).statusCode).toBe(
        404,
      );
    });

    it('publishes matches with one mentorship thread each, mails both members, and is idempotent', async () => {
      const response = await call(admin, 'POST', `/api/programs/${program.identifier}/matching/publish`, {});
      expect(response.statusCode, response.body).toBe(200);
      const published = response.json<{
        created: Array<{ menteeId: string; mentorId: string; threadId: string }>;
        skippedCount: number;
      }>();
      expect(published.created.map((c) => [c.menteeId, c.mentorId]).sort()).toEqual(
        [
          [menteeTech.id, mentorTech.id],
          [menteeHealth.id, mentorHealth.id],
        ].sort(),
      );
      expect(published.skippedCount).toBe(0);
      const created = await asCluster((tx) =>
        tx
          .select()
          .from(threads)
          .where(
            inArray(
              threads.id,
              published.created.map((c) => c.threadId),
            ),
          ),
      );
      expect(
        created.map((th) => ({
          type: th.messageType,
          status: th.status,
          mentorship: th.mentorshipStatus,
          group: th.groupId,
        })),
      ).toEqual([
        { type: 'longTermMentorship', status: 'accepted', mentorship: 'active', group: program.id },
        { type: 'longTermMentorship', status: 'accepted', mentorship: 'active', group: program.id },
      ]);
      const mails = await asCluster((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, menteeTech.email)),
      );
      expect(mails.map((m) => m.subject)).toEqual(['Your mentor in Matching Mentoring']);

      const again = await call(admin, 'POST', `/api/programs/${program.identifier}/matching/publish`, {});
      expect(again.json()).toEqual({ created: [], skippedCount: 2 });
      const preview = await call(admin, 'POST', `/api/programs/${program.identifier}/matching/preview`, {});
      // Both mentors are full now: the last mentee waits.
      expect(preview.json<TMatchingPreviewResponse>()).toMatchObject({
        pairs: [],
        alreadyMatchedCount: 2,
        mentors: expect.arrayContaining([expect.objectContaining({ capacity: 0, activeCount: 1 })]),
      });
    });

    it('shows the mentee their match, who can message the mentor in the opened thread', async () => {
      const mine = await call(menteeTech, 'GET', `/api/programs/${program.identifier}/matches/mine`);
      expect(mine.statusCode, mine.body).toBe(200);
      const [match] = mine.json().items;
      expect(match).toMatchObject({
        role: 'mentee',
        otherUser: { id: mentorTech.id, fullName: 'Tara Tech' },
        score: 100,
      });
      const thread = await call(menteeTech, 'GET', `/api/inbox/threads/${match.threadId}`);
      expect(thread.statusCode, thread.body).toBe(200);
      const sent = await call(menteeTech, 'POST', `/api/inbox/threads/${match.threadId}/messages`, {
        body: 'Hello Tara!',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const mentorSide = await call(mentorTech, 'GET', `/api/programs/${program.identifier}/matches/mine`);
      expect(mentorSide.json().items[0]).toMatchObject({ role: 'mentor', otherUser: { id: menteeTech.id } });
    });
  });

  describe('mentors and favourites', () => {
    it('lists mentors filtered by answers, with their list answers', async () => {
      const all = await call(menteeTech2, 'GET', `/api/programs/${program.identifier}/mentors`);
      expect(all.statusCode, all.body).toBe(200);
      expect(
        all
          .json<TProgramMentorsResponse>()
          .items.map((m) => m.user.id)
          .sort(),
      ).toEqual([mentorHealth.id, mentorTech.id].sort());
      const answers = encodeURIComponent(JSON.stringify({ [q.industry as string]: 'Tech' }));
      const tech = await call(
        menteeTech2,
        'GET',
        `/api/programs/${program.identifier}/mentors?answers=${answers}`,
      );
      expect(tech.json<TProgramMentorsResponse>().items).toEqual([
        expect.objectContaining({
          user: expect.objectContaining({ id: mentorTech.id }),
          answers: { [q.industry as string]: 'Tech', [q.topics as string]: ['CV'] },
          isFavorite: false,
        }),
      ]);
      const topics = encodeURIComponent(JSON.stringify({ [q.topics as string]: 'Networking' }));
      expect(
        (await call(menteeTech2, 'GET', `/api/programs/${program.identifier}/mentors?answers=${topics}`))
          .json()
          .items.map((m: { user: { id: string } }) => m.user.id),
      ).toEqual([mentorHealth.id]);
      expect(
        (await call(menteeTech2, 'GET', `/api/programs/${program.identifier}/mentors?answers=notjson`))
          .statusCode,
      ).toBe(400);
      expect((await call(outsider, 'GET', `/api/programs/${program.identifier}/mentors`)).statusCode).toBe(
        404,
      );
    });

    it('favourites inside the window only, with the spec messages outside it', async () => {
      const url = `/api/programs/${program.identifier}/favorites/${mentorTech.id}`;
      await patchSettings({
        timelines: {
          applicationTimeFrame: { mentee: null, mentor: null },
          favorite: { start: '2026-07-01', end: '2026-07-31' },
        },
      });
      const early = await call(menteeTech2, 'PUT', url);
      expect(early.statusCode).toBe(403);
      expect(early.json().error).toMatchObject({
        code: 'favorites_closed',
        user_message: FAVORITES_NOT_YET_MESSAGE,
      });
      expect(
        (await call(menteeTech2, 'GET', `/api/programs/${program.identifier}/mentors`)).json(),
      ).toMatchObject({ favoritingWindow: 'isBefore', favoritingMessage: FAVORITES_NOT_YET_MESSAGE });

      await patchSettings({
        timelines: {
          applicationTimeFrame: { mentee: null, mentor: null },
          favorite: { start: '2026-05-01', end: '2026-05-31' },
        },
      });
      expect((await call(menteeTech2, 'PUT', url)).json().error.user_message).toBe(
        FAVORITES_NO_LONGER_MESSAGE,
      );

      await patchSettings({
        timelines: {
          applicationTimeFrame: { mentee: null, mentor: null },
          favorite: { start: '2026-05-01', end: '2026-06-30' },
        },
      });
      expect((await call(menteeTech2, 'PUT', url)).json()).toEqual({ isFavorite: true });
      expect((await call(menteeTech2, 'PUT', url)).statusCode).toBe(200);
      const favourites = await call(
        menteeTech2,
        'GET',
        `/api/programs/${program.identifier}/mentors?favoritesOnly=true`,
      );
      expect(favourites.json<TProgramMentorsResponse>()).toMatchObject({
        favoritingWindow: 'isBetween',
        favoritingMessage: null,
        items: [{ user: { id: mentorTech.id }, isFavorite: true }],
      });
      expect((await call(menteeTech2, 'DELETE', url)).json()).toEqual({ isFavorite: false });
    });

    it('refuses favourites to mentors and of people who are not mentors', async () => {
      const byMentor = await call(
        mentorHealth,
        'PUT',
        `/api/programs/${program.identifier}/favorites/${mentorTech.id}`,
      );
      expect(byMentor.statusCode).toBe(403);
      expect(byMentor.json().error.user_message).toBe('Only mentees of this program can favourite mentors.');
      expect(
        (await call(menteeTech2, 'PUT', `/api/programs/${program.identifier}/favorites/${menteeTech.id}`))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('program health', () => {
    it('counts matches, active mentorships and open requests, finds stalled mentorships and nudges them once a week', async () => {
      const health = async (user: TTestUser = admin) => {
        const response = await call(user, 'GET', `/api/programs/${program.identifier}/health`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<TProgramHealthResponse>();
      };
      expect(await health()).toMatchObject({
        matchCount: 2,
        activeMentorshipCount: 2,
        openRequestCount: 0,
        stalledCount: 0,
        mentorCount: 2,
        menteeCount: 3,
        unmatchedMenteeCount: 1,
      });
      const [match] = (
        await call(menteeHealth, 'GET', `/api/programs/${program.identifier}/matches/mine`)
      ).json().items;
      await asCluster((tx) =>
        tx
          .update(threads)
          .set({ lastMessageAt: new Date(nowMs - 22 * 86_400_000) })
          .where(eq(threads.id, match.threadId)),
      );
      const stalled = await health(viewOnly);
      expect(stalled).toMatchObject({
        stalledCount: 1,
        stalled: [
          {
            threadId: match.threadId,
            mentee: { id: menteeHealth.id },
            mentor: { id: mentorHealth.id },
            lastNudgedAt: null,
          },
        ],
      });

      expect(
        (await call(viewOnly, 'POST', `/api/programs/${program.identifier}/health/nudge`, {})).statusCode,
      ).toBe(403);
      expect((await call(menteeHealth, 'GET', `/api/programs/${program.identifier}/health`)).statusCode).toBe(
        403,
      );
      const nudged = await call(admin, 'POST', `/api/programs/${program.identifier}/health/nudge`, {
        threadIds: [match.threadId],
      });
      expect(nudged.json()).toEqual({ nudgedCount: 1, skippedCount: 0 });
      const mails = await asCluster((tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(inArray(mailOutbox.toAddress, [menteeHealth.email, mentorHealth.email])),
      );
      expect(
        mails.filter((m) => m.subject === 'Checking in on your mentorship in Matching Mentoring'),
      ).toHaveLength(2);
      expect(
        (await call(admin, 'POST', `/api/programs/${program.identifier}/health/nudge`, {})).json(),
      ).toEqual({ nudgedCount: 0, skippedCount: 1 });
      expect((await health()).stalled[0]?.lastNudgedAt).toBe(new Date(nowMs).toISOString());
    });
  });
});
