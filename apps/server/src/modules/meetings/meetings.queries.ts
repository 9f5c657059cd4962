import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { meetings, userAvailability, users, type TWeeklyInterval } from '../../db/schema/index.js';

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

/** One meeting the viewer takes part in (RLS also hides everyone else's); null otherwise. */
export async function findMeetingFor(tx: TTx, options: { meetingId: string; viewerId: string }): Promise<TMeetingRow | null> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, options.meetingId), or(eq(meetings.fromUserId, options.viewerId), eq(meetings.toUserId, options.viewerId))))
    .limit(1);
  return row ?? null;
}

/** The meeting of a meeting token, when the viewer takes part in it. */
export async function findMeetingByToken(tx: TTx, options: { token: string; viewerId: string }): Promise<TMeetingRow | null> {
  const [row] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.meetingToken, options.token), or(eq(meetings.fromUserId, options.viewerId), eq(meetings.toUserId, options.viewerId))))
    .limit(1);
  return row ?? null;
}

/** Meetings of one thread, oldest first (the order of their messages). */
export function listThreadMeetings(tx: TTx, threadId: string): Promise<TMeetingRow[]> {
  return tx.select().from(meetings).where(eq(meetings.threadId, threadId)).orderBy(asc(meetings.createdAt), asc(meetings.id));
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
export function listCalendarMeetings(tx: TTx, options: { userId: string; from: Date }): Promise<TMeetingRow[]> {
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
