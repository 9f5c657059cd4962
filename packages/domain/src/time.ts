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
  return parsed.tz(timeZone).format('YYYY-MM-DD');
}

/** Year and 1-based month of an instant in a time zone. */
export function yearMonthIn(now: Date, timeZone: string): { year: number; month: number } {
  const zoned = dayjs(now).tz(timeZone);
  return { year: zoned.year(), month: zoned.month() + 1 };
}
