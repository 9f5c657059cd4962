import type { THeldAppointment, TInstantInterval } from '@commons/domain';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-rows.js';
import {
  adviserBusyIntervals,
  adviserCalendars,
  advisers,
  advisingAppointmentNotes,
  advisingAppointments,
  advisingAppointmentTypes,
  advisingTopics,
  groupMemberships,
  groups,
  hubMemberships,
  users,
} from '../../db/schema/index.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

export type TTopicRow = typeof advisingTopics.$inferSelect;
export type TAppointmentTypeRow = typeof advisingAppointmentTypes.$inferSelect;
export type TAdviserRow = typeof advisers.$inferSelect;
export type TAppointmentRow = typeof advisingAppointments.$inferSelect;
export type TCalendarRow = typeof adviserCalendars.$inferSelect;

/** The person fields advising shows. */
export const personColumns = {
  id: users.id,
  identifier: users.identifier,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  photoUrl: users.photoUrl,
  headline: users.headline,
  timezone: users.timezone,
  lastAvailabilityDate: users.lastAvailabilityDate,
  deleteRequestedAt: users.deleteRequestedAt,
};

/** A person as advising loads them. */
export type TAdvisingPersonRow = {
  id: string;
  identifier: string;
  firstName: string;
  lastName: string;
  email: string;
  photoUrl: string | null;
  headline: string | null;
  timezone: string;
  lastAvailabilityDate: Date | null;
  deleteRequestedAt: Date | null;
};

/** An adviser with their user. */
export type TAdviserWithUser = { adviser: TAdviserRow; user: TAdvisingPersonRow };

/** The hub's topics, by name; only the active ones unless `isAll`. */
export function listTopics(tx: TTx, options: { hubId: number; isAll: boolean }): Promise<TTopicRow[]> {
  return tx
    .select()
    .from(advisingTopics)
    .where(
      and(
        eq(advisingTopics.hubId, options.hubId),
        options.isAll ? undefined : eq(advisingTopics.isActive, true),
      ),
    )
    .orderBy(asc(sql`lower(${advisingTopics.name})`), asc(advisingTopics.id));
}

/** One topic of the hub, or null. */
export async function findTopic(tx: TTx, options: { hubId: number; id: string }): Promise<TTopicRow | null> {
  const [row] = await tx
    .select()
    .from(advisingTopics)
    .where(and(eq(advisingTopics.hubId, options.hubId), eq(advisingTopics.id, options.id)))
    .limit(1);
  return row ?? null;
}

/** The hub's appointment types, by name; only the active ones unless `isAll`. */
export function listAppointmentTypes(
  tx: TTx,
  options: { hubId: number; isAll: boolean },
): Promise<TAppointmentTypeRow[]> {
  return tx
    .select()
    .from(advisingAppointmentTypes)
    .where(
      and(
        eq(advisingAppointmentTypes.hubId, options.hubId),
        options.isAll ? undefined : eq(advisingAppointmentTypes.isActive, true),
      ),
    )
    .orderBy(asc(sql`lower(${advisingAppointmentTypes.name})`), asc(advisingAppointmentTypes.id));
}

/** One appointment type of the hub, or null. */
export async function findAppointmentType(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TAppointmentTypeRow | null> {
  const [row] = await tx
    .select()
    .from(advisingAppointmentTypes)
    .where(
      and(eq(advisingAppointmentTypes.hubId, options.hubId), eq(advisingAppointmentTypes.id, options.id)),
    )
    .limit(1);
  return row ?? null;
}

/** The hub's advisers with their users (active ones unless `isAll`; of one topic when given), by last name. */
export function listAdvisers(
  tx: TTx,
  options: { hubId: number; isAll: boolean; topicId?: string | undefined },
): Promise<TAdviserWithUser[]> {
  return tx
    .select({ adviser: advisers, user: personColumns })
    .from(advisers)
    .innerJoin(users, eq(users.id, advisers.userId))
    .where(
      and(
        eq(advisers.hubId, options.hubId),
        options.isAll ? undefined : eq(advisers.isActive, true),
        options.isAll ? undefined : sql`${users.deleteRequestedAt} is null`,
        options.topicId === undefined
          ? undefined
          : sql`${advisers.topicIds} @> array[${options.topicId}::uuid]`,
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(advisers.id));
}

/** One adviser of the hub with their user, or null. */
export async function findAdviser(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TAdviserWithUser | null> {
  const [row] = await tx
    .select({ adviser: advisers, user: personColumns })
    .from(advisers)
    .innerJoin(users, eq(users.id, advisers.userId))
    .where(and(eq(advisers.hubId, options.hubId), eq(advisers.id, options.id)))
    .limit(1);
  return row ?? null;
}

/**
 * What the free-slots read needs before the busy time, in one statement (the hot-read budget of issue #17,
 * the slots benchmark of issue #21): the hub's settings, the adviser with their person, the appointment type,
 * and, for a reschedule, the appointment being moved (RLS decides who sees it).
 */
export async function findSlotsInputs(
  tx: TTx,
  options: {
    hubId: number;
    adviserId: string;
    appointmentTypeId: string;
    appointmentId?: string | undefined;
  },
): Promise<{
  settings: unknown;
  adviser: TAdviserWithUser | null;
  type: TAppointmentTypeRow | null;
  appointment: TAppointmentRow | null;
}> {
  const [row] = await queryRows<{
    settings: unknown;
    adviser: Record<string, unknown> | null;
    person: Record<string, unknown> | null;
    type: Record<string, unknown> | null;
    appointment: Record<string, unknown> | null;
  }>(
    tx,
    sql`select
          (select s.settings from hub_settings s where s.hub_id = ${options.hubId}) as settings,
          (select row_to_json(a) from advisers a where a.hub_id = ${options.hubId} and a.id = ${options.adviserId}::uuid) as adviser,
          (select json_build_object('id', u.id, 'identifier', u.identifier, 'first_name', u.first_name,
                    'last_name', u.last_name, 'email', u.email, 'photo_url', u.photo_url, 'headline', u.headline,
                    'timezone', u.timezone, 'last_availability_date', u.last_availability_date,
                    'delete_requested_at', u.delete_requested_at)
             from advisers a join users u on u.id = a.user_id
            where a.hub_id = ${options.hubId} and a.id = ${options.adviserId}::uuid) as person,
          (select row_to_json(t) from advising_appointment_types t
            where t.hub_id = ${options.hubId} and t.id = ${options.appointmentTypeId}::uuid) as type,
          ${
            options.appointmentId === undefined
              ? sql`null::json`
              : sql`(select row_to_json(ap) from advising_appointments ap
                      where ap.hub_id = ${options.hubId} and ap.id = ${options.appointmentId}::uuid)`
          } as appointment`,
  );
  const person = row?.person ? rowFromJson(users, row.person) : null;
  return {
    settings: row?.settings ?? {},
    adviser:
      row?.adviser && person
        ? {
            adviser: rowFromJson(advisers, row.adviser),
            user: {
              id: person.id,
              identifier: person.identifier,
              firstName: person.firstName,
              lastName: person.lastName,
              email: person.email,
              photoUrl: person.photoUrl,
              headline: person.headline,
              timezone: person.timezone,
              lastAvailabilityDate: person.lastAvailabilityDate,
              deleteRequestedAt: person.deleteRequestedAt,
            },
          }
        : null,
    type: row?.type ? rowFromJson(advisingAppointmentTypes, row.type) : null,
    appointment: row?.appointment ? rowFromJson(advisingAppointments, row.appointment) : null,
  };
}

/** The viewer's adviser row in the hub, or null. */
export async function findAdviserByUser(
  tx: TTx,
  options: { hubId: number; userId: string },
): Promise<TAdviserWithUser | null> {
  const [row] = await tx
    .select({ adviser: advisers, user: personColumns })
    .from(advisers)
    .innerJoin(users, eq(users.id, advisers.userId))
    .where(and(eq(advisers.hubId, options.hubId), eq(advisers.userId, options.userId)))
    .limit(1);
  return row ?? null;
}

/** How many active advisers cover each topic of the hub. */
export async function adviserCountsByTopic(tx: TTx, hubId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ topic_id: string; count: number }>(
    tx,
    sql`select t.topic_id, count(*)::int as count
        from ${advisers} a
        join ${users} u on u.id = a.user_id and u.delete_requested_at is null
        cross join lateral unnest(a.topic_ids) as t(topic_id)
        where a.hub_id = ${hubId} and a.is_active
        group by t.topic_id`,
  );
  return new Map(rows.map((r) => [r.topic_id, r.count]));
}

/** The program (group) ids of the hub the user is an approved member of in good standing, among `programIds`. */
export async function memberProgramIds(
  tx: TTx,
  options: { hubId: number; userId: string; programIds: readonly string[] },
): Promise<string[]> {
  if (options.programIds.length === 0) return [];
  const rows = await tx
    .select({ groupId: groupMemberships.groupId })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(
      and(
        eq(groups.hubId, options.hubId),
        eq(groupMemberships.userId, options.userId),
        inArray(groupMemberships.groupId, [...options.programIds]),
        eq(groupMemberships.approved, true),
      ),
    );
  return rows.map((r) => r.groupId);
}

/** What keeps an adviser busy in a window (app_advising_busy): busy intervals and held appointments. */
export async function adviserBusy(
  tx: TTx,
  options: { adviserId: string; from: Date; to: Date; ignoreAppointmentId?: string | null },
): Promise<{ busy: TInstantInterval[]; appointments: THeldAppointment[] }> {
  const rows = await queryRows<{
    kind: 'calendar' | 'meeting' | 'appointment';
    starts_at: string | Date;
    ends_at: string | Date;
    held_from: string | Date;
    held_until: string | Date;
    appointment_type_id: string | null;
  }>(
    tx,
    sql`select * from app_advising_busy(${options.adviserId}::uuid, ${options.from.toISOString()}::timestamptz,
          ${options.to.toISOString()}::timestamptz, ${options.ignoreAppointmentId ?? null}::uuid)`,
  );
  const busy: TInstantInterval[] = [];
  const appointments: THeldAppointment[] = [];
  for (const row of rows) {
    const start = new Date(row.starts_at);
    const end = new Date(row.ends_at);
    if (row.kind === 'appointment') {
      const heldFrom = new Date(row.held_from);
      const heldUntil = new Date(row.held_until);
      appointments.push({
        start,
        end,
        bufferBeforeMinutes: Math.round((start.getTime() - heldFrom.getTime()) / 60_000),
        bufferAfterMinutes: Math.round((heldUntil.getTime() - end.getTime()) / 60_000),
        appointmentTypeId: row.appointment_type_id ?? '',
      });
    } else busy.push({ start, end });
  }
  return { busy, appointments };
}

/** An appointment with what its presentation needs. */
export type TAppointmentDetail = {
  appointment: TAppointmentRow;
  adviser: TAdviserRow;
  adviserUser: TAdvisingPersonRow;
  student: TAdvisingPersonRow;
  type: TAppointmentTypeRow;
  topic: TTopicRow | null;
  staffNotes: string | null;
};

/** Appointments with their people, type and topic, loaded by id (RLS decides who sees which). */
async function detailsOf(tx: TTx, rows: TAppointmentRow[]): Promise<TAppointmentDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.flatMap((r) => [r.adviserUserId, r.studentUserId]))];
  const adviserIds = [...new Set(rows.map((r) => r.adviserId))];
  const typeIds = [...new Set(rows.map((r) => r.appointmentTypeId))];
  const topicIds = [...new Set(rows.flatMap((r) => (r.topicId ? [r.topicId] : [])))];
  const people = await tx.select(personColumns).from(users).where(inArray(users.id, userIds));
  const adviserRows = await tx.select().from(advisers).where(inArray(advisers.id, adviserIds));
  const types = await tx
    .select()
    .from(advisingAppointmentTypes)
    .where(inArray(advisingAppointmentTypes.id, typeIds));
  const topics =
    topicIds.length === 0
      ? []
      : await tx.select().from(advisingTopics).where(inArray(advisingTopics.id, topicIds));
  const notes = await tx
    .select({ appointmentId: advisingAppointmentNotes.appointmentId, body: advisingAppointmentNotes.body })
    .from(advisingAppointmentNotes)
    .where(inArray(advisingAppointmentNotes.appointmentId, ids));
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const peopleById = byId(people);
  const advisersById = byId(adviserRows);
  const typesById = byId(types);
  const topicsById = byId(topics);
  const notesById = new Map(notes.map((n) => [n.appointmentId, n.body]));
  return rows.flatMap((appointment) => {
    const adviser = advisersById.get(appointment.adviserId);
    const adviserUser = peopleById.get(appointment.adviserUserId);
    const student = peopleById.get(appointment.studentUserId);
    const type = typesById.get(appointment.appointmentTypeId);
    if (!adviser || !adviserUser || !student || !type) return [];
    return [
      {
        appointment,
        adviser,
        adviserUser,
        student,
        type,
        topic: appointment.topicId ? (topicsById.get(appointment.topicId) ?? null) : null,
        staffNotes: notesById.get(appointment.id) ?? null,
      },
    ];
  });
}

/** One appointment of the hub the viewer may see (RLS: student, adviser, advising admins), or null. */
export async function findAppointment(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<TAppointmentDetail | null> {
  const rows = await tx
    .select()
    .from(advisingAppointments)
    .where(and(eq(advisingAppointments.hubId, options.hubId), eq(advisingAppointments.id, options.id)))
    .limit(1);
  return (await detailsOf(tx, rows))[0] ?? null;
}

/**
 * A page of appointments of the hub: the viewer's as student or adviser, or (advising admins) all; upcoming
 * (not ended, soonest first) or past (latest first), keyset on (starts_at, id).
 */
export async function appointmentsPage(
  tx: TTx,
  options: {
    hubId: number;
    viewerId: string;
    role: 'student' | 'adviser' | 'all';
    when: 'upcoming' | 'past';
    now: Date;
    cursor: TCursor | null;
    limit: number;
  },
): Promise<{ rows: TAppointmentDetail[]; nextCursor: string | null }> {
  const direction = options.when === 'upcoming' ? 'asc' : 'desc';
  const rows = await tx
    .select()
    .from(advisingAppointments)
    .where(
      and(
        eq(advisingAppointments.hubId, options.hubId),
        options.role === 'student' ? eq(advisingAppointments.studentUserId, options.viewerId) : undefined,
        options.role === 'adviser' ? eq(advisingAppointments.adviserUserId, options.viewerId) : undefined,
        options.when === 'upcoming'
          ? gte(advisingAppointments.endsAt, options.now)
          : lt(advisingAppointments.endsAt, options.now),
        keysetAfter(options.cursor, {
          sortKey: advisingAppointments.startsAt,
          id: advisingAppointments.id,
          kind: 'instant',
          direction,
        }),
      ),
    )
    .orderBy(
      direction === 'asc' ? asc(advisingAppointments.startsAt) : desc(advisingAppointments.startsAt),
      direction === 'asc' ? asc(advisingAppointments.id) : desc(advisingAppointments.id),
    )
    .limit(options.limit + 1);
  const page = keysetPage(rows, options.limit, (r) => ({ at: r.startsAt.toISOString(), id: r.id }));
  return { rows: await detailsOf(tx, page.rows), nextCursor: page.nextCursor };
}

/** Most open follow-ups listed among a student's action items (a home section holds at most 30 items, spec 9). */
export const OPEN_FOLLOW_UPS_LIMIT = 30;

/**
 * The student's open follow-ups in the hub (issue #21 item 4), newest first, with what the appointment was and
 * with whom: one statement on the partial index of open follow-ups.
 */
export function openFollowUps(tx: TTx, options: { hubId: number; userId: string }) {
  return tx
    .select({
      appointmentId: advisingAppointments.id,
      startsAt: advisingAppointments.startsAt,
      followUp: advisingAppointments.followUp,
      followUpSetAt: advisingAppointments.followUpSetAt,
      typeName: advisingAppointmentTypes.name,
      adviserFirstName: users.firstName,
      adviserLastName: users.lastName,
    })
    .from(advisingAppointments)
    .innerJoin(
      advisingAppointmentTypes,
      eq(advisingAppointmentTypes.id, advisingAppointments.appointmentTypeId),
    )
    .innerJoin(users, eq(users.id, advisingAppointments.adviserUserId))
    .where(
      and(
        eq(advisingAppointments.studentUserId, options.userId),
        eq(advisingAppointments.hubId, options.hubId),
        isNotNull(advisingAppointments.followUp),
        isNull(advisingAppointments.followUpDoneAt),
      ),
    )
    .orderBy(desc(advisingAppointments.followUpSetAt))
    .limit(OPEN_FOLLOW_UPS_LIMIT);
}

/** How many upcoming active appointments each adviser of the hub has. */
export async function upcomingCountsByAdviser(tx: TTx, options: { hubId: number; now: Date }) {
  const rows = await tx
    .select({ adviserId: advisingAppointments.adviserId, count: sql<number>`count(*)::int` })
    .from(advisingAppointments)
    .where(
      and(
        eq(advisingAppointments.hubId, options.hubId),
        inArray(advisingAppointments.advisingStatus, ['scheduled', 'checkedIn']),
        gte(advisingAppointments.endsAt, options.now),
      ),
    )
    .groupBy(advisingAppointments.adviserId);
  return new Map(rows.map((r) => [r.adviserId, r.count]));
}

/** How many appointments name each topic of the hub (any status). */
export async function appointmentCountsByTopic(tx: TTx, hubId: number): Promise<Map<string, number>> {
  const rows = await tx
    .select({ topicId: advisingAppointments.topicId, count: sql<number>`count(*)::int` })
    .from(advisingAppointments)
    .where(eq(advisingAppointments.hubId, hubId))
    .groupBy(advisingAppointments.topicId);
  return new Map(rows.flatMap((r) => (r.topicId ? [[r.topicId, r.count] as const] : [])));
}

/** Whether any appointment of the hub used the appointment type. */
export async function isAppointmentTypeUsed(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: advisingAppointments.id })
    .from(advisingAppointments)
    .where(
      and(
        eq(advisingAppointments.hubId, options.hubId),
        eq(advisingAppointments.appointmentTypeId, options.id),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The calendar of an adviser (the adviser and advising admins see it), or null. */
export async function findCalendar(tx: TTx, adviserId: string): Promise<TCalendarRow | null> {
  const [row] = await tx
    .select()
    .from(adviserCalendars)
    .where(eq(adviserCalendars.adviserId, adviserId))
    .limit(1);
  return row ?? null;
}

/** How many busy intervals of an adviser's calendar lie ahead. */
export async function upcomingBusyCount(tx: TTx, options: { adviserId: string; now: Date }): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(adviserBusyIntervals)
    .where(
      and(
        eq(adviserBusyIntervals.adviserId, options.adviserId),
        gte(adviserBusyIntervals.endsAt, options.now),
      ),
    );
  return row?.count ?? 0;
}

/** Which advisers of the hub have a calendar address. */
export async function advisersWithCalendar(tx: TTx, hubId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ adviserId: adviserCalendars.adviserId })
    .from(adviserCalendars)
    .where(eq(adviserCalendars.hubId, hubId));
  return new Set(rows.map((r) => r.adviserId));
}

/** Approved members of the hub matching a name or email (at most 20), with whether they advise already. */
export async function adviserCandidates(tx: TTx, options: { hubId: number; q: string }) {
  const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select({ user: personColumns, adviserId: advisers.id })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(advisers, and(eq(advisers.userId, users.id), eq(advisers.hubId, options.hubId)))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        eq(hubMemberships.approved, true),
        sql`${users.deleteRequestedAt} is null`,
        options.q === ''
          ? undefined
          : or(
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              ilike(users.email, pattern),
            ),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(20);
}

/** One report row as read: the group's key and its count per advising status. */
export type TReportCountRow = { key: string | null; status: string; count: number };

/**
 * Appointments of the hub starting in [from, to), counted per group and advising status (issue #21 item 5):
 * by topic, adviser, status, or week (the Monday of the week in `timeZone`).
 */
export function reportCounts(
  tx: TTx,
  options: {
    hubId: number;
    groupBy: 'topic' | 'adviser' | 'status' | 'week';
    from: Date;
    to: Date;
    timeZone: string;
  },
): Promise<TReportCountRow[]> {
  const key = {
    topic: sql`a.topic_id::text`,
    adviser: sql`a.adviser_id::text`,
    status: sql`a.advising_status`,
    week: sql`to_char(date_trunc('week', a.starts_at at time zone ${options.timeZone}), 'YYYY-MM-DD')`,
  }[options.groupBy];
  return queryRows<TReportCountRow>(
    tx,
    sql`select ${key} as key, a.advising_status as status, count(*)::int as count
        from ${advisingAppointments} a
        where a.hub_id = ${options.hubId} and a.starts_at >= ${options.from.toISOString()}::timestamptz
          and a.starts_at < ${options.to.toISOString()}::timestamptz
        group by 1, 2`,
  );
}
