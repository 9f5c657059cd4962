import type {
  TClusterEmailSettings,
  TClusterHubPage,
  TLandingPage,
  TLandingPageAnswer,
  TMajor,
  TMajorCatalogue,
  TMajorList,
} from '@commons/contract';
import { HUB_ACCESS_RIGHTS } from '@commons/domain';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
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
import { auditLog, clusterEmailSettings, mailOutbox } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { createMailDelivery } from '../mail/mail-delivery.js';
import { enqueueMail } from '../mail/mail.commands.js';

const SMTP_URL = 'smtps://mailer:S3cret-pa55@smtp.example.com:465';

/**
 * The cluster admin console (issue #23 item 2): only the request's cluster's admins and super admins; the landing
 * page is sanitised and shown to visitors of that cluster alone; the SMTP override is never answered or logged.
 */
describeDb('cluster admin console (issue #23 item 2)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let clusterAdmin: TTestUser;
  let superAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let member: TTestUser;
  let otherClusterAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: { payload?: object; of?: TTestCluster; tokenOf?: TTestCluster; hubIdentifier?: string } = {},
  ) => {
    const of = options.of ?? cluster;
    return t.app.inject({
      method,
      url,
      headers: {
        host: of.host,
        ...(options.hubIdentifier === undefined ? {} : { 'x-hub-id': options.hubIdentifier }),
        ...(user ? { authorization: `Bearer ${await tokenOf(user, options.tokenOf ?? of)}` } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const audits = (clusterId: string, action: string) =>
    withTenant(t.database.db, { clusterId, isClusterScope: true }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clusterId, clusterId), eq(auditLog.action, action))),
    );

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, otherCluster);
    clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    superAdmin = await createUser(t.database.db, cluster, { isSuperAdmin: true });
    hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: [...HUB_ACCESS_RIGHTS],
      firstName: 'Hana',
      lastName: 'Admin',
    });
    member = await createUser(t.database.db, cluster, { hub });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, {
      hub: otherHub,
      isClusterAdmin: true,
      isHubAdmin: true,
    });
  });
  afterAll(async () => t.close());

  const adminRequests: Array<{ method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object }> = [
    { method: 'GET', url: '/api/admin/cluster/hubs' },
    { method: 'GET', url: '/api/admin/cluster/landing-page' },
    {
      method: 'PUT',
      url: '/api/admin/cluster/landing-page',
      payload: { title: 'x', body: '', callToAction: null },
    },
    { method: 'DELETE', url: '/api/admin/cluster/landing-page' },
    { method: 'GET', url: '/api/admin/cluster/email-settings' },
    {
      method: 'PUT',
      url: '/api/admin/cluster/email-settings',
      payload: { senderName: 'x', senderAddress: '', smtpUrl: SMTP_URL },
    },
    { method: 'GET', url: '/api/admin/cluster/majors' },
    { method: 'POST', url: '/api/admin/cluster/majors', payload: { name: 'Refused' } },
  ];

  it('refuses hub admins (every hub right) and members with 403, another cluster’s admin with 401', async () => {
    for (const request of adminRequests) {
      for (const user of [hubAdmin, member]) {
        const refused = await call(user, request.method, request.url, { payload: request.payload });
        expect(refused.statusCode, `${request.method} ${request.url}: ${refused.body}`).toBe(403);
      }
      const crossCluster = await call(otherClusterAdmin, request.method, request.url, {
        payload: request.payload,
        tokenOf: otherCluster,
      });
      expect(crossCluster.statusCode, `${request.method} ${request.url}`).toBe(401);
      const anonymous = await call(null, request.method, request.url, { payload: request.payload });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('lists the cluster’s hubs with their admins to cluster and super admins, never another cluster’s', async () => {
    for (const user of [clusterAdmin, superAdmin]) {
      const response = await call(user, 'GET', '/api/admin/cluster/hubs');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TClusterHubPage>();
      expect(page.items.map((item) => item.id)).toEqual([hub.id]);
      expect(page.items[0]?.adminCount).toBe(1);
      expect(page.items[0]?.admins).toEqual([
        expect.objectContaining({
          userId: hubAdmin.id,
          firstName: 'Hana',
          lastName: 'Admin',
          rightCount: HUB_ACCESS_RIGHTS.length,
          level: 'hubAdmin',
        }),
      ]);
    }
    const other = await call(otherClusterAdmin, 'GET', '/api/admin/cluster/hubs', { of: otherCluster });
    expect(other.json<TClusterHubPage>().items.map((item) => item.id)).toEqual([otherHub.id]);
    const paged = await call(clusterAdmin, 'GET', '/api/admin/cluster/hubs?limit=1');
    expect(paged.json<TClusterHubPage>().nextCursor).toBeNull();
    const badCursor = await call(clusterAdmin, 'GET', '/api/admin/cluster/hubs?cursor=nope');
    expect(badCursor.statusCode).toBe(400);
  });

  it('sanitises the landing page, shows it to visitors of this cluster only, audits every change', async () => {
    const anonymousBefore = await call(null, 'GET', '/api/cluster/landing-page');
    expect(anonymousBefore.json<TLandingPageAnswer>()).toEqual({ landingPage: null });

    const saved = await call(clusterAdmin, 'PUT', '/api/admin/cluster/landing-page', {
      hubIdentifier: hub.identifier,
      payload: {
        title: 'Welcome to Northfield',
        body: '<p onclick="steal()">Meet <strong>mentors</strong><script>alert(1)</script></p><img src="https://evil.example/x.png">',
        callToAction: { label: 'Join now', url: 'https://northfield.example.edu/join' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = saved.json<TLandingPage>();
    expect(page.bodyHtml).toBe('<p>Meet <strong>mentors</strong></p>');
    expect(page.callToAction).toEqual({ label: 'Join now', url: 'https://northfield.example.edu/join' });

    const visitor = await call(null, 'GET', '/api/cluster/landing-page');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json<TLandingPageAnswer>().landingPage?.title).toBe('Welcome to Northfield');
    const otherVisitor = await call(null, 'GET', '/api/cluster/landing-page', { of: otherCluster });
    expect(otherVisitor.json<TLandingPageAnswer>()).toEqual({ landingPage: null });

    const refusedUrl = await call(superAdmin, 'PUT', '/api/admin/cluster/landing-page', {
      payload: { title: 'Hi', body: '', callToAction: { label: 'Go', url: 'javascript:alert(1)' } },
    });
    expect(refusedUrl.statusCode).toBe(400);

    const bySuperAdmin = await call(superAdmin, 'PUT', '/api/admin/cluster/landing-page', {
      payload: { title: 'Welcome', body: '<p>Hello</p>', callToAction: null },
    });
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
    const updates = await audits(cluster.clusterId, 'cluster.landing_page.updated');
    expect(updates).toHaveLength(2);
    expect(updates.map((row) => row.actorUserId).sort()).toEqual([clusterAdmin.id, superAdmin.id].sort());
    // Cluster-wide changes belong to no hub, whichever hub the admin had open.
    expect(updates.map((row) => row.hubId)).toEqual([null, null]);

    const removed = await call(clusterAdmin, 'DELETE', '/api/admin/cluster/landing-page');
    expect(removed.statusCode).toBe(204);
    expect((await call(null, 'GET', '/api/cluster/landing-page')).json<TLandingPageAnswer>()).toEqual({
      landingPage: null,
    });
    expect(await audits(cluster.clusterId, 'cluster.landing_page.removed')).toHaveLength(1);
  });

  it('never answers, logs or stores the SMTP override in clear; keeps it when absent, removes it on null', async () => {
    const saved = await call(clusterAdmin, 'PUT', '/api/admin/cluster/email-settings', {
      payload: {
        senderName: 'Northfield Careers',
        senderAddress: 'Careers@Northfield.example.edu',
        smtpUrl: SMTP_URL,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('S3cret');
    expect(saved.body).not.toContain('smtp.example.com');
    expect(saved.json<TClusterEmailSettings>()).toMatchObject({
      senderName: 'Northfield Careers',
      senderAddress: 'careers@northfield.example.edu',
      isSmtpUrlSet: true,
    });
    const read = await call(superAdmin, 'GET', '/api/admin/cluster/email-settings');
    expect(read.body).not.toContain('S3cret');
    expect(read.json<TClusterEmailSettings>().isSmtpUrlSet).toBe(true);

    const [stored] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx.select().from(clusterEmailSettings).where(eq(clusterEmailSettings.clusterId, cluster.clusterId)),
    );
    expect(stored?.smtpUrl).toMatch(/^v1\./);
    expect(stored?.smtpUrl).not.toContain('S3cret');
    const [audit] = await audits(cluster.clusterId, 'cluster.email_settings.updated');
    expect(JSON.stringify(audit?.data)).not.toContain('S3cret');
    expect(audit?.data).toMatchObject({ after: { isSmtpUrlSet: true }, isSmtpUrlChanged: true });

    const kept = await call(clusterAdmin, 'PUT', '/api/admin/cluster/email-settings', {
      payload: { senderName: 'Northfield Careers', senderAddress: 'careers@northfield.example.edu' },
    });
    expect(kept.json<TClusterEmailSettings>().isSmtpUrlSet).toBe(true);

    for (const smtpUrl of [
      'smtp://127.0.0.1:25',
      'smtp://localhost',
      'https://smtp.example.com',
      'smtp://[::1]:25',
    ]) {
      const refused = await call(clusterAdmin, 'PUT', '/api/admin/cluster/email-settings', {
        payload: { senderName: '', senderAddress: '', smtpUrl },
      });
      expect(refused.statusCode, smtpUrl).toBe(400);
    }

    // The member's requests never read the settings (RLS: the cluster-wide scope only).
    const memberRead = await withTenant(t.database.db, { clusterId: cluster.clusterId }, (tx) =>
      tx.select().from(clusterEmailSettings),
    );
    expect(memberRead).toEqual([]);
  });

  it('sends the cluster’s mail from its sender through its SMTP override', async () => {
    const used: string[] = [];
    const sent: Array<{ from: unknown; to: unknown }> = [];
    const recorder = nodemailer.createTransport({ jsonTransport: true });
    const delivery = createMailDelivery({
      db: t.database.db,
      smtpUrl: null,
      from: 'Commons <no-reply@example.test>',
      serverSecret: t.app.deps.config.jwtSecret,
      createTransport: (url) => {
        used.push(url);
        return {
          sendMail: async (mail: Parameters<typeof recorder.sendMail>[0]) => {
            sent.push({ from: mail.from, to: mail.to });
            return recorder.sendMail(mail);
          },
        } as unknown as ReturnType<typeof nodemailer.createTransport>;
      },
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      } as unknown as FastifyBaseLogger,
      intervalMs: 60_000,
    });
    const to = `override-${cluster.clusterId}@example.test`;
    const id = await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      enqueueMail(tx, cluster.clusterId, { to, subject: 'Hello', text: 'Hello' }),
    );
    try {
      // Another test file's app may claim the row first (every app drains every cluster): put back and drain again.
      for (let round = 0; round < 5 && !sent.some((mail) => mail.to === to); round++) {
        if (round > 0)
          await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
            tx
              .update(mailOutbox)
              .set({ sentAt: null, claimedAt: null, attempts: 0 })
              .where(eq(mailOutbox.id, id)),
          );
        await delivery.drain();
      }
    } finally {
      delivery.stop();
    }
    expect(used).toContain(SMTP_URL);
    expect(sent.find((mail) => mail.to === to)?.from).toEqual({
      name: 'Northfield Careers',
      address: 'careers@northfield.example.edu',
    });

    const cleared = await call(clusterAdmin, 'PUT', '/api/admin/cluster/email-settings', {
      payload: { senderName: '', senderAddress: '', smtpUrl: null },
    });
    expect(cleared.json<TClusterEmailSettings>()).toMatchObject({
      senderName: null,
      senderAddress: null,
      isSmtpUrlSet: false,
    });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.delete(mailOutbox).where(like(mailOutbox.toAddress, `override-%`)),
    );
  });

  it('adds, renames, archives and orders majors; visitors read the active ones in order', async () => {
    const add = async (name: string) => {
      const response = await call(clusterAdmin, 'POST', '/api/admin/cluster/majors', { payload: { name } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<TMajor>();
    };
    const biology = await add('Biology');
    const history = await add('History');
    const physics = await add('Physcis');
    expect([biology.position, history.position, physics.position]).toEqual([0, 1, 2]);

    const duplicate = await call(superAdmin, 'POST', '/api/admin/cluster/majors', {
      payload: { name: 'biology' },
    });
    expect(duplicate.statusCode).toBe(409);
    const renamed = await call(clusterAdmin, 'PATCH', `/api/admin/cluster/majors/${physics.id}`, {
      payload: { name: 'Physics' },
    });
    expect(renamed.json<TMajor>().name).toBe('Physics');
    const renameTaken = await call(clusterAdmin, 'PATCH', `/api/admin/cluster/majors/${physics.id}`, {
      payload: { name: 'HISTORY' },
    });
    expect(renameTaken.statusCode).toBe(409);
    const archived = await call(clusterAdmin, 'PATCH', `/api/admin/cluster/majors/${history.id}`, {
      payload: { isArchived: true },
    });
    expect(archived.json<TMajor>().isArchived).toBe(true);

    const reordered = await call(clusterAdmin, 'PUT', '/api/admin/cluster/majors/order', {
      payload: { ids: [physics.id, history.id, biology.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<TMajorList>().items.map((item) => item.name)).toEqual([
      'Physics',
      'History',
      'Biology',
    ]);
    const partial = await call(clusterAdmin, 'PUT', '/api/admin/cluster/majors/order', {
      payload: { ids: [physics.id, biology.id] },
    });
    expect(partial.statusCode).toBe(400);

    const catalogue = await call(member, 'GET', '/api/cluster/majors');
    expect(catalogue.json<TMajorCatalogue>().items.map((item) => item.name)).toEqual(['Physics', 'Biology']);
    const otherCatalogue = await call(null, 'GET', '/api/cluster/majors', { of: otherCluster });
    expect(otherCatalogue.json<TMajorCatalogue>().items).toEqual([]);

    // Another cluster's admin never finds this cluster's major, even on their own host.
    const crossCluster = await call(otherClusterAdmin, 'PATCH', `/api/admin/cluster/majors/${biology.id}`, {
      of: otherCluster,
      payload: { name: 'Stolen' },
    });
    expect(crossCluster.statusCode).toBe(404);

    expect(await audits(cluster.clusterId, 'cluster.major.created')).toHaveLength(3);
    expect(await audits(cluster.clusterId, 'cluster.major.updated')).toHaveLength(2);
    expect(await audits(cluster.clusterId, 'cluster.majors.reordered')).toHaveLength(1);
  });
});
