import type {
  TAdvisingFollowUpItem,
  TAdminAdviser,
  TAdminAppointmentType,
  TAdviserAvailability,
  TAdviserCard,
  TAdvisingAppointment,
  TAdvisingReport,
  TAdvisingTopic,
  TAppointmentTypeSummary,
} from '@commons/contract';
import {
  ADVISING_STATUS_LABELS,
  ADVISING_STATUSES,
  formatDurationHoursMinutes,
  MEETING_MEDIUM_LABELS,
  type TAdvisingReportGroup,
} from '@commons/domain';
import { toCsv } from '../groups/csv.js';
import { appointmentAbilities, changeRefusalFor } from './advising.policy.js';
import type {
  TAdviserWithUser,
  TAdvisingPersonRow,
  TAppointmentDetail,
  TAppointmentTypeRow,
  TCalendarRow,
  TTopicRow,
} from './advising.queries.js';

function fullName(p: Pick<TAdvisingPersonRow, 'firstName' | 'lastName'>): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

function presentPerson(p: TAdvisingPersonRow) {
  return {
    userId: p.id,
    identifier: p.identifier,
    firstName: p.firstName,
    fullName: fullName(p),
    photoUrl: p.photoUrl,
  };
}

/** A topic for members, with how many active advisers cover it. */
export function presentTopic(row: TTopicRow, adviserCount: number): TAdvisingTopic {
  return { id: row.id, name: row.name, description: row.description, adviserCount };
}

/** An appointment type as members see it (spec 3 advisingAppointmentType). */
export function presentTypeSummary(row: TAppointmentTypeRow): TAppointmentTypeSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.durationMinutes,
    durationText: formatDurationHoursMinutes(row.durationMinutes),
    medium: row.medium,
    mediumLabel: MEETING_MEDIUM_LABELS[row.medium],
    location: row.location,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    minimumNoticeText: formatDurationHoursMinutes(row.minimumNoticeMinutes),
    topicIds: row.topicIds,
  };
}

/** An appointment type with every setting, for advising admins. */
export function presentAdminType(row: TAppointmentTypeRow): TAdminAppointmentType {
  return {
    ...presentTypeSummary(row),
    phone: row.phone,
    videoUrl: row.videoUrl,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    maxDaysAhead: row.maxDaysAhead,
    maxPerDay: row.maxPerDay,
    whoMayBook: { userTypeIds: row.bookerUserTypeIds, programIds: row.bookerProgramIds },
    isActive: row.isActive,
  };
}

/** An adviser card for members: their topics and the types the viewer may book. */
export function presentAdviserCard(options: {
  row: TAdviserWithUser;
  topics: ReadonlyMap<string, TTopicRow>;
  bookableTypes: readonly TAppointmentTypeRow[];
  unavailableMessage: string | null;
  canEditHours: boolean;
}): TAdviserCard {
  const { adviser, user } = options.row;
  return {
    ...presentPerson(user),
    id: adviser.id,
    headline: user.headline,
    title: adviser.title,
    bio: adviser.bio,
    timezone: adviser.timezone,
    topics: adviser.topicIds.flatMap((id) => {
      const topic = options.topics.get(id);
      return topic?.isActive ? [{ id: topic.id, name: topic.name }] : [];
    }),
    appointmentTypes: options.bookableTypes.map(presentTypeSummary),
    unavailableMessage: options.unavailableMessage,
    can: {
      book: options.bookableTypes.length > 0 && options.unavailableMessage === null,
      editHours: options.canEditHours,
    },
  };
}

/** An adviser for advising admins. */
export function presentAdminAdviser(options: {
  row: TAdviserWithUser;
  hasCalendar: boolean;
  upcomingCount: number;
}): TAdminAdviser {
  const { adviser, user } = options.row;
  return {
    ...presentPerson(user),
    id: adviser.id,
    email: user.email,
    title: adviser.title,
    bio: adviser.bio,
    timezone: adviser.timezone,
    isActive: adviser.isActive,
    topicIds: adviser.topicIds,
    appointmentTypeIds: adviser.appointmentTypeIds,
    hasWeeklyHours: adviser.weeklyHours.length > 0,
    hasCalendar: options.hasCalendar,
    upcomingCount: options.upcomingCount,
  };
}

/** An adviser's availability for themselves and advising admins. */
export function presentAvailability(options: {
  row: TAdviserWithUser;
  calendar: TCalendarRow | null;
  busyCount: number;
}): TAdviserAvailability {
  const { adviser } = options.row;
  return {
    adviserId: adviser.id,
    timezone: adviser.timezone,
    weeklyHours: adviser.weeklyHours,
    exceptions: adviser.exceptions.map((e) => ({
      date: e.date,
      intervals: [...e.intervals],
      label: e.label ?? null,
    })),
    slotMinutes: adviser.slotMinutes === 15 ? 15 : 30,
    calendar: {
      icsUrl: options.calendar?.icsUrl ?? null,
      lastSyncedAt: options.calendar?.syncedAt?.toISOString() ?? null,
      lastError: options.calendar?.lastError ?? null,
      busyCount: options.busyCount,
    },
  };
}

/**
 * An appointment for one viewer: the advising fields of its meeting (spec 3 advisingStatus and
 * advisingAppointmentType), its people and place, the staff notes for advising staff only, and what the
 * viewer may do.
 */
export function presentAppointment(
  detail: TAppointmentDetail,
  role: 'student' | 'adviser' | 'staff',
  now: Date,
): TAdvisingAppointment {
  const { appointment, adviser, adviserUser, student, type, topic } = detail;
  const viewer = role === 'student' ? student : adviserUser;
  const videoCallUrl =
    type.medium === 'video'
      ? (type.videoUrl ??
        `/inbox/${encodeURIComponent(viewer.identifier)}/thread/${encodeURIComponent(appointment.threadId)}`)
      : null;
  return {
    id: appointment.id,
    hubId: String(appointment.hubId),
    threadId: appointment.threadId,
    meetingId: appointment.meetingId,
    adviser: { ...presentPerson(adviserUser), id: adviser.id, title: adviser.title },
    student: presentPerson(student),
    topic: topic ? { id: topic.id, name: topic.name } : null,
    appointmentType: presentTypeSummary(type),
    advisingStatus: appointment.advisingStatus,
    advisingStatusLabel: ADVISING_STATUS_LABELS[appointment.advisingStatus],
    start: appointment.startsAt.toISOString(),
    end: appointment.endsAt.toISOString(),
    timezone: appointment.timezone,
    location: type.medium === 'in-person' || type.medium === 'external-meeting' ? type.location : null,
    phone: type.medium === 'phone' ? type.phone : null,
    videoCallUrl,
    note: appointment.note,
    staffNotes: role === 'student' ? null : detail.staffNotes,
    cancelReason: appointment.cancelReason,
    canceledAt: appointment.canceledAt?.toISOString() ?? null,
    followUp:
      appointment.followUp !== null && appointment.followUpSetAt !== null
        ? {
            text: appointment.followUp,
            setAt: appointment.followUpSetAt.toISOString(),
            doneAt: appointment.followUpDoneAt?.toISOString() ?? null,
          }
        : null,
    viewerRole: role,
    changeRefusal: changeRefusalFor(detail, role, now),
    can: appointmentAbilities(detail, role, now),
    createdAt: appointment.createdAt.toISOString(),
    updatedAt: appointment.updatedAt.toISOString(),
  };
}

/** Report rows: counts per status filled in for every status, in the group's order. */
export function presentReport(options: {
  groupBy: TAdvisingReportGroup;
  from: string;
  to: string;
  timezone: string;
  counts: ReadonlyArray<{ key: string | null; status: string; count: number }>;
  labelOf: (key: string | null) => string;
}): TAdvisingReport {
  const empty = () =>
    Object.fromEntries(ADVISING_STATUSES.map((s) => [s, 0])) as Record<
      (typeof ADVISING_STATUSES)[number],
      number
    >;
  const rows = new Map<string, TAdvisingReport['rows'][number]>();
  for (const c of options.counts) {
    const key = c.key ?? '';
    const row = rows.get(key) ?? { key, label: options.labelOf(c.key), total: 0, byStatus: empty() };
    if ((ADVISING_STATUSES as readonly string[]).includes(c.status))
      row.byStatus[c.status as (typeof ADVISING_STATUSES)[number]] += c.count;
    row.total += c.count;
    rows.set(key, row);
  }
  const list = [...rows.values()];
  if (options.groupBy === 'week') list.sort((a, b) => a.key.localeCompare(b.key));
  else if (options.groupBy === 'status')
    list.sort(
      (a, b) =>
        ADVISING_STATUSES.indexOf(a.key as (typeof ADVISING_STATUSES)[number]) -
        ADVISING_STATUSES.indexOf(b.key as (typeof ADVISING_STATUSES)[number]),
    );
  else list.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  return {
    groupBy: options.groupBy,
    from: options.from,
    to: options.to,
    timezone: options.timezone,
    rows: list,
    total: list.reduce((sum, r) => sum + r.total, 0),
  };
}

const GROUP_HEADINGS: Record<TAdvisingReportGroup, string> = {
  topic: 'Topic',
  adviser: 'Adviser',
  status: 'Status',
  week: 'Week of',
};

/** The report as CSV (RFC 4180, formulas neutralised): one line per group, a column per advising status. */
export function reportCsv(report: TAdvisingReport): string {
  return toCsv([
    [GROUP_HEADINGS[report.groupBy], 'Total', ...ADVISING_STATUSES.map((s) => ADVISING_STATUS_LABELS[s])],
    ...report.rows.map((r) => [r.label, r.total, ...ADVISING_STATUSES.map((s) => r.byStatus[s])]),
    [
      'Total',
      report.total,
      ...ADVISING_STATUSES.map((s) => report.rows.reduce((n, r) => n + r.byStatus[s], 0)),
    ],
  ]);
}

/** The student's open follow-ups as action items (rows of openFollowUps). */
export function presentFollowUpItems(
  rows: ReadonlyArray<{
    appointmentId: string;
    startsAt: Date;
    followUp: string | null;
    followUpSetAt: Date | null;
    typeName: string;
    adviserFirstName: string;
    adviserLastName: string;
  }>,
): TAdvisingFollowUpItem[] {
  return rows.flatMap((row) =>
    row.followUp === null || row.followUpSetAt === null
      ? []
      : [
          {
            appointmentId: row.appointmentId,
            appointmentTitle: `${row.typeName} with ${row.adviserFirstName} ${row.adviserLastName}`,
            appointmentStart: row.startsAt.toISOString(),
            text: row.followUp,
            setAt: row.followUpSetAt.toISOString(),
          },
        ],
  );
}
