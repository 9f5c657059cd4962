/**
 * Date helpers: dayjs configured with the utc, timezone and advancedFormat plugins (internal: index.ts names
 * what the package exports), and the calendar-day and zone arithmetic every feature shares. Every caller passes
 * `now` and a time zone explicitly.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

export { dayjs };

/*
 * One formatter per zone: dayjs' tz() builds a new one (toLocaleString with a timeZone) on every call, about a
 * millisecond on a phone, and a list page formats hundreds of dates (issue #17 item 7); advising's slot arithmetic
 * reads offsets through it too. Only zones the runtime accepted are kept (the constructor throws on another), so
 * the map is bounded by the IANA list.
 */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in the zone reads at the instant: year, month (1-12), day, hour (0-23), minute, second. */
export function wallClockFields(
  instant: Date | number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const field: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(instant))
    if (part.type !== 'literal') field[part.type] = Number(part.value);
  return {
    year: field.year ?? 1970,
    month: field.month ?? 1,
    day: field.day ?? 1,
    hour: field.hour ?? 0,
    minute: field.minute ?? 0,
    second: field.second ?? 0,
  };
}

/**
 * The date and time of day a clock in the zone shows at the instant, as a UTC-mode dayjs: for formatting its
 * calendar and clock fields (year, month, day, weekday, hour, minute), as `dayjs(instant).tz(timeZone)` would
 * give them, not for its offset or for arithmetic across the zone's clock changes. An invalid instant stays
 * invalid; an unknown zone throws a RangeError, as tz() does.
 */
export function wallClockIn(instant: dayjs.Dayjs, timeZone: string): dayjs.Dayjs {
  if (!instant.isValid()) return instant;
  const clock = wallClockFields(instant.toDate(), timeZone);
  const utc = new Date(Date.UTC(2000, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second));
  // Date.UTC reads years 0-99 as 1900-1999; the year is set on its own.
  utc.setUTCFullYear(clock.year);
  return dayjs.utc(utc.getTime() + instant.millisecond());
}

/** A date given as a Date, an ISO string, a calendar date 'YYYY-MM-DD', or absent. */
export type TDateInput = Date | string | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** True when the input holds a value (not null, undefined or ''). */
export function isDateSet(value: TDateInput): value is Date | string {
  return value !== null && value !== undefined && value !== '';
}

/** Calendar day 'YYYY-MM-DD' of an instant in a time zone; calendar-date strings are taken as they are. */
export function calendarDay(value: Date | string, timeZone: string): string | null {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return value;
  const parsed = dayjs(value);
  if (!parsed.isValid()) return null;
  return zonedDate(parsed.toDate(), timeZone);
}

/** Year and 1-based month of an instant in a time zone. */
export function yearMonthIn(now: Date, timeZone: string): { year: number; month: number } {
  const { year, month } = wallClockFields(now, timeZone);
  return { year, month };
}

/** Whether a string is a calendar day 'YYYY-MM-DD' that exists. */
export function isCalendarDate(value: string): boolean {
  return CALENDAR_DATE.test(value) && formatUtcDate(parseUtcDate(value)) === value;
}

// Zone arithmetic on Intl with small caches: advising computes slots on every quick-book request (issue #21
// benchmark p99 < 50 ms), list pages compare hundreds of days, and dayjs' timezone plugin formats dates several
// times per conversion.
const offsets = new Map<string, number>();
const OFFSET_BUCKET_MS = 15 * MINUTE;
const MAX_CACHED_OFFSETS = 50_000;

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (offsets change on quarter hours at most). */
export function zoneOffsetMs(instantMs: number, zone: string): number {
  const bucket = Math.floor(instantMs / OFFSET_BUCKET_MS);
  const key = `${zone}|${bucket}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const at = bucket * OFFSET_BUCKET_MS;
  const clock = wallClockFields(at, zone);
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const offset = wall - at;
  if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

function parseUtcDate(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function formatUtcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day `days` after a calendar day (negative for before). */
export function addCalendarDays(date: string, days: number): string {
  return formatUtcDate(parseUtcDate(date) + days * DAY);
}

/** Weekday of a calendar day, 0 Sunday to 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(parseUtcDate(date)).getUTCDay();
}

/** Calendar day 'YYYY-MM-DD' of an instant in a zone. */
export function zonedDate(instant: Date, zone: string): string {
  const ms = instant.getTime();
  return formatUtcDate(ms + zoneOffsetMs(ms, zone));
}

/**
 * The instant of a wall-clock time on a calendar day of a zone, DST-correct: a time the clocks skip
 * (02:30 on a spring-forward day) is the moment they change (03:00), a time they repeat (01:30 on a fall-back
 * day) is its later occurrence. 1440 minutes is the next day's midnight.
 */
export function zonedInstant(date: string, minutes: number, zone: string): Date {
  const wall = parseUtcDate(date) + minutes * MINUTE;
  // The offsets on either side of any change near this wall time.
  const candidates = [
    wall - zoneOffsetMs(wall - 14 * HOUR, zone),
    wall - zoneOffsetMs(wall + 14 * HOUR, zone),
  ];
  const valid = candidates.filter((t) => t + zoneOffsetMs(t, zone) === wall);
  if (valid.length > 0) return new Date(Math.max(...valid));
  // The clocks skip this time: the first minute whose wall clock is past it, i.e. the change itself.
  let before = Math.min(...candidates);
  let after = Math.max(...candidates);
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (middle + zoneOffsetMs(middle, zone) >= wall) after = middle;
    else before = middle;
  }
  return new Date(after);
}
