import { randomUUID } from 'node:crypto';
import { webPaths } from '@commons/contract';
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
  hubMemberships,
  hubStandardOptions,
  jobAlerts,
  jobPosts,
  mailOutbox,
  notifications,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { mailDueJobAlerts } from './jobs.alerts.js';
import { markExpiredJobPosts } from './jobs.commands.js';

type TSummary = {
  id: string;
  title: string;
  jobFlow: string;
  approvalStatus: string;
  projectStatus: string | null;
  isSaved: boolean;
  tags: Array<{ kind: string; colour: string }>;
};
type TFacet = { value: string; label: string; count: number };
type TList = {
  items: TSummary[];
  nextCursor: string | null;
  total: number;
  facets: Record<'industry' | 'jobFunction' | 'employmentType' | 'paid' | 'location' | 'remote', TFacet[]>;
};

const JOB = {
  jobFlow: 'job',
  title: 'Software engineer intern',
  organisation: 'Acme Robotics',
  description: '<p>Build <strong>robots</strong> with us.</p><script>alert(1)</script>',
  requirements: '<p>Python</p>',
  location: 'Boston, MA',
  isRemote: false,
  employmentType: 'internship',
  isPaid: true,
  industry: 'tech',
  jobFunctions: ['engineering'],
  applicationMethod: 'internal',
};

/** The job and project board (issue #19): posting rules, approval, audience, expiry, search, saved jobs, alerts, settings. */
describeDb('jobs', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let employer: TTestUser;
  let approver: TTestUser;
  let settingsAdmin: TTestUser;
  let brandingAdmin: TTestUser;
  let pending: TTestUser;
  let outsider: TTestUser;
  let employerTypeId: string;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { hubIdentifier?: string; payload?: object } = {},
  ) => {
    let token = user ? tokens.get(user.id) : undefined;
    if (user && !token) {
      token = (await signIn(t.app, cluster, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'x-hub-id': options.hubIdentifier ?? hub.identifier,
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const post = async (user: TTestUser, body: object = {}) => {
    const response = await call(user, 'POST', '/api/jobs', { payload: { ...JOB, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ post: TSummary & Record<string, unknown> }>().post;
  };
  const list = async (user: TTestUser, query = '') => {
    const response = await call(user, 'GET', `/api/jobs${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TList>();
  };
  const ids = (page: TList) => page.items.map((i) => i.id);

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam' });
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
    employer = await createUser(t.database.db, cluster, { hub, firstName: 'Erin' });
    approver = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-job-posts'],
    });
    settingsAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['job-settings'],
    });
    brandingAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['branding-settings'],
    });
    pending = await createUser(t.database.db, cluster, { hub, approved: null });
    outsider = await createUser(t.database.db, cluster, { hub: otherHub });
    await asCluster(async (tx) => {
      // Alumni may post (spec 3 canPostJob); students may apply to projects (canApplyProject).
      await tx.update(userTypes).set({ canPostJob: true }).where(eq(userTypes.id, hub.userTypeIds.alumni));
      await tx
        .update(userTypes)
        .set({ canApplyProject: true })
        .where(eq(userTypes.id, hub.userTypeIds.student));
      const [type] = await tx
        .insert(userTypes)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          title: 'Employer',
          pluralTitle: 'Employers',
          order: 2,
          standardUserType: 'Corporate Partner & Employer',
          canPostJob: true,
        })
        .returning({ id: userTypes.id });
      employerTypeId = type?.id ?? '';
      await tx
        .update(hubMemberships)
        .set({ userTypeId: employerTypeId })
        .where(and(eq(hubMemberships.userId, employer.id), eq(hubMemberships.hubId, hub.id)));
      await tx.insert(hubStandardOptions).values([
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-industries',
          optionKey: 'tech',
          label: 'Technology',
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-industries',
          optionKey: 'health',
          label: 'Healthcare',
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-functions',
          optionKey: 'engineering',
          label: 'Engineering',
        },
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          category: 'job-functions',
          optionKey: 'research',
          label: 'Research',
        },
      ]);
    });
  });
  afterAll(async () => t.close());

  describe('who may post (spec 3 canPostJob, spec 6)', () => {
    it('lets user types with canPostJob and admins post, refuses others with the reason', async () => {
      const refused = await call(student, 'POST', '/api/jobs', { payload: JOB });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.user_message).toContain('cannot post');
      expect((await call(pending, 'POST', '/api/jobs', { payload: JOB })).statusCode).toBe(403);
      expect((await call(brandingAdmin, 'POST', '/api/jobs', { payload: JOB })).statusCode).toBe(403);
      const byAlumnus = await post(alumnus, { title: 'Alumni posted role' });
      expect(byAlumnus.approvalStatus).toBe('approved');
      const byAdmin = await post(approver, { title: 'Admin posted role' });
      expect(byAdmin.approvalStatus).toBe('approved');
    });

    it('sanitises the rich text, checks the standard data, the audience and the external address', async () => {
      const created = await post(alumnus, { title: 'Sanitised role' });
      expect(created['description']).toBe('<p>Build <strong>robots</strong> with us.</p>');
      expect(created['industry']).toEqual({ key: 'tech', label: 'Technology' });
      const bad = await call(alumnus, 'POST', '/api/jobs', {
        payload: { ...JOB, industry: 'mining', jobFunctions: ['nope'], audience: [randomUUID()] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({
        industry: expect.any(String),
        jobFunctions: expect.any(String),
        audience: expect.any(String),
      });
      const privateUrl = await call(alumnus, 'POST', '/api/jobs', {
        payload: { ...JOB, applicationMethod: 'external', externalUrl: 'https://10.0.0.8/apply' },
      });
      expect(privateUrl.statusCode).toBe(400);
      const missingUrl = await call(alumnus, 'POST', '/api/jobs', {
        payload: { ...JOB, applicationMethod: 'external' },
      });
      expect(missingUrl.statusCode).toBe(400);
      const external = await post(alumnus, {
        title: 'External role',
        applicationMethod: 'external',
        externalUrl: 'https://careers.example.com/apply/42',
      });
      expect(external['externalUrl']).toBe('https://careers.example.com/apply/42');
      expect((external['can'] as { apply: boolean }).apply).toBe(false);
    });

    it('creates a project from a template with 40 hours, start 2 weeks and due 4 weeks out', async () => {
      const templates = await call(alumnus, 'GET', '/api/jobs/templates');
      expect(templates.statusCode).toBe(200);
      const body = templates.json<{
        items: Array<{ id: string; role: string; isCustom: boolean }>;
        defaults: Record<string, string>;
      }>();
      expect(body.items).toHaveLength(14);
      expect(body.items.slice(11, 13).map((i) => i.role)).toEqual(['Legal Advising', 'Customer Service']);
      expect(body.items.at(-1)).toMatchObject({ id: 'custom', isCustom: true });
      const project = await post(alumnus, {
        jobFlow: 'project',
        templateId: 'design-a-logo',
        title: 'Design a logo',
        description: '',
        requirements: '',
        industry: null,
        jobFunctions: [],
        employmentType: null,
      });
      expect(project).toMatchObject({
        jobFlow: 'project',
        duration: 40,
        durationUnit: 'hours',
        startDate: body.defaults['startDate'],
        dueDate: body.defaults['dueDate'],
        applicationMethod: 'internal',
        templateId: 'design-a-logo',
        projectStatus: 'pendingHire',
        icon: 'palette',
      });
      expect(project['description']).toContain('logo');
      const external = await call(alumnus, 'POST', '/api/jobs', {
        payload: {
          ...JOB,
          jobFlow: 'project',
          applicationMethod: 'external',
          externalUrl: 'https://example.com/a',
        },
      });
      expect(external.statusCode).toBe(400);
    });
  });

  describe('approval (spec 6 approve-job-posts)', () => {
    it('holds an employer’s post for approval, lists it after approval and tells the owner', async () => {
      const held = await post(employer, { title: 'Quantum analyst' });
      expect(held.approvalStatus).toBe('pending');
      expect(ids(await list(student, '?q=quantum'))).toEqual([]);
      expect((await call(student, 'GET', `/api/jobs/${held.id}`)).statusCode).toBe(404);
      expect((await call(employer, 'GET', `/api/jobs/${held.id}`)).statusCode).toBe(200);

      expect((await call(student, 'GET', '/api/jobs/pending')).statusCode).toBe(403);
      expect((await call(settingsAdmin, 'GET', '/api/jobs/pending')).statusCode).toBe(403);
      const queue = await call(approver, 'GET', '/api/jobs/pending');
      expect(queue.statusCode).toBe(200);
      expect(queue.json<TList>().items.map((i) => i.id)).toContain(held.id);
      expect((await call(student, 'POST', `/api/jobs/${held.id}/approve`)).statusCode).toBe(403);

      const approved = await call(approver, 'POST', `/api/jobs/${held.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().post.approvalStatus).toBe('approved');
      expect((await call(approver, 'POST', `/api/jobs/${held.id}/approve`)).statusCode).toBe(409);
      expect(ids(await list(student, '?q=quantum'))).toEqual([held.id]);
      const [note] = await asCluster((tx) =>
        tx.select().from(notifications).where(eq(notifications.userId, employer.id)),
      );
      expect(note).toMatchObject({ type: 'job.approved' });
      const mails = await asCluster((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, employer.email)),
      );
      expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('was approved')]);
    });

    it('rejects with a reason, and auto-approves employers when the hub says so', async () => {
      const held = await post(employer, { title: 'Rejected role' });
      const rejected = await call(approver, 'POST', `/api/jobs/${held.id}/reject`, {
        payload: { reason: 'Duplicate' },
      });
      expect(rejected.json().post.approvalStatus).toBe('rejected');
      expect((await call(student, 'GET', `/api/jobs/${held.id}`)).statusCode).toBe(404);

      const patched = await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { isEmployerPostAutoApproved: true },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await post(employer, { title: 'Auto approved role' })).approvalStatus).toBe('approved');
      await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { isEmployerPostAutoApproved: false },
      });
    });

    it('tells the approvers (approve-job-posts), and nobody else, that a post waits for them', async () => {
      const pendingNotes = (titleMark: string) =>
        asCluster((tx) =>
          tx
            .select()
            .from(notifications)
            .where(
              and(
                eq(notifications.type, 'job.pending-approval'),
                sql`${notifications.title} like ${`%${titleMark}%`}`,
              ),
            ),
        );
      const held = await post(employer, { title: 'Waiting role pa1' });
      expect(held.approvalStatus).toBe('pending');
      const notes = await pendingNotes('pa1');
      expect(notes.map((n) => n.userId)).toEqual([approver.id]);
      expect(notes[0]).toMatchObject({
        hubId: hub.id,
        actorUserId: employer.id,
        url: webPaths.hub.siteAdminJobs(hub.identifier, 'approvals'),
      });
      expect(notes[0]?.title).toContain('Waiting role pa1');
      for (const other of [student, settingsAdmin, brandingAdmin, employer])
        expect(notes.map((n) => n.userId)).not.toContain(other.id);

      // An alumnus's post (no approval needed) and an auto-approved employer's post notify nobody.
      expect((await post(alumnus, { title: 'Listed role pa2' })).approvalStatus).toBe('approved');
      expect(await pendingNotes('pa2')).toEqual([]);
      await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { isEmployerPostAutoApproved: true },
      });
      expect((await post(employer, { title: 'Auto role pa3' })).approvalStatus).toBe('approved');
      expect(await pendingNotes('pa3')).toEqual([]);
      await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { isEmployerPostAutoApproved: false },
      });
    });
  });

  describe('audience, owner and admin (spec 6 Projects)', () => {
    it('shows a post to its audience only; the owner and admins always see it', async () => {
      const forAlumni = await post(alumnus, {
        title: 'Alumni mentor role',
        audience: [hub.userTypeIds.alumni],
      });
      expect((await call(student, 'GET', `/api/jobs/${forAlumni.id}`)).statusCode).toBe(404);
      expect(ids(await list(student, '?q=mentor'))).not.toContain(forAlumni.id);
      expect((await call(alumnus, 'GET', `/api/jobs/${forAlumni.id}`)).statusCode).toBe(200);
      expect((await call(approver, 'GET', `/api/jobs/${forAlumni.id}`)).statusCode).toBe(200);
      expect((await call(student, 'PUT', `/api/jobs/${forAlumni.id}/save`)).statusCode).toBe(404);
    });

    it('shares a search among members of a user type without posts, with each one’s own marks; owners search alone', async () => {
      const forStudents = await post(alumnus, {
        title: 'Quokka keeper for students',
        audience: [hub.userTypeIds.student],
      });
      // The owner is marked by the database as their first post is stored (migration 0037).
      const [ownerFlag] = await asCluster((tx) =>
        tx.select({ hasJobPosts: users.hasJobPosts }).from(users).where(eq(users.id, alumnus.id)),
      );
      expect(ownerFlag?.hasJobPosts).toBe(true);
      const [saver, other] = [
        await createUser(t.database.db, cluster, { hub }),
        await createUser(t.database.db, cluster, { hub }),
      ];
      expect((await call(saver, 'PUT', `/api/jobs/${forStudents.id}/save`)).statusCode).toBe(200);
      // The other student's search is kept for the students; the saver's next search is that one, with the
      // saver's own mark read apart.
      expect((await list(other, '?q=quokka')).items.map((i) => [i.id, i.isSaved])).toEqual([
        [forStudents.id, false],
      ]);
      expect((await list(saver, '?q=quokka')).items.map((i) => [i.id, i.isSaved])).toEqual([
        [forStudents.id, true],
      ]);
      // An alumnus without posts does not see it (not their audience); its owner, also an alumnus, still does.
      const alumnusWithoutPosts = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      expect(ids(await list(alumnusWithoutPosts, '?q=quokka'))).toEqual([]);
      expect(ids(await list(alumnus, '?q=quokka'))).toEqual([forStudents.id]);
    });

    it('shares the user type’s search with owners too, and never keeps an owner’s post outside that audience in it', async () => {
      const owner = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      const forStudents = await post(owner, {
        title: 'Narwhal keeper for students',
        audience: [hub.userTypeIds.student],
      });
      const forEveryone = await post(alumnus, { title: 'Narwhal guide for everyone' });
      // The owner searches first: the alumni's shared search is loaded without the owner's student-only post,
      // and the owner, who owns a listed post outside it, gets a search of their own.
      expect(new Set(ids(await list(owner, '?q=narwhal')))).toEqual(
        new Set([forStudents.id, forEveryone.id]),
      );
      const alumnusWithoutPosts = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      expect(ids(await list(alumnusWithoutPosts, '?q=narwhal'))).toEqual([forEveryone.id]);
      // Once the post is closed, the owner's board is the alumni's shared one, with the owner's own marks.
      expect((await call(owner, 'POST', `/api/jobs/${forStudents.id}/close`)).statusCode).toBe(200);
      expect((await call(owner, 'PUT', `/api/jobs/${forEveryone.id}/save`)).statusCode).toBe(200);
      expect(ids(await list(alumnusWithoutPosts, '?q=narwhal'))).toEqual([forEveryone.id]);
      expect((await list(owner, '?q=narwhal')).items.map((i) => [i.id, i.isSaved])).toEqual([
        [forEveryone.id, true],
      ]);
      expect((await list(alumnusWithoutPosts, '?q=narwhal')).items.map((i) => [i.id, i.isSaved])).toEqual([
        [forEveryone.id, false],
      ]);
    });

    it('lets the owner and approve-job-posts admins edit and close, nobody else', async () => {
      const created = await post(alumnus, { title: 'Editable role' });
      expect(
        (await call(student, 'PATCH', `/api/jobs/${created.id}`, { payload: { title: 'Hijack' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(settingsAdmin, 'PATCH', `/api/jobs/${created.id}`, { payload: { title: 'Nope' } }))
          .statusCode,
      ).toBe(403);
      const edited = await call(alumnus, 'PATCH', `/api/jobs/${created.id}`, {
        payload: { title: 'Edited role' },
      });
      expect(edited.json().post.title).toBe('Edited role');
      const byAdmin = await call(approver, 'PATCH', `/api/jobs/${created.id}`, {
        payload: { isRemote: true },
      });
      expect(byAdmin.json().post).toMatchObject({ title: 'Edited role', isRemote: true });
      expect((await call(student, 'POST', `/api/jobs/${created.id}/close`)).statusCode).toBe(403);
      const closed = await call(alumnus, 'POST', `/api/jobs/${created.id}/close`);
      expect(closed.json().post.closedAt).not.toBeNull();
      expect((await call(student, 'GET', `/api/jobs/${created.id}`)).statusCode).toBe(404);
      expect(
        (await call(alumnus, 'PATCH', `/api/jobs/${created.id}`, { payload: { title: 'Late' } })).statusCode,
      ).toBe(409);
    });

    it('gives each card the page’s can.edit: the owner and approvers, while the post is open', async () => {
      const created = await post(alumnus, { title: 'Card edit role' });
      const cardOf = async (user: TTestUser, url: string) =>
        (await call(user, 'GET', url))
          .json<{ items: Array<{ id: string; can: { edit: boolean } }> }>()
          .items.find((item) => item.id === created.id);
      const onProfile = `/api/profiles/${alumnus.identifier}/job-posts`;
      const onBoard = `/api/jobs?q=${encodeURIComponent('Card edit role')}`;
      for (const url of [onProfile, onBoard]) {
        expect((await cardOf(alumnus, url))?.can).toEqual({ edit: true });
        expect((await cardOf(approver, url))?.can).toEqual({ edit: true });
        expect((await cardOf(student, url))?.can).toEqual({ edit: false });
        expect((await cardOf(settingsAdmin, url))?.can).toEqual({ edit: false });
      }
      // A closed post stays on its owner's profile, no longer editable (PATCH answers 409).
      await call(alumnus, 'POST', `/api/jobs/${created.id}/close`);
      expect((await cardOf(alumnus, onProfile))?.can).toEqual({ edit: false });
      expect((await cardOf(approver, onProfile))?.can).toEqual({ edit: false });
    });

    it('answers can.edit to the owner and approvers only, and takes the web edit form’s whole body', async () => {
      const created = await post(alumnus, {
        jobFlow: 'project',
        templateId: 'design-a-logo',
        title: 'Logo project',
        employmentType: null,
      });
      const canEdit = async (user: TTestUser) =>
        (await call(user, 'GET', `/api/jobs/${created.id}`)).json().post.can.edit;
      expect(await canEdit(alumnus)).toBe(true);
      expect(await canEdit(approver)).toBe(true);
      expect(await canEdit(student)).toBe(false);
      expect(await canEdit(settingsAdmin)).toBe(false);
      // What apps/web jobUpdateFrom sends for a project: every field the form edits, no flow or template.
      const edited = await call(alumnus, 'PATCH', `/api/jobs/${created.id}`, {
        payload: {
          title: 'Logo refresh',
          organisation: 'Acme Robotics',
          description: '<p>New brief</p>',
          requirements: '',
          location: null,
          isRemote: true,
          employmentType: null,
          isPaid: false,
          industry: 'tech',
          jobFunctions: ['research'],
          audience: [hub.userTypeIds.student],
          applicationMethod: 'internal',
          externalUrl: null,
          isResumeRequired: true,
          icon: null,
          tags: [{ kind: 'offers', label: 'Mentoring' }],
          duration: 3,
          durationUnit: 'weeks',
          startDate: null,
          dueDate: null,
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().post).toMatchObject({
        jobFlow: 'project',
        templateId: 'design-a-logo',
        title: 'Logo refresh',
        isRemote: true,
        industry: { key: 'tech' },
        jobFunctions: [{ key: 'research' }],
        audience: [hub.userTypeIds.student],
        isResumeRequired: true,
        tags: [{ kind: 'offers', label: 'Mentoring', colour: 'green' }],
        duration: 3,
        durationUnit: 'weeks',
        expiresAt: created['expiresAt'],
      });
      const invalid = await call(alumnus, 'PATCH', `/api/jobs/${created.id}`, {
        payload: { title: '', startDate: '2026-09-10', dueDate: '2026-09-01' },
      });
      expect(invalid.statusCode).toBe(400);
      // Per field, as the form shows them (the create form's messages).
      expect(invalid.json().error.fields).toMatchObject({
        title: 'Enter a title.',
        dueDate: 'The due date must be after the start date.',
      });
    });

    it('keeps the board from pending members, other hubs and other clusters', async () => {
      const created = await post(alumnus, { title: 'Hub only role' });
      expect((await call(pending, 'GET', '/api/jobs')).statusCode).toBe(403);
      expect(
        (await call(outsider, 'GET', `/api/jobs/${created.id}`, { hubIdentifier: otherHub.identifier }))
          .statusCode,
      ).toBe(404);
      expect((await call(outsider, 'GET', '/api/jobs', { hubIdentifier: hub.identifier })).statusCode).toBe(
        403,
      );
      const otherCluster = await createCluster(t.database.db);
      const foreignHub = await createHub(t.database.db, otherCluster);
      const foreigner = await createUser(t.database.db, otherCluster, { hub: foreignHub });
      const token = (await signIn(t.app, otherCluster, foreigner)).token;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${created.id}`,
        headers: {
          host: otherCluster.host,
          authorization: `Bearer ${token}`,
          'x-hub-id': foreignHub.identifier,
        },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('expiry (spec 5 Jobs and projects)', () => {
    it('expires 60 days out by default, or after the hub’s days, and refuses a past day', async () => {
      const created = await post(alumnus, { title: 'Default expiry role' });
      const days = (new Date(created['expiresAt'] as string).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(58.9);
      expect(days).toBeLessThan(61);
      await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { defaultPostExpirationDays: 10 },
      });
      const shorter = await post(alumnus, { title: 'Short expiry role' });
      const shortDays = (new Date(shorter['expiresAt'] as string).getTime() - Date.now()) / 86_400_000;
      expect(shortDays).toBeLessThan(11);
      await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { defaultPostExpirationDays: null },
      });
      const past = await call(alumnus, 'POST', '/api/jobs', { payload: { ...JOB, expiresOn: '2020-01-01' } });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.fields.expiresOn).toBeDefined();
    });

    it('drops an expired post from search at once, a shared search too; the expiry job marks it once', async () => {
      const created = await post(alumnus, { title: 'Vanishing zeppelin pilot' });
      // It expires in a moment: the search the student's user type shares holds it until then, not after.
      const soon = new Date(Date.now() + 1_500);
      await asCluster((tx) =>
        tx.update(jobPosts).set({ expiresAt: soon }).where(eq(jobPosts.id, created.id)),
      );
      expect(ids(await list(student, '?q=zeppelin'))).toEqual([created.id]);
      await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
      expect(ids(await list(student, '?q=zeppelin'))).toEqual([]);
      expect((await call(student, 'GET', `/api/jobs/${created.id}`)).statusCode).toBe(404);
      const mine = await call(alumnus, 'GET', `/api/jobs/${created.id}`);
      expect(mine.json().post.isExpired).toBe(true);
      const now = new Date();
      const first = await asCluster((tx) => markExpiredJobPosts(tx, now));
      expect(first).toBeGreaterThanOrEqual(1);
      expect(await asCluster((tx) => markExpiredJobPosts(tx, now))).toBe(0);
      const [row] = await asCluster((tx) => tx.select().from(jobPosts).where(eq(jobPosts.id, created.id)));
      expect(row?.expiredAt).not.toBeNull();
    });
  });

  describe('search, facets and pages (issue #19 item 4)', () => {
    let searchHub: TTestHub;
    let poster: TTestUser;
    let reader: TTestUser;
    const onSearchHub = (user: TTestUser, url: string) =>
      call(user, 'GET', url, { hubIdentifier: searchHub.identifier });

    beforeAll(async () => {
      searchHub = await createHub(t.database.db, cluster);
      poster = await createUser(t.database.db, cluster, {
        hub: searchHub,
        isHubAdmin: true,
        rights: ['approve-job-posts'],
      });
      reader = await createUser(t.database.db, cluster, { hub: searchHub });
      const make = (title: string, extra: object) =>
        call(poster, 'POST', '/api/jobs', {
          hubIdentifier: searchHub.identifier,
          payload: { ...JOB, industry: null, jobFunctions: [], title, ...extra },
        });
      for (const [title, extra] of [
        [
          'Mechanical engineer',
          { location: 'Boston, MA', isPaid: true, employmentType: 'fullTime', industry: 'manufacturing' },
        ],
        [
          'Software engineer',
          { location: 'Boston, MA', isPaid: true, employmentType: 'internship', industry: 'tech' },
        ],
        [
          'Civil engineer',
          { location: 'Denver, CO', isPaid: false, employmentType: 'fullTime', industry: 'construction' },
        ],
        [
          'Research assistant',
          { location: null, isRemote: true, isPaid: false, employmentType: 'partTime', industry: 'tech' },
        ],
        [
          'Marketing lead',
          { location: 'Denver, CO', isPaid: true, employmentType: 'contract', industry: 'media' },
        ],
      ] as const) {
        const response = await make(title, extra);
        expect(response.statusCode, response.body).toBe(201);
      }
    });

    it('finds posts by a misspelt word and ranks the exact matches first', async () => {
      const typo = (await onSearchHub(reader, '/api/jobs?q=enginer')).json<TList>();
      expect(typo.items.map((i) => i.title).sort()).toEqual([
        'Civil engineer',
        'Mechanical engineer',
        'Software engineer',
      ]);
      const prefix = (await onSearchHub(reader, '/api/jobs?q=engin')).json<TList>();
      expect(prefix.total).toBe(3);
      const twoWords = (await onSearchHub(reader, '/api/jobs?q=sofware%20enginer')).json<TList>();
      expect(twoWords.items.map((i) => i.title)).toEqual(['Software engineer']);
      const none = (await onSearchHub(reader, '/api/jobs?q=xylophone')).json<TList>();
      expect(none).toMatchObject({ items: [], total: 0, nextCursor: null });
    });

    it('counts each facet over the matches passing the other filters', async () => {
      const all = (await onSearchHub(reader, '/api/jobs')).json<TList>();
      expect(all.total).toBe(5);
      const count = (facet: TFacet[], value: string) => facet.find((f) => f.value === value)?.count;
      expect(count(all.facets.location, 'Boston, MA')).toBe(2);
      expect(count(all.facets.paid, 'true')).toBe(3);
      expect(all.facets.paid.find((f) => f.value === 'false')?.label).toBe('Unpaid');
      expect(count(all.facets.remote, 'true')).toBe(1);
      expect(count(all.facets.employmentType, 'fullTime')).toBe(2);
      expect(all.facets.employmentType.find((f) => f.value === 'fullTime')?.label).toBe('Full-time');
      expect(count(all.facets.industry, 'tech')).toBe(2);

      const filtered = (
        await onSearchHub(reader, '/api/jobs?location[]=Denver%2C%20CO&paid=true')
      ).json<TList>();
      expect(filtered.items.map((i) => i.title)).toEqual(['Marketing lead']);
      expect(filtered.total).toBe(1);
      // The location facet ignores its own filter (paid only): Boston 2, Denver 1.
      expect(count(filtered.facets.location, 'Boston, MA')).toBe(2);
      expect(count(filtered.facets.location, 'Denver, CO')).toBe(1);
      // The paid facet ignores the paid filter (Denver only): one paid, one unpaid.
      expect(count(filtered.facets.paid, 'true')).toBe(1);
      expect(count(filtered.facets.paid, 'false')).toBe(1);
      const withText = (
        await onSearchHub(reader, '/api/jobs?q=engineer&employmentType[]=fullTime')
      ).json<TList>();
      expect(withText.total).toBe(2);
      expect(count(withText.facets.employmentType, 'internship')).toBe(1);
      const remote = (await onSearchHub(reader, '/api/jobs?remote=true')).json<TList>();
      expect(remote.items.map((i) => i.title)).toEqual(['Research assistant']);
    });

    it('pages with a cursor, newest first, without repeats, with and without text', async () => {
      for (const q of ['', '&q=engineer']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/api/jobs?limit=2${q}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const page: TList = (await onSearchHub(reader, url)).json<TList>();
          seen.push(...page.items.map((i) => i.title));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toHaveLength(q ? 3 : 5);
        expect(new Set(seen).size).toBe(seen.length);
        if (!q) expect(seen[0]).toBe('Marketing lead');
      }
      expect((await onSearchHub(reader, '/api/jobs?cursor=bogus')).statusCode).toBe(400);
    });

    it('lists every post for admins with scope=all only', async () => {
      expect((await onSearchHub(reader, '/api/jobs?scope=all')).statusCode).toBe(403);
      expect((await onSearchHub(poster, '/api/jobs?scope=all')).statusCode).toBe(200);
    });
  });

  describe('settings (spec 6 job-settings, disableJobs/disableProjects)', () => {
    it('lets job-settings admins change them; hiding jobs leaves them out and refuses new ones', async () => {
      const read = await call(student, 'GET', '/api/jobs/settings');
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        settings: {
          experiencesTabName: 'Experiences',
          projectsTabName: 'Student Projects',
          areJobsShown: true,
        },
        can: { postJob: false, postProject: false, approve: false, editSettings: false },
      });
      expect(
        (await call(approver, 'PATCH', '/api/jobs/settings', { payload: { areJobsShown: false } }))
          .statusCode,
      ).toBe(403);
      const hidden = await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
        payload: { areJobsShown: false, isDiyProjectsEnabled: true, projectsTabName: 'Projects' },
      });
      expect(hidden.json().settings).toMatchObject({ areJobsShown: false, projectsTabName: 'Projects' });
      try {
        const board = await list(student);
        expect(board.items.every((i) => i.jobFlow === 'project')).toBe(true);
        expect((await call(alumnus, 'POST', '/api/jobs', { payload: JOB })).statusCode).toBe(403);
        // DIY projects: any approved member may post a project.
        const diy = await call(student, 'POST', '/api/jobs', {
          payload: { ...JOB, jobFlow: 'project', title: 'Student DIY project' },
        });
        expect(diy.statusCode, diy.body).toBe(201);
        expect((await call(student, 'GET', '/api/jobs/settings')).json().can).toMatchObject({
          postJob: false,
          postProject: true,
        });
      } finally {
        await call(settingsAdmin, 'PATCH', '/api/jobs/settings', {
          payload: { areJobsShown: true, isDiyProjectsEnabled: false, projectsTabName: 'Student Projects' },
        });
      }
    });
  });

  it('tells the navigation which boards show (spec 3 Active module item disableJobs, disableProjects)', async () => {
    const boardHub = await createHub(t.database.db, cluster, { enabledModules: ['home', 'jobs'] });
    const admin = await createUser(t.database.db, cluster, {
      hub: boardHub,
      isHubAdmin: true,
      rights: ['job-settings'],
    });
    const jobsItem = async () => {
      const response = await call(admin, 'GET', '/api/hub', { hubIdentifier: boardHub.identifier });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ hub: { activeModules: Array<Record<string, unknown>> } }>()
        .hub.activeModules.find((m) => m['id'] === 'jobs');
    };
    expect(await jobsItem()).toMatchObject({ disableJobs: false, disableProjects: false });
    const patched = await call(admin, 'PATCH', '/api/jobs/settings', {
      hubIdentifier: boardHub.identifier,
      payload: { areProjectsShown: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await jobsItem()).toMatchObject({ disableJobs: false, disableProjects: true });
  });

  describe('saved jobs, recommendations and the profile section', () => {
    it('saves and unsaves idempotently and lists saved posts', async () => {
      const created = await post(alumnus, { title: 'Savable role' });
      for (let i = 0; i < 2; i += 1) {
        const saved = await call(student, 'PUT', `/api/jobs/${created.id}/save`);
        expect(saved.json()).toEqual({ postId: created.id, isSaved: true });
      }
      const page = (await call(student, 'GET', '/api/jobs/saved')).json<TList>();
      expect(page.items.map((i) => i.id)).toEqual([created.id]);
      expect(page.items[0]?.isSaved).toBe(true);
      expect((await call(student, 'DELETE', `/api/jobs/${created.id}/save`)).json().isSaved).toBe(false);
      expect((await call(student, 'DELETE', `/api/jobs/${created.id}/save`)).statusCode).toBe(200);
      expect((await call(student, 'GET', '/api/jobs/saved')).json<TList>().items).toEqual([]);
    });

    it('recommends posts in the viewer’s industries and job functions', async () => {
      const health = await post(alumnus, {
        title: 'Clinic helper',
        industry: 'health',
        jobFunctions: ['research'],
      });
      await asCluster((tx) =>
        tx
          .update(users)
          .set({
            standardData: { 'job-industries': { selectedOptions: [{ id: 'health', label: 'Healthcare' }] } },
          })
          .where(eq(users.id, student.id)),
      );
      const recommended = await call(student, 'GET', '/api/jobs/recommended');
      expect(recommended.statusCode).toBe(200);
      expect(recommended.json<{ items: TSummary[] }>().items.map((i) => i.id)).toEqual([health.id]);
      expect((await call(alumnus, 'GET', '/api/jobs/recommended')).json().items).toEqual([]);
    });

    it('lists a member’s posts on their profile: listed ones for others, all for the owner', async () => {
      const held = await post(employer, { title: 'Profile pending role' });
      const open = await post(employer, { title: 'Profile listed role', audience: 'all' });
      await call(approver, 'POST', `/api/jobs/${open.id}/approve`);
      const theirs = await call(student, 'GET', `/api/profiles/${employer.identifier}/job-posts`);
      expect(theirs.statusCode, theirs.body).toBe(200);
      const shown = theirs.json<TList>().items.map((i) => i.id);
      expect(shown).toContain(open.id);
      expect(shown).not.toContain(held.id);
      const own = (await call(employer, 'GET', '/api/profiles/me/job-posts'))
        .json<TList>()
        .items.map((i) => i.id);
      expect(own).toEqual(expect.arrayContaining([open.id, held.id]));
    });
  });

  describe('job alerts (issue #19 item 4)', () => {
    it('mails new matches once per period, from one process or two, and unsubscribes in one click', async () => {
      const created = await call(student, 'POST', '/api/job-alerts', {
        payload: { query: 'astronomer', frequency: 'daily' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const alert = created.json().alert as { id: string; frequency: string };
      expect((await call(student, 'GET', '/api/job-alerts')).json().items).toHaveLength(1);
      expect(
        (await call(alumnus, 'PATCH', `/api/job-alerts/${alert.id}`, { payload: { frequency: 'weekly' } }))
          .statusCode,
      ).toBe(404);

      await post(alumnus, { title: 'Junior astronomer' });
      const [row] = await asCluster((tx) => tx.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id)));
      const dueAt = new Date((row?.createdAt ?? new Date()).getTime() + 86_400_000 + 60_000);
      const options = { clusterId: cluster.clusterId, now: dueAt, publicUrl: 'https://commons.test' };
      const runs = await Promise.all([
        asCluster((tx) => mailDueJobAlerts(tx, options)),
        asCluster((tx) => mailDueJobAlerts(tx, options)),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await asCluster((tx) => mailDueJobAlerts(tx, options))).toBe(0);
      const mails = await asCluster((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, student.email)),
      );
      const mail = mails.find((m) => m.subject.includes('astronomer'));
      expect(mail?.textBody).toContain('Junior astronomer');
      expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      // Its owner reads the same unsubscribe link from the API (alerts list), nobody else.
      const listed = (await call(student, 'GET', '/api/job-alerts')).json<{
        items: Array<{ unsubscribePath: string }>;
      }>().items[0];
      expect(listed?.unsubscribePath).toMatch(/^\/job-alerts\/unsubscribe\?token=[\w-]{22}$/);
      expect(mail?.textBody).toContain(`Unsubscribe: https://commons.test${listed?.unsubscribePath ?? '-'}`);

      const url = new URL(/^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
      const oneClick = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { host: cluster.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect((await call(student, 'GET', '/api/job-alerts')).json().items[0].isActive).toBe(false);
      const unknown = await call(null, 'POST', `/api/job-alerts/unsubscribe/${'a'.repeat(22)}`);
      expect(unknown.statusCode).toBe(404);
      expect((await call(student, 'DELETE', `/api/job-alerts/${alert.id}`)).statusCode).toBe(204);
    });
  });
});
