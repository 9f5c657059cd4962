import { CONNECTION_LIMIT_TITLE, OUTREACH_TEMPLATES } from '@commons/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
  hubSettings,
  messageAttachments,
  threads,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { eraseDeletedAccounts } from '../../jobs/account-erasure.js';
import { autoCloseMentorships, removeUnsentAttachments } from '../../jobs/inbox-jobs.js';
import { autoCloseAt } from './inbox.mentorship-length.js';

const UNAVAILABLE = (name: string) => `${name} is unavailable at this time.`;
const CONNECTION_LIMIT = (n: number) =>
  `${CONNECTION_LIMIT_TITLE} You can have ${n} connections open at a time.`;

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

describeDb('inbox limits, templates, mentorship closing and attachments', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  const tokens = new Map<string, string>();
  let nowMs = Date.parse('2026-03-01T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 10)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const setMessageTypes = (messageTypes: Record<string, object>) =>
    asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({ settings: { ...row.settings, moduleSettings: { messageTypes } } })
        .where(eq(hubSettings.hubId, hub.id));
    });
  const setUser = (user: TTestUser, values: Partial<typeof users.$inferInsert>) =>
    asCluster((tx) => tx.update(users).set(values).where(eq(users.id, user.id)));
  const setMembership = (user: TTestUser, values: Partial<typeof hubMemberships.$inferInsert>) =>
    asCluster((tx) => tx.update(hubMemberships).set(values).where(eq(hubMemberships.userId, user.id)));

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
  ) =>
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
  const send = (from: TTestUser, to: TTestUser, messageType: string, body = '<p>Could we talk?</p>') =>
    call(from, 'POST', '/api/inbox/threads', { recipientId: to.id, messageType, body });
  const start = async (from: TTestUser, to: TTestUser, messageType: string) => {
    const response = await send(from, to, messageType);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const student = (firstName = 'Sam') => createUser(t.database.db, cluster, { hub, firstName });
  const alumnus = (firstName = 'Alex') =>
    createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName });

  describe('recipient capacity and connection limits (spec 5, spec 8)', () => {
    it('refuses a request beyond the recipient’s own connection limit with the spec message, and frees the place on rejection', async () => {
      await setMessageTypes({});
      const mentor = await alumnus('Maya');
      await setUser(mentor, { connectLimit: 1 });
      const [first, second] = [await student(), await student()];
      const threadId = await start(first, mentor, 'flashMentorship');
      const refused = await send(second, mentor, 'flashMentorship');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'recipient_unavailable',
        user_message: UNAVAILABLE('Maya'),
      });
      // A plain message takes no capacity.
      expect((await send(second, mentor, 'message')).statusCode).toBe(201);
      await call(mentor, 'POST', `/api/inbox/threads/${threadId}/reject`);
      expect((await send(second, mentor, 'flashMentorship')).statusCode).toBe(201);
    });

    it('combines the member’s limit with the type’s maximum (the smaller wins; -1 is unlimited), hub membership over account', async () => {
      await setMessageTypes({ flashMentorship: { maxConnectLimit: 1 } });
      const mentor = await alumnus('Noor');
      await setUser(mentor, { connectLimit: 5 });
      await start(await student(), mentor, 'flashMentorship');
      expect((await send(await student(), mentor, 'flashMentorship')).json().error.user_message).toBe(
        UNAVAILABLE('Noor'),
      );

      await setMessageTypes({ flashMentorship: { maxConnectLimit: -1 } });
      await setMembership(mentor, { maxConnect: 2 });
      await start(await student(), mentor, 'flashMentorship');
      expect((await send(await student(), mentor, 'flashMentorship')).statusCode).toBe(403);
      await setMessageTypes({});
    });

    it('allows no connection to a member whose limit is 0 (spec 5 Connection)', async () => {
      const mentor = await alumnus('Omar');
      await setUser(mentor, { mentorshipLimit: 0 });
      const response = await send(await student(), mentor, 'longTermMentorship');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.user_message).toBe(UNAVAILABLE('Omar'));
      expect((await send(await student(), mentor, 'flashMentorship')).statusCode).toBe(201);
    });

    it('stops a mentee at maxOpenMentorships with the connection limit message', async () => {
      await setMessageTypes({ longTermMentorship: { maxOpenMentorships: 1 } });
      const mentee = await student();
      await start(mentee, await alumnus(), 'longTermMentorship');
      const response = await send(mentee, await alumnus(), 'longTermMentorship');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'connection_limit_reached',
        user_message: CONNECTION_LIMIT(1),
        details: {
          title: CONNECTION_LIMIT_TITLE,
          detail: 'You can have 1 connections open at a time.',
          limit: 1,
        },
      });
      await setMessageTypes({});
    });

    it('refuses to accept beyond the recipient’s own limit with the connection limit message', async () => {
      const mentor = await alumnus();
      const first = await start(await student(), mentor, 'longTermMentorship');
      const second = await start(await student(), mentor, 'longTermMentorship');
      await setMembership(mentor, { maxMentorship: 1 });
      expect((await call(mentor, 'POST', `/api/inbox/threads/${first}/accept`)).statusCode).toBe(200);
      const refused = await call(mentor, 'POST', `/api/inbox/threads/${second}/accept`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.user_message).toBe(CONNECTION_LIMIT(1));
      expect(
        (await call(mentor, 'POST', `/api/inbox/threads/${first}/close`)).json().thread.mentorshipStatus,
      ).toBe('mentorClosed');
      expect(
        (await call(mentor, 'POST', `/api/inbox/threads/${second}/accept`)).json().thread.mentorshipStatus,
      ).toBe('active');
    });
  });

  describe('composing', () => {
    it('offers the enabled types the viewer may send, says why one is unavailable now, and the default student templates', async () => {
      await setMessageTypes({ scheduleInterview: { enabled: true } });
      const me = await student();
      const mentor = await alumnus('Rae');
      await setUser(mentor, { lastAvailabilityDate: new Date('2026-01-01T00:00:00Z') });
      const response = await call(me, 'GET', `/api/inbox/compose?recipientId=${mentor.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.recipient).toMatchObject({ id: mentor.id, firstName: 'Rae' });
      expect(body.messageTypes.map((m: { type: string }) => m.type)).toEqual([
        'longTermMentorship',
        'flashMentorship',
        'message',
        'scheduleInterview',
      ]);
      const byType = Object.fromEntries(
        body.messageTypes.map((m: { type: string; unavailableReason: string | null }) => [m.type, m]),
      );
      expect(byType.flashMentorship).toMatchObject({
        label: 'Flash mentorship',
        unavailableReason: 'This user currently has no available dates for meeting',
      });
      expect(byType.longTermMentorship).toMatchObject({
        mentorshipLength: 'at least 2 hours per month',
        unavailableReason: null,
      });
      expect(body.templates.map((tpl: { id: string }) => tpl.id)).toEqual(
        OUTREACH_TEMPLATES.filter((x) => x.style === 'student').map((x) => x.id),
      );
      expect(body.responseTimeLabel).toBeNull();
      await setMessageTypes({});
    });

    it('labels the recipient’s response time from their first replies (spec 9)', async () => {
      const mentor = await alumnus();
      const threadId = await start(await student(), mentor, 'message');
      nowMs += 30 * 60 * 60 * 1000;
      await call(mentor, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: 'Sorry for the wait!' });
      const body = (await call(await student(), 'GET', `/api/inbox/compose?recipientId=${mentor.id}`)).json();
      expect(body.responseTimeLabel).toBe('Responds within 2 days');
    });

    it('answers 404 for someone who is not a member and 400 for oneself', async () => {
      const me = await student();
      const elsewhere = await createUser(t.database.db, cluster, {
        hub: await createHub(t.database.db, cluster),
      });
      expect((await call(me, 'GET', `/api/inbox/compose?recipientId=${elsewhere.id}`)).statusCode).toBe(404);
      expect((await call(me, 'GET', `/api/inbox/compose?recipientId=${me.id}`)).statusCode).toBe(400);
    });
  });

  describe('admin outreach templates (spec 6)', () => {
    it('replace the defaults for their user type pair only, keep the placeholder check, and an empty set restores the defaults', async () => {
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['templates'],
      });
      const plainAdmin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['approve-users'],
      });
      const pair = { senderUserTypeId: hub.userTypeIds.student, recipientUserTypeId: hub.userTypeIds.alumni };
      const templates = [
        { title: 'Coffee chat', body: 'Hi, I am a student curious about [add company]. Coffee?' },
      ];
      expect(
        (await call(plainAdmin, 'PUT', '/api/hub/outreach-templates', { ...pair, templates })).statusCode,
      ).toBe(403);
      expect((await call(await student(), 'GET', '/api/hub/outreach-templates')).statusCode).toBe(403);

      const saved = await call(admin, 'PUT', '/api/hub/outreach-templates', { ...pair, templates });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().items[0].templates).toMatchObject([{ title: 'Coffee chat', isCustom: true }]);
      const listed = (await call(admin, 'GET', '/api/hub/outreach-templates')).json();
      expect(listed.items).toHaveLength(1);
      expect(listed.defaults.alumni).toHaveLength(3);

      const me = await student();
      const mentor = await alumnus();
      const compose = (await call(me, 'GET', `/api/inbox/compose?recipientId=${mentor.id}`)).json();
      expect(compose.templates).toMatchObject([
        { title: 'Coffee chat', body: templates[0]?.body, isCustom: true },
      ]);
      const peer = await student();
      const toPeer = (await call(me, 'GET', `/api/inbox/compose?recipientId=${peer.id}`)).json();
      expect(toPeer.templates.every((x: { isCustom: boolean }) => !x.isCustom)).toBe(true);

      const unfilled = await send(me, mentor, 'message', `<p>${templates[0]?.body}</p>`);
      expect(unfilled.statusCode).toBe(400);
      expect(unfilled.json().error.details.placeholders).toEqual(['[add company]']);

      expect(
        (await call(admin, 'PUT', '/api/hub/outreach-templates', { ...pair, templates: [] })).json().items,
      ).toEqual([]);
      const restored = (await call(me, 'GET', `/api/inbox/compose?recipientId=${mentor.id}`)).json();
      expect(restored.templates.every((x: { isCustom: boolean }) => !x.isCustom)).toBe(true);
    });

    it('refuses user types of another hub', async () => {
      const admin = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['templates'],
      });
      const other = await createHub(t.database.db, cluster);
      const response = await call(admin, 'PUT', '/api/hub/outreach-templates', {
        senderUserTypeId: other.userTypeIds.student,
        recipientUserTypeId: hub.userTypeIds.alumni,
        templates: [{ title: 'x', body: 'y' }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ senderUserTypeId: 'Choose a user type of this hub.' });
    });
  });

  describe('closing mentorships (spec 4)', () => {
    it('lets a hub admin with the programs right list and close an active mentorship, without reading its messages', async () => {
      const admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['programs'] });
      const other = await createUser(t.database.db, cluster, {
        hub,
        isHubAdmin: true,
        rights: ['templates'],
      });
      const mentee = await student('Mia');
      const mentor = await alumnus('Leo');
      const threadId = await start(mentee, mentor, 'longTermMentorship');
      expect((await call(other, 'GET', '/api/hub/mentorships')).statusCode).toBe(403);

      const pending = (await call(admin, 'GET', '/api/hub/mentorships?status=pending')).json();
      expect(pending.items.map((m: { threadId: string }) => m.threadId)).toContain(threadId);
      const early = await call(admin, 'POST', `/api/hub/mentorships/${threadId}/close`);
      expect(early.statusCode).toBe(403);
      expect(early.json().error.user_message).toBe('Only an active mentorship can be closed.');
      await call(mentor, 'POST', `/api/inbox/threads/${threadId}/accept`);
      const active = (await call(admin, 'GET', '/api/hub/mentorships?status=active')).json();
      expect(active.items.find((m: { threadId: string }) => m.threadId === threadId)).toMatchObject({
        mentee: { fullName: expect.stringContaining('Mia') },
        mentor: { fullName: expect.stringContaining('Leo') },
        mentorshipStatus: 'active',
        autoCloseAt: null,
      });
      expect((await call(admin, 'GET', `/api/inbox/threads/${threadId}/messages`)).statusCode).toBe(404);

      const closed = await call(admin, 'POST', `/api/hub/mentorships/${threadId}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json().mentorship).toMatchObject({
        mentorshipStatus: 'adminClosed',
        closedAt: expect.any(String),
      });
      const seen = (await call(mentee, 'GET', `/api/inbox/threads/${threadId}`)).json().thread;
      expect(seen).toMatchObject({
        mentorshipStatus: 'adminClosed',
        isClosed: true,
        unreadCount: 2,
        can: { reply: false, close: false },
      });
      const history = (await call(mentee, 'GET', `/api/inbox/threads/${threadId}/messages`)).json();
      expect(history.items[0]).toMatchObject({
        isSystemMessage: true,
        type: 'adminClosed',
        body: '<p>An administrator closed the mentorship.</p>',
      });
      const reply = await call(mentor, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: 'hello?' });
      expect(reply.json().error).toMatchObject({
        code: 'thread_closed',
        user_message: 'This conversation is closed and read-only.',
      });
      expect(
        (await call(admin, 'GET', '/api/hub/mentorships?status=closed'))
          .json()
          .items.map((m: { threadId: string }) => m.threadId),
      ).toContain(threadId);
    });

    it('auto-closes active mentorships once mentorshipLength names a length that has passed, and never for the default text', async () => {
      const mentee = await student();
      const mentor = await alumnus();
      const threadId = await start(mentee, mentor, 'longTermMentorship');
      await call(mentor, 'POST', `/api/inbox/threads/${threadId}/accept`);
      expect(await autoCloseMentorships(t.database.db, new Date(nowMs + 400 * 24 * 3600 * 1000))).toBe(0);

      await setMessageTypes({
        longTermMentorship: { mentorshipLength: '6 months, at least 2 hours per month' },
      });
      const admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['programs'] });
      const listed = (await call(admin, 'GET', '/api/hub/mentorships?status=active')).json();
      const item = listed.items.find((m: { threadId: string }) => m.threadId === threadId);
      const expected = new Date(item.acceptedAt);
      expected.setUTCMonth(expected.getUTCMonth() + 6);
      const autoCloseAt: string = item.autoCloseAt;
      expect(autoCloseAt).toBe(expected.toISOString());

      // Earlier tests' mentorships were accepted before this one and may close first.
      await autoCloseMentorships(t.database.db, new Date(Date.parse(autoCloseAt) - 1000));
      expect(
        (await call(mentee, 'GET', `/api/inbox/threads/${threadId}`)).json().thread.mentorshipStatus,
      ).toBe('active');
      expect(await autoCloseMentorships(t.database.db, new Date(Date.parse(autoCloseAt)))).toBe(1);
      const thread = (await call(mentee, 'GET', `/api/inbox/threads/${threadId}`)).json().thread;
      expect(thread).toMatchObject({
        mentorshipStatus: 'autoClosed',
        isClosed: true,
        lastMessage: { preview: 'This mentorship ended automatically after 6 months.' },
      });
      expect(
        (await call(mentee, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: 'more?' })).statusCode,
      ).toBe(403);
      expect(await autoCloseMentorships(t.database.db, new Date(Date.parse(autoCloseAt) + 1000))).toBe(0);
      await setMessageTypes({});
    });

    it('closes open mentorships by the length as it is now: an edited hub length, and the mentee’s user type’s own', async () => {
      const acceptedOf = async (threadId: string) => {
        const [row] = await asCluster((tx) =>
          tx.select({ acceptedAt: threads.acceptedAt }).from(threads).where(eq(threads.id, threadId)),
        );
        return row?.acceptedAt?.getTime() ?? 0;
      };
      const statusOf = async (user: TTestUser, threadId: string) =>
        (await call(user, 'GET', `/api/inbox/threads/${threadId}`)).json().thread.mentorshipStatus;
      const day = 24 * 3600 * 1000;
      // Accepted under '12 months'; the hub then shortens it to '1 month': the open mentorship follows.
      await setMessageTypes({ longTermMentorship: { mentorshipLength: '12 months' } });
      const mentee = await student('Ola');
      const mentor = await alumnus('Pia');
      const threadId = await start(mentee, mentor, 'longTermMentorship');
      await call(mentor, 'POST', `/api/inbox/threads/${threadId}/accept`);
      const accepted = await acceptedOf(threadId);
      await setMessageTypes({ longTermMentorship: { mentorshipLength: '1 month' } });
      await autoCloseMentorships(t.database.db, new Date(accepted + 40 * day));
      expect(await statusOf(mentee, threadId)).toBe('autoClosed');

      // The student type's own length (user types editor) wins over the hub's for mentorships students start.
      await setMessageTypes({ longTermMentorship: { mentorshipLength: '6 months' } });
      await asCluster((tx) =>
        tx
          .update(userTypes)
          .set({ messageTypeSettings: { longTermMentorship: { mentorshipLength: '2 months' } } })
          .where(eq(userTypes.id, hub.userTypeIds.student)),
      );
      const second = await start(await student('Quin'), mentor, 'longTermMentorship');
      await call(mentor, 'POST', `/api/inbox/threads/${second}/accept`);
      const secondAccepted = await acceptedOf(second);
      // The admins' list shows the date the job will use: the mentee's type's 2 months, not the hub's 6.
      const admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['programs'] });
      const listed = (await call(admin, 'GET', '/api/hub/mentorships?status=active')).json();
      const listedSecond = listed.items.find((m: { threadId: string }) => m.threadId === second);
      expect(listedSecond.autoCloseAt).toBe(
        autoCloseAt(new Date(secondAccepted), { amount: 2, unit: 'month' }).toISOString(),
      );
      await autoCloseMentorships(t.database.db, new Date(secondAccepted + 50 * day));
      expect(await statusOf(mentor, second)).toBe('active');
      await autoCloseMentorships(t.database.db, new Date(secondAccepted + 63 * day));
      const closed = (await call(mentor, 'GET', `/api/inbox/threads/${second}`)).json().thread;
      expect(closed).toMatchObject({
        mentorshipStatus: 'autoClosed',
        lastMessage: { preview: 'This mentorship ended automatically after 2 months.' },
      });
      await asCluster((tx) =>
        tx
          .update(userTypes)
          .set({ messageTypeSettings: {} })
          .where(eq(userTypes.id, hub.userTypeIds.student)),
      );
      await setMessageTypes({});
    });
  });

  describe('attachments', () => {
    const upload = async (
      user: TTestUser,
      threadId: string,
      file: { name: string; bytes: Uint8Array; type: string },
    ) => {
      const body = await multipart(file);
      return t.app.inject({
        method: 'POST',
        url: `/api/inbox/threads/${threadId}/attachments`,
        headers: {
          host: cluster.host,
          authorization: `Bearer ${await tokenOf(user)}`,
          'x-hub-id': hub.identifier,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
    };
    const pdf = {
      name: 'resume.pdf',
      bytes: Buffer.from('%PDF-1.4\n% test document\n'),
      type: 'application/pdf',
    };

    it('sends uploaded files with a message, served only to the thread’s participants as downloads', async () => {
      const me = await student();
      const mentor = await alumnus();
      const outsider = await alumnus();
      const threadId = await start(me, mentor, 'message');
      const uploaded = await upload(me, threadId, pdf);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { attachment } = uploaded.json();
      expect(attachment).toMatchObject({
        name: 'resume.pdf',
        mimeType: 'application/pdf',
        sizeBytes: pdf.bytes.length,
        url: `/api/inbox/attachments/${attachment.id}`,
      });
      // Not sent yet: only the uploader sees it.
      expect((await call(mentor, 'GET', attachment.url)).statusCode).toBe(404);

      const posted = await call(me, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        attachmentIds: [attachment.id],
      });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(posted.json().message).toMatchObject({
        body: '',
        attachments: [{ id: attachment.id, name: 'resume.pdf' }],
      });
      const list = (await call(mentor, 'GET', '/api/inbox/threads')).json();
      expect(list.items.find((i: { id: string }) => i.id === threadId).lastMessage.preview).toBe(
        'Sent resume.pdf',
      );
      const messages = (await call(mentor, 'GET', `/api/inbox/threads/${threadId}/messages`)).json();
      expect(messages.items[0].attachments).toHaveLength(1);

      const download = await call(mentor, 'GET', attachment.url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf.bytes)).toBe(true);
      expect(download.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="resume.pdf"',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      expect((await call(outsider, 'GET', attachment.url)).statusCode).toBe(404);

      const again = await call(me, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        body: 'again',
        attachmentIds: [attachment.id],
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.user_message).toBe('An attachment was not found. Please upload it again.');
      expect(
        (await call(me, 'POST', `/api/inbox/threads/${threadId}/messages`, { body: ' ' })).statusCode,
      ).toBe(400);
    });

    it('checks the type by the bytes, strips image metadata, and refuses outsiders and read-only threads', async () => {
      const me = await student();
      const mentor = await alumnus();
      const threadId = await start(me, mentor, 'message');
      const fake = await upload(me, threadId, {
        name: 'evil.pdf',
        bytes: Buffer.from('<script>alert(1)</script>'),
        type: 'application/pdf',
      });
      expect(fake.statusCode).toBe(400);
      expect(fake.json().error.user_message).toBe('Attach a PDF, Word (DOCX), JPEG, PNG or WebP file.');

      const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3366' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-location' } })
        .toBuffer();
      const image = await upload(me, threadId, { name: 'photo.png', bytes: jpeg, type: 'image/png' });
      expect(image.json().attachment).toMatchObject({ name: 'photo.jpg', mimeType: 'image/jpeg' });
      await call(me, 'POST', `/api/inbox/threads/${threadId}/messages`, {
        body: 'a photo',
        attachmentIds: [image.json().attachment.id],
      });
      const stored = await call(mentor, 'GET', image.json().attachment.url);
      expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();

      expect((await upload(await student(), threadId, pdf)).statusCode).toBe(404);
      await call(me, 'POST', `/api/inbox/threads/${threadId}/archive`);
      expect((await upload(me, threadId, pdf)).statusCode).toBe(403);
    });

    it('removes the stored bytes of a thread’s attachments when a participant’s account is erased', async () => {
      const me = await student();
      const leaving = await alumnus();
      const threadId = await start(me, leaving, 'message');
      const sent = (await upload(me, threadId, pdf)).json().attachment;
      await call(me, 'POST', `/api/inbox/threads/${threadId}/messages`, { attachmentIds: [sent.id] });
      const [row] = await asCluster((tx) =>
        tx.select().from(messageAttachments).where(eq(messageAttachments.id, sent.id)),
      );
      if (!row) throw new Error('attachment row missing');
      expect(await t.app.deps.storage.get('us', row.storageKey)).not.toBeNull();
      await setUser(leaving, { deleteRequestedAt: new Date('2020-01-01T00:00:00Z') });
      expect(await eraseDeletedAccounts(t.database.db, new Date(nowMs), t.app.deps.storage)).toBe(1);
      expect(await t.app.deps.storage.get('us', row.storageKey)).toBeNull();
      expect((await call(me, 'GET', sent.url)).statusCode).toBe(404);
    });

    it('removes an unsent upload on request, and the job removes those left unsent for a day', async () => {
      const me = await student();
      const threadId = await start(me, await alumnus(), 'message');
      const first = (await upload(me, threadId, pdf)).json().attachment;
      const second = (await upload(me, threadId, pdf)).json().attachment;
      expect((await call(await student(), 'DELETE', first.url)).statusCode).toBe(404);
      expect((await call(me, 'DELETE', first.url)).json()).toEqual({ ok: true });
      expect((await call(me, 'GET', first.url)).statusCode).toBe(404);

      expect(await removeUnsentAttachments(t.database.db, t.app.deps.storage, new Date(nowMs + 60_000))).toBe(
        0,
      );
      expect(
        await removeUnsentAttachments(t.database.db, t.app.deps.storage, new Date(nowMs + 25 * 3600 * 1000)),
      ).toBeGreaterThanOrEqual(1);
      const left = await asCluster((tx) =>
        tx.select().from(messageAttachments).where(eq(messageAttachments.id, second.id)),
      );
      expect(left).toEqual([]);
    });
  });
});
