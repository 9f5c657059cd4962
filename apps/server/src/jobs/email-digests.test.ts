import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestCluster, TTestUser } from '../../test/factories.js';
import { openHubMembers, type THubMembers } from '../../test/hub-members.js';
import { describeDb, type TTestApp } from '../../test/test-app.js';
import { mailOutbox } from '../db/schema/index.js';
import { withTenant } from '../db/tenant.js';
import { isDigestDue, sendEmailDigests } from './email-digests.js';
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_DAYS,
  verifyUnsubscribeToken,
} from '../modules/notifications/notifications.tokens.js';

describe('isDigestDue', () => {
  const day = (iso: string) => new Date(iso);
  it('sends immediately always, never never, daily once a local day from 08:00', () => {
    expect(
      isDigestDue(
        { frequency: 'immediately', lastDigestAt: null, timezone: 'UTC' },
        day('2026-06-01T03:00:00Z'),
      ),
    ).toBe(true);
    expect(
      isDigestDue({ frequency: 'never', lastDigestAt: null, timezone: 'UTC' }, day('2026-06-01T12:00:00Z')),
    ).toBe(false);
    expect(
      isDigestDue({ frequency: 'daily', lastDigestAt: null, timezone: 'UTC' }, day('2026-06-01T07:59:00Z')),
    ).toBe(false);
    expect(
      isDigestDue({ frequency: 'daily', lastDigestAt: null, timezone: 'UTC' }, day('2026-06-01T08:00:00Z')),
    ).toBe(true);
    expect(
      isDigestDue(
        { frequency: 'daily', lastDigestAt: day('2026-06-01T08:01:00Z'), timezone: 'UTC' },
        day('2026-06-01T23:00:00Z'),
      ),
    ).toBe(false);
    expect(
      isDigestDue(
        { frequency: 'daily', lastDigestAt: day('2026-06-01T08:01:00Z'), timezone: 'UTC' },
        day('2026-06-02T08:00:00Z'),
      ),
    ).toBe(true);
    // 08:00 in Los Angeles is 15:00 UTC in June.
    expect(
      isDigestDue(
        { frequency: 'daily', lastDigestAt: null, timezone: 'America/Los_Angeles' },
        day('2026-06-01T14:00:00Z'),
      ),
    ).toBe(false);
    expect(
      isDigestDue(
        { frequency: 'daily', lastDigestAt: null, timezone: 'America/Los_Angeles' },
        day('2026-06-01T15:00:00Z'),
      ),
    ).toBe(true);
    expect(
      isDigestDue(
        { frequency: 'daily', lastDigestAt: null, timezone: 'Not/AZone' },
        day('2026-06-01T09:00:00Z'),
      ),
    ).toBe(true);
  });
});

describeDb('email digests of unread messages', () => {
  let w: THubMembers;
  let t: TTestApp;
  let cluster: TTestCluster;
  let student: TTestUser;

  beforeAll(async () => {
    w = await openHubMembers();
    ({ t, cluster } = w);
    student = await w.member({ firstName: 'Sam', lastName: 'Student' });
  });
  afterAll(async () => t.close());

  const newMember = (firstName: string) => w.member({ firstName, lastName: 'Alumna', userType: 'alumni' });
  const call = (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) => w.call(user, method, url, payload, headers);
  const send = async (from: TTestUser, to: TTestUser, body: string) => {
    const response = await call(from, 'POST', '/api/inbox/threads', {
      recipientId: to.id,
      messageType: 'message',
      body: `<p>${body}</p>`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const digest = (iso: string, replyDomain: string | null = 'reply.example.test') =>
    sendEmailDigests({
      db: t.database.db,
      now: new Date(iso),
      publicUrl: 'http://localhost:3000',
      secret: t.app.deps.config.jwtSecret,
      replyDomain,
    });
  const mailsTo = (user: TTestUser) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, user.email))
        .orderBy(desc(mailOutbox.createdAt)),
    );
  const setFrequency = (user: TTestUser, emailDigestFrequency: string) =>
    call(user, 'PATCH', '/api/me/settings', { emailDigestFrequency });

  it('mails a daily digest (the default) of unread messages once, from 08:00 local time, with one-click unsubscribe', async () => {
    const alex = await newMember('Alex');
    expect((await call(alex, 'GET', '/api/me/settings')).json().settings.emailDigestFrequency).toBe('daily');
    const threadId = await send(student, alex, 'Can we talk about consulting?');
    // 07:00 in Los Angeles: not yet.
    await digest('2026-06-02T14:00:00Z');
    expect(await mailsTo(alex)).toHaveLength(0);
    await digest('2026-06-02T16:00:00Z');
    const [mail] = await mailsTo(alex);
    expect(mail).toMatchObject({ subject: 'You have 1 unread message' });
    expect(mail?.textBody).toContain('Sam Student (1 message):');
    expect(mail?.textBody).toContain('> Can we talk about consulting?');
    expect(mail?.textBody).toContain(`http://localhost:3000/inbox/${alex.identifier}/thread/${threadId}`);
    expect(mail?.textBody).toMatch(/Reply on the web: http:\/\/localhost:3000\/email-response\/[0-9a-f]{48}/);
    expect(mail?.replyTo).toMatch(/^reply\+[0-9a-f]{48}@reply\.example\.test$/);
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/email-digests\/unsubscribe\/[^>]+>$/,
    );

    // Digested messages are not mailed again; a new one waits for the next local day.
    await digest('2026-06-02T17:00:00Z');
    expect(await mailsTo(alex)).toHaveLength(1);
    await send(student, alex, 'Another thread');
    await digest('2026-06-02T23:00:00Z');
    expect(await mailsTo(alex)).toHaveLength(1);
    await digest('2026-06-03T16:00:00Z');
    expect(await mailsTo(alex)).toHaveLength(2);
  });

  it('mails each new message at once for "immediately", without Reply-To when the receiver is off', async () => {
    const bea = await newMember('Bea');
    const changed = await setFrequency(bea, 'immediately');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().settings.emailDigestFrequency).toBe('immediately');
    await send(student, bea, 'Quick question');
    await digest('2026-06-02T03:00:00Z', null);
    const [mail] = await mailsTo(bea);
    expect(mail).toMatchObject({ subject: 'New message from Sam Student', replyTo: null });
    expect(mail?.textBody).not.toContain('Reply above this line');
  });

  it('mails nothing for "never", nor for messages read before the digest', async () => {
    const cleo = await newMember('Cleo');
    await setFrequency(cleo, 'never');
    await send(student, cleo, 'You will not hear of this by mail');
    await digest('2026-06-02T18:00:00Z');
    expect(await mailsTo(cleo)).toHaveLength(0);
    const dan = await newMember('Dan');
    const threadId = await send(student, dan, 'Read on the web');
    expect((await call(dan, 'POST', `/api/inbox/threads/${threadId}/read`, {})).statusCode).toBe(200);
    await digest('2026-06-02T18:00:00Z');
    expect(await mailsTo(dan)).toHaveLength(0);
  });

  it('refuses an unknown digest frequency with 400', async () => {
    const response = await setFrequency(student, 'weekly');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('unsubscribes in one click (RFC 8058 POST) without signing in; GET only shows the page', async () => {
    const eve = await newMember('Eve');
    await send(student, eve, 'Hello Eve');
    await digest('2026-06-02T18:00:00Z');
    const [mail] = await mailsTo(eve);
    const url = new URL(/^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
    const page = await call(null, 'GET', url.pathname, undefined, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    expect((await call(eve, 'GET', '/api/me/settings')).json().settings.emailDigestFrequency).toBe('daily');
    const oneClick = await call(null, 'POST', url.pathname, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ emailDigestFrequency: 'never' });
    expect((await call(eve, 'GET', '/api/me/settings')).json().settings.emailDigestFrequency).toBe('never');
    const fromBrowser = await call(null, 'POST', url.pathname, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    });
    expect(fromBrowser.body).toContain('You are unsubscribed');
  });

  it('answers 404 to an expired unsubscribe link, and to a group link on the digest address', async () => {
    const secret = t.app.deps.config.jwtSecret;
    const target = { clusterId: cluster.clusterId, userId: student.id, groupId: null };
    const now = t.app.deps.clock().getTime();
    const old = signUnsubscribeToken({
      secret,
      target,
      now: new Date(now - (UNSUBSCRIBE_TOKEN_TTL_DAYS + 1) * 86_400_000),
    });
    expect((await call(null, 'POST', `/api/email-digests/unsubscribe/${old}`, {})).statusCode).toBe(404);
    const recent = signUnsubscribeToken({
      secret,
      target,
      now: new Date(now - (UNSUBSCRIBE_TOKEN_TTL_DAYS - 1) * 86_400_000),
    });
    expect(verifyUnsubscribeToken(recent, { secret, now: new Date(now) })).toEqual(target);
    const groupLink = signUnsubscribeToken({
      secret,
      target: { ...target, groupId: cluster.clusterId },
      now: new Date(now),
    });
    expect((await call(null, 'POST', `/api/email-digests/unsubscribe/${groupLink}`, {})).statusCode).toBe(
      404,
    );
  });

  it('answers 404 to a forged or foreign unsubscribe token', async () => {
    const forged = await call(
      null,
      'POST',
      '/api/email-digests/unsubscribe/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAA',
      {},
    );
    expect(forged.statusCode).toBe(404);
    const page = await call(null, 'GET', '/api/email-digests/unsubscribe/not-a-token', undefined, {
      accept: 'text/html',
    });
    expect(page.statusCode).toBe(404);
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, student.email))),
    );
    expect(rows).toHaveLength(0);
  });
});
