import {
  ZGroupSettings,
  type TAdminPathway,
  type TPathwayDetail,
  type TPathwayReviewItem,
  type TPathwaySummary,
} from '@commons/contract';
import { and, eq } from 'drizzle-orm';
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
import {
  actionItemCompletions,
  badges,
  earnedBadges,
  groupMatches,
  groupMemberships,
  groups,
  notifications,
  profileAnswers,
  profileQuestions,
  userFiles,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

const LONG_TEXT = 'I want to work on product design because I enjoy understanding people and their problems.';

/** Pathways (issue #20 item 1): building, taking, autosave rules, review queue, library copies. */
describeDb('pathways', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let otherHubAdmin: TTestUser;
  let student: TTestUser;
  let mentor: TTestUser;
  let bystander: TTestUser;
  let questionId = '';
  let programId = '';
  let pathway: TAdminPathway;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    hubIdentifier = hub.identifier,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        'x-hub-id': hubIdentifier,
        authorization: `Bearer ${await tokenOf(user)}`,
      },
      ...(payload ? { payload } : {}),
    });
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  const form = () => ({
    settings: { estimatedCompletionTime: 7 },
    sections: [
      {
        id: 'explore',
        title: 'Explore',
        steps: [
          { id: 'intro', kind: 'richText', title: 'Welcome', body: '<p>Hi</p><script>alert(1)</script>' },
          { id: 'video', kind: 'video', title: 'Watch', url: 'https://www.youtube.com/embed/abc' },
          {
            id: 'tasks',
            kind: 'checklist',
            title: 'Set up',
            items: [
              { id: 'a', label: 'Photo' },
              { id: 'b', label: 'Headline' },
            ],
          },
        ],
      },
      {
        id: 'reflect',
        title: 'Reflect',
        steps: [
          { id: 'why', kind: 'reflection', title: 'Why this path?', prompt: 'Why?', needsReview: true },
          { id: 'goal', kind: 'profileQuestion', title: 'Your goal', questionId },
        ],
      },
    ],
  });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { enabledModules: ['home', 'pathways'] });
    otherHub = await createHub(t.database.db, cluster, { enabledModules: ['home', 'pathways'] });
    admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['manage-pathways'] });
    otherHubAdmin = await createUser(t.database.db, cluster, {
      hub: otherHub,
      isHubAdmin: true,
      rights: ['manage-pathways'],
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    mentor = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Mo' });
    bystander = await createUser(t.database.db, cluster, { hub, firstName: 'Bea' });
    await asCluster(async (tx) => {
      const [q] = await tx
        .insert(profileQuestions)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          questionType: 'text',
          audience: 'both',
          texts: { both: { name: 'What is your career goal?' } },
        })
        .returning();
      questionId = q?.id ?? '';
      const [program] = await tx
        .insert(groups)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          identifier: `mentoring-${hub.id}`,
          groupType: 'mentorshipProgram',
          name: 'Mentoring',
          sortName: 'mentoring',
          searchText: 'mentoring',
          settings: ZGroupSettings.parse({ pathwayTimelines: { mentee: { completedBy: '2026-12-01' } } }),
        })
        .returning();
      programId = program?.id ?? '';
      await tx.insert(groupMemberships).values([
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          groupId: programId,
          userId: student.id,
          role: 'mentee',
          approved: true,
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          groupId: programId,
          userId: mentor.id,
          role: 'mentor',
          approved: true,
        },
      ]);
      await tx.insert(groupMatches).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        groupId: programId,
        menteeUserId: student.id,
        mentorUserId: mentor.id,
        score: 80,
      });
      await tx.insert(badges).values({
        clusterId: cluster.clusterId,
        hubId: hub.id,
        title: 'Pathfinder',
        description: 'Completed a pathway',
        ruleKind: 'pathways_completed',
        threshold: 1,
      });
    });
  });
  afterAll(async () => t.close());

  it('lets only manage-pathways admins build pathways, and checks the form', async () => {
    expect(
      (await call(student, 'POST', '/api/pathways/admin', { title: 'X', form: form() })).statusCode,
    ).toBe(403);
    expect((await call(student, 'GET', '/api/pathways?scope=manage')).statusCode).toBe(403);
    const badVideo = await call(admin, 'POST', '/api/pathways/admin', {
      title: 'Bad',
      form: {
        sections: [{ title: 'S', steps: [{ kind: 'video', title: 'V', url: 'https://example.com/v.mp4' }] }],
      },
    });
    expect(badVideo.statusCode).toBe(400);
    expect(badVideo.json()).toMatchObject({
      error: { fields: { 'form.sections.0.steps.0.url': expect.any(String) } },
    });

    const created = await call(admin, 'POST', '/api/pathways/admin', {
      title: 'Career Launch',
      status: 'published',
      form: form(),
      assignments: {
        userTypes: [{ userTypeId: hub.userTypeIds.alumni, completedBy: '2026-11-15' }],
        programs: [{ programId, roles: ['mentee'] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    pathway = created.json<{ pathway: TAdminPathway }>().pathway;
    expect(pathway.slug).toBe('career-launch');
    expect(pathway.stepCount).toBe(5);
    const intro = pathway.form.sections[0]?.steps[0];
    expect(intro?.kind === 'richText' && intro.body).toBe('<p>Hi</p>');
    expect(pathway.assignments.programs[0]?.effectiveCompletedBy).toEqual({ mentee: '2026-12-01' });
    const taken = await call(admin, 'POST', '/api/pathways/admin', {
      title: 'Other',
      slug: 'career-launch',
      form: form(),
    });
    expect(taken.statusCode).toBe(409);
  });

  it('lists the pathway as assigned with the spec 4 label, button and deadline', async () => {
    const assigned = await call(student, 'GET', '/api/pathways?scope=assigned');
    expect(assigned.statusCode, assigned.body).toBe(200);
    const item = assigned.json<{ items: TPathwaySummary[] }>().items[0];
    expect(item).toMatchObject({
      slug: 'career-launch',
      progress: 'new',
      progressLabel: 'New',
      buttonText: 'Accept & Start',
      isAssigned: true,
      completedBy: '2026-12-01',
      resumeStepIndex: 0,
      estimatedCompletionTime: 7,
    });
    // The mentor is an alumnus: assigned by user type, and as a mentor not by the mentee-only program assignment.
    const mentorList = await call(mentor, 'GET', '/api/pathways?scope=assigned');
    expect(mentorList.json<{ items: TPathwaySummary[] }>().items[0]).toMatchObject({
      isAssigned: true,
      completedBy: '2026-11-15',
    });
    const available = await call(bystander, 'GET', '/api/pathways?scope=available');
    expect(available.json<{ items: TPathwaySummary[] }>().items.map((i) => i.slug)).toEqual([
      'career-launch',
    ]);
  });

  it('starts, autosaves under spec 5, submits, and resumes at the first open step', async () => {
    const base = `/api/pathways/career-launch`;
    const early = await call(student, 'PUT', `${base}/steps/tasks/answer`, {
      value: { kind: 'checklist', checkedItemIds: ['a'] },
    });
    expect(early.statusCode).toBe(409);
    const started = await call(student, 'POST', base);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ pathway: TPathwayDetail }>().pathway).toMatchObject({
      progress: 'in-progress',
      buttonText: 'Continue',
    });
    const startItem = await asCluster((tx) =>
      tx
        .select()
        .from(actionItemCompletions)
        .where(
          and(eq(actionItemCompletions.userId, student.id), eq(actionItemCompletions.type, 'start_pathway')),
        ),
    );
    expect(startItem).toHaveLength(1);

    for (const step of ['intro', 'video']) {
      expect((await call(student, 'POST', `${base}/steps/${step}/submit`)).statusCode).toBe(200);
    }
    const incomplete = await call(student, 'POST', `${base}/steps/tasks/submit`);
    expect(incomplete.statusCode).toBe(400);
    const saved = await call(student, 'PUT', `${base}/steps/tasks/answer`, {
      value: { kind: 'checklist', checkedItemIds: ['a', 'b'] },
    });
    expect(saved.json()).toMatchObject({ isSaved: true, isDirty: false });
    const again = await call(student, 'PUT', `${base}/steps/tasks/answer`, {
      value: { kind: 'checklist', checkedItemIds: ['b', 'a'] },
    });
    expect(again.json()).toMatchObject({ isSaved: false, isDirty: false });
    const foreign = await call(student, 'PUT', `${base}/steps/tasks/answer`, {
      value: { kind: 'checklist', checkedItemIds: ['zzz'] },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await call(student, 'POST', `${base}/steps/tasks/submit`)).statusCode).toBe(200);

    // spec 5: a text under 50 characters is dirty and not saved; empty after markup not saved; 50..1000 saved.
    const short = await call(student, 'PUT', `${base}/steps/why/answer`, {
      value: { kind: 'reflection', text: 'Too short' },
    });
    expect(short.json()).toMatchObject({ isSaved: false, isDirty: true });
    const empty = await call(student, 'PUT', `${base}/steps/why/answer`, {
      value: { kind: 'reflection', text: '<p> </p>' },
    });
    expect(empty.json()).toMatchObject({ isSaved: false });
    const long = await call(student, 'PUT', `${base}/steps/why/answer`, {
      value: { kind: 'reflection', text: LONG_TEXT },
    });
    expect(long.json()).toMatchObject({ isSaved: true, isDirty: false, state: { status: 'in-progress' } });
    const same = await call(student, 'PUT', `${base}/steps/why/answer`, {
      value: { kind: 'reflection', text: LONG_TEXT },
    });
    expect(same.json()).toMatchObject({ isSaved: false });

    const detail = (await call(student, 'GET', base)).json<{ pathway: TPathwayDetail }>().pathway;
    expect(detail.resumeStepIndex).toBe(3);
    expect(detail.sections.map((s) => s.status)).toEqual(['completed', 'in-progress']);
    expect(detail.completedStepCount).toBe(3);

    const submitted = await call(student, 'POST', `${base}/steps/why/submit`);
    const afterSubmit = submitted.json<{ pathway: TPathwayDetail }>().pathway;
    expect(afterSubmit.progress).toBe('pending');
    expect(afterSubmit.progressLabel).toBe('Pending review');
    expect(afterSubmit.resumeStepIndex).toBe(3);
    expect(
      (
        await call(student, 'PUT', `${base}/steps/why/answer`, {
          value: { kind: 'reflection', text: `${LONG_TEXT}!` },
        })
      ).statusCode,
    ).toBe(409);

    // A profile question step saves into the profile answer (modules/profile-questions).
    const goal = await call(student, 'PUT', `${base}/steps/goal/answer`, {
      value: { kind: 'profileQuestion', answerData: { value: LONG_TEXT } },
    });
    expect(goal.json()).toMatchObject({ isSaved: true });
    const stored = await asCluster((tx) =>
      tx
        .select()
        .from(profileAnswers)
        .where(and(eq(profileAnswers.userId, student.id), eq(profileAnswers.questionId, questionId))),
    );
    expect(stored[0]?.answerData).toMatchObject({ value: LONG_TEXT });
    expect((await call(student, 'POST', `${base}/steps/goal/submit`)).statusCode).toBe(200);
    const reviewers = await asCluster((tx) =>
      tx.select().from(notifications).where(eq(notifications.type, 'pathway.step-submitted')),
    );
    expect(reviewers.map((n) => n.userId).sort()).toEqual([admin.id, mentor.id].sort());
  });

  it('shows the pending step to the admin and the mentor, refuses other members, and completes on approval', async () => {
    expect((await call(bystander, 'GET', '/api/pathways/reviews')).statusCode).toBe(403);
    const queue = await call(mentor, 'GET', '/api/pathways/reviews');
    expect(queue.statusCode, queue.body).toBe(200);
    const items = queue.json<{ items: TPathwayReviewItem[] }>().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      reviewerRole: 'mentor',
      stepIndex: 3,
      answer: { kind: 'reflection', text: LONG_TEXT },
    });
    const id = items[0]?.id ?? '';
    expect(
      (await call(admin, 'GET', '/api/pathways/reviews')).json<{ items: unknown[] }>().items,
    ).toHaveLength(1);

    expect((await call(bystander, 'POST', `/api/pathways/reviews/${id}/approve`, {})).statusCode).toBe(403);
    expect(
      (await call(otherHubAdmin, 'POST', `/api/pathways/reviews/${id}/approve`, {}, otherHub.identifier))
        .statusCode,
    ).toBe(404);
    const back = await call(mentor, 'POST', `/api/pathways/reviews/${id}/send-back`, {
      note: 'Say more about design.',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ item: { status: 'in-progress' } });
    const detail = (await call(student, 'GET', '/api/pathways/career-launch')).json<{
      pathway: TPathwayDetail;
    }>().pathway;
    expect(detail.progress).toBe('in-progress');
    const why = detail.sections[1]?.steps[0]?.state;
    expect(why).toMatchObject({
      status: 'in-progress',
      review: { decision: 'sentBack', note: 'Say more about design.' },
    });

    await call(student, 'PUT', '/api/pathways/career-launch/steps/why/answer', {
      value: { kind: 'reflection', text: `${LONG_TEXT} I also like drawing.` },
    });
    await call(student, 'POST', '/api/pathways/career-launch/steps/why/submit');
    const pendingId = (await call(admin, 'GET', '/api/pathways/reviews')).json<{
      items: TPathwayReviewItem[];
    }>().items[0]?.id;
    const approved = await call(admin, 'POST', `/api/pathways/reviews/${pendingId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await call(admin, 'POST', `/api/pathways/reviews/${pendingId}/approve`, {})).statusCode).toBe(
      409,
    );

    const done = (await call(student, 'GET', '/api/pathways/career-launch')).json<{
      pathway: TPathwayDetail;
    }>().pathway;
    expect(done).toMatchObject({ progress: 'completed', buttonText: 'View', resumeStepIndex: 0 });
    expect(done.completedAt).not.toBeNull();
    const completion = await asCluster((tx) =>
      tx
        .select()
        .from(actionItemCompletions)
        .where(
          and(
            eq(actionItemCompletions.userId, student.id),
            eq(actionItemCompletions.type, 'complete_pathway'),
          ),
        ),
    );
    expect(completion).toHaveLength(1);
    const earned = await asCluster((tx) =>
      tx.select().from(earnedBadges).where(eq(earnedBadges.userId, student.id)),
    );
    expect(earned).toHaveLength(1);
  });

  it('never moves a completed pathway back when a step is added', async () => {
    const body = {
      title: pathway.title,
      status: 'published',
      form: {
        ...form(),
        sections: [
          ...form().sections,
          { title: 'More', steps: [{ kind: 'link', title: 'Read', url: 'https://example.org/' }] },
        ],
      },
      assignments: { programs: [{ programId, roles: ['mentee'] }] },
    };
    expect((await call(admin, 'PUT', `/api/pathways/admin/${pathway.id}`, body)).statusCode).toBe(200);
    const detail = (await call(student, 'GET', '/api/pathways/career-launch')).json<{
      pathway: TPathwayDetail;
    }>().pathway;
    expect(detail.progress).toBe('completed');
    expect(detail.resumeStepIndex).toBe(5);
    expect((await call(admin, 'DELETE', `/api/pathways/admin/${pathway.id}`)).statusCode).toBe(409);
  });

  it('copies a library pathway of another hub as a draft, leaving out questions of the other hub', async () => {
    const lib = await call(
      otherHubAdmin,
      'POST',
      '/api/pathways/admin',
      { title: 'Library path', status: 'published', settings: { isLibraryPathway: true }, form: form() },
      otherHub.identifier,
    );
    // The question is this hub's, not the other hub's: the library pathway may not name it.
    expect(lib.statusCode).toBe(400);
    const noQuestion = form();
    noQuestion.sections[1]?.steps.pop();
    const library = await call(
      otherHubAdmin,
      'POST',
      '/api/pathways/admin',
      { title: 'Library path', status: 'published', settings: { isLibraryPathway: true }, form: noQuestion },
      otherHub.identifier,
    );
    expect(library.statusCode, library.body).toBe(201);
    const libraryId = library.json<{ pathway: TAdminPathway }>().pathway.id;
    const listed = (await call(admin, 'GET', '/api/pathways?scope=library')).json<{
      items: TPathwaySummary[];
    }>().items;
    expect(listed.map((i) => i.id)).toEqual([libraryId]);
    expect(listed[0]?.can.copy).toBe(true);
    expect((await call(student, 'GET', '/api/pathways?scope=library')).statusCode).toBe(403);

    const copy = await call(admin, 'POST', `/api/pathways/admin/${libraryId}/copy`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json<{ pathway: TAdminPathway }>().pathway;
    expect(copied).toMatchObject({
      status: 'draft',
      isLibraryPathway: false,
      copiedFrom: { id: libraryId },
      stepCount: 4,
    });
    // Drafts are hidden from members; a library pathway of another hub is not a page of this hub.
    expect((await call(student, 'GET', `/api/pathways/${copied.slug}`)).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/pathways/library-path')).statusCode).toBe(404);
  });

  it('refuses members while the hub’s Pathways module is off; its pathway admins still build', async () => {
    const hidden = await createHub(t.database.db, cluster, { enabledModules: ['home'] });
    const member = await createUser(t.database.db, cluster, { hub: hidden });
    const hiddenAdmin = await createUser(t.database.db, cluster, {
      hub: hidden,
      isHubAdmin: true,
      rights: ['manage-pathways'],
    });
    const refused = await call(member, 'GET', '/api/pathways', undefined, hidden.identifier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'pathways_hidden' } });
    expect((await call(hiddenAdmin, 'GET', '/api/pathways', undefined, hidden.identifier)).statusCode).toBe(
      200,
    );
    expect(
      (await call(hiddenAdmin, 'GET', '/api/pathways?scope=manage', undefined, hidden.identifier)).statusCode,
    ).toBe(200);
  });

  it('takes one of the member’s own documents for a file upload step, never another member’s', async () => {
    const body = {
      title: 'Upload practice',
      status: 'published',
      form: {
        sections: [
          { title: 'CV', steps: [{ id: 'cv', kind: 'fileUpload', title: 'Your CV', needsReview: true }] },
        ],
      },
    };
    expect((await call(admin, 'POST', '/api/pathways/admin', body)).statusCode).toBe(201);
    const [mine, theirs] = await asCluster((tx) =>
      tx
        .insert(userFiles)
        .values(
          [student, bystander].map((user) => ({
            clusterId: cluster.clusterId,
            userId: user.id,
            kind: 'document' as const,
            region: 'us',
            storageKey: `k-${user.id}`,
            mimeType: 'application/pdf',
            sizeBytes: 1234,
            originalName: `${user.id}.pdf`,
          })),
        )
        .returning(),
    );
    const base = '/api/pathways/upload-practice';
    expect((await call(student, 'POST', base)).statusCode).toBe(200);
    const foreign = await call(student, 'PUT', `${base}/steps/cv/answer`, {
      value: { kind: 'fileUpload', fileId: theirs?.id },
    });
    expect(foreign.statusCode).toBe(404);
    const saved = await call(student, 'PUT', `${base}/steps/cv/answer`, {
      value: { kind: 'fileUpload', fileId: mine?.id },
    });
    expect(saved.json()).toMatchObject({
      isSaved: true,
      state: { answer: { kind: 'fileUpload', file: { id: mine?.id, mimeType: 'application/pdf' } } },
    });
    const submitted = await call(student, 'POST', `${base}/steps/cv/submit`);
    expect(submitted.json<{ pathway: TPathwayDetail }>().pathway.progress).toBe('pending');
    const queue = (await call(admin, 'GET', '/api/pathways/reviews')).json<{ items: TPathwayReviewItem[] }>();
    expect(queue.items.find((i) => i.pathway.slug === 'upload-practice')?.answer).toMatchObject({
      kind: 'fileUpload',
      file: { id: mine?.id },
    });
  });

  it('pages the hub’s pathways newest first with a cursor', async () => {
    const first = await call(admin, 'GET', '/api/pathways?scope=manage&limit=1');
    const page1 = first.json<{ items: TPathwaySummary[]; nextCursor: string | null }>();
    expect(page1.items).toHaveLength(1);
    expect(page1.nextCursor).not.toBeNull();
    const second = await call(
      admin,
      'GET',
      `/api/pathways?scope=manage&limit=1&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`,
    );
    const page2 = second.json<{ items: TPathwaySummary[] }>();
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]?.id).not.toBe(page1.items[0]?.id);
    expect((await call(admin, 'GET', '/api/pathways?scope=manage&cursor=nonsense')).statusCode).toBe(400);
  });
});
