import {
  DATE_FORMATS,
  DEFAULT_TIME_ZONE,
  formatDate,
  isKnownTimeZone,
  type TDateFormatStyle,
} from '@commons/domain';
import dayjs from 'dayjs';
import { useCurrentUser } from './current-user';

/**
 * The one time zone rule of the web app (ARCHITECTURE "render in the viewer's zone", issue #16 item 18):
 * every date and time is shown in the viewer's zone — their account setting when set, else the browser's —
 * and labelled with the zone where the time of day matters. Another zone (an event's, the other side of a
 * meeting) only appears as labelled secondary information.
 */

/*
 * Whether a zone is known, remembered: every date on a page asks, and each answer builds an Intl.DateTimeFormat,
 * which costs a millisecond or more on a phone (issue #17: hundreds of them on a list page).
 */
const knownZones = new Map<string, boolean>();
function isKnownZone(zone: string): boolean {
  let isKnown = knownZones.get(zone);
  if (isKnown === undefined) {
    isKnown = isKnownTimeZone(zone);
    knownZones.set(zone, isKnown);
  }
  return isKnown;
}

/** The browser's zone as last read, re-read after a minute (a device can change zones while the app is open). */
let browserZone: { zone: string; readAt: number } | null = null;

/** The browser's time zone, else the platform default (spec 9 Default timezone). */
export function browserTimeZone(): string {
  const now = Date.now();
  if (browserZone !== null && now - browserZone.readAt < 60_000) return browserZone.zone;
  let zone = DEFAULT_TIME_ZONE;
  try {
    const read = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (read && isKnownZone(read)) zone = read;
  } catch {
    // the platform default
  }
  browserZone = { zone, readAt: now };
  return zone;
}

/** The viewer's zone: the account's setting when it is a known zone, else the browser's. */
export function resolveViewerTimeZone(accountZone: string | null | undefined, fallback?: string): string {
  return accountZone && isKnownZone(accountZone) ? accountZone : (fallback ?? browserTimeZone());
}

/** The signed-in viewer's zone (the browser's while signed out or loading). */
export function useViewerTimeZone(): string {
  return resolveViewerTimeZone(useCurrentUser().data?.timezone);
}

/** A date in a spec 9 style ('medium' 'Jun 4, 2026', 'time' '2:00 pm', …) in the given (the viewer's) zone. */
export function formatInZone(date: Date | string, style: TDateFormatStyle, timeZone: string): string {
  return formatDate(date, { style, timeZone });
}

/**
 * A calendar day without a time ('2026-06-04', e.g. a deadline set as a date) in a spec 9 style. It names the
 * same day everywhere, so no zone applies: shifting it into a zone would show the day before in the west.
 */
export function formatCalendarDay(day: string, style: TDateFormatStyle): string {
  return dayjs(day).format(DATE_FORMATS[style]);
}

/** Zone name formatters by zone, built once each (as the known zones above: a list labels every time it shows). */
const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at an instant, e.g. 'PDT' or 'GMT+2', which labels a time of day. */
export function zoneAbbreviation(instant: Date | string, timeZone: string): string {
  let formatter = zoneNameFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNameFormatters.set(timeZone, formatter);
  }
  const part = formatter.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A date with its time of day and zone: 'Jun 4, 2026 2:00 pm PDT'. */
export function formatDateTime(date: Date | string, timeZone: string): string {
  return `${formatInZone(date, 'medium', timeZone)} ${formatInZone(date, 'time', timeZone)} ${zoneAbbreviation(date, timeZone)}`;
}

/**
 * A span of time in the zone, labelled with it: 'Thu, Jun 4th, 2026 · 2:00 pm – 4:00 pm PDT', or both days
 * when it ends on another day there: 'Thu, Jun 4th, 2026 10:00 pm – Fri, Jun 5th, 2026 1:00 am PDT'.
 */
export function formatTimeRange(options: { startsAt: string; endsAt: string; timeZone: string }): string {
  const { startsAt, endsAt, timeZone } = options;
  const day = formatInZone(startsAt, 'long', timeZone);
  const endDay = formatInZone(endsAt, 'long', timeZone);
  const from = formatInZone(startsAt, 'time', timeZone);
  const to = formatInZone(endsAt, 'time', timeZone);
  const zone = zoneAbbreviation(startsAt, timeZone);
  return day === endDay ? `${day} · ${from} – ${to} ${zone}` : `${day} ${from} – ${endDay} ${to} ${zone}`;
}

/** The time zones to choose from, the current one first when the runtime does not list it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The month of a calendar day ('2026-01-01' -> 'Jan 2026'), e.g. a month's row of a report. */
export function formatCalendarMonth(day: string): string {
  return dayjs(day).format('MMM YYYY');
}

/** A calendar day as a compact label without the year ('Thu, Jun 4'), for a row of days such as a booking picker. */
export function formatCalendarDayBrief(day: string): string {
  return dayjs(day).format('ddd, MMM D');
}
