import type {
  TActionItemsResponse,
  TAdminAppointmentType,
  TAdviserCard,
  TAdvisingAppointment,
  TAdvisingSlotsResponse,
} from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
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
  adviserBusyIntervals,
  adviserCalendars,
  advisingAppointments,
  hubSettings,
  mailOutbox,
  meetings,
  messages,
  notifications,
  realtimeEvents,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import type { TTransport } from '../link-previews/guarded-fetch.js';
import { demoCalendarIcs, parseBusyIntervals } from './advising.calendar.js';
import { remindAdvisingAppointments, syncAdviserCalendars } from './advising.jobs.js';

const LA = 'America/Los_Angeles';
/** Monday 2 March 2026, 00:00 in Los Angeles (PST). */
const START = Date.parse('2026-03-02T08:00:00Z');
const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
const PUBLIC_URL = 'http://localhost:3000';

/** Advising (issue #21): admin set-up, hours, free slots, race-free booking, appointment life, calendars, reports. */
describeDb('advising', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let adviserUser: TTestUser;
  let secondAdviserUser: TTestUser;
  let student: TTestUser;
  let student2: TTestUser;
  let alumnus: TTestUser;
  let otherHubAdmin: TTestUser;
  const tokens = new Map<string, string>();
  let nowMs = START;
  const setNow = (iso: string) => {
    nowMs = Date.parse(iso);
    tokens.clear();
  };

  let cvTopic = '';
  let gradTopic = '';
  let cvType: TAdminAppointmentType;
  let studentsOnlyType: TAdminAppointmentType;
  let adviserId = '';
  let secondAdviserId = '';

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    hubIdentifier = hub.identifier,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: cluster.host,
        'x-hub-id': hubIdentifier,
        authorization: `Bearer ${await tokenOf(user)}`,
      },
      ...(payload ? { payload } : {}),
    });
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
  const slots = async (
    user: TTestUser,
    options: { adviser?: string; type?: string; tz?: string; query?: string } = {},
  ) => {
    const response = await call(
      user,
      'GET',
      `/api/advising/advisers/${options.adviser ?? adviserId}/slots?appointmentTypeId=${options.type ?? cvType.id}&tz=${encodeURIComponent(options.tz ?? LA)}${options.query ?? ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TAdvisingSlotsResponse>();
  };
  const starts = (response: TAdvisingSlotsResponse, date: string) =>
    response.days.find((d) => d.date === date)?.slots.map((s) => s.start) ?? [];
  const book = (user: TTestUser, start: string, extra: object = {}) =>
    call(user, 'POST', '/api/advising/appointments', {
      adviserId,
      appointmentTypeId: cvType.id,
      topicId: cvTopic,
      start,
      timezone: LA,
      note: 'I would like feedback on my CV.',
      ...extra,
    });

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 1)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, {
      enabledModules: ['home', 'inbox', 'advisers', 'network'],
    });
    otherHub = await createHub(t.database.db, cluster, { enabledModules: ['home', 'inbox', 'advisers'] });
    admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['manage-advising'] });
    otherHubAdmin = await createUser(t.database.db, cluster, {
      hub: otherHub,
      isHubAdmin: true,
      rights: ['manage-advising'],
    });
    adviserUser = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Fiona',
      lastName: 'Faculty',
    });
    secondAdviserUser = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Gus',
      lastName: 'Guidance',
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    student2 = await createUser(t.database.db, cluster, { hub, firstName: 'Tia', lastName: 'Student' });
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Al' });
    // Adviser meetings are a message type the hub turns on (spec 6 Messaging).
    await asCluster(async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: {
            ...row.settings,
            moduleSettings: { messageTypes: { adviserMeetingV2: { enabled: true } } },
          },
        })
        .where(eq(hubSettings.hubId, hub.id));
    });
  });
  afterAll(async () => t.close());

  describe('advising admin', () => {
    it('lets only advising admins of the hub manage topics, types and advisers', async () => {
      for (const user of [student, adviserUser]) {
        expect((await call(user, 'GET', '/api/advising/admin/topics')).statusCode).toBe(403);
        expect(
          (await call(user, 'POST', '/api/advising/admin/topics', { name: 'CV review' })).statusCode,
        ).toBe(403);
      }
      // An advising admin of another hub has no right here.
      expect((await call(otherHubAdmin, 'GET', '/api/advising/admin/topics')).statusCode).toBe(403);

      const cv = await call(admin, 'POST', '/api/advising/admin/topics', { name: 'CV review' });
      expect(cv.statusCode, cv.body).toBe(201);
      cvTopic = cv.json<{ topic: { id: string } }>().topic.id;
      const grad = await call(admin, 'POST', '/api/advising/admin/topics', {
        name: 'Graduate school',
        description: 'Applications and funding.',
      });
      gradTopic = grad.json<{ topic: { id: string } }>().topic.id;
      const duplicate = await call(admin, 'POST', '/api/advising/admin/topics', { name: 'cv REVIEW' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        error: { fields: { name: 'A topic with this name exists.' } },
      });
    });

    it('checks appointment type settings: a place for in-person, hub references, limits', async () => {
      const noPlace = await call(admin, 'POST', '/api/advising/admin/appointment-types', {
        name: 'Walk-in',
        durationMinutes: 30,
        medium: 'in-person',
      });
      expect(noPlace.statusCode).toBe(400);
      expect(noPlace.json()).toMatchObject({
        error: { fields: { location: 'Say where the appointment takes place.' } },
      });
      const foreignTopic = await call(admin, 'POST', '/api/advising/admin/appointment-types', {
        name: 'Odd',
        durationMinutes: 30,
        medium: 'video',
        topicIds: ['00000000-0000-4000-8000-000000000000'],
      });
      expect(foreignTopic.statusCode).toBe(400);
      const offGrid = await call(admin, 'POST', '/api/advising/admin/appointment-types', {
        name: 'Odd',
        durationMinutes: 17,
        medium: 'video',
      });
      expect(offGrid.statusCode).toBe(400);

      const created = await call(admin, 'POST', '/api/advising/admin/appointment-types', {
        name: 'CV review',
        durationMinutes: 30,
        medium: 'video',
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 15,
        minimumNoticeMinutes: 120,
        maxDaysAhead: 14,
        maxPerDay: 6,
        topicIds: [cvTopic],
      });
      expect(created.statusCode, created.body).toBe(201);
      cvType = created.json<{ appointmentType: TAdminAppointmentType }>().appointmentType;
      expect(cvType).toMatchObject({ durationText: '30 minutes', mediumLabel: 'Video call', maxPerDay: 6 });
      const studentsOnly = await call(admin, 'POST', '/api/advising/admin/appointment-types', {
        name: 'Graduate school planning',
        durationMinutes: 60,
        medium: 'in-person',
        location: 'Careers office, room 2',
        whoMayBook: { userTypeIds: [hub.userTypeIds.student] },
        topicIds: [gradTopic],
      });
      expect(studentsOnly.statusCode, studentsOnly.body).toBe(201);
      studentsOnlyType = studentsOnly.json<{ appointmentType: TAdminAppointmentType }>().appointmentType;
      const edited = await call(admin, 'PATCH', `/api/advising/admin/appointment-types/${cvType.id}`, {
        description: 'Bring your CV.',
      });
      expect(edited.json()).toMatchObject({
        appointmentType: { description: 'Bring your CV.', bufferAfterMinutes: 15 },
      });
    });

    it('makes hub members advisers with topics and types, once each', async () => {
      const candidates = await call(admin, 'GET', '/api/advising/admin/candidates?q=fiona');
      expect(candidates.json<{ items: Array<{ userId: string }> }>().items.map((c) => c.userId)).toEqual([
        adviserUser.id,
      ]);
      const created = await call(admin, 'POST', '/api/advising/admin/advisers', {
        userId: adviserUser.id,
        title: 'Career adviser',
        timezone: LA,
        topicIds: [cvTopic, gradTopic],
        appointmentTypeIds: [cvType.id, studentsOnlyType.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      adviserId = created.json<{ adviser: { id: string } }>().adviser.id;
      const again = await call(admin, 'POST', '/api/advising/admin/advisers', { userId: adviserUser.id });
      expect(again.statusCode).toBe(409);
      const second = await call(admin, 'POST', '/api/advising/admin/advisers', {
        userId: secondAdviserUser.id,
        timezone: 'America/New_York',
        topicIds: [cvTopic],
        appointmentTypeIds: [cvType.id],
      });
      secondAdviserId = second.json<{ adviser: { id: string } }>().adviser.id;
      // A member of another hub is no candidate.
      const outsider = await call(admin, 'POST', '/api/advising/admin/advisers', {
        userId: otherHubAdmin.id,
      });
      expect(outsider.statusCode).toBe(400);
    });
  });

  describe('hours', () => {
    it('lets the adviser set their own weekly hours and exceptions, not other members', async () => {
      const body = { timezone: LA, weeklyHours: WEEKDAYS_9_TO_5, exceptions: [] };
      expect(
        (await call(student, 'PUT', `/api/advising/advisers/${adviserId}/availability`, body)).statusCode,
      ).toBe(403);
      expect(
        (await call(student, 'GET', `/api/advising/advisers/${adviserId}/availability`)).statusCode,
      ).toBe(403);
      const bad = await call(adviserUser, 'PUT', `/api/advising/advisers/${adviserId}/availability`, {
        ...body,
        weeklyHours: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '11:00', end: '13:00' },
        ],
      });
      expect(bad.statusCode).toBe(400);
      const saved = await call(adviserUser, 'PUT', `/api/advising/advisers/${adviserId}/availability`, {
        ...body,
        exceptions: [{ date: '2026-03-05', intervals: [], label: 'Conference' }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        availability: {
          timezone: LA,
          slotMinutes: 30,
          exceptions: [{ date: '2026-03-05', label: 'Conference' }],
        },
      });
      // Advising admins keep the others' hours.
      const byAdmin = await call(admin, 'PUT', `/api/advising/advisers/${secondAdviserId}/availability`, {
        timezone: 'America/New_York',
        weeklyHours: WEEKDAYS_9_TO_5,
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    });
  });

  describe('quick booking', () => {
    it('lists the topics with advisers and the advisers of a topic, with what the viewer may book', async () => {
      const topics = await call(student, 'GET', '/api/advising/topics');
      expect(topics.json<{ items: Array<{ name: string; adviserCount: number }> }>().items).toEqual([
        expect.objectContaining({ name: 'CV review', adviserCount: 2 }),
        expect.objectContaining({ name: 'Graduate school', adviserCount: 1 }),
      ]);
      const ofGrad = await call(student, 'GET', `/api/advising/advisers?topicId=${gradTopic}`);
      const cards = ofGrad.json<{ items: TAdviserCard[] }>().items;
      expect(cards.map((c) => c.fullName)).toEqual(['Fiona Faculty']);
      expect(cards[0]?.appointmentTypes.map((a) => a.name)).toEqual(['Graduate school planning']);
      // The students-only type is not offered to an alumnus; booking it is refused.
      const forAlumnus = await call(alumnus, 'GET', `/api/advising/advisers?topicId=${gradTopic}`);
      expect(forAlumnus.json<{ items: TAdviserCard[] }>().items[0]?.appointmentTypes).toEqual([]);
      const refused = await call(
        alumnus,
        'GET',
        `/api/advising/advisers/${adviserId}/slots?appointmentTypeId=${studentsOnlyType.id}&tz=${LA}`,
      );
      expect(refused.statusCode).toBe(403);
    });

    it('offers the 30-minute grid in the viewer’s zone after the notice, without exception days', async () => {
      setNow('2026-03-02T17:10:00Z'); // Monday 09:10 in Los Angeles
      const inLa = await slots(student);
      expect(inLa.days).toHaveLength(14);
      expect(inLa.stepMinutes).toBe(30);
      // Two hours of notice: 11:30 is the first; 16:30 the last of the day.
      expect(starts(inLa, '2026-03-02')[0]).toBe('2026-03-02T19:30:00.000Z');
      expect(starts(inLa, '2026-03-02').at(-1)).toBe('2026-03-03T00:30:00.000Z');
      expect(starts(inLa, '2026-03-05')).toEqual([]); // the conference
      expect(starts(inLa, '2026-03-07')).toEqual([]); // Saturday
      // After the change to daylight time the adviser still starts at 09:00 their time.
      expect(starts(inLa, '2026-03-09')[0]).toBe('2026-03-09T16:00:00.000Z');
      const inNewYork = await slots(student, { tz: 'America/New_York' });
      expect(starts(inNewYork, '2026-03-09')[0]).toBe('2026-03-09T16:00:00.000Z');
      expect(inNewYork.timezone).toBe('America/New_York');
    });

    it('books a free slot as an adviser meeting in the inbox, with invites and a notice', async () => {
      const start = '2026-03-03T17:00:00.000Z'; // Tuesday 09:00 PST
      const booked = await book(student, start);
      expect(booked.statusCode, booked.body).toBe(201);
      const appointment = booked.json<{ appointment: TAdvisingAppointment }>().appointment;
      expect(appointment).toMatchObject({
        advisingStatus: 'scheduled',
        advisingStatusLabel: 'Scheduled',
        start,
        end: '2026-03-03T17:30:00.000Z',
        topic: { name: 'CV review' },
        appointmentType: { name: 'CV review', durationMinutes: 30 },
        viewerRole: 'student',
        staffNotes: null,
        can: { cancel: true, reschedule: true, checkIn: false, editNotes: false },
      });
      const [meeting] = await asCluster((tx) =>
        tx.select().from(meetings).where(eq(meetings.id, appointment.meetingId)),
      );
      expect(meeting).toMatchObject({ status: 'accepted', fromUserId: student.id, toUserId: adviserUser.id });
      const [message] = await asCluster((tx) =>
        tx.select().from(messages).where(eq(messages.threadId, appointment.threadId)),
      );
      expect(message?.bodyText).toContain('Sam booked CV review');
      const invites = await asCluster((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, adviserUser.email)),
      );
      expect(invites.some((m) => m.icalEvent !== null && m.subject.startsWith('Meeting confirmed'))).toBe(
        true,
      );
      const notices = await asCluster((tx) =>
        tx
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, adviserUser.id), eq(notifications.type, 'meeting.booked'))),
      );
      expect(notices).toHaveLength(1);
      // The adviser sees it among their appointments, and the student's advising step is done.
      const mine = await call(adviserUser, 'GET', '/api/advising/appointments?role=adviser');
      expect(mine.json<{ items: TAdvisingAppointment[] }>().items.map((a) => a.id)).toEqual([appointment.id]);
      const steps = await asCluster((tx) =>
        tx
          .select()
          .from(actionItemCompletions)
          .where(
            and(
              eq(actionItemCompletions.userId, student.id),
              eq(actionItemCompletions.type, 'advising_meetings'),
            ),
          ),
      );
      expect(steps).toHaveLength(1);
      // The slot and the 15-minute buffer after it are gone; the invite downloads through the meeting.
      const after = await slots(student2);
      expect(starts(after, '2026-03-03')).not.toContain(start);
      expect(starts(after, '2026-03-03')).not.toContain('2026-03-03T17:30:00.000Z');
      expect(starts(after, '2026-03-03')).toContain('2026-03-03T18:00:00.000Z');
      // In the inbox the meeting is the appointment: spec 3 advisingStatus and advisingAppointmentType.
      const threadMeetings = await call(
        adviserUser,
        'GET',
        `/api/inbox/threads/${appointment.threadId}/meetings`,
      );
      expect(threadMeetings.json()).toMatchObject({
        items: [
          {
            can: { cancel: false, propose: false, downloadInvite: true },
            type: 'adviserMeetingV2',
            status: 'upcoming',
            advisingStatus: 'scheduled',
            advisingAppointmentType: 'CV review',
          },
        ],
      });
      // It changes through advising only: the meeting's own actions are refused.
      const direct = await call(student, 'POST', `/api/meetings/${appointment.meetingId}/cancel`, {});
      expect(direct.statusCode).toBe(409);
      expect(direct.json()).toMatchObject({ error: { code: 'advising_appointment' } });
      const ics = await call(student, 'GET', `/api/meetings/${appointment.meetingId}/invite.ics`);
      expect(ics.statusCode).toBe(200);
      const event = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent');
      expect(event?.getFirstPropertyValue('dtstart')?.toString()).toContain('2026-03-03');
    });

    it('answers a booking of a slot taken meanwhile with 409 and fresh slots', async () => {
      const taken = await book(student2, '2026-03-03T17:00:00.000Z');
      expect(taken.statusCode).toBe(409);
      const body = taken.json<{
        error: { code: string; user_message: string; details: { days: unknown[] } };
      }>();
      expect(body.error.code).toBe('slot_taken');
      expect(body.error.user_message).toBe('That time was just booked. Pick another time.');
      expect(body.error.details.days).toHaveLength(1);
      // A time that is no free slot at all is a 400.
      const offHours = await book(student2, '2026-03-03T05:00:00.000Z');
      expect(offHours.statusCode).toBe(400);
      expect(offHours.json()).toMatchObject({
        error: { user_message: 'That time is not available. Pick one of the free times.' },
      });
    });

    it('lets exactly one of 20 concurrent bookings of one slot through', async () => {
      const start = '2026-03-04T21:00:00.000Z'; // Wednesday 13:00 PST
      const users = [student, student2, alumnus];
      for (const user of users) await tokenOf(user);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => book(users[i % users.length] as TTestUser, start)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const rows = await asCluster((tx) =>
        tx
          .select()
          .from(advisingAppointments)
          .where(eq(advisingAppointments.startsAt, new Date(start))),
      );
      expect(rows).toHaveLength(1);
    });
  });

  describe('appointment life', () => {
    let appointmentId = '';
    it('holds the student to the notice for changes, not the adviser', async () => {
      setNow('2026-03-02T18:00:00Z'); // Monday 10:00 PST
      const booked = await book(student, '2026-03-02T20:30:00.000Z'); // 12:30 today
      expect(booked.statusCode, booked.body).toBe(201);
      appointmentId = booked.json<{ appointment: TAdvisingAppointment }>().appointment.id;
      setNow('2026-03-02T19:00:00Z'); // 11:00: inside the two hours of notice
      const late = await call(student, 'POST', `/api/advising/appointments/${appointmentId}/cancel`, {});
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({
        error: {
          user_message:
            'Appointments can be canceled or rescheduled up to 2 hours before they start. Contact your adviser.',
        },
      });
      const view = await call(student, 'GET', `/api/advising/appointments/${appointmentId}`);
      expect(view.json()).toMatchObject({ appointment: { can: { cancel: false, reschedule: false } } });
      const moved = await call(
        adviserUser,
        'POST',
        `/api/advising/appointments/${appointmentId}/reschedule`,
        {
          start: '2026-03-02T22:00:00.000Z',
          timezone: LA,
        },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({
        appointment: { start: '2026-03-02T22:00:00.000Z', viewerRole: 'adviser' },
      });
      const [meeting] = await asCluster((tx) =>
        tx
          .select()
          .from(meetings)
          .where(eq(meetings.id, moved.json<{ appointment: TAdvisingAppointment }>().appointment.meetingId)),
      );
      expect(meeting?.scheduledTime?.toISOString()).toBe('2026-03-02T22:00:00.000Z');
      expect(meeting?.calendarSequence).toBe(1);
    });

    it('lets advising staff check in, complete and keep notes the student never sees', async () => {
      const early = await call(adviserUser, 'PATCH', `/api/advising/appointments/${appointmentId}`, {
        advisingStatus: 'checkedIn',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        error: { user_message: 'Check-in opens 30 minutes before the appointment.' },
      });
      expect(
        (
          await call(student, 'PATCH', `/api/advising/appointments/${appointmentId}`, {
            staffNotes: 'Mine',
          })
        ).statusCode,
      ).toBe(403);
      setNow('2026-03-02T21:45:00Z');
      const checkedIn = await call(admin, 'PATCH', `/api/advising/appointments/${appointmentId}`, {
        advisingStatus: 'checkedIn',
        staffNotes: 'Strong CV; follow up on internships.',
      });
      expect(checkedIn.statusCode, checkedIn.body).toBe(200);
      expect(checkedIn.json()).toMatchObject({
        appointment: {
          advisingStatus: 'checkedIn',
          viewerRole: 'staff',
          staffNotes: 'Strong CV; follow up on internships.',
        },
      });
      const forStudent = await call(student, 'GET', `/api/advising/appointments/${appointmentId}`);
      expect(forStudent.json()).toMatchObject({
        appointment: { staffNotes: null, advisingStatus: 'checkedIn' },
      });
      const earlyFollowUp = await call(adviserUser, 'PATCH', `/api/advising/appointments/${appointmentId}`, {
        followUp: 'Too soon',
      });
      expect(earlyFollowUp.statusCode).toBe(409);
      expect(earlyFollowUp.json()).toMatchObject({
        error: { user_message: 'Mark the appointment completed before adding a follow-up.' },
      });
      setNow('2026-03-02T22:10:00Z');
      const noShow = await call(adviserUser, 'PATCH', `/api/advising/appointments/${appointmentId}`, {
        advisingStatus: 'noShow',
      });
      expect(noShow.statusCode).toBe(409);
      const completed = await call(adviserUser, 'PATCH', `/api/advising/appointments/${appointmentId}`, {
        advisingStatus: 'completed',
      });
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toMatchObject({
        appointment: { advisingStatus: 'completed', staffNotes: expect.any(String) },
      });
    });

    it('gives the student a follow-up after a completed appointment, an action item until they mark it done', async () => {
      const url = `/api/advising/appointments/${appointmentId}`;
      expect((await call(student, 'PATCH', url, { followUp: 'Mine' })).statusCode).toBe(403);
      const given = await call(adviserUser, 'PATCH', url, {
        followUp: '  Apply to two internships by Friday. ',
      });
      expect(given.statusCode, given.body).toBe(200);
      const appointment = given.json<{ appointment: TAdvisingAppointment }>().appointment;
      expect(appointment).toMatchObject({
        followUp: { text: 'Apply to two internships by Friday.', doneAt: null },
        can: { editFollowUp: true, markFollowUpDone: false },
      });
      // The student is told in the conversation and by a notice.
      const threadMessages = await asCluster((tx) =>
        tx.select().from(messages).where(eq(messages.threadId, appointment.threadId)),
      );
      expect(threadMessages.map((m) => m.bodyText)).toContain(
        'Follow-up after the CV review appointment: Apply to two internships by Friday.',
      );
      const notices = await asCluster((tx) =>
        tx
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, student.id), eq(notifications.type, 'meeting.changed'))),
      );
      expect(notices.map((n) => n.title)).toContain(
        'Fiona Faculty gave you a follow-up after the CV review appointment',
      );
      const itemsOf = async (user: TTestUser) => {
        const response = await call(user, 'GET', '/api/action-items');
        expect(response.statusCode, response.body).toBe(200);
        return response.json<TActionItemsResponse>().followUps;
      };
      expect(await itemsOf(student)).toEqual([
        {
          appointmentId,
          appointmentTitle: 'CV review with Fiona Faculty',
          appointmentStart: appointment.start,
          text: 'Apply to two internships by Friday.',
          setAt: appointment.followUp?.setAt,
        },
      ]);
      expect(await itemsOf(adviserUser)).toEqual([]);
      expect(await itemsOf(student2)).toEqual([]);
      // Only the student marks it done; another member does not even see the appointment.
      expect((await call(adviserUser, 'PUT', `${url}/follow-up/done`, { isDone: true })).statusCode).toBe(
        403,
      );
      expect((await call(student2, 'PUT', `${url}/follow-up/done`, { isDone: true })).statusCode).toBe(404);
      const forStudent = await call(student, 'GET', url);
      expect(forStudent.json()).toMatchObject({
        appointment: { can: { markFollowUpDone: true, editFollowUp: false } },
      });
      const done = await call(student, 'PUT', `${url}/follow-up/done`, { isDone: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ appointment: { followUp: { doneAt: expect.any(String) } } });
      expect(await itemsOf(student)).toEqual([]);
      const reopened = await call(student, 'PUT', `${url}/follow-up/done`, { isDone: false });
      expect(reopened.json()).toMatchObject({ appointment: { followUp: { doneAt: null } } });
      expect(await itemsOf(student)).toHaveLength(1);
      // Removing it takes it off the list; the done mark then has nothing to mark.
      const removed = await call(admin, 'PATCH', url, { followUp: null });
      expect(removed.json()).toMatchObject({ appointment: { followUp: null } });
      expect(await itemsOf(student)).toEqual([]);
      expect((await call(student, 'PUT', `${url}/follow-up/done`, { isDone: true })).statusCode).toBe(409);
    });

    it('lets the student cancel ahead of the notice, freeing the slot and telling calendars', async () => {
      setNow('2026-03-02T22:30:00Z');
      const later = await book(student, '2026-03-06T18:00:00.000Z'); // Friday 10:00 PST
      expect(later.statusCode, later.body).toBe(201);
      const id = later.json<{ appointment: TAdvisingAppointment }>().appointment.id;
      const canceled = await call(student, 'POST', `/api/advising/appointments/${id}/cancel`, {
        reason: 'Exam moved',
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({
        appointment: { advisingStatus: 'canceled', cancelReason: 'Exam moved', can: { cancel: false } },
      });
      const cancels = await asCluster((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, adviserUser.email)),
      );
      expect(cancels.some((m) => (m.icalEvent as { method?: string } | null)?.method === 'CANCEL')).toBe(
        true,
      );
      expect(starts(await slots(student2), '2026-03-06')).toContain('2026-03-06T18:00:00.000Z');
    });

    it('lets advising admins cancel at the front desk: the meeting is cancelled and both are told', async () => {
      setNow('2026-03-02T22:40:00Z');
      const booked = await book(student, '2026-03-06T19:00:00.000Z'); // Friday 11:00 PST
      expect(booked.statusCode, booked.body).toBe(201);
      const { id, meetingId } = booked.json<{ appointment: TAdvisingAppointment }>().appointment;
      // An advising admin is staff, not a participant: they cancel but do not move appointments.
      const moved = await call(admin, 'POST', `/api/advising/appointments/${id}/reschedule`, {
        start: '2026-03-06T20:00:00.000Z',
        timezone: LA,
      });
      expect(moved.statusCode).toBe(403);
      const canceled = await call(admin, 'POST', `/api/advising/appointments/${id}/cancel`, {
        reason: 'Adviser ill',
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({
        appointment: { advisingStatus: 'canceled', viewerRole: 'staff' },
      });
      const [meeting] = await asCluster((tx) => tx.select().from(meetings).where(eq(meetings.id, meetingId)));
      expect(meeting?.status).toBe('cancelled');
      const told = await asCluster((tx) =>
        tx
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, student.id), eq(notifications.type, 'meeting.changed'))),
      );
      expect(told.some((n) => n.title.includes('canceled the CV review appointment'))).toBe(true);
    });

    it('gives the adviser the free times to move their appointment to, and no one else', async () => {
      setNow('2026-03-02T22:50:00Z');
      const booked = await book(student, '2026-03-06T18:00:00.000Z'); // Friday 10:00 PST
      expect(booked.statusCode, booked.body).toBe(201);
      const { id } = booked.json<{ appointment: TAdvisingAppointment }>().appointment;
      const url = `/api/advising/advisers/${adviserId}/slots?appointmentTypeId=${cvType.id}&tz=${encodeURIComponent(LA)}`;
      // An adviser cannot book with themself; without the appointment the slots are refused.
      expect((await call(adviserUser, 'GET', url)).statusCode).toBe(403);
      const forMove = await slots(adviserUser, { query: `&appointmentId=${id}` });
      // The appointment's own time does not keep the adviser busy.
      expect(starts(forMove, '2026-03-06')).toContain('2026-03-06T18:00:00.000Z');
      expect(starts(forMove, '2026-03-06')).toContain('2026-03-06T19:00:00.000Z');
      expect(starts(await slots(student2), '2026-03-06')).not.toContain('2026-03-06T18:00:00.000Z');
      // Another member naming someone else's appointment, or advising staff (they do not move appointments).
      const stranger = await call(student2, 'GET', `${url}&appointmentId=${id}`);
      expect(stranger.statusCode).toBe(404);
      expect((await call(admin, 'GET', `${url}&appointmentId=${id}`)).statusCode).toBe(403);
      // The appointment of another adviser or type is not this one.
      const otherType = await call(
        adviserUser,
        'GET',
        `/api/advising/advisers/${adviserId}/slots?appointmentTypeId=${studentsOnlyType.id}&tz=${encodeURIComponent(LA)}&appointmentId=${id}`,
      );
      expect(otherType.statusCode).toBe(404);
      const moved = await call(adviserUser, 'POST', `/api/advising/appointments/${id}/reschedule`, {
        start: '2026-03-06T19:00:00.000Z',
        timezone: LA,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ appointment: { start: '2026-03-06T19:00:00.000Z' } });
      expect(starts(await slots(student2), '2026-03-06')).toContain('2026-03-06T18:00:00.000Z');
      // Both open pages hear of the booking and of the move (inbox.meeting refreshes advising on the web).
      const { meetingId } = booked.json<{ appointment: TAdvisingAppointment }>().appointment;
      const heard = await asCluster((tx) =>
        tx
          .select({ userId: realtimeEvents.userId, payload: realtimeEvents.payload })
          .from(realtimeEvents)
          .where(eq(realtimeEvents.type, 'inbox.meeting')),
      );
      const ofMeeting = heard.filter((e) => e.payload.meetingId === meetingId);
      expect(ofMeeting.filter((e) => e.userId === adviserUser.id)).toHaveLength(2);
      expect(ofMeeting.filter((e) => e.userId === student.id)).toHaveLength(2);
      // The student moves it too, with the same read.
      const forStudent = await slots(student, { query: `&appointmentId=${id}` });
      expect(starts(forStudent, '2026-03-06')).toContain('2026-03-06T19:00:00.000Z');
    });

    it('sends the 24-hour and the 1-hour reminder once each, by email and notification', async () => {
      setNow('2026-03-03T00:00:00Z');
      const booked = await book(student2, '2026-03-04T18:00:00.000Z', { adviserId: secondAdviserId });
      expect(booked.statusCode, booked.body).toBe(201);
      const gusReminders = async (iso: string) => {
        await remindAdvisingAppointments(t.database.db, new Date(iso), PUBLIC_URL);
        const mails = await asCluster((tx) =>
          tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, student2.email)),
        );
        return mails
          .filter((m) => m.subject.startsWith('Reminder:') && m.subject.includes('Gus'))
          .map((m) => m.subject)
          .sort(); // the outbox is read without an order
      };
      expect(await gusReminders('2026-03-03T17:59:00Z')).toEqual([]);
      expect(await gusReminders('2026-03-03T18:00:00Z')).toEqual([
        'Reminder: CV review with Gus Guidance in 24 hours',
      ]);
      expect(await gusReminders('2026-03-03T18:05:00Z')).toHaveLength(1);
      expect(await gusReminders('2026-03-04T17:00:00Z')).toEqual([
        'Reminder: CV review with Gus Guidance in 1 hour',
        'Reminder: CV review with Gus Guidance in 24 hours',
      ]);
      expect(await gusReminders('2026-03-04T17:30:00Z')).toHaveLength(2);
      const notices = await asCluster((tx) =>
        tx
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.userId, secondAdviserUser.id), eq(notifications.type, 'meeting.reminder')),
          ),
      );
      expect(notices).toHaveLength(2);
    });
  });

  describe('calendars', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:weekly@test',
      'DTSTART;TZID=America/Los_Angeles:20260302T130000',
      'DTEND;TZID=America/Los_Angeles:20260302T140000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10',
      'EXDATE;TZID=America/Los_Angeles:20260312T130000',
      'SUMMARY:Lecture',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:free@test',
      'DTSTART:20260310T170000Z',
      'DTEND:20260310T190000Z',
      'TRANSP:TRANSPARENT',
      'SUMMARY:Free',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const transport =
      (body: string, type = 'text/calendar; charset=utf-8'): TTransport =>
      async () => ({
        status: 200,
        headers: { 'content-type': type },
        body: Buffer.from(body),
      });
    const publicResolver = async () => ['93.184.216.34'];

    it('reads recurring busy time across the DST change, skipping exceptions and free time', () => {
      const busy = parseBusyIntervals(ics, {
        from: new Date('2026-03-01T00:00:00Z'),
        to: new Date('2026-03-20T00:00:00Z'),
        defaultZone: LA,
      }).map((b) => b.start.toISOString());
      expect(busy).toEqual([
        '2026-03-02T21:00:00.000Z', // Monday 13:00 PST
        '2026-03-05T21:00:00.000Z', // Thursday 13:00 PST
        '2026-03-09T20:00:00.000Z', // Monday 13:00 PDT
        '2026-03-16T20:00:00.000Z',
        '2026-03-19T20:00:00.000Z',
      ]);
    });

    it('imports the adviser’s ICS address through the guard and takes its busy time out of the slots', async () => {
      setNow('2026-03-06T08:00:00Z'); // Friday 00:00 PST
      const saved = await call(adviserUser, 'PUT', `/api/advising/advisers/${adviserId}/availability`, {
        timezone: LA,
        weeklyHours: WEEKDAYS_9_TO_5,
        icsUrl: 'https://calendar.example.org/private-abc/basic.ics',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        availability: { calendar: { lastSyncedAt: null, busyCount: 0 } },
      });
      const before = await slots(student);
      expect(starts(before, '2026-03-09')).toContain('2026-03-09T20:00:00.000Z');
      const read = await syncAdviserCalendars(t.database.db, {
        now: new Date(nowMs),
        publicUrl: PUBLIC_URL,
        resolve: publicResolver,
        transport: transport(ics),
      });
      expect(read).toBe(1);
      const after = await slots(student);
      expect(starts(after, '2026-03-09')).not.toContain('2026-03-09T20:00:00.000Z');
      expect(starts(after, '2026-03-09')).toContain('2026-03-09T21:00:00.000Z');
      // Read once per 15 minutes: nothing is due again right away.
      expect(
        await syncAdviserCalendars(t.database.db, {
          now: new Date(nowMs),
          publicUrl: PUBLIC_URL,
          transport: transport(ics),
        }),
      ).toBe(0);
      const availability = await call(adviserUser, 'GET', `/api/advising/advisers/${adviserId}/availability`);
      expect(availability.json()).toMatchObject({
        availability: { calendar: { lastError: null, busyCount: 7 } },
      });
    });

    it('records why a calendar cannot be read and keeps its last busy time', async () => {
      await asCluster((tx) =>
        tx
          .update(adviserCalendars)
          .set({ nextSyncAt: null })
          .where(eq(adviserCalendars.adviserId, adviserId)),
      );
      await syncAdviserCalendars(t.database.db, {
        now: new Date(nowMs),
        publicUrl: PUBLIC_URL,
        resolve: publicResolver,
        transport: transport('<html></html>', 'text/html'),
      });
      const [calendar] = await asCluster((tx) =>
        tx.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, adviserId)),
      );
      expect(calendar?.lastError).toBe('The calendar address did not answer with a calendar.');
      const kept = await asCluster((tx) =>
        tx.select().from(adviserBusyIntervals).where(eq(adviserBusyIntervals.adviserId, adviserId)),
      );
      expect(kept.length).toBeGreaterThan(0);
      // A private address never gets fetched (spec 5 URL rule after DNS).
      await asCluster((tx) =>
        tx
          .update(adviserCalendars)
          .set({ nextSyncAt: null })
          .where(eq(adviserCalendars.adviserId, adviserId)),
      );
      let isFetched = false;
      await syncAdviserCalendars(t.database.db, {
        now: new Date(nowMs),
        publicUrl: PUBLIC_URL,
        resolve: async () => ['10.0.0.5'],
        transport: async () => {
          isFetched = true;
          return { status: 200, headers: {}, body: Buffer.from(ics) };
        },
      });
      expect(isFetched).toBe(false);
      const [refused] = await asCluster((tx) =>
        tx.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, adviserId)),
      );
      expect(refused?.lastError).toBe('The calendar address points to a private network.');
    });

    it('serves the demo calendar and reads it in process', async () => {
      const served = await t.app.inject({
        method: 'GET',
        url: `/api/advising/demo-calendar.ics?tz=${LA}`,
        headers: { host: cluster.host },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('text/calendar');
      const busy = parseBusyIntervals(demoCalendarIcs({ now: new Date(nowMs), timeZone: LA }), {
        from: new Date('2026-03-09T08:00:00Z'),
        to: new Date('2026-03-14T08:00:00Z'),
        defaultZone: LA,
      }).map((b) => b.start.toISOString());
      // Tuesday 10:00, Wednesday 12:00, Thursday 14:00 PDT; the free and the cancelled events do not count.
      expect(busy).toEqual([
        '2026-03-10T17:00:00.000Z',
        '2026-03-11T19:00:00.000Z',
        '2026-03-12T21:00:00.000Z',
      ]);
    });
  });

  describe('reports', () => {
    it('counts appointments by topic, adviser, status and week, with CSV for advising admins', async () => {
      const query = 'from=2026-03-01&to=2026-03-31&tz=America%2FLos_Angeles';
      expect((await call(student, 'GET', `/api/advising/admin/reports?${query}`)).statusCode).toBe(403);
      const byStatus = await call(admin, 'GET', `/api/advising/admin/reports?groupBy=status&${query}`);
      expect(byStatus.statusCode, byStatus.body).toBe(200);
      const report = byStatus.json<{ rows: Array<{ key: string; total: number }>; total: number }>();
      expect(report.rows.map((r) => r.key)).toEqual(['scheduled', 'completed', 'canceled']);
      const byAdviser = await call(admin, 'GET', `/api/advising/admin/reports?groupBy=adviser&${query}`);
      expect(byAdviser.json<{ rows: Array<{ label: string }> }>().rows.map((r) => r.label)).toEqual([
        'Fiona Faculty',
        'Gus Guidance',
      ]);
      const byWeek = await call(admin, 'GET', `/api/advising/admin/reports?groupBy=week&${query}`);
      expect(byWeek.json<{ rows: Array<{ key: string }> }>().rows.map((r) => r.key)).toEqual(['2026-03-02']);
      const csv = await call(admin, 'GET', `/api/advising/admin/reports.csv?groupBy=topic&${query}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe('Topic,Total,Scheduled,Checked in,Completed,No-show,Canceled');
      expect(csv.body).toContain(`CV review,${report.total}`);
    });
  });

  describe('when advising is hidden', () => {
    it('answers members 403 in a hub without the Advisers module', async () => {
      const hidden = await createHub(t.database.db, cluster);
      const member = await createUser(t.database.db, cluster, { hub: hidden });
      const answer = await call(member, 'GET', '/api/advising/topics', undefined, hidden.identifier);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({
        error: { user_message: 'Advising is not available in this hub.' },
      });
      const me = await call(member, 'GET', '/api/advising/me', undefined, hidden.identifier);
      expect(me.json()).toEqual({ adviser: null, can: { book: false, manage: false } });
    });
  });
});
