/**
 * Advising's periodic work (issue #21) on the job queue (ADR 0005), cluster by cluster with the cluster-wide
 * scope: reading advisers' calendars every 15 minutes, and the 24-hour and 1-hour reminders of appointments.
 * Each run is idempotent and safe when several processes run it: a calendar read and a reminder are claimed by a
 * conditional update first. No outside I/O inside a transaction: calendars are read between two.
 */
import {
  dueAdvisingReminders,
  formatDate,
  formatDurationHoursMinutes,
  MEETING_MEDIUM_LABELS,
  reminderLeadText,
  remindersCoveredBy,
} from '@commons/domain';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.js';
import {
  adviserBusyIntervals,
  adviserCalendars,
  advisers,
  advisingAppointments,
  advisingAppointmentTypes,
  meetings,
  users,
} from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import type { TGuardedFetchOptions } from '../link-previews/guarded-fetch.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { meetingLinks } from '../meetings/meetings.commands.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import {
  CALENDAR_IMPORT_DAYS,
  CalendarReadError,
  parseBusyIntervals,
  readCalendar,
} from './advising.calendar.js';

/** How often each adviser's calendar is read (issue #21 item 2). */
export const CALENDAR_SYNC_MINUTES = 15;
/** Calendars read per cluster and run (the rest wait for the next run, five minutes later). */
const CALENDARS_PER_RUN = 25;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type TClaimedCalendar = { adviserId: string; hubId: number; icsUrl: string; timezone: string };

/** Claims the calendars due for a read: their next read moves 15 minutes on, so no other process takes them. */
async function claimDueCalendars(tx: TTx, now: Date): Promise<TClaimedCalendar[]> {
  const due = await tx
    .select({
      adviserId: adviserCalendars.adviserId,
      hubId: adviserCalendars.hubId,
      icsUrl: adviserCalendars.icsUrl,
      nextSyncAt: adviserCalendars.nextSyncAt,
      timezone: advisers.timezone,
    })
    .from(adviserCalendars)
    .innerJoin(advisers, eq(advisers.id, adviserCalendars.adviserId))
    .where(or(isNull(adviserCalendars.nextSyncAt), lte(adviserCalendars.nextSyncAt, now)))
    .orderBy(sql`${adviserCalendars.nextSyncAt} asc nulls first`)
    .limit(CALENDARS_PER_RUN);
  const claimed: TClaimedCalendar[] = [];
  for (const row of due) {
    const [won] = await tx
      .update(adviserCalendars)
      .set({ nextSyncAt: new Date(now.getTime() + CALENDAR_SYNC_MINUTES * MINUTE) })
      .where(
        and(
          eq(adviserCalendars.adviserId, row.adviserId),
          row.nextSyncAt === null
            ? isNull(adviserCalendars.nextSyncAt)
            : eq(adviserCalendars.nextSyncAt, row.nextSyncAt),
        ),
      )
      .returning({ adviserId: adviserCalendars.adviserId });
    if (won)
      claimed.push({
        adviserId: row.adviserId,
        hubId: row.hubId,
        icsUrl: row.icsUrl,
        timezone: row.timezone,
      });
  }
  return claimed;
}

/** Stores a read: the busy time replaces the old, unless the address changed meanwhile. */
async function storeRead(
  tx: TTx,
  options: {
    clusterId: string;
    calendar: TClaimedCalendar;
    now: Date;
    result: { intervals: Array<{ start: Date; end: Date }> } | { error: string };
  },
): Promise<void> {
  const { calendar, now, result } = options;
  const [current] = await tx
    .update(adviserCalendars)
    .set(
      'error' in result
        ? { lastError: result.error, updatedAt: now }
        : { syncedAt: now, lastError: null, updatedAt: now },
    )
    .where(
      and(eq(adviserCalendars.adviserId, calendar.adviserId), eq(adviserCalendars.icsUrl, calendar.icsUrl)),
    )
    .returning({ adviserId: adviserCalendars.adviserId });
  // A calendar that cannot be read keeps its last known busy time: better than offering times the adviser has not.
  if (!current || 'error' in result) return;
  await tx.delete(adviserBusyIntervals).where(eq(adviserBusyIntervals.adviserId, calendar.adviserId));
  for (let i = 0; i < result.intervals.length; i += 500) {
    await tx.insert(adviserBusyIntervals).values(
      result.intervals.slice(i, i + 500).map((interval) => ({
        clusterId: options.clusterId,
        hubId: calendar.hubId,
        adviserId: calendar.adviserId,
        startsAt: interval.start,
        endsAt: interval.end,
      })),
    );
  }
}

/**
 * Reads the advisers' calendars that are due (a new address at once, then every 15 minutes): through the SSRF
 * guard, parsed into busy intervals from a day ago to 60 days ahead, stored in place of the previous read. A
 * failed read records why in words for the adviser. Answers how many calendars were read.
 */
export async function syncAdviserCalendars(
  db: TDb,
  options: { now: Date; publicUrl: string } & Pick<TGuardedFetchOptions, 'resolve' | 'transport'>,
): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    const claimed = await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
      claimDueCalendars(tx, options.now),
    );
    for (const calendar of claimed) {
      let result: { intervals: Array<{ start: Date; end: Date }> } | { error: string };
      try {
        const ics = await readCalendar(calendar.icsUrl, {
          publicUrl: options.publicUrl,
          now: options.now,
          ...(options.resolve ? { resolve: options.resolve } : {}),
          ...(options.transport ? { transport: options.transport } : {}),
        });
        result = {
          intervals: parseBusyIntervals(ics, {
            from: new Date(options.now.getTime() - DAY),
            to: new Date(options.now.getTime() + CALENDAR_IMPORT_DAYS * DAY),
            defaultZone: calendar.timezone,
          }),
        };
      } catch (error) {
        if (!(error instanceof CalendarReadError)) throw error;
        result = { error: error.userMessage };
      }
      await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
        storeRead(tx, { clusterId, calendar, now: options.now, result }),
      );
      total += 1;
    }
  }
  return total;
}

/**
 * Queues the reminders due in one cluster (issue #21 item 4): 24 hours and 1 hour before an appointment that is
 * still scheduled or checked in, booked before that time; an email (outbox) and a notification to the student and
 * the adviser each, in their own zone. Each reminder is claimed by a conditional update of reminders_sent.
 */
export async function sendAdvisingReminders(
  tx: TTx,
  options: { clusterId: string; now: Date; publicUrl: string },
): Promise<number> {
  const { now } = options;
  const rows = await tx
    .select({ appointment: advisingAppointments, type: advisingAppointmentTypes, meeting: meetings })
    .from(advisingAppointments)
    .innerJoin(
      advisingAppointmentTypes,
      eq(advisingAppointmentTypes.id, advisingAppointments.appointmentTypeId),
    )
    .innerJoin(meetings, eq(meetings.id, advisingAppointments.meetingId))
    .where(
      and(
        inArray(advisingAppointments.advisingStatus, ['scheduled', 'checkedIn']),
        gt(advisingAppointments.startsAt, now),
        lte(advisingAppointments.startsAt, new Date(now.getTime() + DAY)),
      ),
    )
    .orderBy(asc(advisingAppointments.startsAt));
  let sent = 0;
  for (const { appointment, type, meeting } of rows) {
    const [reminder] = dueAdvisingReminders({
      start: appointment.startsAt,
      bookedAt: appointment.bookedAt,
      now,
      sent: appointment.remindersSent,
    });
    if (reminder === undefined) continue;
    const next = [...new Set([...appointment.remindersSent, ...remindersCoveredBy(reminder)])].sort(
      (a, b) => b - a,
    );
    const [claimed] = await tx
      .update(advisingAppointments)
      .set({ remindersSent: next })
      .where(
        and(
          eq(advisingAppointments.id, appointment.id),
          sql`${advisingAppointments.remindersSent} = ${`{${appointment.remindersSent.join(',')}}`}::integer[]`,
          eq(advisingAppointments.startsAt, appointment.startsAt),
        ),
      )
      .returning({ id: advisingAppointments.id });
    if (!claimed) continue;
    const people = await tx
      .select({
        id: users.id,
        identifier: users.identifier,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        timezone: users.timezone,
      })
      .from(users)
      .where(inArray(users.id, [appointment.studentUserId, appointment.adviserUserId]));
    const lead = reminderLeadText(reminder);
    for (const person of people) {
      const other = people.find((p) => p.id !== person.id);
      const links = meetingLinks({ publicUrl: options.publicUrl }, meeting, person);
      const when = `${formatDate(appointment.startsAt, { style: 'full', timeZone: person.timezone })} at ${formatDate(appointment.startsAt, { style: 'time', timeZone: person.timezone })} (${person.timezone})`;
      const what = `${type.name} with ${other ? `${other.firstName} ${other.lastName}` : 'your adviser'}`;
      await enqueueMail(tx, options.clusterId, {
        to: person.email,
        subject: `Reminder: ${what} ${lead}`,
        text: [
          `Hi ${person.firstName},`,
          '',
          `Your ${what} starts ${lead}.`,
          '',
          `When: ${when}`,
          `How: ${MEETING_MEDIUM_LABELS[type.medium]}, ${formatDurationHoursMinutes(type.durationMinutes)}`,
          ...(meeting.phone ? [`Phone: ${meeting.phone}`] : []),
          ...(meeting.location ? [`Where: ${meeting.location}`] : []),
          ...(links.videoUrl && !meeting.location ? [`Video call: ${links.videoUrl}`] : []),
          '',
          `Appointment page: ${links.pageUrl}`,
          '',
        ].join('\n'),
      });
    }
    await notifyUsers(tx, {
      clusterId: options.clusterId,
      now,
      actorUserId: null,
      userIds: people.map((p) => p.id),
      hubId: appointment.hubId,
      type: 'meeting.reminder',
      title: `${type.name} starts ${lead}`,
      url: (userId) => {
        const person = people.find((p) => p.id === userId);
        return person ? meetingLinks({ publicUrl: '' }, meeting, person).pageUrl : null;
      },
      payload: { threadId: appointment.threadId, meetingId: meeting.id },
    });
    sent += 1;
  }
  return sent;
}

/** The reminders of every cluster (the periodic job). */
export async function remindAdvisingAppointments(db: TDb, now: Date, publicUrl: string): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    total += await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
      sendAdvisingReminders(tx, { clusterId, now, publicUrl }),
    );
  }
  return total;
}
