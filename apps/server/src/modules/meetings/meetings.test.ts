import type { TMeeting } from '@commons/contract';
import { NO_AVAILABLE_DATES_MESSAGE } from '@commons/domain';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import {
  hubSettings,
  mailOutbox,
  messages,
  realtimeEvents,
  threads,
  users,
  userTypes,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema/index.js';
import type { TTx } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';

const START = Date.parse('2026-06-01T12:00:00Z'); // a Monday
/** The day of June 2026 the current test proposes on: every new thread moves to a fresh day, so tests never share busy times. */
let currentDay = 2;
/** hh:mm on a day of June 2026 (default the current test's) in Los Angeles (UTC-7 in summer), as ISO in UTC. */
const la = (hh: number, mm = 0, day = currentDay) =>
  new Date(Date.UTC(2026, 5, day, hh + 7, mm)).toISOString();
/** Calendar date and weekday (0 Sunday) of a day of June 2026. */
const ymd = (day: number) => new Date(Date.UTC(2026, 5, day)).toISOString().slice(0, 10);
const weekday = (day: number) => new Date(Date.UTC(2026, 5, day)).getUTCDay();

/** Parses an iCalendar text with ical.js: method, and per event UID, SEQUENCE, times, status, attendees. */
function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      status: String(vevent.getFirstPropertyValue('status')),
      attendees: vevent
        .getAllProperties('attendee')
        .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, '')),
      organizer: String(vevent.getFirstPropertyValue('organizer')),
    };
  });
  return { method: calendar.getFirstPropertyValue('method'), events };
}

describeDb('meetings', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let student: TTestUser;
  let alumnus: TTestUser;
  let outsider: TTestUser;
  const tokens = new Map<string, string>();
  let nowMs = START;

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 1)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Alumna',
    });
    outsider = await createUser(t.database.db, cluster, { hub, firstName: 'Olive', lastName: 'Outsider' });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: {
            ...row.settings,
            moduleSettings: { messageTypes: { requestResume: { enabled: true } } },
          },
        })
        .where(eq(hubSettings.hubId, hub.id));
    });
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        'x-hub-id': hub.identifier,
        ...(user ? { authorization: `Bearer ${await tokenOf(user)}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const startThread = async (from: TTestUser, to: TTestUser, messageType = 'flashMentorship') => {
    currentDay += 1;
    const response = await call(from, 'POST', '/api/inbox/threads', {
      recipientId: to.id,
      messageType,
      body: '<p>Could we meet?</p>',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ thread: { id: string } }>().thread.id;
  };
  const request = async (from: TTestUser, threadId: string, body: Record<string, unknown> = {}) => {
    const payload = {
      medium: 'video',
      durationMinutes: 30,
      proposedTimes: [la(10), la(9)],
      timezone: 'America/Los_Angeles',
      ...body,
    };
    return call(from, 'POST', `/api/inbox/threads/${threadId}/meetings`, payload);
  };
  const requestOk = async (from: TTestUser, threadId: string, body: Record<string, unknown> = {}) => {
    const response = await request(from, threadId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ meeting: TMeeting }>().meeting;
  };
  const act = async (user: TTestUser, meetingId: string, action: string, payload: object = {}) =>
    call(user, 'POST', `/api/meetings/${meetingId}/${action}`, payload);
  const actOk = async (user: TTestUser, meetingId: string, action: string, payload: object = {}) => {
    const response = await act(user, meetingId, action, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ meeting: TMeeting }>().meeting;
  };
  const view = async (user: TTestUser, meetingId: string) =>
    (await call(user, 'GET', `/api/meetings/${meetingId}`)).json<{ meeting: TMeeting }>().meeting;
  const invitesTo = (user: TTestUser) =>
    asCluster((tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, user.email), isNotNull(mailOutbox.icalEvent)))
        .orderBy(desc(mailOutbox.createdAt)),
    );
  const setAvailability = (user: TTestUser, body: object) =>
    call(user, 'PUT', '/api/me/availability', {
      timezone: 'America/Los_Angeles',
      lastAvailabilityDate: null,
      weeklyHours: [],
      slotMinutes: 30,
      ...body,
    });

  describe('requesting', () => {
    it('requests a meeting that shows as a thread message and as pending, with the sender label for the requester', async () => {
      const threadId = await startThread(student, alumnus);
      const meeting = await requestOk(student, threadId, { note: 'About product roles' });
      expect(meeting).toMatchObject({
        threadId,
        type: 'flashMentorship',
        status: 'pending',
        statusLabel: 'Your request has been sent to Alex',
        medium: 'video',
        mediumLabel: 'Video call',
        durationMinutes: 30,
        durationText: '30 minutes',
        timezone: 'America/Los_Angeles',
        proposedTimes: [la(9), la(10)],
        fromUserProposedTimes: [la(9), la(10)],
        proposedByUserId: student.id,
        scheduledTime: null,
        isSynced: false,
        isRequester: true,
        note: 'About product roles',
        can: {
          accept: false,
          propose: true,
          reject: false,
          cancel: true,
          complete: false,
          noShow: false,
          downloadInvite: false,
        },
      });
      expect(meeting.meetingToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(meeting.participants.map((p) => [p.firstName, p.timezone])).toEqual([
        ['Sam', 'America/Los_Angeles'],
        ['Alex', 'America/Los_Angeles'],
      ]);

      const seen = await view(alumnus, meeting.id);
      expect(seen).toMatchObject({
        status: 'pending',
        statusLabel: 'Request Pending',
        isRequester: false,
        can: { accept: true, propose: true, reject: true, cancel: false },
      });

      const list = (await call(alumnus, 'GET', `/api/inbox/threads/${threadId}/messages`)).json<{
        items: Array<{ id: string; type: string; body: string }>;
      }>();
      const message = list.items.find((m) => m.id === meeting.messageId);
      expect(message).toMatchObject({
        type: 'meeting',
        body: '<p>Sam requested a video call of 30 minutes and proposed 2 times.</p>',
      });
      const thread = (await call(alumnus, 'GET', `/api/inbox/threads/${threadId}`)).json();
      expect(thread.thread.lastMessage.preview).toBe(
        'Sam requested a video call of 30 minutes and proposed 2 times.',
      );
      const listed = (await call(alumnus, 'GET', `/api/inbox/threads/${threadId}/meetings`)).json<{
        items: TMeeting[];
      }>();
      expect(listed.items.map((m) => m.id)).toEqual([meeting.id]);
      // Both participants' open pages hear of it (inbox.meeting refetches their meetings).
      const meetingEvents = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        (tx) =>
          tx
            .select({ userId: realtimeEvents.userId, payload: realtimeEvents.payload })
            .from(realtimeEvents)
            .where(eq(realtimeEvents.type, 'inbox.meeting')),
      );
      expect(
        meetingEvents
          .filter((e) => (e.payload as { meetingId?: string }).meetingId === meeting.id)
          .map((e) => e.userId)
          .sort(),
      ).toEqual([student.id, alumnus.id].sort());
    });

    it('accepts times on the 30-minute grid only, and 15-minute steps when the other participant chose them (spec 5 Meeting slots)', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const offGrid = await request(student, threadId, { proposedTimes: [la(9, 15)] });
      expect(offGrid.statusCode).toBe(400);
      expect(offGrid.json().error).toMatchObject({
        user_message: 'Times must start on the 30-minute grid.',
        fields: { 'proposedTimes.0': 'Times must start on the 30-minute grid.' },
      });
      expect(
        (
          await request(student, threadId, {
            proposedTimes: [new Date(Date.parse(la(9)) + 1000).toISOString()],
          })
        ).statusCode,
      ).toBe(400);

      expect((await setAvailability(alumnus, { slotMinutes: 15 })).statusCode).toBe(200);
      await requestOk(student, threadId, { proposedTimes: [la(9, 15)] });
      const stillOff = await request(student, threadId, { proposedTimes: [la(9, 20)] });
      expect(stillOff.json().error.user_message).toBe('Times must start on the 15-minute grid.');
      await setAvailability(alumnus, { slotMinutes: 30 });
    });

    it('checks the grid in the picker’s time zone (a half-hour zone differs from a whole-hour one)', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 5, currentDay, hh, mm)).toISOString();
      // 09:00 in Kolkata (UTC+5:30) is 03:30 UTC: on the 30-minute grid there, and also in Los Angeles.
      await requestOk(student, threadId, { proposedTimes: [at(3, 30)], timezone: 'Asia/Kolkata' });
      // 09:00 in Kathmandu (UTC+5:45) is 03:15 UTC: on the grid in Kathmandu only.
      await requestOk(student, threadId, { proposedTimes: [at(3, 15)], timezone: 'Asia/Kathmandu' });
      expect(
        (await request(student, threadId, { proposedTimes: [at(3, 15)], timezone: 'America/Los_Angeles' }))
          .statusCode,
      ).toBe(400);
      expect((await request(student, threadId, { timezone: 'Mars/Olympus' })).json().error.fields).toEqual({
        timezone: 'Choose a time zone from the list.',
      });
    });

    it('refuses past, duplicate and missing times, and checks each medium’s details', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const past = await request(student, threadId, { proposedTimes: ['2026-06-01T11:00:00.000Z'] });
      expect(past.json().error.user_message).toBe('Proposed times must be in the future.');
      expect(
        (await request(student, threadId, { proposedTimes: [la(9), la(9)] })).json().error.user_message,
      ).toBe('Each proposed time can be given once.');
      expect((await request(student, threadId, { proposedTimes: [] })).json().error.user_message).toBe(
        'Propose at least one time.',
      );
      expect(
        (await request(student, threadId, { proposedTimes: [la(9), la(10), la(11), la(12), la(13), la(14)] }))
          .statusCode,
      ).toBe(400);
      expect((await request(student, threadId, { durationMinutes: 50 })).statusCode).toBe(400);

      expect((await request(student, threadId, { medium: 'phone' })).json().error.fields).toEqual({
        phone: 'Enter the phone number to call.',
      });
      expect((await request(student, threadId, { medium: 'in-person' })).json().error.fields).toEqual({
        location: 'Enter where you will meet.',
      });
      const badLink = await request(student, threadId, {
        medium: 'external-meeting',
        location: 'http://192.168.0.4/room',
      });
      expect(badLink.json().error.fields).toEqual({
        location: 'Enter the meeting link (http:// or https://).',
      });
      expect((await request(student, threadId, { medium: 'email' })).json().error.fields).toEqual({
        proposedTimes: 'Email meetings have no meeting time.',
      });

      const phone = await requestOk(student, threadId, {
        medium: 'phone',
        phone: '+1 (415) 555-0100',
        durationMinutes: 90,
      });
      expect(phone).toMatchObject({
        medium: 'phone',
        mediumLabel: 'Phone call',
        phone: '+1 (415) 555-0100',
        durationText: '1 hour 30 minutes',
        videoCallUrl: null,
      });
      const inPerson = await requestOk(student, threadId, { medium: 'in-person', location: 'Library café' });
      expect(inPerson).toMatchObject({ mediumLabel: 'In-person meeting', location: 'Library café' });
      const external = await requestOk(student, threadId, {
        medium: 'external-meeting',
        location: 'https://meet.example.org/abc',
      });
      expect(external.location).toBe('https://meet.example.org/abc');
    });

    it('keeps proposals inside the other participant’s weekly hours and before their last availability date (spec 5 Availability)', async () => {
      const threadId = await startThread(student, alumnus);
      // Alex: this weekday 09:00-12:00 Los Angeles time, available for one more week.
      const hours = [{ day: weekday(currentDay), start: '09:00', end: '12:00' }];
      expect(
        (await setAvailability(alumnus, { weeklyHours: hours, lastAvailabilityDate: ymd(currentDay + 7) }))
          .statusCode,
      ).toBe(200);
      await requestOk(student, threadId, { proposedTimes: [la(9), la(11, 30)] });
      const late = await request(student, threadId, { proposedTimes: [la(11, 30)], durationMinutes: 60 });
      expect(late.json().error.user_message).toBe("This time is outside Alex's weekly hours.");
      expect(
        (await request(student, threadId, { proposedTimes: [la(9, 0, currentDay + 1)] })).json().error
          .user_message,
      ).toBe("This time is outside Alex's weekly hours.");
      const afterLast = await request(student, threadId, { proposedTimes: [la(9, 0, currentDay + 14)] });
      expect(afterLast.json().error.user_message).toBe(
        'Alex is not available after their last availability date.',
      );

      // A last availability date that has passed blocks flash, explore and adviser meetings altogether.
      await setAvailability(alumnus, { lastAvailabilityDate: '2026-05-31' });
      const blocked = await request(student, threadId);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error).toMatchObject({
        code: 'recipient_unavailable',
        user_message: NO_AVAILABLE_DATES_MESSAGE,
      });
      await setAvailability(alumnus, {});
    });

    it('offers the other participant’s free slots of a day on their grid', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      await setAvailability(alumnus, {
        weeklyHours: [{ day: weekday(currentDay), start: '09:00', end: '11:00' }],
      });
      const response = await call(
        student,
        'GET',
        `/api/inbox/threads/${threadId}/meeting-slots?date=${ymd(currentDay)}&durationMinutes=60&timezone=America/Los_Angeles`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        stepMinutes: number;
        slots: Array<{ start: string; isDisabled: boolean }>;
        hasWeeklyHours: boolean;
      }>();
      expect(body).toMatchObject({ stepMinutes: 30, hasWeeklyHours: true, other: { firstName: 'Alex' } });
      expect(body.slots).toHaveLength(48);
      expect(body.slots[0]?.start).toBe(la(0));
      expect(body.slots.filter((s) => !s.isDisabled).map((s) => s.start)).toEqual([la(9), la(9, 30), la(10)]);
      await setAvailability(alumnus, {});
    });

    it('refuses meetings when a user type has meetings disabled, in closed threads, and to anyone outside the thread', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      await asCluster((tx) =>
        tx.update(userTypes).set({ meetingsDisabled: true }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
      );
      const disabled = await request(student, threadId);
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().error.user_message).toBe('Meetings with Alex are not available.');
      await asCluster((tx) =>
        tx.update(userTypes).set({ meetingsDisabled: false }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
      );

      expect((await request(outsider, threadId)).statusCode).toBe(404);
      await call(student, 'POST', `/api/inbox/threads/${threadId}/archive`);
      const closed = await request(student, threadId);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error).toMatchObject({
        code: 'thread_closed',
        user_message: 'This conversation is closed and read-only.',
      });
      await call(student, 'POST', `/api/inbox/threads/${threadId}/unarchive`);

      const resumeThread = await startThread(student, alumnus, 'requestResume');
      expect((await request(student, resumeThread)).json().error.code).toBe('meeting_not_allowed');
    });

    it('lets the two sides of a long-term mentorship meet once the mentor accepts, and says why before (issue #16 item 3)', async () => {
      const threadId = await startThread(student, alumnus, 'longTermMentorship');
      const before = await request(student, threadId);
      expect(before.statusCode).toBe(403);
      expect(before.json().error).toMatchObject({
        code: 'meeting_not_allowed',
        user_message: 'Meetings can be requested once the mentorship is accepted.',
      });
      const thread = async () =>
        (await call(student, 'GET', `/api/inbox/threads/${threadId}`)).json<{
          thread: { meetingUnavailableReason: string | null };
        }>().thread;
      expect((await thread()).meetingUnavailableReason).toBe(
        'Meetings can be requested once the mentorship is accepted.',
      );

      const accepted = await call(alumnus, 'POST', `/api/inbox/threads/${threadId}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await thread()).meetingUnavailableReason).toBeNull();
      await requestOk(student, threadId);
    });
  });

  describe('answering', () => {
    it("queues meeting.scheduled for the cluster's webhooks when a time is accepted, with the thread's hub (issue #23 item 3)", async () => {
      // Webhooks are cluster-wide rows (RLS: the cluster scope only).
      const inCluster = <T>(work: (tx: TTx) => Promise<T>) =>
        withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
      const [subscription] = await inCluster((tx) =>
        tx
          .insert(webhookSubscriptions)
          .values({
            clusterId: cluster.clusterId,
            url: 'https://hooks.example.test/commons',
            events: ['meeting.scheduled'],
            secret: `whsec_${'a'.repeat(43)}=`,
          })
          .returning(),
      );
      if (!subscription) throw new Error('no subscription');
      try {
        const threadId = await startThread(student, alumnus);
        const meeting = await requestOk(student, threadId);
        const queuedFor = () =>
          inCluster((tx) =>
            tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscription.id)),
          );
        expect(await queuedFor()).toHaveLength(0);
        await actOk(alumnus, meeting.id, 'accept', { time: la(10) });
        const queued = await queuedFor();
        expect(queued.map((d) => d.eventType)).toEqual(['meeting.scheduled']);
        expect(queued[0]?.payload).toMatchObject({
          type: 'meeting.scheduled',
          data: {
            meetingId: meeting.id,
            threadId,
            fromUserId: student.id,
            toUserId: alumnus.id,
            scheduledTime: la(10),
            durationMinutes: 30,
            hub: hub.identifier,
          },
        });
      } finally {
        await inCluster((tx) =>
          tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscription.id)),
        );
      }
    });

    it('accepts a proposed time: Meeting Upcoming for both, the request thread accepted, and a REQUEST invite to both', async () => {
      const threadId = await startThread(student, alumnus);
      const meeting = await requestOk(student, threadId);
      const own = await act(student, meeting.id, 'accept', { time: la(9) });
      expect(own.statusCode).toBe(403);
      expect(own.json().error.code).toBe('meeting_action_not_allowed');
      expect((await act(alumnus, meeting.id, 'accept', { time: la(11) })).json().error.fields).toEqual({
        time: 'Choose one of the proposed times.',
      });
      expect((await act(alumnus, meeting.id, 'accept', {})).statusCode).toBe(400);

      const accepted = await actOk(alumnus, meeting.id, 'accept', { time: la(10) });
      expect(accepted).toMatchObject({
        status: 'upcoming',
        statusLabel: 'Meeting Upcoming',
        scheduledTime: la(10),
        scheduledEndTime: la(10, 30),
        proposedTimes: [],
        isSynced: true,
        can: {
          accept: false,
          propose: true,
          cancel: true,
          complete: false,
          noShow: false,
          downloadInvite: true,
          joinVideo: true,
        },
      });
      expect(accepted.videoCallUrl).toBe(`/inbox/${alumnus.identifier}/thread/${threadId}`);
      expect(await view(student, meeting.id)).toMatchObject({
        status: 'upcoming',
        statusLabel: 'Meeting Upcoming',
      });
      const thread = (await call(student, 'GET', `/api/inbox/threads/${threadId}`)).json();
      expect(thread.thread.status).toBe('accepted');

      const systemMessages = await asCluster((tx) =>
        tx
          .select()
          .from(messages)
          .where(and(eq(messages.threadId, threadId), eq(messages.isSystemMessage, true))),
      );
      expect(systemMessages.map((m) => [m.type, m.bodyText])).toContainEqual([
        'meetingAccepted',
        'Alex accepted the meeting.',
      ]);

      const [toStudent] = await invitesTo(student);
      const [toAlumnus] = await invitesTo(alumnus);
      for (const mail of [toStudent, toAlumnus]) {
        expect(mail?.icalEvent?.method).toBe('REQUEST');
        const ics = parseIcs(mail?.icalEvent?.content ?? '');
        expect(ics.method).toBe('REQUEST');
        expect(ics.events).toHaveLength(1);
        expect(ics.events[0]).toMatchObject({
          uid: accepted.calendarEventId,
          sequence: 0,
          start: la(10),
          end: la(10, 30),
          status: 'CONFIRMED',
          summary: 'Meeting: Sam Student and Alex Alumna',
        });
        expect(ics.events[0]?.attendees.sort()).toEqual([student.email, alumnus.email].sort());
        expect(ics.events[0]?.organizer).toMatch(/^mailto:/i);
      }
      expect(toStudent?.subject).toBe('Meeting confirmed: Video call with Alex Alumna, 30 minutes');
      const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2026, 5, currentDay)),
      );
      expect(toStudent?.textBody).toContain(
        `When: ${dayName}, June ${currentDay}, 2026 at 10:00 am (America/Los_Angeles)`,
      );
      expect(toStudent?.textBody).toContain(`/inbox/${student.identifier}/meeting/${accepted.meetingToken}`);
      expect(parseIcs(toAlumnus?.icalEvent?.content ?? '').events[0]?.location).toBe(
        `http://localhost:3000/inbox/${alumnus.identifier}/thread/${threadId}`,
      );

      const download = await call(student, 'GET', `/api/meetings/${meeting.id}/invite.ics`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(parseIcs(download.body)).toMatchObject({
        method: 'REQUEST',
        events: [{ uid: accepted.calendarEventId, sequence: 0, start: la(10) }],
      });
    });

    it('lets the other participant counter-propose; the requester then answers, and a declined request reads Request Rejected', async () => {
      const threadId = await startThread(student, alumnus);
      const meeting = await requestOk(student, threadId);
      const countered = await actOk(alumnus, meeting.id, 'propose', {
        proposedTimes: [la(15)],
        timezone: 'America/Los_Angeles',
      });
      expect(countered).toMatchObject({
        status: 'pending',
        statusLabel: 'Your request has been sent to Sam',
        proposedTimes: [la(15)],
        toUserProposedTimes: [la(15)],
        proposedByUserId: alumnus.id,
      });
      expect(await view(student, meeting.id)).toMatchObject({
        statusLabel: 'Request Pending',
        can: { accept: true, reject: true, cancel: false },
      });
      expect((await act(alumnus, meeting.id, 'reject')).statusCode).toBe(403);

      const rejected = await actOk(student, meeting.id, 'reject', { note: 'That week is full.' });
      expect(rejected).toMatchObject({
        status: 'rejected',
        statusLabel: 'Request Rejected',
        proposedTimes: [],
        can: { accept: false, propose: false, cancel: false },
      });
      expect(await view(alumnus, meeting.id)).toMatchObject({ statusLabel: 'Request Rejected' });
      expect((await act(alumnus, meeting.id, 'accept', { time: la(15) })).statusCode).toBe(403);
      const texts = await asCluster((tx) =>
        tx.select({ text: messages.bodyText }).from(messages).where(eq(messages.threadId, threadId)),
      );
      expect(texts.map((m) => m.text)).toEqual(
        expect.arrayContaining([
          'Alex proposed new times.',
          'Sam declined the meeting request. That week is full.',
        ]),
      );
    });

    it('lets the requester withdraw a pending request (Meeting Canceled) without any invite', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const before = (await invitesTo(student)).length;
      const meeting = await requestOk(student, threadId);
      expect((await act(alumnus, meeting.id, 'cancel')).statusCode).toBe(403);
      const cancelled = await actOk(student, meeting.id, 'cancel');
      expect(cancelled).toMatchObject({ status: 'cancelled', statusLabel: 'Meeting Canceled' });
      expect((await invitesTo(student)).length).toBe(before);
      expect((await call(student, 'GET', `/api/meetings/${meeting.id}/invite.ics`)).statusCode).toBe(409);
    });

    it('reschedules an upcoming meeting: the old one reads Request Rejected, calendars get CANCEL, the new time REQUEST with the same UID and a higher SEQUENCE', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const meeting = await requestOk(student, threadId);
      const accepted = await actOk(alumnus, meeting.id, 'accept', { time: la(9) });
      const next = (await actOk(student, meeting.id, 'propose', {
        proposedTimes: [la(13), la(14)],
      })) satisfies TMeeting;
      expect(next.id).not.toBe(meeting.id);
      expect(next).toMatchObject({
        status: 'pending',
        previousMeetingId: meeting.id,
        calendarEventId: accepted.calendarEventId,
        proposedTimes: [la(13), la(14)],
        statusLabel: 'Your request has been sent to Alex',
      });
      expect(next.meetingToken).not.toBe(accepted.meetingToken);
      expect(await view(alumnus, meeting.id)).toMatchObject({
        status: 'rejected',
        statusLabel: 'Request Rejected',
        can: { propose: false, cancel: false },
      });

      const [cancelMail] = await invitesTo(alumnus);
      expect(cancelMail?.subject).toBe('Meeting canceled: Video call with Sam Student, 30 minutes');
      expect(parseIcs(cancelMail?.icalEvent?.content ?? '')).toMatchObject({
        method: 'CANCEL',
        events: [{ uid: accepted.calendarEventId, sequence: 1, start: la(9), status: 'CANCELLED' }],
      });
      const oldInvite = await call(student, 'GET', `/api/meetings/${meeting.id}/invite.ics`);
      expect(parseIcs(oldInvite.body).method).toBe('CANCEL');

      // The thread shows the new request as its own meeting message.
      const listed = (await call(student, 'GET', `/api/inbox/threads/${threadId}/meetings`)).json<{
        items: TMeeting[];
      }>();
      expect(listed.items.map((m) => [m.id, m.status])).toEqual([
        [meeting.id, 'rejected'],
        [next.id, 'pending'],
      ]);

      await actOk(alumnus, next.id, 'accept', { time: la(14) });
      const [requestMail] = await invitesTo(student);
      expect(parseIcs(requestMail?.icalEvent?.content ?? '')).toMatchObject({
        method: 'REQUEST',
        events: [{ uid: accepted.calendarEventId, sequence: 2, start: la(14) }],
      });

      const cancelled = await actOk(alumnus, next.id, 'cancel');
      expect(cancelled).toMatchObject({ status: 'cancelled', statusLabel: 'Meeting Canceled' });
      const [finalMail] = await invitesTo(student);
      expect(parseIcs(finalMail?.icalEvent?.content ?? '')).toMatchObject({
        method: 'CANCEL',
        events: [{ uid: accepted.calendarEventId, sequence: 3, start: la(14), status: 'CANCELLED' }],
      });
    });

    it('refuses a time that another accepted meeting of either participant already holds (409)', async () => {
      const threadA = await startThread(student, alumnus, 'message');
      const day = currentDay;
      const first = await requestOk(student, threadA, { proposedTimes: [la(16)] });
      const second = await requestOk(student, threadA, { proposedTimes: [la(16), la(17)] });
      await actOk(alumnus, first.id, 'accept', { time: la(16) });
      const clash = await act(alumnus, second.id, 'accept', { time: la(16) });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.user_message).toBe(
        'This time overlaps another meeting. Choose another time or propose new ones.',
      );
      // New proposals that overlap the held time are refused as well; a third person is busy-checked without seeing the meeting.
      const threadB = await startThread(outsider, alumnus, 'message');
      expect(
        (await request(outsider, threadB, { proposedTimes: [la(16, 0, day)] })).json().error.user_message,
      ).toBe('This time overlaps another meeting.');
      expect((await call(outsider, 'GET', `/api/meetings/${first.id}`)).statusCode).toBe(404);
    });
  });

  describe('after the time', () => {
    it('marks a started meeting completed or no-show; an accepted meeting that ended reads Request Accepted; expired requests read Request Expired', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const one = await requestOk(student, threadId, { proposedTimes: [la(9)] });
      const two = await requestOk(student, threadId, { proposedTimes: [la(10)] });
      const three = await requestOk(student, threadId, { proposedTimes: [la(11)] });
      const unanswered = await requestOk(student, threadId, { proposedTimes: [la(12)] });
      for (const [m, time] of [
        [one, la(9)],
        [two, la(10)],
        [three, la(11)],
      ] as const) {
        await actOk(alumnus, m.id, 'accept', { time });
      }
      const early = await act(student, one.id, 'complete');
      expect(early.statusCode).toBe(403);
      expect(early.json().error.user_message).toBe(
        'Only a meeting that has started can be marked completed.',
      );

      const saved = nowMs;
      nowMs = Date.parse(la(13));
      tokens.clear(); // access tokens of the earlier clock have expired
      try {
        expect(await actOk(student, one.id, 'complete')).toMatchObject({
          status: 'completed',
          statusLabel: 'Request Completed',
          isActive: false,
          can: { complete: false, noShow: false },
        });
        expect(await actOk(alumnus, two.id, 'no-show')).toMatchObject({
          status: 'noShow',
          statusLabel: 'Meeting marked as no-show',
        });
        expect(await view(student, three.id)).toMatchObject({
          status: 'accepted',
          statusLabel: 'Request Accepted',
          isActive: false,
          can: { propose: false, cancel: false, complete: true },
        });
        expect(await view(student, unanswered.id)).toMatchObject({
          status: 'notAccepted',
          statusLabel: 'Request Expired',
          can: { accept: false },
        });
        expect(await view(alumnus, unanswered.id)).toMatchObject({
          statusLabel: 'Request Expired',
          can: { accept: false, reject: false },
        });
        expect((await act(alumnus, one.id, 'cancel')).statusCode).toBe(403);
      } finally {
        nowMs = saved;
        tokens.clear();
      }
    });

    it('accepts an email meeting without a time; it stays active until completed', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const meeting = await requestOk(student, threadId, { medium: 'email', proposedTimes: [] });
      expect(meeting).toMatchObject({ mediumLabel: 'Email', proposedTimes: [], status: 'pending' });
      const accepted = await actOk(alumnus, meeting.id, 'accept');
      expect(accepted).toMatchObject({
        status: 'upcoming',
        statusLabel: 'Meeting Upcoming',
        scheduledTime: null,
        isActive: true,
        can: { complete: true, downloadInvite: false },
      });
      expect(await actOk(student, meeting.id, 'complete')).toMatchObject({
        status: 'completed',
        isActive: false,
      });
    });
  });

  describe('by token and privacy', () => {
    it('opens my meeting by its token; nobody else can, by token, id, list or action', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const meeting = await requestOk(student, threadId);
      const mine = await call(alumnus, 'GET', `/api/meeting-links/${meeting.meetingToken}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().meeting).toMatchObject({ id: meeting.id, statusLabel: 'Request Pending' });
      for (const [method, url] of [
        ['GET', `/api/meeting-links/${meeting.meetingToken}`],
        ['GET', `/api/meetings/${meeting.id}`],
        ['GET', `/api/meetings/${meeting.id}/invite.ics`],
        ['GET', `/api/inbox/threads/${threadId}/meetings`],
        ['POST', `/api/meetings/${meeting.id}/accept`],
        ['POST', `/api/meetings/${meeting.id}/cancel`],
      ] as const) {
        const response = await call(outsider, method, url, method === 'POST' ? { time: la(9) } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).not.toContain(meeting.meetingToken);
      }
      expect((await call(null, 'GET', `/api/meeting-links/${meeting.meetingToken}`)).statusCode).toBe(401);
      expect((await call(alumnus, 'GET', '/api/meeting-links/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    });
  });

  describe('availability and the ICS feed', () => {
    it('saves weekly hours, time zone, slot step and last availability date', async () => {
      const before = (await call(student, 'GET', '/api/me/availability')).json();
      expect(before.availability).toMatchObject({
        timezone: 'America/Los_Angeles',
        lastAvailabilityDate: null,
        weeklyHours: [],
        slotMinutes: 30,
        feedUrl: null,
      });
      const saved = await call(student, 'PUT', '/api/me/availability', {
        timezone: 'Europe/Berlin',
        lastAvailabilityDate: '2026-12-31',
        weeklyHours: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '13:00', end: '17:30' },
        ],
        slotMinutes: 15,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().availability).toMatchObject({
        timezone: 'Europe/Berlin',
        lastAvailabilityDate: '2026-12-31',
        slotMinutes: 15,
      });
      const [user] = await asCluster((tx) => tx.select().from(users).where(eq(users.id, student.id)));
      expect(user?.timezone).toBe('Europe/Berlin');
      expect(user?.lastAvailabilityDate?.toISOString()).toBe('2026-12-31T12:00:00.000Z');

      const overlap = await setAvailability(student, {
        weeklyHours: [
          { day: 2, start: '09:00', end: '12:00' },
          { day: 2, start: '11:00', end: '13:00' },
        ],
      });
      expect(overlap.json().error.fields).toEqual({ weeklyHours: 'Hours of one day must not overlap.' });
      expect(
        (await setAvailability(student, { weeklyHours: [{ day: 2, start: '12:00', end: '09:00' }] }))
          .statusCode,
      ).toBe(400);
      expect((await setAvailability(student, { timezone: 'Nowhere/Land' })).json().error.fields).toEqual({
        timezone: 'Choose a time zone from the list.',
      });
      await setAvailability(student, {});
    });

    it('serves my scheduled meetings on a private, rotatable feed URL that needs no sign-in', async () => {
      const threadId = await startThread(student, alumnus, 'message');
      const meeting = await requestOk(student, threadId, { proposedTimes: [la(8)] });
      const accepted = await actOk(alumnus, meeting.id, 'accept', { time: la(8) });
      const pending = await requestOk(student, threadId, { proposedTimes: [la(7)] });

      const created = (await call(student, 'POST', '/api/me/availability/feed/rotate')).json();
      const url = new URL(created.availability.feedUrl as string);
      expect(url.pathname).toMatch(/^\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
      const feed = await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: cluster.host } });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const ics = parseIcs(feed.body);
      expect(ics.method).toBeNull();
      const uids = ics.events.map((e) => e.uid);
      expect(uids).toContain(accepted.calendarEventId);
      expect(uids).not.toContain(pending.calendarEventId);
      expect(feed.body).not.toContain(outsider.email);

      // A forged token, another cluster's host and a rotated URL open nothing.
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/calendar/feeds/${'A'.repeat(43)}.ics`,
            headers: { host: cluster.host },
          })
        ).statusCode,
      ).toBe(404);
      const otherCluster = await createCluster(t.database.db);
      expect(
        (await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: otherCluster.host } }))
          .statusCode,
      ).toBe(404);
      const rotated = (await call(student, 'POST', '/api/me/availability/feed/rotate')).json();
      expect(rotated.availability.feedUrl).not.toBe(created.availability.feedUrl);
      expect(
        (await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: cluster.host } }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: new URL(rotated.availability.feedUrl as string).pathname,
            headers: { host: cluster.host },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('ends the meetings feed when its owner deletes the account', async () => {
      const leaver = await createUser(t.database.db, cluster, { hub });
      const created = (await call(leaver, 'POST', '/api/me/availability/feed/rotate')).json();
      const path = new URL(created.availability.feedUrl as string).pathname;
      expect(
        (await t.app.inject({ method: 'GET', url: path, headers: { host: cluster.host } })).statusCode,
      ).toBe(200);
      expect((await call(leaver, 'DELETE', '/api/me', { password: TEST_PASSWORD })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: path, headers: { host: cluster.host } })).statusCode,
      ).toBe(404);
    });
  });

  it('records every meeting change as a thread message and keeps threads moving up the inbox', async () => {
    const threadId = await startThread(student, alumnus, 'message');
    const meeting = await requestOk(student, threadId);
    await actOk(alumnus, meeting.id, 'accept', { time: la(9) });
    const [thread] = await asCluster((tx) => tx.select().from(threads).where(eq(threads.id, threadId)));
    expect(thread?.lastMessagePreview).toBe('Alex accepted the meeting.');
    const unread = (await call(student, 'GET', `/api/inbox/threads/${threadId}`)).json();
    expect(unread.thread.unreadCount).toBeGreaterThanOrEqual(1);
  });
});
