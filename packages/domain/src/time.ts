/**
 * Internal date helpers: dayjs configured with the utc, timezone and advancedFormat plugins.
 * Not re-exported from the package; every caller passes `now` and a time zone explicitly.
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

/** True when the input holds a value (not null, undefined or ''). */
export function isDateSet(value: TDateInput): value is Date | string {
  return value !== null && value !== undefined && value !== '';
}

/** Calendar day 'YYYY-MM-DD' of an instant in a time zone; calendar-date strings are taken as they are. */
export function calendarDay(value: Date | string, timeZone: string): string | null {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return value;
  const parsed = dayjs(value);
  if (!parsed.isValid()) return null;
  return wallClockIn(parsed, timeZone).format('YYYY-MM-DD');
}

/** Year and 1-based month of an instant in a time zone. */
export function yearMonthIn(now: Date, timeZone: string): { year: number; month: number } {
  const zoned = dayjs(now).tz(timeZone);
  return { year: zoned.year(), month: zoned.month() + 1 };
}
