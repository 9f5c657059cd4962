/**
 * Busy time from an adviser's own calendar (issue #21 item 2): the secret ICS address calendar apps give is
 * read through the guarded client (spec 5 URL rule after DNS and on every redirect) and parsed with ical.js
 * (recurrences, their exceptions and EXDATEs, all-day events), keeping only start and end of the events that
 * make them busy (not cancelled, not marked free). The demo's own sample calendar is built in process: the
 * guard rightly refuses the server's own address.
 */
import { ADVISING_DEMO_CALENDAR_PATH } from '@commons/contract';
import { addCalendarDays, isKnownTimeZone, zonedInstant, type TInstantInterval } from '@commons/domain';
import ICAL from 'ical.js';
import {
  guardedFetch,
  GuardedFetchError,
  type TGuardedFetchOptions,
} from '../link-previews/guarded-fetch.js';

/** How far ahead busy time is imported (quick booking looks 14 days ahead, rescheduling up to the type's reach). */
export const CALENDAR_IMPORT_DAYS = 60;
/** At most this many busy intervals are kept per calendar. */
const MAX_INTERVALS = 2000;
/** Recurrence occurrences looked at per event before giving up (an endless daily rule over the window). */
const MAX_OCCURRENCES_PER_EVENT = 1000;
/** A calendar document larger than this is refused. */
const MAX_CALENDAR_BYTES = 2 * 1024 * 1024;

/** Words for people when a calendar cannot be read (shown to the adviser). */
const READ_ERRORS: Record<GuardedFetchError['reason'] | 'parse', string> = {
  invalid_url: 'The calendar address is not a public web address.',
  private_address: 'The calendar address points to a private network.',
  port_not_allowed: 'The calendar address uses a port that is not allowed.',
  too_many_redirects: 'The calendar address redirects too many times.',
  too_large: 'The calendar is too large to read (over 2 MB).',
  timeout: 'The calendar took too long to answer.',
  http_error: 'The calendar address answered with an error. Check that it is still shared.',
  not_html: 'The calendar address did not answer with a calendar.',
  unexpected_type: 'The calendar address did not answer with a calendar.',
  network: 'The calendar address could not be reached.',
  parse: 'The calendar could not be read. Copy the secret address in iCal format again.',
};

/** Why a calendar could not be read, in words for the adviser. */
export class CalendarReadError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

/** The https:// form of a webcal:// address (calendar apps often give those). */
export function normalizeCalendarUrl(url: string): string {
  return url.replace(/^webcals?:\/\//i, 'https://');
}

/**
 * The zone of the demo's sample calendar when the address names it on this server (its public URL, or
 * localhost where the demo runs), else null. Such an address is answered in process, never fetched: the guard
 * refuses the server's own addresses, and nothing leaves the process.
 */
function demoCalendarZone(url: string, publicUrl: string): string | null {
  try {
    const parsed = new URL(url);
    const isOwnHost =
      ['localhost', '127.0.0.1'].includes(parsed.hostname) ||
      (URL.canParse(publicUrl) && parsed.origin === new URL(publicUrl).origin);
    if (!isOwnHost || parsed.pathname !== ADVISING_DEMO_CALENDAR_PATH) return null;
    const zone = parsed.searchParams.get('tz') ?? 'America/Los_Angeles';
    return isKnownTimeZone(zone) ? zone : 'America/Los_Angeles';
  } catch {
    return null;
  }
}

/**
 * A sample busy calendar in a zone, as a calendar app would publish it: a weekly team meeting on Tuesdays
 * 10:00-11:00, a department lunch on Wednesdays 12:00-13:00 and a committee on Thursdays 14:00-15:30 (weekly
 * rules with TZID, so they keep their wall-clock time across DST), plus a free-marked focus block and a cancelled
 * workshop that do not count. Served at the demo's ICS address.
 */
export function demoCalendarIcs(options: { now: Date; timeZone: string }): string {
  const today = options.now.toISOString().slice(0, 10);
  const monday = addCalendarDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) - 7);
  const local = (date: string, minutes: number) =>
    `${date.replaceAll('-', '')}T${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}00`;
  const stamp = `${options.now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const event = (e: {
    uid: string;
    date: string;
    start: number;
    end: number;
    summary: string;
    extra?: string[];
  }) => [
    'BEGIN:VEVENT',
    `UID:${e.uid}@commons-demo`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${options.timeZone}:${local(e.date, e.start)}`,
    `DTEND;TZID=${options.timeZone}:${local(e.date, e.end)}`,
    `SUMMARY:${e.summary}`,
    ...(e.extra ?? []),
    'END:VEVENT',
  ];
  const weekly = (uid: string, day: number, byDay: string, start: number, end: number, summary: string) =>
    event({
      uid,
      date: addCalendarDays(monday, day),
      start,
      end,
      summary,
      extra: [`RRULE:FREQ=WEEKLY;BYDAY=${byDay};COUNT=20`],
    });
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Commons//Demo calendar//EN',
    'CALSCALE:GREGORIAN',
    ...weekly('team', 1, 'TU', 600, 660, 'Team meeting'),
    ...weekly('lunch', 2, 'WE', 720, 780, 'Department lunch'),
    ...weekly('committee', 3, 'TH', 840, 930, 'Curriculum committee'),
    ...event({
      uid: 'focus',
      date: addCalendarDays(monday, 11),
      start: 540,
      end: 720,
      summary: 'Focus time',
      extra: ['TRANSP:TRANSPARENT'],
    }),
    ...event({
      uid: 'workshop',
      date: addCalendarDays(monday, 10),
      start: 540,
      end: 600,
      summary: 'Workshop',
      extra: ['STATUS:CANCELLED'],
    }),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Reads an adviser's calendar document: the demo's own in process, any other address through the guard. */
export async function readCalendar(
  url: string,
  options: { publicUrl: string; now: Date } & TGuardedFetchOptions,
): Promise<string> {
  const address = normalizeCalendarUrl(url);
  const demoZone = demoCalendarZone(address, options.publicUrl);
  if (demoZone !== null) return demoCalendarIcs({ now: options.now, timeZone: demoZone });
  try {
    const answer = await guardedFetch(address, {
      ...options,
      maxBytes: options.maxBytes ?? MAX_CALENDAR_BYTES,
      timeoutMs: options.timeoutMs ?? 10_000,
      accept: 'text/calendar,text/plain;q=0.5,*/*;q=0.1',
      // Calendar hosts also answer text/plain or a generic type; the parser decides.
      isAcceptedType: (type) => !/text\/html|application\/json|image\//i.test(type),
      typeError: 'unexpected_type',
      isTruncationRefused: true,
    });
    return answer.body.toString('utf8');
  } catch (error) {
    if (error instanceof GuardedFetchError) throw new CalendarReadError(READ_ERRORS[error.reason]);
    throw error;
  }
}

/** The TZID a date property names, when it is a zone the runtime knows. */
function knownTzid(event: ICAL.Event, property: 'dtstart' | 'dtend'): string | null {
  const tzid = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' && isKnownTimeZone(tzid) ? tzid : null;
}

/** The instant of an ical.js time: UTC, a zone defined in the calendar, a TZID we know, else the default zone. */
function instantOf(time: ICAL.Time, tzid: string | null, defaultZone: string): Date {
  const zoneId = time.zone?.tzid;
  if (zoneId === 'UTC' || zoneId === 'Z') {
    return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
  }
  const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  const minutes = time.isDate ? 0 : time.hour * 60 + time.minute;
  if (zoneId && zoneId !== 'floating') {
    if (isKnownTimeZone(zoneId)) return zonedInstant(date, minutes, zoneId);
    return new Date(time.toUnixTime() * 1000);
  }
  return zonedInstant(date, minutes, tzid ?? defaultZone);
}

/** Whether an event (or an occurrence's exception) makes its owner busy: not cancelled, not marked free. */
function isBusy(event: ICAL.Event): boolean {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

/**
 * The busy intervals of a calendar document overlapping [from, to), merged and sorted; times without a zone
 * (floating, or an unknown TZID without a definition) are read in `defaultZone` (the adviser's).
 */
export function parseBusyIntervals(
  ics: string,
  options: { from: Date; to: Date; defaultZone: string },
): TInstantInterval[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    throw new CalendarReadError(READ_ERRORS.parse);
  }
  if (root.name !== 'vcalendar') throw new CalendarReadError(READ_ERRORS.parse);
  const events = root.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  const masters = new Map<string, ICAL.Event>();
  for (const event of events) if (!event.isRecurrenceException()) masters.set(event.uid, event);
  for (const event of events)
    if (event.isRecurrenceException()) masters.get(event.uid)?.relateException(event);

  const intervals: TInstantInterval[] = [];
  const fromMs = options.from.getTime();
  const toMs = options.to.getTime();
  const add = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    if (!isBusy(item)) return;
    const startTzid = knownTzid(item, 'dtstart');
    const startsAt = instantOf(start, startTzid, options.defaultZone);
    let endsAt = instantOf(end, knownTzid(item, 'dtend') ?? startTzid, options.defaultZone);
    if (endsAt.getTime() <= startsAt.getTime()) {
      // A date-only event without an end lasts its day; a timed one without a length is an instant.
      if (!start.isDate) return;
      const day = `${String(start.year).padStart(4, '0')}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`;
      endsAt = zonedInstant(addCalendarDays(day, 1), 0, startTzid ?? options.defaultZone);
    }
    if (startsAt.getTime() < toMs && endsAt.getTime() > fromMs)
      intervals.push({ start: startsAt, end: endsAt });
  };

  for (const event of masters.values()) {
    if (intervals.length >= MAX_INTERVALS) break;
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      add(event, event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES_PER_EVENT; count += 1) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      // Occurrences come in order of their (recurrence) start; past the window there is nothing more to add.
      if (instantOf(next, knownTzid(event, 'dtstart'), options.defaultZone).getTime() >= toMs + 86_400_000)
        break;
      add(details.item, details.startDate, details.endDate);
    }
  }
  return mergeIntervals(intervals).slice(0, MAX_INTERVALS);
}

/** Sorted, with overlapping and touching intervals merged. */
export function mergeIntervals(intervals: readonly TInstantInterval[]): TInstantInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: TInstantInterval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start.getTime() <= last.end.getTime()) {
      if (interval.end.getTime() > last.end.getTime()) last.end = interval.end;
    } else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}
