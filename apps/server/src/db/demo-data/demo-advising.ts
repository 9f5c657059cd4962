import { randomBytes, randomUUID } from 'node:crypto';
import { ADVISING_DEMO_CALENDAR_PATH } from '@commons/contract';
import {
  addCalendarDays,
  heldInterval,
  weekdayOf,
  zonedDate,
  zonedInstant,
  type TAdvisingWeeklyInterval,
} from '@commons/domain';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { systemBody } from '../../modules/inbox/inbox.commands.js';
import {
  CALENDAR_IMPORT_DAYS,
  demoCalendarIcs,
  parseBusyIntervals,
} from '../../modules/advising/advising.calendar.js';
import { CALENDAR_SYNC_MINUTES } from '../../modules/advising/advising.jobs.js';
import type { TTx } from '../client.js';
import {
  actionItemCompletions,
  adviserBusyIntervals,
  adviserCalendars,
  advisers,
  advisingAppointmentNotes,
  advisingAppointments,
  advisingAppointmentTypes,
  advisingTopics,
  hubMemberships,
  hubSettings,
  messages,
  meetings,
  threadParticipants,
  threads,
  users,
  userTypes,
} from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

const LA = 'America/Los_Angeles';
const NEW_YORK = 'America/New_York';

/** Weekdays (1-5) with the given hours. */
function weekdays(
  days: readonly number[],
  hours: ReadonlyArray<[string, string]>,
): TAdvisingWeeklyInterval[] {
  return days.flatMap((day) => hours.map(([start, end]) => ({ day, start, end })));
}

/** The first weekday (Monday to Friday) at or after a calendar day. */
function weekdayFrom(date: string): string {
  let day = date;
  while ([0, 6].includes(weekdayOf(day))) day = addCalendarDays(day, 1);
  return day;
}

/**
 * Advising at Northfield (issue #21 item 7), stored as the app stores it: the three topics (Career planning, CV
 * review, Graduate school), three appointment types (a CV review for everyone, career planning for everyone, a
 * students-only graduate school session in person), three advisers with weekly hours (Fran Faculty, the demo
 * faculty account, in Los Angeles; two faculty members of the hub, one in New York and one whose own calendar is
 * the demo's sample ICS address, its busy time read already), the adviser meeting message type turned on, and
 * the demo student's appointments: a CV review booked for the next weekday but one (an adviserMeetingV2 meeting in
 * their thread with Fran), one completed last week with Fran's notes and an open follow-up, and one yesterday still
 * scheduled (Fran marks it completed or a no-show). Runs inside the demo seed's transaction.
 */
export async function seedDemoAdvising(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const [settingsRow] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
  if (!settingsRow) throw new Error('demo hub settings missing');
  const messageTypes = (settingsRow.settings.moduleSettings['messageTypes'] ?? {}) as Record<string, unknown>;
  await tx
    .update(hubSettings)
    .set({
      settings: {
        ...settingsRow.settings,
        moduleSettings: {
          ...settingsRow.settings.moduleSettings,
          messageTypes: { ...messageTypes, adviserMeetingV2: { enabled: true } },
        },
      },
    })
    .where(eq(hubSettings.hubId, hub.id));

  const email = (role: string) => `${role}@${hub.identifier}.example.edu`;
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.email, [email('faculty'), email('student'), email('hubadmin')]));
  const idOf = (role: string) => {
    const id = people.find((p) => p.email === email(role))?.id;
    if (!id) throw new Error(`demo ${role}@${hub.identifier} missing`);
    return id;
  };
  const faculty = idOf('faculty');
  const student = idOf('student');
  const staff = await tx
    .select({ id: users.id })
    .from(hubMemberships)
    .innerJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(
      and(
        eq(hubMemberships.hubId, hub.id),
        eq(hubMemberships.approved, true),
        eq(userTypes.standardUserType, 'Faculty & Staff'),
        notInArray(users.email, [email('faculty'), email('hubadmin')]),
      ),
    )
    .orderBy(asc(users.email))
    .limit(2);
  const studentTypes = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(
      and(eq(userTypes.hubId, hub.id), inArray(userTypes.standardUserType, ['Student', 'Graduate Student'])),
    );

  const topicRows = await tx
    .insert(advisingTopics)
    .values(
      [
        ['Career planning', 'Choosing a direction, internships and your first job search.'],
        ['CV review', 'Feedback on your CV or resume and cover letters.'],
        ['Graduate school', 'Programmes, applications, statements and funding.'],
      ].map(([name, description]) => ({
        clusterId,
        hubId: hub.id,
        name: name ?? '',
        description: description ?? '',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const topic = (name: string) => {
    const row = topicRows.find((t) => t.name === name);
    if (!row) throw new Error(`demo topic ${name} missing`);
    return row.id;
  };
  const typeRows = await tx
    .insert(advisingAppointmentTypes)
    .values([
      {
        clusterId,
        hubId: hub.id,
        name: 'CV review',
        description: 'Bring your CV or resume; we go through it together.',
        durationMinutes: 30,
        medium: 'video' as const,
        bufferAfterMinutes: 15,
        minimumNoticeMinutes: 2 * 60,
        maxDaysAhead: 14,
        maxPerDay: 6,
        topicIds: [topic('CV review')],
        createdAt: now,
        updatedAt: now,
      },
      {
        clusterId,
        hubId: hub.id,
        name: 'Career planning',
        description: 'A longer conversation about where you want to go next.',
        durationMinutes: 45,
        medium: 'video' as const,
        bufferBeforeMinutes: 15,
        minimumNoticeMinutes: 24 * 60,
        maxDaysAhead: 14,
        topicIds: [topic('Career planning')],
        createdAt: now,
        updatedAt: now,
      },
      {
        clusterId,
        hubId: hub.id,
        name: 'Graduate school session',
        description: 'For students: your programme list and application plan.',
        durationMinutes: 60,
        medium: 'in-person' as const,
        location: 'Careers centre, Library building, room 204',
        minimumNoticeMinutes: 24 * 60,
        maxDaysAhead: 14,
        maxPerDay: 2,
        bookerUserTypeIds: studentTypes.map((t) => t.id),
        topicIds: [topic('Graduate school')],
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning();
  const type = (name: string) => {
    const row = typeRows.find((t) => t.name === name);
    if (!row) throw new Error(`demo appointment type ${name} missing`);
    return row;
  };

  const adviserSpecs = [
    {
      userId: faculty,
      title: 'Career adviser',
      bio: 'I help students find their direction and tell their story well, from the first CV to the first offer.',
      timezone: LA,
      weeklyHours: weekdays(
        [1, 2, 3, 4, 5],
        [
          ['09:00', '12:00'],
          ['13:00', '17:00'],
        ],
      ),
      topics: ['Career planning', 'CV review'],
      types: ['CV review', 'Career planning'],
    },
    ...staff.slice(0, 1).map((s) => ({
      userId: s.id,
      title: 'Graduate studies adviser',
      bio: 'Former admissions reader; I advise on graduate programmes, statements and funding.',
      timezone: NEW_YORK,
      weeklyHours: weekdays([1, 3, 5], [['10:00', '16:00']]),
      topics: ['Graduate school', 'CV review'],
      types: ['Graduate school session', 'CV review'],
    })),
    ...staff.slice(1, 2).map((s) => ({
      userId: s.id,
      title: 'Employer relations adviser',
      bio: 'I know what local employers look for; bring questions about internships and applications.',
      timezone: LA,
      weeklyHours: weekdays([2, 3, 4], [['09:00', '17:00']]),
      topics: ['Career planning', 'CV review'],
      types: ['Career planning', 'CV review'],
      hasCalendar: true,
    })),
  ];
  const adviserIds = new Map<string, string>();
  for (const spec of adviserSpecs) {
    const [row] = await tx
      .insert(advisers)
      .values({
        clusterId,
        hubId: hub.id,
        userId: spec.userId,
        title: spec.title,
        bio: spec.bio,
        timezone: spec.timezone,
        weeklyHours: spec.weeklyHours,
        topicIds: spec.topics.map(topic),
        appointmentTypeIds: spec.types.map((name) => type(name).id),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: advisers.id });
    if (!row) throw new Error('demo adviser insert failed');
    adviserIds.set(spec.userId, row.id);
    if ('hasCalendar' in spec) {
      // The demo's own sample calendar, read already as the calendar job would read it.
      await tx.insert(adviserCalendars).values({
        adviserId: row.id,
        clusterId,
        hubId: hub.id,
        userId: spec.userId,
        icsUrl: `http://localhost:3000${ADVISING_DEMO_CALENDAR_PATH}?tz=${encodeURIComponent(spec.timezone)}`,
        syncedAt: now,
        nextSyncAt: new Date(now.getTime() + CALENDAR_SYNC_MINUTES * 60_000),
        updatedAt: now,
      });
      const busy = parseBusyIntervals(demoCalendarIcs({ now, timeZone: spec.timezone }), {
        from: new Date(now.getTime() - DAY_MS),
        to: new Date(now.getTime() + CALENDAR_IMPORT_DAYS * DAY_MS),
        defaultZone: spec.timezone,
      });
      if (busy.length > 0)
        await tx.insert(adviserBusyIntervals).values(
          busy.map((interval) => ({
            clusterId,
            hubId: hub.id,
            adviserId: row.id,
            startsAt: interval.start,
            endsAt: interval.end,
          })),
        );
    }
  }

  // The demo student's CV reviews with Fran: one on the next weekday but one at 10:00, one last week (completed),
  // one yesterday at 11:00 still scheduled (to mark completed or a no-show).
  const cv = type('CV review');
  const [thread] = await tx
    .insert(threads)
    .values({
      clusterId,
      hubId: hub.id,
      messageType: 'adviserMeetingV2',
      fromUserId: student,
      toUserId: faculty,
      status: 'accepted',
      createdAt: new Date(now.getTime() - 9 * DAY_MS),
      lastMessageAt: new Date(now.getTime() - DAY_MS),
      lastMessagePreview: 'Sam booked CV review (30 minutes, video call) about CV review.',
      lastMessageFromUserId: student,
      acceptedAt: new Date(now.getTime() - 9 * DAY_MS),
    })
    .returning({ id: threads.id });
  if (!thread) throw new Error('demo advising thread insert failed');
  await tx.insert(threadParticipants).values([
    {
      clusterId,
      threadId: thread.id,
      userId: student,
      otherUserId: faculty,
      lastMessageAt: new Date(now.getTime() - DAY_MS),
    },
    {
      clusterId,
      threadId: thread.id,
      userId: faculty,
      otherUserId: student,
      lastMessageAt: new Date(now.getTime() - DAY_MS),
      unreadCount: 1,
    },
  ]);
  const upcomingDay = weekdayFrom(addCalendarDays(zonedDate(now, LA), 2));
  const lastWeekDay = weekdayFrom(addCalendarDays(zonedDate(now, LA), -8));
  const yesterday = addCalendarDays(zonedDate(now, LA), -1);
  const bookings = [
    {
      start: zonedInstant(upcomingDay, 600, LA),
      bookedAt: new Date(now.getTime() - DAY_MS),
      status: 'scheduled' as const,
    },
    {
      start: zonedInstant(lastWeekDay, 840, LA),
      bookedAt: new Date(now.getTime() - 9 * DAY_MS),
      status: 'completed' as const,
    },
    // Yesterday's, still scheduled: Fran marks it completed or a no-show (its reminders went out).
    {
      start: zonedInstant(yesterday, 660, LA),
      bookedAt: new Date(now.getTime() - 5 * DAY_MS),
      status: 'scheduled' as const,
    },
  ];
  for (const booking of bookings) {
    const end = new Date(booking.start.getTime() + cv.durationMinutes * 60_000);
    const held = heldInterval({ start: booking.start, end, ...cv });
    const [message] = await tx
      .insert(messages)
      .values({
        clusterId,
        threadId: thread.id,
        fromUserId: student,
        ...(({ html, text }) => ({ body: html, bodyText: text }))(
          systemBody('Sam booked CV review (30 minutes, video call) about CV review.'),
        ),
        type: 'meeting',
        createdAt: booking.bookedAt,
      })
      .returning({ id: messages.id });
    const [meeting] = await tx
      .insert(meetings)
      .values({
        clusterId,
        hubId: hub.id,
        threadId: thread.id,
        messageId: message?.id ?? null,
        fromUserId: student,
        toUserId: faculty,
        status: booking.status === 'completed' ? 'completed' : 'accepted',
        lastEvent: booking.status === 'completed' ? 'completed' : 'requestAccepted',
        medium: 'video',
        durationMinutes: cv.durationMinutes,
        timezone: LA,
        proposedByUserId: student,
        fromUserProposedTimes: [booking.start],
        scheduledTime: booking.start,
        scheduledEndTime: end,
        note: 'I am applying for summer internships and would like feedback on my CV.',
        meetingToken: randomBytes(16).toString('base64url'),
        calendarEventId: `${randomUUID()}@commons`,
        calendarSentAt: booking.bookedAt,
        createdAt: booking.bookedAt,
        updatedAt: booking.bookedAt,
      })
      .returning({ id: meetings.id });
    if (!meeting) throw new Error('demo advising meeting insert failed');
    const [appointment] = await tx
      .insert(advisingAppointments)
      .values({
        clusterId,
        hubId: hub.id,
        adviserId: adviserIds.get(faculty) ?? '',
        adviserUserId: faculty,
        studentUserId: student,
        appointmentTypeId: cv.id,
        topicId: topic('CV review'),
        threadId: thread.id,
        meetingId: meeting.id,
        startsAt: booking.start,
        endsAt: end,
        heldFrom: held.start,
        heldUntil: held.end,
        timezone: LA,
        advisingStatus: booking.status,
        note: 'I am applying for summer internships and would like feedback on my CV.',
        // Last week's ended with a next step for Sam: an open follow-up among their next steps on the home.
        ...(booking.status === 'completed'
          ? {
              followUp:
                'Send me the updated CV with your projects above coursework, then apply to two summer internships.',
              followUpSetAt: end,
            }
          : {}),
        remindersSent: booking.start.getTime() < now.getTime() ? [1440, 60] : [],
        bookedAt: booking.bookedAt,
        createdAt: booking.bookedAt,
        updatedAt: booking.bookedAt,
      })
      .returning({ id: advisingAppointments.id });
    if (appointment && booking.status === 'completed') {
      await tx.insert(advisingAppointmentNotes).values({
        appointmentId: appointment.id,
        clusterId,
        hubId: hub.id,
        adviserUserId: faculty,
        body: 'Clear structure; move the projects above coursework and quantify results. Follow up after applications.',
        updatedByUserId: faculty,
        updatedAt: booking.start,
      });
    }
  }
  await tx
    .insert(actionItemCompletions)
    .values({
      clusterId,
      hubId: hub.id,
      userId: student,
      type: 'advising_meetings',
      completedAt: now,
      completedBy: 'event',
    })
    .onConflictDoNothing();
}
