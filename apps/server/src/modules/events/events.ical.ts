import ical, { ICalEventStatus } from 'ical-generator';
import type { TEventRow } from './events.policy.js';

/** One event as a calendar entry: a stable UID and a rising SEQUENCE, so calendars update one entry. */
export type TCalendarEvent = {
  row: TEventRow;
  pageUrl: string;
  virtualUrl: string | null;
  descriptionText: string;
};

/** Where an event happens, as a calendar shows it: the place, the link, or both for hybrid events. */
function where(event: TCalendarEvent): string | null {
  const parts = [
    event.row.format !== 'virtual' ? event.row.location : null,
    event.row.format !== 'inPerson' ? event.virtualUrl : null,
  ].filter((p): p is string => p !== null && p !== '');
  return parts.length === 0 ? null : parts.join(' · ');
}

/**
 * An iCalendar document (RFC 5545) of events: one event for invite.ics, many for a subscribed feed. The
 * description names the zone the event was planned in.
 */
export function buildEventsCalendar(options: {
  name: string;
  events: readonly TCalendarEvent[];
  now: Date;
  host: string;
}): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Commons', product: 'Events', language: 'EN' },
  });
  for (const event of options.events) {
    calendar.createEvent({
      id: `event-${event.row.id}@${options.host}`,
      sequence: event.row.sequence,
      stamp: options.now,
      start: event.row.startsAt,
      end: event.row.endsAt,
      // Instants are written in UTC: a TZID would need a VTIMEZONE and zone-aware dates; calendars show UTC in each reader's zone.
      summary: event.row.title,
      description: [event.descriptionText, `Time zone: ${event.row.timeZone}`, `Event page: ${event.pageUrl}`]
        .filter((l) => l !== '')
        .join('\n\n'),
      location: where(event),
      url: event.pageUrl,
      status: event.row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

function compactUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Add-to-calendar links for Google Calendar and Outlook on the web (issue #7 item 4). */
export function calendarLinks(event: TCalendarEvent): { google: string; outlook: string } {
  const details = `${event.descriptionText.slice(0, 800)}\n\n${event.pageUrl}`.trim();
  const location = where(event) ?? '';
  const google = new URL('https://calendar.google.com/calendar/render');
  google.search = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.row.title,
    dates: `${compactUtc(event.row.startsAt)}/${compactUtc(event.row.endsAt)}`,
    details,
    location,
    ctz: event.row.timeZone,
  }).toString();
  const outlook = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  outlook.search = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.row.title,
    startdt: event.row.startsAt.toISOString(),
    enddt: event.row.endsAt.toISOString(),
    body: details,
    location,
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
