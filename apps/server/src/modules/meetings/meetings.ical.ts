import { formatDurationHoursMinutes, MEETING_MEDIUM_LABELS } from '@commons/domain';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { isMeetingMedium } from './meetings.policy.js';
import type { TMeetingPerson, TMeetingRow } from './meetings.queries.js';

/** iTIP methods of the invites we email (RFC 5546): a new or changed event, or its cancellation. */
export type TInviteMethod = 'REQUEST' | 'CANCEL';

/** One meeting as a calendar event for one recipient. */
export type TCalendarMeeting = {
  row: TMeetingRow;
  from: TMeetingPerson;
  to: TMeetingPerson;
  /** The recipient's link to the meeting page (/inbox/{address}/meeting/{meetingToken}). */
  pageUrl: string;
  /** The video room link for video meetings. */
  videoUrl: string | null;
  isCancelled: boolean;
};

const fullName = (p: TMeetingPerson) => `${p.firstName} ${p.lastName}`.trim();

/** Where the meeting happens, as calendars show it: the place, the phone number or the call link. */
function eventLocation(m: TCalendarMeeting): string | null {
  switch (m.row.medium) {
    case 'in-person':
    case 'external-meeting':
      return m.row.location;
    case 'phone':
      return m.row.phone;
    case 'video':
      return m.videoUrl;
    default:
      return null;
  }
}

function eventDescription(m: TCalendarMeeting): string {
  const medium = isMeetingMedium(m.row.medium) ? MEETING_MEDIUM_LABELS[m.row.medium] : m.row.medium;
  const lines = [`${medium}, ${formatDurationHoursMinutes(m.row.durationMinutes)}.`];
  if (m.row.medium === 'phone' && m.row.phone) lines.push(`Phone: ${m.row.phone}`);
  if ((m.row.medium === 'in-person' || m.row.medium === 'external-meeting') && m.row.location)
    lines.push(`Where: ${m.row.location}`);
  if (m.videoUrl) lines.push(`Join the video call: ${m.videoUrl}`);
  if (m.row.note) lines.push(m.row.note);
  lines.push(`Meeting page: ${m.pageUrl}`);
  return lines.join('\n');
}

/**
 * An iCalendar document of meetings (ical-generator). With a method it is an iTIP invite (REQUEST for a
 * new or changed time, CANCEL when it no longer holds); without one it is a subscribable feed. Every event
 * keeps the meeting's stable UID (calendarEventId) and its SEQUENCE, so calendars update one event.
 */
export function buildCalendar(options: {
  method: TInviteMethod | null;
  meetings: readonly TCalendarMeeting[];
  organizer: { name: string; email: string };
  now: Date;
  name?: string;
}): string {
  const calendar = ical({
    prodId: { company: 'Commons', product: 'Meetings', language: 'EN' },
    ...(options.name ? { name: options.name } : {}),
    ...(options.method
      ? { method: options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST }
      : {}),
  });
  for (const m of options.meetings) {
    if (!m.row.scheduledTime) continue;
    const end =
      m.row.scheduledEndTime ?? new Date(m.row.scheduledTime.getTime() + m.row.durationMinutes * 60_000);
    const isCancelled = m.isCancelled || options.method === 'CANCEL';
    calendar.createEvent({
      id: m.row.calendarEventId,
      sequence: m.row.calendarSequence,
      stamp: options.now,
      start: m.row.scheduledTime,
      end,
      summary: `Meeting: ${fullName(m.from)} and ${fullName(m.to)}`,
      description: eventDescription(m),
      location: eventLocation(m),
      url: m.pageUrl,
      status: isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: options.organizer,
      attendees: [m.from, m.to].map((p) => ({
        name: fullName(p),
        email: p.email,
        role: ICalAttendeeRole.REQ,
        ...(isCancelled ? {} : { status: ICalAttendeeStatus.ACCEPTED }),
      })),
    });
  }
  return calendar.toString();
}

/** The organiser calendars show: the platform's sender address (MAIL_FROM, "Name <address>" or an address). */
export function organizerFrom(mailFrom: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (match?.[2]) return { name: match[1]?.trim() || 'Commons', email: match[2].trim() };
  return { name: 'Commons', email: mailFrom.trim() };
}
