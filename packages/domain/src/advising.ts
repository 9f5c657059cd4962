/**
 * Advising (issue #21; spec 1 advising appointments and advisers, spec 3 Meeting advisingStatus and
 * advisingAppointmentType, spec 4 Meetings, spec 5 Availability and Meeting slots, spec 6 adviser meetings
 * depend on advising being shown): appointment type settings, an adviser's weekly hours and date
 * exceptions, the free-slot computation of quick booking, who may book, and the appointment's life
 * (cancel and reschedule within the notice, check-in, no-show, completed, reminders). Pure: `now` and
 * every time zone are arguments.
 */
import { formatDurationHoursMinutes, MEETING_SLOT_MINUTES, meetingSlots } from './meetings.js';
import type { TMeetingMedium } from './message-types.js';
import { addCalendarDays, isCalendarDate, weekdayOf, zonedDate, zonedInstant } from './time.js';

/** How many days quick booking looks ahead (issue #21: "the next 14 days"). */
export const ADVISING_BOOKING_WINDOW_DAYS = 14;

/** Limits of an appointment type's settings, in minutes or days. */
export const APPOINTMENT_TYPE_LIMITS = {
  minDurationMinutes: 15,
  maxDurationMinutes: 240,
  maxBufferMinutes: 120,
  /** Two weeks of notice at most. */
  maxMinimumNoticeMinutes: 14 * 24 * 60,
  minDaysAhead: 1,
  maxDaysAhead: 365,
  maxPerDay: 50,
} as const;

/** Defaults of a new appointment type. */
export const DEFAULT_APPOINTMENT_TYPE_SETTINGS = {
  durationMinutes: 30,
  medium: 'video',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 24 * 60,
  maxDaysAhead: ADVISING_BOOKING_WINDOW_DAYS,
  maxPerDay: null,
} as const satisfies Partial<TAppointmentTypeSettings>;

/**
 * Who may book an appointment type: members of these user types or approved members of these programs.
 * Both empty: every member of the hub.
 */
export type TWhoMayBook = { userTypeIds: readonly string[]; programIds: readonly string[] };

/**
 * An appointment type (issue #21 item 1): its length, one of the five meeting mediums (spec 9) with the
 * place (in-person, external), phone number (phone) or video room (video: an outside link, or the Commons
 * room of the thread when null), the buffers kept free before and after, the least notice before it
 * starts, how far ahead it may be booked, the most of it an adviser takes a day (null: no limit), and
 * who may book it.
 */
export type TAppointmentTypeSettings = {
  name: string;
  durationMinutes: number;
  medium: TMeetingMedium;
  location: string | null;
  phone: string | null;
  videoUrl: string | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  maxDaysAhead: number;
  maxPerDay: number | null;
  whoMayBook: TWhoMayBook;
};

/** Why an appointment type's settings cannot be saved, field by field; empty when they can. */
export function appointmentTypeProblems(settings: TAppointmentTypeSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  const limits = APPOINTMENT_TYPE_LIMITS;
  if (settings.name.trim() === '') problems.name = 'Give the appointment type a name.';
  if (
    !Number.isInteger(settings.durationMinutes) ||
    settings.durationMinutes < limits.minDurationMinutes ||
    settings.durationMinutes > limits.maxDurationMinutes ||
    settings.durationMinutes % 5 !== 0
  ) {
    problems.durationMinutes = `The length must be ${limits.minDurationMinutes} to ${limits.maxDurationMinutes} minutes, in steps of 5.`;
  }
  for (const key of ['bufferBeforeMinutes', 'bufferAfterMinutes'] as const) {
    const value = settings[key];
    if (!Number.isInteger(value) || value < 0 || value > limits.maxBufferMinutes)
      problems[key] = `A buffer is 0 to ${limits.maxBufferMinutes} minutes.`;
  }
  if (
    !Number.isInteger(settings.minimumNoticeMinutes) ||
    settings.minimumNoticeMinutes < 0 ||
    settings.minimumNoticeMinutes > limits.maxMinimumNoticeMinutes
  ) {
    problems.minimumNoticeMinutes = 'The notice is at most two weeks.';
  }
  if (
    !Number.isInteger(settings.maxDaysAhead) ||
    settings.maxDaysAhead < limits.minDaysAhead ||
    settings.maxDaysAhead > limits.maxDaysAhead
  ) {
    problems.maxDaysAhead = `Booking ahead is ${limits.minDaysAhead} to ${limits.maxDaysAhead} days.`;
  }
  if (
    settings.maxPerDay !== null &&
    (!Number.isInteger(settings.maxPerDay) || settings.maxPerDay < 1 || settings.maxPerDay > limits.maxPerDay)
  ) {
    problems.maxPerDay = `The most per day is 1 to ${limits.maxPerDay}, or no limit.`;
  }
  if (
    (settings.medium === 'in-person' || settings.medium === 'external-meeting') &&
    !settings.location?.trim()
  )
    problems.location = 'Say where the appointment takes place.';
  if (settings.medium === 'phone' && !settings.phone?.trim())
    problems.phone = 'Give the phone number to call.';
  return problems;
}

/**
 * Whether a member may book an appointment type (issue #21 item 1 "who may book: user types or programs"):
 * everyone when both lists are empty, else a member of one of the user types or of one of the programs.
 */
export function mayBookAppointmentType(options: {
  whoMayBook: TWhoMayBook;
  userTypeId: string | null;
  programIds: readonly string[];
}): boolean {
  const { userTypeIds, programIds } = options.whoMayBook;
  if (userTypeIds.length === 0 && programIds.length === 0) return true;
  if (options.userTypeId !== null && userTypeIds.includes(options.userTypeId)) return true;
  return options.programIds.some((id) => programIds.includes(id));
}

/** One interval of an adviser's week in their time zone: day 0 (Sunday) to 6, 'HH:mm' to 'HH:mm' (24:00 ends a day). */
export type TAdvisingWeeklyInterval = { day: number; start: string; end: string };

/** Hours of one calendar day, 'HH:mm' to 'HH:mm'. */
export type TDayInterval = { start: string; end: string };

/**
 * A date exception of an adviser (a holiday, a day off, or other hours that day) on a calendar day of
 * their zone: no intervals closes the day, intervals replace the weekly hours of that day.
 */
export type TAvailabilityException = {
  date: string;
  intervals: readonly TDayInterval[];
  label?: string | null;
};

/** An interval between two instants, end excluded. */
export type TInstantInterval = { start: Date; end: Date };

/** An existing appointment on the adviser's calendar with the buffers of its type. */
export type THeldAppointment = TInstantInterval & {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  appointmentTypeId: string;
};

const HH_MM = /^([01]\d|2[0-4]):([0-5]\d)$/;
const MINUTE = 60_000;

/** Minutes since midnight of 'HH:mm' (24:00 is 1440), or null when it is not a time of day. */
export function timeOfDayMinutes(hhmm: string): number | null {
  const match = HH_MM.exec(hhmm);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Start and end of a calendar day in a zone: 23 or 25 hours long across DST changes. */
export function zonedDayBounds(date: string, zone: string): TInstantInterval {
  return { start: zonedInstant(date, 0, zone), end: zonedInstant(addCalendarDays(date, 1), 0, zone) };
}

/** Why weekly hours cannot be saved (per index), or an empty record. Intervals of one day must not overlap. */
export function weeklyHoursProblems(intervals: readonly TAdvisingWeeklyInterval[]): Record<string, string> {
  const problems: Record<string, string> = {};
  intervals.forEach((interval, index) => {
    const start = timeOfDayMinutes(interval.start);
    const end = timeOfDayMinutes(interval.end);
    if (!Number.isInteger(interval.day) || interval.day < 0 || interval.day > 6)
      problems[`${index}.day`] = 'Choose a day of the week.';
    else if (start === null || end === null || start >= 1440 || end <= start)
      problems[`${index}.end`] = 'The end must be after the start.';
    else if (
      intervals.some((other, j) => {
        if (j === index || other.day !== interval.day) return false;
        const otherStart = timeOfDayMinutes(other.start);
        const otherEnd = timeOfDayMinutes(other.end);
        return otherStart !== null && otherEnd !== null && otherStart < end && start < otherEnd;
      })
    )
      problems[`${index}.start`] = 'Hours of one day must not overlap.';
  });
  return problems;
}

/** Why date exceptions cannot be saved (per index), or an empty record: real days, once each, valid hours. */
export function exceptionProblems(exceptions: readonly TAvailabilityException[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  exceptions.forEach((exception, index) => {
    if (!isCalendarDate(exception.date)) problems[`${index}.date`] = 'Choose a date.';
    else if (seen.has(exception.date)) problems[`${index}.date`] = 'Each date can have one exception.';
    seen.add(exception.date);
    const hours = exception.intervals.map((i) => ({ day: 0, start: i.start, end: i.end }));
    const own = weeklyHoursProblems(hours);
    for (const [key, message] of Object.entries(own)) problems[`${index}.intervals.${key}`] = message;
  });
  return problems;
}

/**
 * The adviser's open hours on one calendar day of their zone as instants: the exception of that day when
 * there is one (no intervals: closed), else the weekly intervals of its weekday. Sorted by start.
 */
export function openHoursOn(options: {
  date: string;
  timeZone: string;
  weeklyHours: readonly TAdvisingWeeklyInterval[];
  exceptions: readonly TAvailabilityException[];
}): TInstantInterval[] {
  const exception = options.exceptions.find((e) => e.date === options.date);
  const weekday = weekdayOf(options.date);
  const intervals: readonly TDayInterval[] =
    exception?.intervals ?? options.weeklyHours.filter((interval) => interval.day === weekday);
  const open: TInstantInterval[] = [];
  for (const interval of intervals) {
    const start = timeOfDayMinutes(interval.start);
    const end = timeOfDayMinutes(interval.end);
    if (start === null || end === null || end <= start) continue;
    const startAt = zonedInstant(options.date, start, options.timeZone);
    const endAt = zonedInstant(options.date, end, options.timeZone);
    // A skipped hour can make a short interval empty (02:00-03:00 on a spring-forward day).
    if (endAt.getTime() > startAt.getTime()) open.push({ start: startAt, end: endAt });
  }
  return open.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The time an appointment holds on the adviser's calendar: its own time widened by its type's buffers. */
export function heldInterval(appointment: {
  start: Date;
  end: Date;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}): TInstantInterval {
  return {
    start: new Date(appointment.start.getTime() - appointment.bufferBeforeMinutes * MINUTE),
    end: new Date(appointment.end.getTime() + appointment.bufferAfterMinutes * MINUTE),
  };
}

function overlaps(a: TInstantInterval, b: TInstantInterval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** One free slot: the appointment's start and end. */
export type TAdvisingSlot = { start: Date; end: Date };

/** Free slots of one calendar day of the viewer's zone. */
export type TAdvisingSlotDay = { date: string; slots: TAdvisingSlot[] };

/** What decides an adviser's free slots for one appointment type. */
export type TAdvisingSlotOptions = {
  now: Date;
  /** The appointment type booked: its length, buffers, notice, reach and daily limit. */
  appointmentType: Pick<
    TAppointmentTypeSettings,
    | 'durationMinutes'
    | 'bufferBeforeMinutes'
    | 'bufferAfterMinutes'
    | 'minimumNoticeMinutes'
    | 'maxDaysAhead'
    | 'maxPerDay'
  > & { id: string };
  adviser: {
    timeZone: string;
    weeklyHours: readonly TAdvisingWeeklyInterval[];
    exceptions: readonly TAvailabilityException[];
    /** spec 3 calendarInfo.lastAvailabilityDate: nothing after this day of their zone (spec 5 Availability). */
    lastAvailabilityDate: string | null;
  };
  /** Busy time from the adviser's own calendars and their Commons meetings. */
  busy: readonly TInstantInterval[];
  /** The adviser's booked appointments (every type), held with their buffers. */
  appointments: readonly THeldAppointment[];
  /** The viewer's zone: the grid and the days are the viewer's. */
  viewerTimeZone: string;
  /** spec 5 Meeting slots: 30 minutes, or 15 when the adviser chose it. */
  stepMinutes?: 30 | 15;
  /** First and last calendar day of the viewer's zone asked for; clamped to today and the booking window. */
  from?: string;
  to?: string;
};

/** The calendar days of the viewer's zone that slots are given for: today to the window's end, within from/to. */
export function slotDays(options: {
  now: Date;
  viewerTimeZone: string;
  from?: string;
  to?: string;
}): string[] {
  const today = zonedDate(options.now, options.viewerTimeZone);
  const last = addCalendarDays(today, ADVISING_BOOKING_WINDOW_DAYS - 1);
  const from = options.from !== undefined && options.from > today ? options.from : today;
  const to = options.to !== undefined && options.to < last ? options.to : last;
  const days: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/**
 * The adviser's free slots for one appointment type, by day of the viewer's zone (issue #21 item 3): grid
 * times of the viewer's zone (spec 5 Meeting slots: every 30 minutes, or 15) from today for 14 days where
 * the appointment fits inside the adviser's open hours of their own zone (weekly hours, replaced by date
 * exceptions), starts at least the minimum notice from now and within the type's days ahead, falls on or
 * before their last availability date, keeps its buffers clear of busy time and of the time other
 * appointments hold (their buffers included), and leaves the type's most-per-day (a day of the adviser's
 * zone) not reached. Days without slots are kept, empty.
 */
export function advisingFreeSlots(options: TAdvisingSlotOptions): TAdvisingSlotDay[] {
  const { appointmentType: type, adviser, now } = options;
  const days = slotDays(options);
  if (days.length === 0) return [];
  const durationMs = type.durationMinutes * MINUTE;
  const earliest = now.getTime() + type.minimumNoticeMinutes * MINUTE;
  const latest = now.getTime() + type.maxDaysAhead * 24 * 60 * MINUTE;
  const firstDay = days[0] as string;
  const lastDay = days[days.length - 1] as string;

  // The adviser's open hours over the viewer's days, one day wider on each side for zone differences.
  const windowStart = zonedDayBounds(firstDay, options.viewerTimeZone).start;
  const windowEnd = zonedDayBounds(lastDay, options.viewerTimeZone).end;
  const open: Array<TInstantInterval & { date: string }> = [];
  for (
    let day = addCalendarDays(zonedDate(windowStart, adviser.timeZone), -1);
    day <= addCalendarDays(zonedDate(windowEnd, adviser.timeZone), 1);
    day = addCalendarDays(day, 1)
  ) {
    if (adviser.lastAvailabilityDate !== null && day > adviser.lastAvailabilityDate) break;
    for (const interval of openHoursOn({ ...adviser, date: day })) open.push({ ...interval, date: day });
  }

  const blocked = [...options.busy, ...options.appointments.map(heldInterval)].sort(
    (a, b) => a.start.getTime() - b.start.getTime(),
  );
  const perDay = new Map<string, number>();
  if (type.maxPerDay !== null) {
    for (const appointment of options.appointments) {
      if (appointment.appointmentTypeId !== type.id) continue;
      const day = zonedDate(appointment.start, adviser.timeZone);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
  }

  const result: TAdvisingSlotDay[] = [];
  for (const date of days) {
    const bounds = zonedDayBounds(date, options.viewerTimeZone);
    const slots: TAdvisingSlot[] = [];
    for (const start of meetingSlots({
      dayStart: bounds.start,
      dayEnd: bounds.end,
      stepMinutes: options.stepMinutes ?? MEETING_SLOT_MINUTES,
    })) {
      const startMs = start.getTime();
      if (startMs < earliest || startMs > latest) continue;
      const slot = { start, end: new Date(startMs + durationMs) };
      const within = open.find((o) => o.start.getTime() <= startMs && slot.end.getTime() <= o.end.getTime());
      if (!within) continue;
      if (type.maxPerDay !== null && (perDay.get(within.date) ?? 0) >= type.maxPerDay) continue;
      const held = heldInterval({ ...slot, ...type });
      if (blocked.some((b) => overlaps(b, held))) continue;
      slots.push(slot);
    }
    result.push({ date, slots });
  }
  return result;
}

/** Whether a start time is one of the adviser's free slots for the type now (the booking check). */
export function isFreeAdvisingSlot(options: TAdvisingSlotOptions & { start: Date }): boolean {
  const day = zonedDate(options.start, options.viewerTimeZone);
  return advisingFreeSlots({ ...options, from: day, to: day }).some((d) =>
    d.slots.some((s) => s.start.getTime() === options.start.getTime()),
  );
}

/** Message when a slot was taken between showing and booking (issue #21 item 3). */
export const SLOT_TAKEN_MESSAGE = 'That time was just booked. Pick another time.';

/** Message when a start time is not one of the free slots (outside hours, notice, reach or on a busy time). */
export const SLOT_NOT_FREE_MESSAGE = 'That time is not available. Pick one of the free times.';

/** The advising statuses of an appointment (spec 3 Meeting advisingStatus). */
export const ADVISING_STATUSES = ['scheduled', 'checkedIn', 'completed', 'noShow', 'canceled'] as const;

/** One advising status. */
export type TAdvisingStatus = (typeof ADVISING_STATUSES)[number];

/** Labels of the advising statuses, for lists and reports. */
export const ADVISING_STATUS_LABELS: Readonly<Record<TAdvisingStatus, string>> = {
  scheduled: 'Scheduled',
  checkedIn: 'Checked in',
  completed: 'Completed',
  noShow: 'No-show',
  canceled: 'Canceled',
};

/** Statuses advising staff set on an appointment. */
export const STAFF_ADVISING_STATUSES = [
  'checkedIn',
  'completed',
  'noShow',
] as const satisfies readonly TAdvisingStatus[];

/** One status advising staff set. */
export type TStaffAdvisingStatus = (typeof STAFF_ADVISING_STATUSES)[number];

/** Check-in opens this long before the start. */
export const CHECK_IN_OPENS_MINUTES = 30;

/** Whether an appointment still holds its time (scheduled or checked in). */
export function isAppointmentActive(status: TAdvisingStatus): boolean {
  return status === 'scheduled' || status === 'checkedIn';
}

/**
 * Why advising staff cannot set a status now, or null (spec 3 advisingStatus): check-in from 30 minutes
 * before the start until the end of a scheduled appointment; completed or no-show once it has started,
 * from scheduled or checked in (no-show not after a check-in).
 */
export function advisingStatusRefusal(options: {
  from: TAdvisingStatus;
  to: TStaffAdvisingStatus;
  start: Date;
  end: Date;
  now: Date;
}): string | null {
  const { from, to, now } = options;
  if (!isAppointmentActive(from)) return 'This appointment is already closed.';
  const hasStarted = now.getTime() >= options.start.getTime();
  switch (to) {
    case 'checkedIn':
      if (from === 'checkedIn') return 'The student is already checked in.';
      if (now.getTime() < options.start.getTime() - CHECK_IN_OPENS_MINUTES * MINUTE)
        return `Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the appointment.`;
      if (now.getTime() >= options.end.getTime())
        return 'The appointment has ended; mark it completed or a no-show.';
      return null;
    case 'completed':
      return hasStarted ? null : 'An appointment can be marked completed once it has started.';
    case 'noShow':
      if (from === 'checkedIn') return 'The student checked in, so this is not a no-show.';
      return hasStarted ? null : 'An appointment can be marked a no-show once it has started.';
  }
}

/** Longest follow-up advising staff give a student after an appointment (issue #21 item 4). */
export const FOLLOW_UP_MAX_LENGTH = 1000;

/**
 * Why advising staff cannot give or change an appointment's follow-up now, or null: a follow-up is the
 * student's next step after a meeting that took place, so only a completed appointment has one.
 */
export function followUpRefusal(status: TAdvisingStatus): string | null {
  return status === 'completed' ? null : 'Mark the appointment completed before adding a follow-up.';
}

/** Who asks to cancel or reschedule: the student is held to the notice, advising staff are not. */
export type TAppointmentChanger = 'student' | 'staff';

/**
 * Why an appointment cannot be canceled or rescheduled now, or null (issue #21 item 4 "within the
 * adviser's rules"): only a scheduled appointment that has not started; the student at least the type's
 * minimum notice before the start.
 */
export function appointmentChangeRefusal(options: {
  status: TAdvisingStatus;
  start: Date;
  now: Date;
  minimumNoticeMinutes: number;
  by: TAppointmentChanger;
}): string | null {
  if (options.status !== 'scheduled') return 'Only a scheduled appointment can be changed.';
  if (options.now.getTime() >= options.start.getTime()) return 'This appointment has already started.';
  if (
    options.by === 'student' &&
    options.minimumNoticeMinutes > 0 &&
    options.now.getTime() > options.start.getTime() - options.minimumNoticeMinutes * MINUTE
  ) {
    return `Appointments can be canceled or rescheduled up to ${formatDurationHoursMinutes(options.minimumNoticeMinutes)} before they start. Contact your adviser.`;
  }
  return null;
}

/** Reminders before an appointment, in minutes (issue #21 item 4: 24 hours and 1 hour). */
export const ADVISING_REMINDER_MINUTES = [24 * 60, 60] as const;

/** One reminder, by its minutes before the start. */
export type TAdvisingReminder = (typeof ADVISING_REMINDER_MINUTES)[number];

/**
 * The reminders to send now: those whose time (start minus its minutes) has come, before the start, not
 * sent yet, and whose time was after the booking (an appointment booked 3 hours ahead gets no 24-hour
 * reminder). Of several due at once only the nearest to the start is sent.
 */
export function dueAdvisingReminders(options: {
  start: Date;
  bookedAt: Date;
  now: Date;
  sent: readonly number[];
}): TAdvisingReminder[] {
  const startMs = options.start.getTime();
  if (options.now.getTime() >= startMs) return [];
  const due = ADVISING_REMINDER_MINUTES.filter((minutes) => {
    const at = startMs - minutes * MINUTE;
    return at > options.bookedAt.getTime() && at <= options.now.getTime() && !options.sent.includes(minutes);
  });
  const nearest = due.at(-1);
  return nearest === undefined ? [] : [nearest];
}

/** Reminders that no longer need sending once a later one went out (marked sent with it). */
export function remindersCoveredBy(reminder: TAdvisingReminder): TAdvisingReminder[] {
  return ADVISING_REMINDER_MINUTES.filter((minutes) => minutes >= reminder);
}

/** Text of a reminder's lead time: 'in 24 hours', 'in 1 hour'. */
export function reminderLeadText(reminder: TAdvisingReminder): string {
  const hours = reminder / 60;
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What advising reports group by (issue #21 item 5). */
export const ADVISING_REPORT_GROUPS = ['topic', 'adviser', 'status', 'week'] as const;

/** One report grouping. */
export type TAdvisingReportGroup = (typeof ADVISING_REPORT_GROUPS)[number];

/** The Monday 'YYYY-MM-DD' of the week (Monday to Sunday) an instant falls in, in a zone: the week key of reports. */
export function weekStartOf(instant: Date, zone: string): string {
  const date = zonedDate(instant, zone);
  const weekday = weekdayOf(date);
  return addCalendarDays(date, weekday === 0 ? -6 : 1 - weekday);
}
