import type { TMailTemplate, TMailTemplateList, TMailTemplatePreview } from '@commons/contract';
import { HUB_ACCESS_RIGHTS, MAIL_TEMPLATE_KEYS, MAIL_TEMPLATES } from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { auditLog, clusterEmailTemplates, mailOutbox } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { createMailDelivery } from '../mail/mail-delivery.js';

const MAGIC_LINK = '/api/admin/cluster/email-templates/magic-link';
const OVERRIDE = {
  subject: 'Sign in to {{firstName}}’s alumni network',
  body: 'Hello {{firstName}},\n\nYour link (valid {{expiresInMinutes}} minutes):\n{{link}}\n\nNorthfield Alumni Office',
};

/**
 * The cluster's email templates (issue #23 item 2, email settings): cluster and super admins list, edit, preview
 * and reset the wording of the catalogue's emails; the mail sender sends a cluster's wording, and every other
 * cluster still gets the default.
 */
describeDb('cluster email templates (issue #23 item 2)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let clusterAdmin: TTestUser;
  let superAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let member: TTestUser;
  let otherClusterAdmin: TTestUser;
  const tokens = new Map<string, string>();

  const call = async (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: object; of?: TTestCluster; tokenOf?: TTestCluster } = {},
  ) => {
    const of = options.of ?? cluster;
    let token = user === null ? undefined : tokens.get(user.id);
    if (user !== null && token === undefined) {
      token = (await signIn(t.app, options.tokenOf ?? of, user)).token;
      tokens.set(user.id, token);
    }
    return t.app.inject({
      method,
      url,
      headers: { host: of.host, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };
  const overrideRows = (clusterId: string) =>
    withTenant(t.database.db, { clusterId, isClusterScope: true }, (tx) =>
      tx.select().from(clusterEmailTemplates).where(eq(clusterEmailTemplates.clusterId, clusterId)),
    );
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
    const hub = await createHub(t.database.db, cluster);
    const otherHub = await createHub(t.database.db, otherCluster);
    clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    superAdmin = await createUser(t.database.db, cluster, { isSuperAdmin: true });
    hubAdmin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: [...HUB_ACCESS_RIGHTS],
    });
    member = await createUser(t.database.db, cluster, { hub, firstName: 'Ada <b>' });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, {
      hub: otherHub,
      isClusterAdmin: true,
      isHubAdmin: true,
    });
  });
  afterAll(async () => t.close());

  it('refuses hub admins and members with 403, another cluster’s admin and visitors with 401', async () => {
    const requests: Array<{ method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'GET', url: '/api/admin/cluster/email-templates' },
      { method: 'GET', url: MAGIC_LINK },
      { method: 'PUT', url: MAGIC_LINK, payload: OVERRIDE },
      { method: 'DELETE', url: MAGIC_LINK },
      { method: 'POST', url: `${MAGIC_LINK}/preview`, payload: OVERRIDE },
    ];
    for (const request of requests) {
      for (const user of [hubAdmin, member]) {
        const refused = await call(user, request.method, request.url, { payload: request.payload });
        expect(refused.statusCode, `${request.method} ${request.url}: ${refused.body}`).toBe(403);
      }
      const crossCluster = await call(otherClusterAdmin, request.method, request.url, {
        payload: request.payload,
        tokenOf: otherCluster,
      });
      expect(crossCluster.statusCode).toBe(401);
      expect((await call(null, request.method, request.url, { payload: request.payload })).statusCode).toBe(
        401,
      );
    }
    expect(await overrideRows(cluster.clusterId)).toEqual([]);
  });

  it('lists the catalogue and answers one template with its placeholders and default', async () => {
    const list = await call(clusterAdmin, 'GET', '/api/admin/cluster/email-templates');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<TMailTemplateList>().items;
    expect(items.map((item) => item.key)).toEqual([...MAIL_TEMPLATE_KEYS]);
    expect(items.every((item) => !item.isCustomised && item.updatedAt === null)).toBe(true);

    const one = await call(superAdmin, 'GET', MAGIC_LINK);
    expect(one.statusCode, one.body).toBe(200);
    const template = one.json<TMailTemplate>();
    expect(template.default).toEqual({
      subject: MAIL_TEMPLATES['magic-link'].subject,
      body: MAIL_TEMPLATES['magic-link'].body,
    });
    expect(template.override).toBeNull();
    expect(template.placeholders.find((p) => p.name === 'link')).toEqual({
      name: 'link',
      description: 'The one-time sign-in link',
      isLink: true,
      isRequired: true,
    });
    expect((await call(clusterAdmin, 'GET', '/api/admin/cluster/email-templates/no-such')).statusCode).toBe(
      404,
    );
  });

  it('refuses unknown placeholders, a removed link and a long subject per field, writing nothing', async () => {
    const unknown = await call(clusterAdmin, 'PUT', MAGIC_LINK, {
      payload: { subject: 'Hi {{hubName}}', body: 'Hi {{firstName}} {{link}} {{password}}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      subject:
        '{{hubName}} is not a placeholder of this email. Use only {{firstName}}, {{link}}, {{expiresInMinutes}}.',
      body: '{{password}} is not a placeholder of this email. Use only {{firstName}}, {{link}}, {{expiresInMinutes}}.',
    });
    const withoutLink = await call(clusterAdmin, 'PUT', MAGIC_LINK, {
      payload: { subject: 'Sign in', body: 'Hi {{firstName}}, sign in from the app.' },
    });
    expect(withoutLink.statusCode).toBe(400);
    expect(
      withoutLink.json<{ error: { user_message: string; fields: Record<string, string> } }>().error,
    ).toMatchObject({
      user_message: 'Keep {{link}}: without it the email does not work.',
      fields: { body: 'Keep {{link}}: without it the email does not work.' },
    });
    const longSubject = await call(clusterAdmin, 'PUT', MAGIC_LINK, {
      payload: { subject: 'x'.repeat(201), body: OVERRIDE.body },
    });
    expect(longSubject.statusCode).toBe(400);
    expect(longSubject.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(
      'subject',
      'Use at most 200 characters.',
    );
    expect(await overrideRows(cluster.clusterId)).toEqual([]);
    expect(await audits(cluster.clusterId, 'cluster.email_template.updated')).toEqual([]);
  });

  it('previews with sample values, escaping the template in the HTML part, and names the problems', async () => {
    const preview = await call(clusterAdmin, 'POST', `${MAGIC_LINK}/preview`, {
      payload: { subject: OVERRIDE.subject, body: '<script>alert(1)</script> {{firstName}}\n\n{{link}}' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<TMailTemplatePreview>()).toEqual({
      subject: 'Sign in to Alex’s alumni network',
      text: '<script>alert(1)</script> Alex\n\nhttps://commons.example.edu/sign-in?magic_link=sample',
      html:
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; Alex</p>\n' +
        '<p><a href="https://commons.example.edu/sign-in?magic_link=sample">https://commons.example.edu/sign-in?magic_link=sample</a></p>',
      problems: {},
    });
    const withProblem = await call(clusterAdmin, 'POST', `${MAGIC_LINK}/preview`, {
      payload: { subject: 'Hi', body: 'No link here' },
    });
    expect(withProblem.json<TMailTemplatePreview>().problems).toEqual({
      body: 'Keep {{link}}: without it the email does not work.',
    });
    expect(await overrideRows(cluster.clusterId)).toEqual([]);
  });

  it('sends the cluster’s wording (variables escaped in HTML) while another cluster gets the default; reset restores it', async () => {
    const saved = await call(clusterAdmin, 'PUT', MAGIC_LINK, { payload: OVERRIDE });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TMailTemplate>()).toMatchObject({ isCustomised: true, override: OVERRIDE });
    const [audit] = await audits(cluster.clusterId, 'cluster.email_template.updated');
    expect(audit?.data).toEqual({ key: 'magic-link', before: null, after: OVERRIDE });
    const listed = (
      await call(clusterAdmin, 'GET', '/api/admin/cluster/email-templates')
    ).json<TMailTemplateList>();
    expect(listed.items.find((item) => item.key === 'magic-link')).toMatchObject({ isCustomised: true });
    expect(listed.items.filter((item) => item.isCustomised)).toHaveLength(1);

    const otherMember = await createUser(t.database.db, otherCluster, { firstName: 'Grace' });
    for (const [of, email] of [
      [cluster, member.email],
      [otherCluster, otherMember.email],
    ] as const) {
      const asked = await call(null, 'POST', '/api/auth/magic-link', { of, payload: { email } });
      expect(asked.statusCode, asked.body).toBe(200);
    }

    // Only the delivery below sends (to the recording transport), not the app's own outbox timer.
    t.app.deps.mail.stop();
    const sent: Array<{ to: unknown; subject: unknown; text: unknown; html: unknown }> = [];
    const recorder = nodemailer.createTransport({ jsonTransport: true });
    const delivery = createMailDelivery({
      db: t.database.db,
      smtpUrl: 'smtp://recorder.example.test',
      from: 'Commons <no-reply@example.test>',
      createTransport: () =>
        ({
          sendMail: async (mail: Parameters<typeof recorder.sendMail>[0]) => {
            sent.push({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
            return recorder.sendMail(mail);
          },
        }) as unknown as ReturnType<typeof nodemailer.createTransport>,
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      } as unknown as FastifyBaseLogger,
      intervalMs: 60_000,
    });
    const recipients = [member.email, otherMember.email];
    try {
      // Another test file's app may claim a row first (every app drains every cluster): put back and drain again.
      for (let round = 0; round < 5 && !recipients.every((to) => sent.some((m) => m.to === to)); round++) {
        if (round > 0)
          for (const of of [cluster, otherCluster])
            await withTenant(t.database.db, { clusterId: of.clusterId, isClusterScope: true }, (tx) =>
              tx
                .update(mailOutbox)
                .set({ sentAt: null, claimedAt: null, attempts: 0 })
                .where(inArray(mailOutbox.toAddress, recipients)),
            );
        await delivery.drain();
      }
    } finally {
      delivery.stop();
    }

    const customised = sent.find((mail) => mail.to === member.email);
    expect(customised?.subject).toBe('Sign in to Ada <b>’s alumni network');
    expect(customised?.text).toMatch(
      /^Hello Ada <b>,\n\nYour link \(valid 15 minutes\):\nhttp:\/\/\S+\/sign-in\?magic_link=\S+\n\nNorthfield Alumni Office$/,
    );
    expect(customised?.html).toContain('<p>Hello Ada &lt;b&gt;,</p>');
    expect(customised?.html).not.toContain('Ada <b>');
    const defaultMail = sent.find((mail) => mail.to === otherMember.email);
    expect(defaultMail?.subject).toBe('Your Commons sign-in link');
    expect(defaultMail?.text).toContain(
      'Hi Grace,\n\nUse this link to sign in to Commons. It works once and expires in 15 minutes:',
    );
    // The outbox keeps what was sent.
    const [kept] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email)),
    );
    expect(kept?.subject).toBe('Sign in to Ada <b>’s alumni network');

    const reset = await call(clusterAdmin, 'DELETE', MAGIC_LINK);
    expect(reset.statusCode).toBe(204);
    expect(await overrideRows(cluster.clusterId)).toEqual([]);
    const [resetAudit] = await audits(cluster.clusterId, 'cluster.email_template.reset');
    expect(resetAudit?.data).toEqual({ key: 'magic-link', before: OVERRIDE });
    expect((await call(clusterAdmin, 'GET', MAGIC_LINK)).json<TMailTemplate>()).toMatchObject({
      isCustomised: false,
      override: null,
    });
  });
});
