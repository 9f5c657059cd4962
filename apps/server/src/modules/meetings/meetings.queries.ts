import type { TMeetingSlotsQuery, TMeetingSlotsResponse } from '@commons/contract';
import { isKnownTimeZone, meetingSlots, type TAdvisingStatus } from '@commons/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import {
  advisingAppointments,
  advisingAppointmentTypes,
  meetings,
  userAvailability,
  users,
  type TWeeklyInterval,
} from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TThreadListRow } from '../inbox/inbox.queries.js';
import { lastAvailabilityDay, meetingLinks, type TMeetingDeps } from './meetings.commands.js';
import { buildCalendar, organizerFrom } from './meetings.ical.js';
import { proposalProblem, requireMeeting, zonedDay } from './meetings.policy.js';

export type TMeetingRow = typeof meetings.$inferSelect;

/** A participant as meetings show them, with what their calendar needs. */
export type TMeetingPerson = {
  id: string;
  identifier: string;
  firstName: string;
  lastName: string;
  email: string;
  photoUrl: string | null;
  timezone: string;
  lastAvailabilityDate: Date | null;
  deleteRequestedAt: Date | null;
  weeklyHours: TWeeklyInterval[];
  slotMinutes: number;
};

/** The advising appointments behind meetings (issue #21): their advising status and appointment type's name. */
export async function advisingOfMeetings(
  tx: TTx,
  meetingIds: readonly string[],
): Promise<Map<string, { status: TAdvisingStatus; appointmentType: string }>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await tx
    .select({
      meetingId: advisingAppointments.meetingId,
      status: advisingAppointments.advisingStatus,
      appointmentType: advisingAppointmentTypes.name,
    })
    .from(advisingAppointments)
    .innerJoin(
      advisingAppointmentTypes,
      eq(advisingAppointmentTypes.id, advisingAppointments.appointmentTypeId),
    )
    .where(inArray(advisingAppointments.meetingId, [...meetingIds]));
  return new Map(rows.map((r) => [r.meetingId, { status: r.status, appointmentType: r.appointmentType }]));
}

/** One meeting the viewer takes part in (RLS also hides everyone else's); null otherwise. */
export async function findMeetingFor(
  tx: TTx,
  options: { meetingId: string; viewerId: string },
): Promise<TMeetingRow | null> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.id, options.meetingId),
        or(eq(meetings.fromUserId, options.viewerId), eq(meetings.toUserId, options.viewerId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The meeting of a meeting token, when the viewer takes part in it. */
export async function findMeetingByToken(
  tx: TTx,
  options: { token: string; viewerId: string },
): Promise<TMeetingRow | null> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.meetingToken, options.token),
        or(eq(meetings.fromUserId, options.viewerId), eq(meetings.toUserId, options.viewerId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Meetings of one thread, oldest first (the order of their messages). */
export function listThreadMeetings(tx: TTx, threadId: string): Promise<TMeetingRow[]> {
  return tx
    .select()
    .from(meetings)
    .where(eq(meetings.threadId, threadId))
    .orderBy(asc(meetings.createdAt), asc(meetings.id));
}

/** Users with their availability (defaults when they never saved any), keyed by id. */
export async function loadPeople(tx: TTx, userIds: readonly string[]): Promise<Map<string, TMeetingPerson>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ user: users, availability: userAvailability })
    .from(users)
    .leftJoin(userAvailability, eq(userAvailability.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map(({ user, availability }) => [
      user.id,
      {
        id: user.id,
        identifier: user.identifier,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        photoUrl: user.photoUrl,
        timezone: user.timezone,
        lastAvailabilityDate: user.lastAvailabilityDate,
        deleteRequestedAt: user.deleteRequestedAt,
        weeklyHours: availability?.weeklyHours ?? [],
        slotMinutes: availability?.slotMinutes ?? 30,
      },
    ]),
  );
}

/**
 * Scheduled meetings of the given users between two instants, as start and end only (app_user_busy,
 * SECURITY DEFINER: the requester must not see the other participant's meetings themselves).
 */
export async function busyIntervals(
  tx: TTx,
  options: { userIds: readonly string[]; from: Date; to: Date },
): Promise<Array<{ start: Date; end: Date }>> {
  const intervals: Array<{ start: Date; end: Date }> = [];
  for (const userId of new Set(options.userIds)) {
    const rows = await queryRows<{ starts_at: string | Date; ends_at: string | Date }>(
      tx,
      sql`select starts_at, ends_at from app_user_busy(${userId}::uuid, ${options.from.toISOString()}::timestamptz, ${options.to.toISOString()}::timestamptz)`,
    );
    for (const r of rows) intervals.push({ start: new Date(r.starts_at), end: new Date(r.ends_at) });
  }
  return intervals;
}

/** My scheduled meetings (accepted, completed or no-show) from a date on, for the ICS feed. */
export function listCalendarMeetings(
  tx: TTx,
  options: { userId: string; from: Date },
): Promise<TMeetingRow[]> {
  return tx
    .select()
    .from(meetings)
    .where(
      and(
        or(eq(meetings.fromUserId, options.userId), eq(meetings.toUserId, options.userId)),
        inArray(meetings.status, ['accepted', 'completed', 'noShow']),
        sql`${meetings.scheduledTime} is not null and ${meetings.scheduledTime} >= ${options.from}`,
      ),
    )
    .orderBy(asc(meetings.scheduledTime));
}

/**
 * Slots of one day for proposing times to the other participant of a thread (spec 5 Meeting slots and
 * Availability): each slot is disabled when a proposal at that time would be refused.
 */
export async function findMeetingSlots(
  ctx: TRequestContext,
  options: { thread: TThreadListRow; query: TMeetingSlotsQuery },
): Promise<TMeetingSlotsResponse> {
  const viewer = ctx.requireViewer().user;
  const { thread } = options.thread;
  const { date, durationMinutes, timezone } = options.query;
  if (!isKnownTimeZone(timezone)) throw validationError({ timezone: 'Choose a time zone from the list.' });
  const otherId = thread.fromUserId === viewer.id ? thread.toUserId : thread.fromUserId;
  const people = await loadPeople(ctx.tx, [viewer.id, otherId]);
  const other = people.get(otherId);
  if (!other) throw notFound('Thread');
  const day = zonedDay(date, timezone);
  if (!day) throw validationError({ date: 'Choose a date.' });
  const { dayStart, dayEnd } = day;
  const stepMinutes = other.slotMinutes === 15 ? 15 : 30;
  const busy = await busyIntervals(ctx.tx, {
    userIds: [viewer.id, otherId],
    from: dayStart,
    to: new Date(dayEnd.getTime() + durationMinutes * 60_000),
  });
  const rules = {
    now: ctx.now,
    durationMinutes,
    pickerTimeZone: timezone,
    stepMinutes,
    other: {
      firstName: other.firstName,
      timezone: other.timezone,
      weeklyHours: other.weeklyHours,
      lastAvailabilityDay: lastAvailabilityDay(other.lastAvailabilityDate),
    },
    busy,
  };
  return {
    stepMinutes,
    timezone,
    other: {
      id: other.id,
      identifier: other.identifier,
      firstName: other.firstName,
      fullName: `${other.firstName} ${other.lastName}`.trim(),
      photoUrl: other.photoUrl,
      timezone: other.timezone,
    },
    hasWeeklyHours: other.weeklyHours.length > 0,
    lastAvailabilityDate: lastAvailabilityDay(other.lastAvailabilityDate),
    slots: meetingSlots({ dayStart, dayEnd, stepMinutes }).map((slot) => ({
      start: slot.toISOString(),
      isDisabled: proposalProblem(slot, rules) !== null,
    })),
  };
}

/** The iCalendar invite of one of the viewer's scheduled meetings (METHOD:CANCEL once canceled or rescheduled). */
export async function buildMeetingInvite(
  ctx: TRequestContext,
  options: { meetingId: string; deps: TMeetingDeps },
): Promise<string> {
  const viewerId = ctx.requireViewer().user.id;
  const { row } = await requireMeeting(
    ctx,
    await findMeetingFor(ctx.tx, { meetingId: options.meetingId, viewerId }),
  );
  if (!row.scheduledTime) throw conflict('This meeting has no time yet.');
  const people = await loadPeople(ctx.tx, [row.fromUserId, row.toUserId]);
  const from = people.get(row.fromUserId);
  const to = people.get(row.toUserId);
  const viewer = people.get(viewerId);
  if (!from || !to || !viewer) throw notFound('Meeting');
  const isCancelled = row.status === 'cancelled' || row.lastEvent === 'rescheduleRequested';
  return buildCalendar({
    method: isCancelled ? 'CANCEL' : 'REQUEST',
    organizer: organizerFrom(options.deps.mailFrom),
    now: ctx.now,
    meetings: [{ row, from, to, ...meetingLinks(options.deps, row, viewer), isCancelled }],
  });
}
