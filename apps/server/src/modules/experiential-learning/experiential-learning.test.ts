import { randomBytes } from 'node:crypto';
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
import {
  actionItemCompletions,
  hubStandardOptions,
  jobPosts,
  notifications,
  participationReports,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import type { TActionItemType } from '@commons/domain';

type TCard = { id: string; title: string };
type TOverview = {
  tabName: string;
  projectsTabName: string;
  lists: Record<
    'recent' | 'recommended' | 'nearby' | 'saved' | 'applied',
    { items: TCard[]; hasMore: boolean }
  >;
  interests: Array<{ kind: string; value: string; label: string }>;
  location: string | null;
  can: { report: boolean; review: boolean };
};

const DAY_MS = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/**
 * Experiential learning (issue #19 item 5): the page's five lists, experience interests, participation reports
 * and their review, and the el_* action items they complete.
 */
describeDb('experiential learning', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let owner: TTestUser;
  let student: TTestUser;
  let reviewer: TTestUser;
  let jobAdmin: TTestUser;
  const tokens = new Map<string, string>();
  const posts: Record<string, string> = {};

  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const insertPost = async (
    key: string,
    values: Partial<typeof jobPosts.$inferInsert>,
    createdAgoMs: number,
  ) => {
    const [row] = await asCluster((tx) =>
      tx
        .insert(jobPosts)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          ownerUserId: owner.id,
          jobFlow: 'job',
          title: `${key} ${randomBytes(2).toString('hex')}`,
          applicationMethod: 'internal',
          expiresAt: new Date(Date.now() + 30 * DAY_MS),
          approvalStatus: 'approved',
          createdAt: new Date(Date.now() - createdAgoMs),
          ...values,
        })
        .returning({ id: jobPosts.id }),
    );
    if (!row) throw new Error('post insert failed');
    posts[key] = row.id;
    return row.id;
  };
  const completionsOf = (user: TTestUser, type: TActionItemType) =>
    asCluster((tx) =>
      tx
        .select({ hubId: actionItemCompletions.hubId })
        .from(actionItemCompletions)
        .where(and(eq(actionItemCompletions.userId, user.id), eq(actionItemCompletions.type, type))),
    );
  const ids = (cards: TCard[]) => cards.map((c) => c.id);

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    owner = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Olive' });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    reviewer = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['experiential-learning'],
    });
    jobAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-job-posts'],
    });
    await asCluster(async (tx) => {
      await tx
        .update(userTypes)
        .set({ canApplyProject: true })
        .where(eq(userTypes.id, hub.userTypeIds.student));
      await tx.update(users).set({ location: 'Boston, MA' }).where(eq(users.id, student.id));
      await tx.insert(hubStandardOptions).values([
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-industries',
          optionKey: 'technology',
          label: 'Technology',
          order: 0,
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-industries',
          optionKey: 'health',
          label: 'Health',
          order: 1,
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-functions',
          optionKey: 'design',
          label: 'Design',
          order: 0,
        },
      ]);
    });
    await insertPost(
      'techInternship',
      { industry: 'technology', employmentType: 'internship', location: 'boston' },
      5 * 60_000,
    );
    await insertPost(
      'healthJob',
      { industry: 'health', employmentType: 'fullTime', location: 'Chicago, IL' },
      4 * 60_000,
    );
    await insertPost(
      'designProject',
      { jobFlow: 'project', jobFunctions: ['design'], location: 'Boston, Massachusetts' },
      3 * 60_000,
    );
    await insertPost(
      'techFullTime',
      { industry: 'technology', employmentType: 'fullTime', location: null, isRemote: true },
      2 * 60_000,
    );
    await insertPost(
      'alumniOnly',
      { industry: 'technology', audienceUserTypeIds: [hub.userTypeIds.alumni] },
      60_000,
    );
    await insertPost('closed', { industry: 'technology', location: 'Boston', closedAt: new Date() }, 30_000);
  });
  afterAll(async () => t.close());

  describe('interests', () => {
    it('offers the hub’s industries and job functions and the kinds of opportunity, and saves a choice', async () => {
      const empty = await call(student, 'GET', '/api/experiential-learning/interests');
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({
        interests: [],
        options: {
          industry: [
            { value: 'technology', label: 'Technology' },
            { value: 'health', label: 'Health' },
          ],
          jobFunction: [{ value: 'design', label: 'Design' }],
        },
      });
      expect(empty.json().options.opportunityType).toContainEqual({
        value: 'project',
        label: 'Student Projects',
      });
      expect(empty.json().options.opportunityType).toContainEqual({
        value: 'internship',
        label: 'Internship',
      });
      expect(await completionsOf(student, 'el_add_interest')).toEqual([]);

      const unknown = await call(student, 'PUT', '/api/experiential-learning/interests', {
        interests: [{ kind: 'industry', value: 'astrology' }],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toEqual({
        'interests.0.value': 'Choose from the listed interests.',
      });

      const saved = await call(student, 'PUT', '/api/experiential-learning/interests', {
        interests: [
          { kind: 'industry', value: 'technology' },
          { kind: 'opportunityType', value: 'internship' },
          { kind: 'opportunityType', value: 'project' },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().interests).toEqual([
        { kind: 'industry', value: 'technology', label: 'Technology' },
        { kind: 'opportunityType', value: 'internship', label: 'Internship' },
        { kind: 'opportunityType', value: 'project', label: 'Student Projects' },
      ]);
      expect(await completionsOf(student, 'el_add_interest')).toEqual([{ hubId: hub.id }]);
    });
  });

  describe('the page (spec 2: recent, recommended, nearby, saved, applied)', () => {
    it('answers each list for the viewer', async () => {
      expect((await call(student, 'PUT', `/api/jobs/${posts['healthJob']}/save`)).statusCode).toBe(200);
      expect(
        (await call(student, 'POST', `/api/jobs/${posts['designProject']}/applications`, { note: 'Hi' }))
          .statusCode,
      ).toBe(201);
      const response = await call(student, 'GET', '/api/experiential-learning');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TOverview>();
      expect(page).toMatchObject({
        tabName: 'Experiences',
        projectsTabName: 'Student Projects',
        location: 'Boston, MA',
        can: { report: true, review: false },
      });
      // Listed posts for the student's audience, newest first: not the alumni-only nor the closed one.
      expect(ids(page.lists.recent.items)).toEqual([
        posts['techFullTime'],
        posts['designProject'],
        posts['healthJob'],
        posts['techInternship'],
      ]);
      expect(page.lists.recent.hasMore).toBe(false);
      // Technology posts of the kinds chosen (internships, projects): not the full-time one; not one applied to.
      expect(ids(page.lists.recommended.items)).toEqual([posts['techInternship']]);
      // 'Boston, MA' is near 'boston' and 'Boston, Massachusetts' (the city part), not Chicago.
      expect(ids(page.lists.nearby.items)).toEqual([posts['designProject'], posts['techInternship']]);
      expect(ids(page.lists.saved.items)).toEqual([posts['healthJob']]);
      expect(ids(page.lists.applied.items)).toEqual([posts['designProject']]);
      expect(await completionsOf(student, 'el_apply_opportunity')).toEqual([{ hubId: hub.id }]);
    });

    it('pages a list with a cursor', async () => {
      const first = await call(student, 'GET', '/api/experiential-learning/lists/recent?limit=3');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().items).toHaveLength(3);
      const next = await call(
        student,
        'GET',
        `/api/experiential-learning/lists/recent?limit=3&cursor=${encodeURIComponent(first.json().nextCursor)}`,
      );
      expect(ids(next.json().items)).toEqual([posts['techInternship']]);
      expect(next.json().nextCursor).toBeNull();
    });

    it('has nothing nearby for a member without a location, and lets reviewers review', async () => {
      const page = (await call(reviewer, 'GET', '/api/experiential-learning')).json<TOverview>();
      expect(page.lists.nearby.items).toEqual([]);
      expect(page.location).toBeNull();
      expect(page.can.review).toBe(true);
    });
  });

  describe('participation reports', () => {
    const report = {
      title: 'Food bank volunteering',
      organisation: 'City Food Bank',
      startedOn: day(-10),
      endedOn: day(-3),
      hours: 12.5,
      reflection: 'I learned how a volunteer team runs on a tight schedule.',
    };

    it('records a report, completes el_report_participation, and checks hours and dates', async () => {
      for (const [body, field] of [
        [{ ...report, hours: 0.1 }, 'hours'],
        [{ ...report, hours: 1001 }, 'hours'],
        [{ ...report, endedOn: day(-20) }, 'endedOn'],
        [{ ...report, startedOn: day(5), endedOn: null }, 'startedOn'],
        [{ ...report, title: '' }, 'title'],
        [{ ...report, reflection: '' }, 'reflection'],
      ] as const) {
        const refused = await call(student, 'POST', '/api/experiential-learning/reports', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(refused.json().error.fields ?? {})).toContain(field);
      }
      expect(await completionsOf(student, 'el_report_participation')).toEqual([]);
      const created = await call(student, 'POST', '/api/experiential-learning/reports', report);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().report).toMatchObject({
        title: 'Food bank volunteering',
        hours: 12.5,
        status: 'pending',
        statusLabel: 'Awaiting review',
        post: null,
        member: { id: student.id, fullName: 'Sam Student' },
      });
      expect(await completionsOf(student, 'el_report_participation')).toEqual([{ hubId: hub.id }]);
      // A report of one of the hub's opportunities takes its title.
      const ofPost = await call(student, 'POST', '/api/experiential-learning/reports', {
        ...report,
        title: '',
        postId: posts['designProject'],
      });
      expect(ofPost.statusCode, ofPost.body).toBe(201);
      expect(ofPost.json().report.post).toMatchObject({ id: posts['designProject'], jobFlow: 'project' });
      expect(ofPost.json().report.title).toMatch(/^designProject /);
      const hidden = await call(student, 'POST', '/api/experiential-learning/reports', {
        ...report,
        postId: posts['alumniOnly'],
      });
      expect(hidden.statusCode).toBe(400);
      const mine = await call(student, 'GET', '/api/experiential-learning/reports/mine');
      expect(mine.json().items).toHaveLength(2);
    });

    it('lets only reviewers list and decide reports, once; the member is told', async () => {
      const created = await call(student, 'POST', '/api/experiential-learning/reports', {
        ...report,
        title: 'Hackathon',
      });
      const id = created.json().report.id as string;
      for (const user of [student, jobAdmin]) {
        expect((await call(user, 'GET', '/api/experiential-learning/reports')).statusCode).toBe(403);
        expect(
          (
            await call(user, 'POST', `/api/experiential-learning/reports/${id}/review`, {
              decision: 'approve',
            })
          ).statusCode,
        ).toBe(403);
      }
      const queue = await call(reviewer, 'GET', '/api/experiential-learning/reports');
      expect(queue.statusCode, queue.body).toBe(200);
      expect(queue.json().items.map((r: { id: string }) => r.id)).toContain(id);
      const approved = await call(reviewer, 'POST', `/api/experiential-learning/reports/${id}/review`, {
        decision: 'approve',
        note: 'Well done',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().report).toMatchObject({
        status: 'approved',
        statusLabel: 'Approved',
        reviewNote: 'Well done',
      });
      const again = await call(reviewer, 'POST', `/api/experiential-learning/reports/${id}/review`, {
        decision: 'reject',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.user_message).toBe('This report has already been reviewed.');
      const notices = await asCluster((tx) =>
        tx
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, student.id),
              eq(notifications.type, 'experiential-learning.report-reviewed'),
            ),
          ),
      );
      expect(notices.map((n) => n.title)).toEqual(['Your participation report “Hackathon” was approved']);
      expect(notices[0]?.url).toBe(`/hub/${hub.identifier}/experiential-learning`);
      const approvedQueue = await call(reviewer, 'GET', '/api/experiential-learning/reports?status=approved');
      expect(approvedQueue.json().items.map((r: { id: string }) => r.id)).toEqual([id]);
      const stored = await asCluster((tx) =>
        tx.select().from(participationReports).where(eq(participationReports.id, id)),
      );
      expect(stored[0]).toMatchObject({ status: 'approved', reviewedByUserId: reviewer.id, minutes: 750 });
    });
  });
});
