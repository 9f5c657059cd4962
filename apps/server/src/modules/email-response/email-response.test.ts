import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestCluster, TTestHub, TTestUser } from '../../../test/factories.js';
import { openHubMembers, type THubMembers } from '../../../test/hub-members.js';
import { describeDb, type TTestApp } from '../../../test/test-app.js';
import { messages, threads } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { replyTokenFor } from '../notifications/notifications.tokens.js';
import {
  plainTextToHtml,
  REPLY_ABOVE_MARKER,
  REPLY_TOKEN_TTL_DAYS,
  stripQuotedReply,
} from './email-response.commands.js';
import { replyTokenOfAddress, startInboundSmtp, type TInboundSmtp } from './email-response.smtp.js';

describe('stripQuotedReply', () => {
  it('keeps only the new text above the quoted history', () => {
    expect(
      stripQuotedReply(
        'Sounds good!\n\nOn Mon, Jun 1, 2026 at 12:00 PM Sam Student <sam@example.test> wrote:\n> Hello there\n',
      ),
    ).toBe('Sounds good!');
    expect(
      stripQuotedReply(
        'Yes\r\n\r\nOn Mon, Jun 1, 2026 at 12:00 PM Sam Student\r\n<sam@example.test> wrote:\r\n> Hi',
      ),
    ).toBe('Yes');
    expect(stripQuotedReply('See you then\n-----Original Message-----\nFrom: Sam')).toBe('See you then');
    expect(stripQuotedReply('Great\n________________________________\nFrom: Sam Student\nSent: Monday')).toBe(
      'Great',
    );
    expect(stripQuotedReply(`Thanks\n\n${REPLY_ABOVE_MARKER}\nHi Alex,`)).toBe('Thanks');
    expect(stripQuotedReply('Line one\n> quoted\nLine two\n-- \nAlex, sent with love')).toBe(
      'Line one\nLine two',
    );
    expect(stripQuotedReply('Typed on the go\n\nSent from my phone')).toBe('Typed on the go');
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(plainTextToHtml('Hi <b>you</b>\nsecond line\n\nNew paragraph')).toBe(
      '<p>Hi &#60;b&#62;you&#60;/b&#62;<br>second line</p><p>New paragraph</p>',
    );
  });

  it('reads the token of a reply address only', () => {
    expect(replyTokenOfAddress(`reply+${'AB'.repeat(24)}@reply.example.test`)).toBe('ab'.repeat(24));
    expect(replyTokenOfAddress('someone@example.test')).toBeNull();
  });
});

describeDb('reply by email', () => {
  let w: THubMembers;
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let inbound: TInboundSmtp;

  beforeAll(async () => {
    w = await openHubMembers();
    ({ t, cluster, hub } = w);
    student = await w.member({ firstName: 'Sam', lastName: 'Student' });
    alumnus = await w.member({ firstName: 'Alex', lastName: 'Alumna', userType: 'alumni' });
    inbound = await startInboundSmtp({
      db: t.database.db,
      secret: t.app.deps.config.jwtSecret,
      port: 0,
      host: '127.0.0.1',
      clock: () => t.app.deps.clock(),
      log: t.app.log,
      onPosted: () => t.app.deps.realtime.kick(),
    });
  });
  afterAll(async () => {
    await inbound.close();
    await t.close();
  });

  const call = (user: TTestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    w.call(user, method, url, payload);
  const start = async (body = 'Can we meet next week?') => {
    const response = await call(student, 'POST', '/api/inbox/threads', {
      recipientId: alumnus.id,
      messageType: 'message',
      body: `<p>${body}</p>`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const tokenFor = (threadId: string, user: TTestUser) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      replyTokenFor(tx, {
        secret: t.app.deps.config.jwtSecret,
        clusterId: cluster.clusterId,
        threadId,
        userId: user.id,
      }),
    );
  const messagesOf = (threadId: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(messages.createdAt),
    );
  const mailer = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true });

  it('opens the conversation of a token on the web without signing in and posts a reply as its user', async () => {
    const threadId = await start();
    const token = await tokenFor(threadId, alumnus);
    expect(await tokenFor(threadId, alumnus)).toBe(token);
    const page = await call(null, 'GET', `/api/email-response/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      threadId,
      hubId: String(hub.id),
      recipient: { id: student.id, firstName: 'Sam' },
      latestMessage: { fromMe: false, text: 'Can we meet next week?' },
      canReply: true,
    });
    const posted = await call(null, 'POST', `/api/email-response/${token}`, {
      text: 'Yes, Tuesday works.\n\n<script>x</script>',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ threadId, messageId: expect.any(String) });
    const last = (await messagesOf(threadId)).at(-1);
    expect(last).toMatchObject({
      fromUserId: alumnus.id,
      bodyText: expect.stringContaining('Yes, Tuesday works.'),
    });
    expect(last?.body).not.toContain('<script>');
    const notes = (await call(student, 'GET', '/api/notifications?type=inbox.message')).json<{
      items: Array<{ title: string; payload: { threadId: string } }>;
    }>();
    expect(notes.items[0]).toMatchObject({ title: 'Alex Alumna sent you a message', payload: { threadId } });
  });

  it('answers 404 to a forged, malformed or unknown token and 400 to an empty reply', async () => {
    const threadId = await start();
    const token = await tokenFor(threadId, alumnus);
    const forged = `${token.slice(0, 16)}${'0'.repeat(32)}`;
    for (const bad of [forged, 'not-a-token', 'f'.repeat(48)]) {
      expect((await call(null, 'GET', `/api/email-response/${bad}`)).statusCode).toBe(404);
      expect((await call(null, 'POST', `/api/email-response/${bad}`, { text: 'Hi' })).statusCode).toBe(404);
    }
    const empty = await call(null, 'POST', `/api/email-response/${token}`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('validation_failed');
    expect(
      (await call(null, 'POST', `/api/email-response/${token}`, { text: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
  });

  it('expires a reply link 90 days after the conversation’s last message', async () => {
    const threadId = await start('An old question');
    const token = await tokenFor(threadId, alumnus);
    const daysAgo = (days: number) => new Date(t.app.deps.clock().getTime() - days * 86_400_000);
    const age = (days: number) =>
      withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx
          .update(threads)
          .set({ lastMessageAt: daysAgo(days) })
          .where(eq(threads.id, threadId)),
      );
    await age(REPLY_TOKEN_TTL_DAYS - 1);
    expect((await call(null, 'GET', `/api/email-response/${token}`)).statusCode).toBe(200);
    await age(REPLY_TOKEN_TTL_DAYS + 1);
    const expired = await call(null, 'POST', `/api/email-response/${token}`, { text: 'Late reply' });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.user_message).toMatch(/This reply link has expired/);
    expect((await messagesOf(threadId)).map((m) => m.bodyText)).not.toContain('Late reply');
  });

  it('refuses a reply in a conversation that is read-only for the token’s user (403)', async () => {
    const threadId = await start();
    const token = await tokenFor(threadId, alumnus);
    expect((await call(alumnus, 'POST', `/api/inbox/threads/${threadId}/archive`, {})).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/email-response/${token}`)).json().canReply).toBe(false);
    const refused = await call(null, 'POST', `/api/email-response/${token}`, { text: 'Still there?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('thread_closed');
  });

  it('posts the new text of a mail to the reply address, quoted history stripped', async () => {
    const threadId = await start('Are you free on Friday?');
    const token = await tokenFor(threadId, alumnus);
    await mailer().sendMail({
      from: alumnus.email,
      to: `reply+${token}@reply.example.test`,
      subject: 'Re: New message from Sam Student',
      text: `Friday at 10 works for me.\n\n${REPLY_ABOVE_MARKER}\nHi Alex,\n\nOn Mon, Jun 1, 2026 at 12:00 PM Commons <no-reply@localhost> wrote:\n> Are you free on Friday?\n`,
    });
    const last = (await messagesOf(threadId)).at(-1);
    expect(last).toMatchObject({ fromUserId: alumnus.id, bodyText: 'Friday at 10 works for me.' });
  });

  it('rejects mail to any other address at RCPT time and sends nothing', async () => {
    const threadId = await start();
    const before = (await messagesOf(threadId)).length;
    await expect(
      mailer().sendMail({
        from: 'x@example.test',
        to: `reply+${'0'.repeat(48)}@reply.example.test`,
        text: 'Hi',
      }),
    ).rejects.toThrow(/550/);
    await expect(
      mailer().sendMail({ from: 'x@example.test', to: 'postmaster@reply.example.test', text: 'Hi' }),
    ).rejects.toThrow(/550/);
    expect(await messagesOf(threadId)).toHaveLength(before);
  });
});
