import type { TAnalyticsResponse, TImport, TImportDryRunResponse } from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminImports,
  auditLog,
  hubMemberships,
  mailOutbox,
  messages,
  hubNotificationDefaults,
  notificationPreferences,
  threads,
  users,
} from '../../db/schema/index.js';
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
import { runQueuedImports } from './admin-data.import.js';

describeDb('hub admin data: analytics, export, import (issue #22 items 4 and 5)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let analyst: TTestUser;
  let exporter: TTestUser;
  let importer: TTestUser;
  let mentee: TTestUser;
  let mentor: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
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
  const scoped = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    analyst = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['analytics'] });
    exporter = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['export-data'] });
    importer = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['import-data'] });
    mentee = await createUser(t.database.db, cluster, { hub, firstName: 'Mina' });
    mentor = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Omar' });
    // A completed mentorship with two messages, a week ago.
    const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
    await scoped(async (tx) => {
      const [thread] = await tx
        .insert(threads)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          messageType: 'longTermMentorship',
          fromUserId: mentee.id,
          toUserId: mentor.id,
          status: 'accepted',
          mentorshipStatus: 'mentorClosed',
          createdAt: weekAgo,
          acceptedAt: weekAgo,
          closedAt: new Date(),
        })
        .returning();
      if (!thread) throw new Error('thread');
      await tx.insert(messages).values([
        {
          clusterId: cluster.clusterId,
          threadId: thread.id,
          fromUserId: mentee.id,
          body: 'Hi',
          bodyText: 'Hi',
        },
        {
          clusterId: cluster.clusterId,
          threadId: thread.id,
          fromUserId: mentor.id,
          body: 'Hey',
          bodyText: 'Hey',
        },
      ]);
    });
  });
  afterAll(async () => t.close());

  describe('analytics', () => {
    it('answers every measure by week, counting the hub’s sign-ups, messages and mentorships', async () => {
      const response = await call(analyst, 'GET', '/api/admin/analytics?interval=week');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TAnalyticsResponse>();
      const total = (metric: string) => body.series.find((s) => s.metric === metric)?.total;
      expect(body.series.map((s) => s.metric)).toHaveLength(7);
      expect(body.series[0]?.points.length).toBeGreaterThanOrEqual(26);
      expect(total('signups')).toBe(5);
      expect(total('messages')).toBe(2);
      expect(total('mentorshipsStarted')).toBe(1);
      expect(total('mentorshipsCompleted')).toBe(1);
      expect(total('activeUsers')).toBeGreaterThanOrEqual(2);
      expect(body.userTypes.map((u) => u.title)).toEqual(['Student', 'Alumni']);
    });

    it('filters by user type: only the alumni mentor’s sign-up and message count', async () => {
      const response = await call(
        analyst,
        'GET',
        `/api/admin/analytics?interval=month&userType=${hub.userTypeIds.alumni}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TAnalyticsResponse>();
      expect(body.series.find((s) => s.metric === 'signups')?.total).toBe(1);
      expect(body.series.find((s) => s.metric === 'messages')?.total).toBe(1);
    });

    it('refuses a range longer than two years and a user type of another hub with 400', async () => {
      const long = await call(analyst, 'GET', '/api/admin/analytics?from=2020-01-01&to=2026-01-01');
      expect(long.statusCode).toBe(400);
      const otherHub = await createHub(t.database.db, cluster);
      const foreign = await call(
        analyst,
        'GET',
        `/api/admin/analytics?userType=${otherHub.userTypeIds.student}`,
      );
      expect(foreign.statusCode).toBe(400);
    });

    it('downloads one measure as CSV and records the download in the audit log', async () => {
      const response = await call(analyst, 'GET', '/api/admin/analytics.csv?interval=week&metric=messages');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe('Week starting,Messages');
      expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(2);
      const audited = await scoped((tx) =>
        tx
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.actorUserId, analyst.id), eq(auditLog.action, 'admin_data.analytics_exported')),
          ),
      );
      expect(audited).toHaveLength(1);
    });

    it('refuses an admin without reports or analytics (403), in SQL as well', async () => {
      const response = await call(exporter, 'GET', '/api/admin/analytics');
      expect(response.statusCode).toBe(403);
      // The aggregate function checks the right itself: a hub admin's scope without it is refused.
      await expect(
        withTenant(
          t.database.db,
          { clusterId: cluster.clusterId, hubId: hub.id, userId: exporter.id, memberHubIds: [hub.id] },
          (tx) =>
            tx.execute(
              sql`SELECT * FROM app_hub_engagement(${hub.id}::bigint, 'week', '2026-01-01'::date, '2026-02-01'::date, NULL, NULL)`,
            ),
        ),
      ).rejects.toThrow();
    });
  });

  describe('export', () => {
    it('exports the hub’s users as CSV with every member', async () => {
      const response = await call(exporter, 'GET', '/api/admin/data/export/users');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain(`${hub.identifier}-users.csv`);
      expect(response.body).toContain('Email,First name,Last name,User type');
      for (const user of [analyst, exporter, mentee, mentor]) expect(response.body).toContain(user.email);
    });

    it('exports mentorships (hub admins cannot read conversations: the SQL function answers the columns)', async () => {
      const response = await call(exporter, 'GET', '/api/admin/data/export/mentorships');
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(mentee.email);
      expect(lines[1]).toContain('mentorClosed');
    });

    it('answers every dataset and refuses an admin without export-data', async () => {
      for (const dataset of ['memberships', 'meetings', 'events']) {
        const response = await call(exporter, 'GET', `/api/admin/data/export/${dataset}`);
        expect(response.statusCode, `${dataset}: ${response.body}`).toBe(200);
      }
      const refused = await call(importer, 'GET', '/api/admin/data/export/users');
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('import', () => {
    const emailOf = (name: string) => `${name}-${hub.id}@import.test`;
    const waitFor = async (id: string): Promise<TImport> => {
      await runQueuedImports({
        db: t.database.db,
        clock: () => new Date(),
        publicUrl: 'http://commons.test',
      });
      for (let i = 0; i < 100; i++) {
        const response = await call(importer, 'GET', `/api/admin/data/imports/${id}`);
        const job = response.json<TImport>();
        if (job.status === 'completed' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('import did not finish');
    };
    const countUsers = async (email: string) =>
      (await scoped((tx) => tx.select().from(users).where(eq(users.email, email)))).length;

    it('a dry run reports each row’s errors by row, field and message, and writes nothing', async () => {
      const csv = [
        'Email,First name,Last name,User type',
        `${emailOf('ada')},Ada,Lovelace,Student`,
        'not-an-email,Bob,Brown,Student',
        `${emailOf('cy')},,Young,Alumni`,
        `${emailOf('dee')},Dee,Dale,Professor`,
        `${emailOf('ada')},Ada,Again,Student`,
        `${mentee.email},Mina,Member,Alumni`,
        ',,Two,Student',
      ].join('\n');
      const response = await call(importer, 'POST', '/api/admin/data/imports/dry-run', { csv });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TImportDryRunResponse>();
      expect(body).toMatchObject({
        totalRows: 7,
        validCount: 2,
        errorCount: 5,
        createCount: 1,
        updateCount: 1,
      });
      expect(body.errors).toEqual([
        { row: 3, field: 'email', message: '“not-an-email” is not a valid email address.' },
        { row: 4, field: 'firstName', message: 'First name is required.' },
        {
          row: 5,
          field: 'userType',
          message: '“Professor” is not a user type of this hub (one of: Student, Alumni).',
        },
        { row: 6, field: 'email', message: 'This email is already on row 2.' },
        { row: 8, field: 'email', message: 'Email is required.' },
        { row: 8, field: 'firstName', message: 'First name is required.' },
      ]);
      // Each row in the file's order: what importing it would do, or its errors.
      expect(body.rows.map((r) => [r.row, r.outcome])).toEqual([
        [2, 'create'],
        [3, 'error'],
        [4, 'error'],
        [5, 'error'],
        [6, 'error'],
        [7, 'update'],
        [8, 'error'],
      ]);
      expect(body.rows[6]).toMatchObject({
        email: '',
        message: 'Email is required. First name is required.',
      });
      expect(await countUsers(emailOf('ada'))).toBe(0);
    });

    it('refuses a file without the named columns with 400', async () => {
      const response = await call(importer, 'POST', '/api/admin/data/imports/dry-run', {
        csv: 'name,mail\nA,a@b.test',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<TImportDryRunResponse>().errors[0]).toMatchObject({ row: 1, field: 'file' });
      const start = await call(importer, 'POST', '/api/admin/data/imports', { csv: 'name,mail\nA,a@b.test' });
      expect(start.statusCode).toBe(400);
    });

    it('imports on the job queue with progress, invites new members, and a second import changes nothing', async () => {
      const csv = [
        'email,first_name,last_name,user_type',
        `${emailOf('eve')},Eve,Ng,Student`,
        `${emailOf('fay')},Fay,Ito,alumni`,
        'bad-row,Gil,Ra,Student',
      ].join('\n');
      const started = await call(importer, 'POST', '/api/admin/data/imports', { csv });
      expect(started.statusCode, started.body).toBe(202);
      const queued = started.json<TImport>();
      expect(queued).toMatchObject({ totalRows: 2, errorCount: 1, organizationName: null });
      const done = await waitFor(queued.id);
      expect(done).toMatchObject({ status: 'completed', processedRows: 2, createdCount: 2, errorCount: 1 });
      expect(done.errors[0]).toMatchObject({ row: 4, field: 'email' });
      const [eve] = await scoped((tx) =>
        tx
          .select()
          .from(users)
          .where(eq(users.email, emailOf('eve'))),
      );
      expect(eve?.firstName).toBe('Eve');
      const memberships = await scoped((tx) =>
        tx
          .select()
          .from(hubMemberships)
          .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, eve?.id ?? ''))),
      );
      expect(memberships[0]).toMatchObject({
        importStatus: 'imported',
        approved: true,
        userTypeId: hub.userTypeIds.student,
      });
      const invitations = await scoped((tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, emailOf('eve'))),
      );
      expect(invitations).toHaveLength(1);
      expect(invitations[0]?.textBody).toContain(`/hub/${hub.identifier}/`);

      // The same file again: idempotent by email, nothing created, no second invitation.
      const again = await call(importer, 'POST', '/api/admin/data/imports', { csv });
      const second = await waitFor(again.json<TImport>().id);
      expect(second).toMatchObject({ createdCount: 0, updatedCount: 0, unchangedCount: 2 });
      expect(await countUsers(emailOf('eve'))).toBe(1);
      const after = await scoped((tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, emailOf('eve'))),
      );
      expect(after).toHaveLength(1);

      // A new user type for Eve is an update.
      const changed = await call(importer, 'POST', '/api/admin/data/imports', {
        csv: `email,first name,last name,user type\n${emailOf('eve')},Eve,Ng,Alumni`,
      });
      const third = await waitFor(changed.json<TImport>().id);
      expect(third).toMatchObject({ createdCount: 0, updatedCount: 1 });

      const list = await call(importer, 'GET', '/api/admin/data/imports');
      expect(list.json<{ items: TImport[] }>().items.length).toBe(3);
    });

    it('a row the database refuses leaves no partial user; the other rows of its chunk are imported', async () => {
      // A user type removed after the check: the row's membership fails on its foreign key after its user was
      // inserted, so the chunk is redone row by row and that row's user is rolled back with it.
      const row = (n: number, name: string, userTypeId: string) => ({
        row: n,
        email: emailOf(name),
        firstName: name,
        lastName: 'Ok',
        userTypeId,
      });
      const [queued] = await scoped((tx) =>
        tx
          .insert(adminImports)
          .values({
            clusterId: cluster.clusterId,
            hubId: hub.id,
            createdByUserId: importer.id,
            rows: [
              row(2, 'hal', hub.userTypeIds.student),
              row(3, 'ivy', '00000000-0000-4000-8000-000000000000'),
              row(4, 'jo', hub.userTypeIds.alumni),
            ],
            totalRows: 3,
          })
          .returning(),
      );
      const done = await waitFor(queued?.id ?? '');
      expect(done).toMatchObject({ status: 'completed', processedRows: 3, createdCount: 2, errorCount: 1 });
      expect(done.errors).toEqual([
        { row: 3, field: 'row', message: 'This row could not be imported; nothing of it was saved.' },
      ]);
      expect(await countUsers(emailOf('ivy'))).toBe(0);
      expect(await countUsers(emailOf('hal'))).toBe(1);
      expect(await countUsers(emailOf('jo'))).toBe(1);
    });

    it('starts the accounts it creates with the hub’s notification defaults, as signup does; members keep theirs', async () => {
      await scoped((tx) =>
        tx.insert(hubNotificationDefaults).values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          emailDigestFrequency: 'never',
        }),
      );
      const started = await call(importer, 'POST', '/api/admin/data/imports', {
        csv: [
          'email,first name,last name,user type',
          `${emailOf('kim')},Kim,Ode,Student`,
          `${emailOf('lou')},Lou,Pine,Alumni`,
          `${mentor.email},Omar,Mentor,Student`,
        ].join('\n'),
      });
      expect(started.statusCode, started.body).toBe(202);
      const done = await waitFor(started.json<TImport>().id);
      expect(done).toMatchObject({ status: 'completed', createdCount: 2, updatedCount: 1 });
      const digestOf = async (email: string) => {
        const [row] = await scoped((tx) =>
          tx
            .select({ frequency: notificationPreferences.emailDigestFrequency })
            .from(notificationPreferences)
            .innerJoin(users, eq(users.id, notificationPreferences.userId))
            .where(eq(users.email, email)),
        );
        return row?.frequency ?? null;
      };
      expect(await digestOf(emailOf('kim'))).toBe('never');
      expect(await digestOf(emailOf('lou'))).toBe('never');
      // An existing account whose type the import changed is not a new account: its settings stay.
      expect(await digestOf(mentor.email)).toBeNull();
    });

    it('refuses an admin without import-data (403)', async () => {
      const response = await call(exporter, 'POST', '/api/admin/data/imports/dry-run', { csv: 'email\n' });
      expect(response.statusCode).toBe(403);
    });
  });
});
