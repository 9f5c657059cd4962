import { and, eq, like } from 'drizzle-orm';
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
import { auditLog, events, hubMemberships, jobPosts, questions } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

describeDb('admin approvals page (issue #22 item 2)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let author: TTestUser;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    author = await createUser(t.database.db, cluster, { hub, firstName: 'Avery', lastName: 'Author' });
  });
  afterAll(async () => t.close());

  const tokenFor = async (rights: string[]) => {
    const admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights });
    return (await signIn(t.app, cluster, admin)).token;
  };
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      ...(payload ? { payload } : {}),
    });
  const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  const pendingQuestion = (title: string, createdAt = new Date()) =>
    tenant(async (tx) => {
      const [row] = await tx
        .insert(questions)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          authorId: author.id,
          title,
          slug: title.toLowerCase().replace(/\W+/g, '-'),
          body: `<p>${title}</p>`,
          bodyText: title,
          status: 'pending',
          createdAt,
        })
        .returning({ id: questions.id });
      if (!row) throw new Error('question insert');
      return row.id;
    });
  const pendingEvent = (title: string) =>
    tenant(async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          createdByUserId: author.id,
          title,
          description: '<p>Meet up</p>',
          descriptionText: 'Meet up',
          format: 'virtual',
          virtualUrl: 'https://meet.example.test/x',
          startsAt: new Date(Date.now() + 7 * 86_400_000),
          endsAt: new Date(Date.now() + 7 * 86_400_000 + 3_600_000),
          timeZone: 'UTC',
          status: 'pending',
        })
        .returning({ id: events.id });
      if (!row) throw new Error('event insert');
      return row.id;
    });
  const pendingJobPost = (title: string) =>
    tenant(async (tx) => {
      const [row] = await tx
        .insert(jobPosts)
        .values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          ownerUserId: author.id,
          jobFlow: 'job',
          title,
          organisation: 'Acme Labs',
          applicationMethod: 'internal',
          expiresAt: new Date(Date.now() + 30 * 86_400_000),
          approvalStatus: 'pending',
        })
        .returning({ id: jobPosts.id });
      if (!row) throw new Error('job post insert');
      return row.id;
    });

  it('answers 403 to an admin holding none of the approval rights, and for a kind whose right they lack', async () => {
    const none = await tokenFor(['donations']);
    expect((await call('GET', '/api/admin/approvals?kind=users', none)).statusCode).toBe(403);
    const usersOnly = await tokenFor(['approve-users']);
    const listed = await call('GET', '/api/admin/approvals?kind=users', usersOnly);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().kinds).toEqual(['users']);
    expect((await call('GET', '/api/admin/approvals?kind=events', usersOnly)).statusCode).toBe(403);
    const eventId = await pendingEvent('Refused event');
    const bulk = await call('POST', '/api/admin/approvals/bulk', usersOnly, {
      kind: 'events',
      decision: 'approve',
      ids: [eventId],
    });
    expect(bulk.statusCode).toBe(403);
  });

  it('filters questions by words and submitted days', async () => {
    const token = await tokenFor(['approve-questions']);
    await pendingQuestion('Zebra crossings near campus?', new Date('2026-01-10T12:00:00Z'));
    await pendingQuestion('Zebra stripes in biology', new Date('2026-02-10T12:00:00Z'));
    await pendingQuestion('Unrelated question', new Date('2026-02-10T13:00:00Z'));
    const words = (await call('GET', '/api/admin/approvals?kind=questions&q=zebra', token)).json();
    expect(words.items.map((i: { title: string }) => i.title)).toEqual([
      'Zebra crossings near campus?',
      'Zebra stripes in biology',
    ]);
    expect(words.items[0].submittedBy).toBe('Avery Author');
    const days = (
      await call('GET', '/api/admin/approvals?kind=questions&q=zebra&from=2026-02-01&to=2026-02-10', token)
    ).json();
    expect(days.items.map((i: { title: string }) => i.title)).toEqual(['Zebra stripes in biology']);
    const backwards = await call(
      'GET',
      '/api/admin/approvals?kind=questions&from=2026-03-01&to=2026-02-01',
      token,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('bulk approves members in one go, each with its mail, and audits the batch', async () => {
    const token = await tokenFor(['approve-users']);
    const first = await createUser(t.database.db, cluster, { hub, approved: null, firstName: 'Bulkfirst' });
    const second = await createUser(t.database.db, cluster, { hub, approved: null, firstName: 'Bulksecond' });
    const listed = (await call('GET', '/api/admin/approvals?kind=users&q=bulk', token)).json();
    expect(listed.items.map((i: { id: string }) => i.id).sort()).toEqual([first.id, second.id].sort());
    const response = await call('POST', '/api/admin/approvals/bulk', token, {
      kind: 'users',
      decision: 'approve',
      ids: [first.id, second.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ doneCount: 2, skippedCount: 0 });
    const approved = await tenant((tx) =>
      tx
        .select({ approved: hubMemberships.approved })
        .from(hubMemberships)
        .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, first.id))),
    );
    expect(approved[0]?.approved).toBe(true);
    const audited = await tenant((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clusterId, cluster.clusterId), like(auditLog.action, 'approvals.bulk_%'))),
    );
    expect(audited.some((a) => a.action === 'approvals.bulk_approve' && a.targetType === 'users')).toBe(true);
    const again = (
      await call('POST', '/api/admin/approvals/bulk', token, {
        kind: 'users',
        decision: 'reject',
        ids: [first.id],
      })
    ).json();
    expect(again.results).toEqual([
      { id: first.id, outcome: 'skipped', message: 'Already decided by someone else' },
    ]);
  });

  it('bulk rejects job posts and approves events through their own commands', async () => {
    const token = await tokenFor(['approve-job-posts', 'approve-events']);
    const postId = await pendingJobPost('Bulk reject job');
    const listed = (await call('GET', '/api/admin/approvals?kind=job-posts', token)).json();
    expect(listed.items.find((i: { id: string }) => i.id === postId)).toMatchObject({
      detail: 'Job · Acme Labs',
    });
    const rejected = await call('POST', '/api/admin/approvals/bulk', token, {
      kind: 'job-posts',
      decision: 'reject',
      ids: [postId],
    });
    expect(rejected.json().doneCount).toBe(1);
    const eventIds = [await pendingEvent('Bulk event one'), await pendingEvent('Bulk event two')];
    const published = await call('POST', '/api/admin/approvals/bulk', token, {
      kind: 'events',
      decision: 'approve',
      ids: eventIds,
    });
    expect(published.json().doneCount).toBe(2);
    const [post] = await tenant((tx) =>
      tx.select({ s: jobPosts.approvalStatus }).from(jobPosts).where(eq(jobPosts.id, postId)),
    );
    const [event] = await tenant((tx) =>
      tx
        .select({ s: events.status })
        .from(events)
        .where(eq(events.id, eventIds[0] ?? '')),
    );
    expect(post?.s).toBe('rejected');
    expect(event?.s).toBe('approved');
  });

  describe('an id that is not pending in this hub', () => {
    it('answers 404 and changes nothing, even for the valid ids beside it', async () => {
      const token = await tokenFor(['approve-questions']);
      const mine = await pendingQuestion('Stays pending');
      const otherHub = await createHub(t.database.db, cluster);
      const foreign = await tenant(async (tx) => {
        const [row] = await tx
          .insert(questions)
          .values({
            clusterId: cluster.clusterId,
            hubId: otherHub.id,
            title: 'Other hub',
            slug: 'other-hub',
            body: '<p>x</p>',
            bodyText: 'x',
            status: 'pending',
          })
          .returning({ id: questions.id });
        return row?.id ?? '';
      });
      const response = await call('POST', '/api/admin/approvals/bulk', token, {
        kind: 'questions',
        decision: 'approve',
        ids: [mine, foreign],
      });
      expect(response.statusCode).toBe(404);
      const [row] = await tenant((tx) =>
        tx.select({ s: questions.status }).from(questions).where(eq(questions.id, mine)),
      );
      expect(row?.s).toBe('pending');
    });
  });
});
