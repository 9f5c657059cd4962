import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
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
  jobApplications,
  jobPosts,
  mailOutbox,
  messages,
  notificationPreferences,
  notifications,
  threads,
  userFiles,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { sendEmailDigests } from '../../jobs/email-digests.js';
import { advanceProjectCalendars, removeUnusedApplicationFiles } from '../../jobs/job-applications.js';

type TApplication = {
  id: string;
  state: string;
  stateLabel: string;
  projectStatus: string | null;
  threadId: string | null;
  resume: { id: string; name: string } | null;
  submission: { text: string | null; url: string | null; file: { id: string } | null } | null;
  review: { outcome: string; note: string | null } | null;
  can: Record<string, boolean>;
};

const DAY_MS = 86_400_000;
/** A calendar day relative to today (UTC; the test users' zone is far enough from the edges by the offsets used). */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** A multipart body as a browser would send it. */
async function multipart(file: { name: string; bytes: Uint8Array; type: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/**
 * Applications (issue #19 item 3): the status machine through the API, the applicant and employer views of
 * spec 4, the permissions of spec 6 (admin, owner, hired user; canApplyProject for a first application only;
 * audience), notices to the other side, and that a refused request writes nothing.
 */
describeDb('job applications', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let owner: TTestUser;
  let student: TTestUser;
  let student2: TTestUser;
  let alumnus: TTestUser;
  let jobAdmin: TTestUser;
  let brandingAdmin: TTestUser;
  let outsider: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { hubIdentifier?: string; payload?: object } = {},
  ) => {
    let token = tokens.get(user.id);
    if (!token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': options.hubIdentifier ?? hub.identifier,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  /** A post of the hub owned by `owner` unless said otherwise, listed, internal, for everyone. */
  const insertPost = async (
    values: Partial<typeof jobPosts.$inferInsert> = {},
  ): Promise<{ id: string; title: string }> => {
    const title = values.title ?? `Post ${randomBytes(3).toString('hex')}`;
    const [row] = await asCluster((tx) =>
      tx
        .insert(jobPosts)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          ownerUserId: owner.id,
          jobFlow: 'project',
          title,
          applicationMethod: 'internal',
          startDate: day(-1),
          dueDate: day(14),
          expiresAt: new Date(Date.now() + 30 * DAY_MS),
          approvalStatus: 'approved',
          projectStatus: values.jobFlow === 'job' ? null : 'pendingHire',
          ...values,
        })
        .returning({ id: jobPosts.id }),
    );
    if (!row) throw new Error('post insert failed');
    return { id: row.id, title };
  };
  const apply = (user: TTestUser, postId: string, payload: object = { note: 'I would love to help.' }) =>
    call(user, 'POST', `/api/jobs/${postId}/applications`, { payload });
  const move = (user: TTestUser, id: string, action: string, payload: object = {}) =>
    call(user, 'POST', `/api/applications/${id}/${action}`, { payload });
  const projectStatusOf = async (postId: string) =>
    (
      await asCluster((tx) =>
        tx.select({ s: jobPosts.projectStatus }).from(jobPosts).where(eq(jobPosts.id, postId)),
      )
    )[0]?.s;
  const notificationsOf = (user: TTestUser) =>
    asCluster((tx) => tx.select().from(notifications).where(eq(notifications.userId, user.id)));
  const applicationRows = (postId: string) =>
    asCluster((tx) => tx.select().from(jobApplications).where(eq(jobApplications.postId, postId)));
  const upload = async (user: TTestUser) => {
    const body = await multipart({ name: 'resume.pdf', bytes: PDF, type: 'application/pdf' });
    let token = tokens.get(user.id);
    if (!token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method: 'POST',
      url: '/api/applications/files',
      headers: {
        host: cluster.host,
        authorization: `Bearer ${token}`,
        'x-hub-id': hub.identifier,
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    owner = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Olive',
      lastName: 'Owner',
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    student2 = await createUser(t.database.db, cluster, { hub, firstName: 'Tess', lastName: 'Two' });
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Al' });
    jobAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-job-posts'],
      firstName: 'Ada',
      lastName: 'Admin',
    });
    brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    outsider = await createUser(t.database.db, cluster, { hub: otherHub });
    // Students may apply to projects (spec 3 User type canApplyProject); alumni may not.
    await asCluster((tx) =>
      tx.update(userTypes).set({ canApplyProject: true }).where(eq(userTypes.id, hub.userTypeIds.student)),
    );
  });
  afterAll(async () => t.close());

  it('walks a project from application to completion, each side told at every step', async () => {
    const post = await insertPost({ title: 'Design a logo' });
    const applied = await apply(student, post.id);
    expect(applied.statusCode, applied.body).toBe(201);
    const application = applied.json<{ application: TApplication }>().application;
    expect(application).toMatchObject({ state: 'applied', projectStatus: null, stateLabel: 'Applied' });
    expect(application.can).toMatchObject({ withdraw: true, shortlist: false, submit: false });
    expect(application.threadId).not.toBeNull();

    // The owner got a system message in their conversation with the student, and a notification of it.
    const [message] = await asCluster((tx) =>
      tx
        .select()
        .from(messages)
        .where(eq(messages.threadId, application.threadId ?? '')),
    );
    expect(message).toMatchObject({ isSystemMessage: true, type: 'jobApplication', fromUserId: student.id });
    expect(message?.bodyText).toBe('Sam Student applied to Design a logo.');
    expect(message?.body).toContain(`href="/hub/${hub.identifier}/projects/detail/${post.id}"`);
    const received = (await notificationsOf(owner)).filter((n) => n.type === 'job.application-received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ isEmailPending: true, actorUserId: student.id });
    expect(received[0]?.payload).toMatchObject({
      applicationId: application.id,
      threadId: application.threadId,
    });

    const list = await call(owner, 'GET', `/api/jobs/${post.id}/applications`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ counts: { applied: 1 }, items: [{ id: application.id }] });
    expect(list.json().items[0].can).toMatchObject({
      shortlist: true,
      hire: true,
      reject: true,
      withdraw: false,
    });

    const shortlisted = await move(owner, application.id, 'shortlist', { message: 'Great portfolio!' });
    expect(shortlisted.statusCode, shortlisted.body).toBe(200);
    expect(shortlisted.json().application.state).toBe('shortlisted');
    const hired = await move(owner, application.id, 'hire');
    // The start date was yesterday: the calendar moves the hire on to inProgress at once.
    expect(hired.json().application).toMatchObject({ state: 'inProgress', projectStatus: 'inProgress' });
    expect(await projectStatusOf(post.id)).toBe('inProgress');

    const submitted = await move(student, application.id, 'submit', {
      text: 'Three logo options attached.',
      url: 'https://example.com/logos',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().application).toMatchObject({
      state: 'pendingReview',
      projectStatus: 'pendingReview',
      submission: { text: 'Three logo options attached.', url: 'https://example.com/logos', file: null },
    });
    expect(await projectStatusOf(post.id)).toBe('pendingReview');

    const completed = await move(owner, application.id, 'complete', { note: 'Wonderful work.' });
    expect(completed.json().application).toMatchObject({
      state: 'completed',
      projectStatus: 'completed',
      review: { outcome: 'completed', note: 'Wonderful work.' },
      can: { complete: false, markNotCompleted: false },
    });
    expect(await projectStatusOf(post.id)).toBe('completed');

    const texts = (
      await asCluster((tx) =>
        tx
          .select()
          .from(messages)
          .where(eq(messages.threadId, application.threadId ?? ''))
          .orderBy(messages.createdAt),
      )
    ).map((m) => m.bodyText);
    expect(texts).toEqual([
      'Sam Student applied to Design a logo.',
      'Olive Owner shortlisted Sam Student’s application to Design a logo. “Great portfolio!”',
      `Olive Owner hired Sam Student for Design a logo. The work starts on ${day(-1)} and is due on ${day(14)}.`,
      'Sam Student submitted their work on Design a logo for review.',
      'Olive Owner marked Sam Student’s work on Design a logo completed. “Wonderful work.”',
    ]);
    const studentNotices = (await notificationsOf(student)).filter(
      (n) => n.type === 'job.application-updated',
    );
    expect(studentNotices.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Your application to Design a logo was shortlisted',
        'You were hired for Design a logo',
        'Your work on Design a logo was marked completed',
      ]),
    );
    const ownerNotices = (await notificationsOf(owner)).filter((n) => n.type === 'job.application-updated');
    expect(ownerNotices.map((n) => n.title)).toEqual([
      'Sam Student submitted work on Design a logo for review',
    ]);
  });

  it('shows the applicant submitForReview once the work is due, and the employer inProgress (spec 4)', async () => {
    const post = await insertPost({ startDate: day(-20), dueDate: day(-1) });
    const { application } = (await apply(student, post.id)).json<{ application: TApplication }>();
    const hired = await move(owner, application.id, 'hire');
    expect(hired.json().application).toMatchObject({ state: 'submitForReview', projectStatus: 'inProgress' });
    expect(hired.json().application.stateLabel).toBe('In progress');
    const mine = await call(student, 'GET', `/api/applications/${application.id}`);
    expect(mine.json().application).toMatchObject({
      state: 'submitForReview',
      projectStatus: 'submitForReview',
      stateLabel: 'Submit for review',
      can: { submit: true, withdraw: false },
    });
    expect(await projectStatusOf(post.id)).toBe('inProgress');
    const notCompleted = await move(owner, application.id, 'not-completed', { note: 'Nothing came.' });
    expect(notCompleted.json().application).toMatchObject({
      state: 'notCompleted',
      review: { outcome: 'notCompleted' },
    });
    expect(await projectStatusOf(post.id)).toBe('notCompleted');
  });

  it('keeps a hire before the start date notStarted, and a job’s hire final', async () => {
    const project = await insertPost({ startDate: day(5), dueDate: day(20) });
    const first = (await apply(student, project.id)).json<{ application: TApplication }>().application;
    const hired = await move(jobAdmin, first.id, 'hire');
    expect(hired.json().application).toMatchObject({ state: 'notStarted', projectStatus: 'notStarted' });
    // Nothing to submit before the work starts.
    expect((await move(student, first.id, 'submit', { text: 'Early' })).statusCode).toBe(409);

    const job = await insertPost({ jobFlow: 'job', startDate: null, dueDate: null });
    const second = (await apply(student, job.id)).json<{ application: TApplication }>().application;
    const jobHire = await move(owner, second.id, 'hire');
    expect(jobHire.json().application).toMatchObject({ state: 'hired', projectStatus: null });
    expect(jobHire.json().application.can).toEqual({
      shortlist: false,
      hire: false,
      reject: false,
      withdraw: false,
      submit: false,
      complete: false,
      markNotCompleted: false,
    });
    expect((await move(student, second.id, 'submit', { text: 'Work' })).statusCode).toBe(403);
    expect(await projectStatusOf(job.id)).toBeNull();
  });

  describe('permissions (spec 6 Projects)', () => {
    it('lets only the owner and the board’s admins decide, the applicant withdraw and the hired user submit', async () => {
      const post = await insertPost();
      const { application } = (await apply(student, post.id)).json<{ application: TApplication }>();
      for (const user of [student, student2, brandingAdmin]) {
        const refused = await move(user, application.id, 'shortlist');
        expect(refused.statusCode, `${user.identifier}`).toBe(user === student ? 403 : 404);
      }
      expect((await move(owner, application.id, 'withdraw')).statusCode).toBe(403);
      expect((await move(student, application.id, 'complete')).statusCode).toBe(403);
      // An admin with approve-job-posts acts on someone else's project; the owner hears of it too.
      const hired = await move(jobAdmin, application.id, 'hire', { message: 'Welcome aboard.' });
      expect(hired.statusCode, hired.body).toBe(200);
      expect(hired.json().application.can).toMatchObject({ submit: false, markNotCompleted: true });
      const ownerNotice = (await notificationsOf(owner)).find(
        (n) => n.type === 'job.application-updated' && n.payload['applicationId'] === application.id,
      );
      expect(ownerNotice?.title).toBe(
        `Ada Admin hired Sam Student for ${post.title}. The work starts on ${day(-1)} and is due on ${day(14)}.`,
      );
      expect(ownerNotice?.isEmailPending).toBe(true);
      // The student's notice came in their conversation with the admin.
      const studentNotice = (await notificationsOf(student)).find(
        (n) => n.payload['applicationId'] === application.id && n.title.startsWith('You were hired'),
      );
      const [thread] = await asCluster((tx) =>
        tx
          .select()
          .from(threads)
          .where(eq(threads.id, String(studentNotice?.payload['threadId']))),
      );
      expect(thread).toMatchObject({ fromUserId: jobAdmin.id, toUserId: student.id, messageType: 'message' });
      // The hired user may act though their user type no longer allows applying: canApplyProject gates only
      // a first application.
      await asCluster((tx) =>
        tx.update(userTypes).set({ canApplyProject: false }).where(eq(userTypes.id, hub.userTypeIds.student)),
      );
      try {
        const submitted = await move(student, application.id, 'submit', { text: 'Done' });
        expect(submitted.statusCode, submitted.body).toBe(200);
        const another = await insertPost();
        const refused = await apply(student, another.id);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toMatchObject({
          code: 'user_type_cannot_apply',
          user_message: 'Your user type cannot apply to projects.',
        });
      } finally {
        await asCluster((tx) =>
          tx
            .update(userTypes)
            .set({ canApplyProject: true })
            .where(eq(userTypes.id, hub.userTypeIds.student)),
        );
      }
    });

    it('keeps applications from other members, and the applicant list from all but the owner and admins', async () => {
      const post = await insertPost();
      const { application } = (await apply(student, post.id)).json<{ application: TApplication }>();
      expect((await call(student2, 'GET', `/api/applications/${application.id}`)).statusCode).toBe(404);
      expect((await call(brandingAdmin, 'GET', `/api/applications/${application.id}`)).statusCode).toBe(404);
      expect((await call(jobAdmin, 'GET', `/api/applications/${application.id}`)).statusCode).toBe(200);
      expect((await call(student2, 'GET', `/api/jobs/${post.id}/applications`)).statusCode).toBe(403);
      expect((await call(jobAdmin, 'GET', `/api/jobs/${post.id}/applications`)).statusCode).toBe(200);
      // Another hub's member, asking through that hub, does not find it.
      const cross = await call(outsider, 'GET', `/api/applications/${application.id}`, {
        hubIdentifier: otherHub.identifier,
      });
      expect(cross.statusCode).toBe(404);
    });

    it('gates a first application by canApplyProject for projects and by the audience for every post', async () => {
      const project = await insertPost();
      const refused = await apply(alumnus, project.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('user_type_cannot_apply');
      const job = await insertPost({ jobFlow: 'job', startDate: null, dueDate: null });
      expect((await apply(alumnus, job.id)).statusCode).toBe(201);
      const again = await apply(alumnus, job.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_applied');
      const alumniOnly = await insertPost({ audienceUserTypeIds: [hub.userTypeIds.alumni] });
      expect((await apply(student, alumniOnly.id)).statusCode).toBe(404);
      // An admin may always act (spec 6), outside the audience too.
      expect((await apply(jobAdmin, alumniOnly.id)).statusCode).toBe(201);
      expect((await apply(owner, project.id)).json().error.code).toBe('own_post');
      const closed = await insertPost({ closedAt: new Date() });
      expect((await apply(student, closed.id)).statusCode).toBe(404);
      const external = await insertPost({
        jobFlow: 'job',
        applicationMethod: 'external',
        externalUrl: 'https://example.com/apply',
      });
      expect((await apply(student, external.id)).json().error.code).toBe('external_application');
      const pending = await insertPost({ approvalStatus: 'pending' });
      expect((await apply(student, pending.id)).statusCode).toBe(404);
    });

    it('answers 409 to a move the application has moved past', async () => {
      const post = await insertPost();
      const { application } = (await apply(student, post.id)).json<{ application: TApplication }>();
      expect((await move(owner, application.id, 'reject')).json().application.state).toBe('rejected');
      const late = await move(owner, application.id, 'hire');
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toMatchObject({
        code: 'invalid_transition',
        user_message: 'This application is now not selected, so this cannot be done.',
      });
      expect((await move(student, application.id, 'withdraw')).statusCode).toBe(409);
    });
  });

  describe('no partial writes', () => {
    it('writes nothing when an application is refused', async () => {
      const post = await insertPost({ isResumeRequired: true });
      const before = (await notificationsOf(owner)).length;
      const missing = await apply(student2, post.id, { note: 'Hi' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual({ resumeFileId: 'Add your resume to apply.' });
      const othersFile = (await upload(student)).json<{ file: { id: string } }>().file.id;
      const foreign = await apply(student2, post.id, { note: 'Hi', resumeFileId: othersFile });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.fields).toEqual({
        resumeFileId: 'Choose one of your files, or upload one.',
      });
      expect(await applicationRows(post.id)).toEqual([]);
      expect((await notificationsOf(owner)).length).toBe(before);
      const conversations = await asCluster((tx) =>
        tx
          .select()
          .from(threads)
          .where(and(eq(threads.fromUserId, student2.id), eq(threads.toUserId, owner.id))),
      );
      expect(conversations).toEqual([]);
      const completions = await asCluster((tx) =>
        tx
          .select()
          .from(actionItemCompletions)
          .where(
            and(
              eq(actionItemCompletions.userId, student2.id),
              eq(actionItemCompletions.type, 'el_apply_opportunity'),
            ),
          ),
      );
      expect(completions).toEqual([]);
    });

    it('refuses a submission of someone else’s file and keeps the application as it was', async () => {
      const post = await insertPost();
      const { application } = (await apply(student2, post.id)).json<{ application: TApplication }>();
      const messagesBefore = await asCluster((tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(eq(messages.threadId, application.threadId ?? '')),
      );
      // A submission file that is not the hired user's own: refused after the state was checked, so nothing stays.
      await move(owner, application.id, 'hire');
      const othersFile = (await upload(student)).json<{ file: { id: string } }>().file.id;
      const refused = await move(student2, application.id, 'submit', { fileId: othersFile });
      expect(refused.statusCode).toBe(400);
      const [row] = await applicationRows(post.id);
      expect(row).toMatchObject({
        status: 'hired',
        workStatus: 'inProgress',
        submittedAt: null,
        submissionFileId: null,
      });
      const messagesAfter = await asCluster((tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(eq(messages.threadId, application.threadId ?? '')),
      );
      expect(messagesAfter[0]?.n).toBe((messagesBefore[0]?.n ?? 0) + 1);
    });
  });

  it('takes an uploaded resume that stays off the profile, and lets only the two sides and admins download it', async () => {
    const uploaded = await upload(student2);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json<{ file: { id: string; name: string } }>().file;
    expect(file.name).toBe('resume.pdf');
    const profile = await call(student2, 'GET', '/api/profiles/me');
    expect(profile.body).not.toContain(file.id);
    // Not downloadable as a profile document.
    expect((await call(owner, 'GET', `/api/files/${file.id}`)).statusCode).toBe(404);
    const post = await insertPost({ isResumeRequired: true });
    const applied = await apply(student2, post.id, { note: '', resumeFileId: file.id });
    expect(applied.statusCode, applied.body).toBe(201);
    const { application } = applied.json<{ application: TApplication }>();
    expect(application.resume).toEqual({
      id: file.id,
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    for (const [user, status] of [
      [owner, 200],
      [jobAdmin, 200],
      [student2, 200],
      [student, 404],
    ] as const) {
      const download = await call(user, 'GET', `/api/applications/${application.id}/files/${file.id}`);
      expect(download.statusCode, user.identifier).toBe(status);
      if (status === 200) expect(download.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('lists my applications newest first, by flow, and completes el_apply_opportunity', async () => {
    const user = await createUser(t.database.db, cluster, { hub });
    const project = await insertPost();
    const job = await insertPost({ jobFlow: 'job', startDate: null, dueDate: null });
    await apply(user, project.id);
    await apply(user, job.id);
    const all = await call(user, 'GET', '/api/applications/mine?limit=1');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items.map((a: { post: { id: string } }) => a.post.id)).toEqual([job.id]);
    const next = await call(user, 'GET', `/api/applications/mine?limit=1&cursor=${all.json().nextCursor}`);
    expect(next.json()).toMatchObject({ items: [{ post: { id: project.id } }], nextCursor: null });
    const projects = await call(user, 'GET', '/api/applications/mine?jobFlow=project');
    expect(projects.json().items.map((a: { post: { id: string } }) => a.post.id)).toEqual([project.id]);
    const completion = await asCluster((tx) =>
      tx
        .select()
        .from(actionItemCompletions)
        .where(
          and(
            eq(actionItemCompletions.userId, user.id),
            eq(actionItemCompletions.type, 'el_apply_opportunity'),
          ),
        ),
    );
    expect(completion).toHaveLength(1);
    expect(completion[0]?.hubId).toBe(hub.id);
  });

  it('lists projects by spec 4 status: mine in the employer view, all of the hub for admins', async () => {
    const maker = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    const waiting = await insertPost({ ownerUserId: maker.id, title: 'Waiting project' });
    const working = await insertPost({ ownerUserId: maker.id, title: 'Working project' });
    await insertPost({ ownerUserId: maker.id, jobFlow: 'job', startDate: null, dueDate: null });
    const { application } = (await apply(student, working.id)).json<{ application: TApplication }>();
    await apply(student2, working.id);
    expect((await move(maker, application.id, 'hire')).statusCode).toBe(200);
    const mine = await call(maker, 'GET', '/api/applications/projects');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items).toMatchObject([
      { post: { id: working.id, projectStatus: 'inProgress' }, applicationCount: 2, hiredCount: 1 },
      { post: { id: waiting.id, projectStatus: 'pendingHire' }, applicationCount: 0, hiredCount: 0 },
    ]);
    const pendingHire = await call(maker, 'GET', '/api/applications/projects?status=pendingHire');
    expect(pendingHire.json().items.map((i: { post: { id: string } }) => i.post.id)).toEqual([waiting.id]);
    expect((await call(maker, 'GET', '/api/applications/projects?scope=all')).statusCode).toBe(403);
    const all = await call(
      jobAdmin,
      'GET',
      '/api/applications/projects?scope=all&status=inProgress&limit=100',
    );
    expect(all.statusCode, all.body).toBe(200);
    const allIds = all.json().items.map((i: { post: { id: string } }) => i.post.id);
    expect(allIds).toContain(working.id);
    expect(allIds).not.toContain(waiting.id);
  });

  it('stores the calendar’s moves hourly and removes unused application files after a day', async () => {
    const post = await insertPost({ startDate: day(5), dueDate: day(20) });
    const { application } = (await apply(student2, post.id)).json<{ application: TApplication }>();
    expect((await move(owner, application.id, 'hire')).json().application.state).toBe('notStarted');
    expect(await projectStatusOf(post.id)).toBe('notStarted');
    const stored = async () => (await applicationRows(post.id))[0]?.workStatus;
    expect(await advanceProjectCalendars(t.database.db, new Date())).toBeGreaterThanOrEqual(0);
    expect(await stored()).toBe('notStarted');
    await advanceProjectCalendars(t.database.db, new Date(Date.now() + 6 * DAY_MS));
    expect(await stored()).toBe('inProgress');
    expect(await projectStatusOf(post.id)).toBe('inProgress');
    await advanceProjectCalendars(t.database.db, new Date(Date.now() + 21 * DAY_MS));
    expect(await stored()).toBe('submitForReview');
    // The employer's view (the project's filter status) reads submitForReview as inProgress.
    expect(await projectStatusOf(post.id)).toBe('inProgress');

    const unused = (await upload(student2)).json<{ file: { id: string } }>().file.id;
    const used = (await upload(student2)).json<{ file: { id: string } }>().file.id;
    const another = await insertPost();
    expect((await apply(student2, another.id, { note: '', resumeFileId: used })).statusCode).toBe(201);
    const fileIds = async () =>
      (
        await asCluster((tx) =>
          tx.select({ id: userFiles.id }).from(userFiles).where(eq(userFiles.userId, student2.id)),
        )
      ).map((f) => f.id);
    await removeUnusedApplicationFiles(t.database.db, t.app.deps.storage, new Date());
    expect(await fileIds()).toEqual(expect.arrayContaining([unused, used]));
    await removeUnusedApplicationFiles(t.database.db, t.app.deps.storage, new Date(Date.now() + 2 * DAY_MS));
    const left = await fileIds();
    expect(left).toContain(used);
    expect(left).not.toContain(unused);
  });

  it('mails the other side per their email preference', async () => {
    const eager = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Eve' });
    const quiet = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Quinn' });
    await asCluster((tx) =>
      tx.insert(notificationPreferences).values([
        { userId: eager.id, clusterId: cluster.clusterId, emailDigestFrequency: 'immediately' },
        { userId: quiet.id, clusterId: cluster.clusterId, emailDigestFrequency: 'never' },
      ]),
    );
    const eagerPost = await insertPost({ ownerUserId: eager.id, title: 'Eager project' });
    const quietPost = await insertPost({ ownerUserId: quiet.id, title: 'Quiet project' });
    expect((await apply(student, eagerPost.id)).statusCode).toBe(201);
    expect((await apply(student, quietPost.id)).statusCode).toBe(201);
    await sendEmailDigests({
      db: t.database.db,
      now: new Date(),
      publicUrl: 'http://localhost:3000',
      secret: new Uint8Array(32),
      replyDomain: null,
    });
    const mails = await asCluster((tx) => tx.select().from(mailOutbox));
    const toEager = mails.filter((m) => m.toAddress === eager.email);
    expect(toEager).toHaveLength(1);
    expect(toEager[0]?.textBody).toContain('Sam Student applied to Eager project.');
    expect(mails.filter((m) => m.toAddress === quiet.email)).toEqual([]);
  });
});
