/**
 * Meeting and thread rules of spec 4 (Meetings) and spec 5 (Meeting slots), spec 9 (meeting hours).
 */
import type { TMeetingMedium } from './message-types.js';
import { isDateSet, type TDateInput } from './time.js';

/** Meeting statuses (spec 4 Meetings); 'notAccepted' is shown as Request Expired. */
export const MEETING_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'completed',
  'canceled',
  'cancelled',
  'noShow',
  'upcoming',
  'notAccepted',
] as const;

/** One meeting status. */
export type TMeetingStatus = (typeof MEETING_STATUSES)[number];

/** Type guard for a meeting status. */
export function isMeetingStatus(value: unknown): value is TMeetingStatus {
  return typeof value === 'string' && (MEETING_STATUSES as readonly string[]).includes(value);
}

/** What a status-less meeting message records (spec 4 Meetings). */
export type TMeetingEvent = 'requestAccepted' | 'rejected' | 'rescheduleRequested' | 'completed';

/**
 * Status of a meeting message (spec 4): its own status when it has one; otherwise an accepted
 * request gives accepted, a rejection or requested reschedule gives rejected, a completed meeting
 * gives accepted, a scheduled time gives accepted, else pending.
 */
export function deriveMeetingStatus(message: {
  status?: string | null;
  event?: TMeetingEvent | null;
  scheduledTime?: TDateInput;
}): TMeetingStatus {
  if (isMeetingStatus(message.status)) return message.status;
  switch (message.event) {
    case 'requestAccepted':
    case 'completed':
      return 'accepted';
    case 'rejected':
    case 'rescheduleRequested':
      return 'rejected';
    default:
      return isDateSet(message.scheduledTime) ? 'accepted' : 'pending';
  }
}

/**
 * Label of a meeting status (spec 4): canceled/cancelled 'Meeting Canceled', noShow 'Meeting marked
 * as no-show', upcoming 'Meeting Upcoming', the sender's own pending request 'Your request has been
 * sent to {first name}', notAccepted 'Request Expired', otherwise 'Request {Status}'.
 */
export function meetingStatusLabel(options: {
  status: TMeetingStatus;
  isSender: boolean;
  recipientFirstName: string;
}): string {
  switch (options.status) {
    case 'canceled':
    case 'cancelled':
      return 'Meeting Canceled';
    case 'noShow':
      return 'Meeting marked as no-show';
    case 'upcoming':
      return 'Meeting Upcoming';
    case 'notAccepted':
      return 'Request Expired';
    case 'pending':
      if (options.isSender) return `Your request has been sent to ${options.recipientFirstName}`;
      break;
    default:
      break;
  }
  return `Request ${options.status.charAt(0).toUpperCase()}${options.status.slice(1)}`;
}

/** A message with proposed times is not yet synced; a scheduled time with no proposals is synced (spec 4). */
export function isMeetingSynced(message: {
  proposedTimes?: readonly unknown[] | null;
  scheduledTime?: TDateInput;
}): boolean {
  if ((message.proposedTimes?.length ?? 0) > 0) return false;
  return isDateSet(message.scheduledTime);
}

/** Mentorship statuses that close a thread (spec 4). */
export const CLOSED_MENTORSHIP_STATUSES = [
  'mentorClosed',
  'menteeClosed',
  'autoClosed',
  'adminClosed',
  'ready',
  'cancelled',
  'rejected',
] as const;

/**
 * A thread is closed (read-only) when its mentorship status is closing, the thread is rejected,
 * archived by the current user, or the other user is deleted (spec 4).
 */
export function isThreadClosed(thread: {
  mentorshipStatus?: string | null;
  isRejected?: boolean;
  isArchivedByCurrentUser?: boolean;
  isOtherUserDeleted?: boolean;
}): boolean {
  return (
    (CLOSED_MENTORSHIP_STATUSES as readonly string[]).includes(thread.mentorshipStatus ?? '') ||
    thread.isRejected === true ||
    thread.isArchivedByCurrentUser === true ||
    thread.isOtherUserDeleted === true
  );
}

/**
 * An active meeting is not rejected or completed and its end has not passed; email-medium meetings
 * stay active until rejected or completed (spec 4). The end is scheduledEndTime, else
 * scheduledTime + duration minutes; a meeting without a known end has not ended.
 */
export function isMeetingActive(meeting: {
  status: TMeetingStatus;
  medium?: TMeetingMedium | null;
  scheduledTime?: TDateInput;
  scheduledEndTime?: TDateInput;
  durationMinutes?: number | null;
  now: Date;
}): boolean {
  if (meeting.status === 'rejected' || meeting.status === 'completed') return false;
  if (meeting.medium === 'email') return true;
  const end = meetingEnd(meeting);
  return end === null || end.getTime() > meeting.now.getTime();
}

function meetingEnd(meeting: {
  scheduledTime?: TDateInput;
  scheduledEndTime?: TDateInput;
  durationMinutes?: number | null;
}): Date | null {
  if (isDateSet(meeting.scheduledEndTime)) return new Date(meeting.scheduledEndTime);
  if (isDateSet(meeting.scheduledTime) && typeof meeting.durationMinutes === 'number') {
    return new Date(new Date(meeting.scheduledTime).getTime() + meeting.durationMinutes * 60_000);
  }
  return null;
}

/** Default step between meeting slots (spec 5 Meeting slots). */
export const MEETING_SLOT_MINUTES = 30;

/** Start times of meeting slots from dayStart, every 30 (or optionally 15) minutes, strictly before dayEnd (spec 5). */
export function meetingSlots(options: { dayStart: Date; dayEnd: Date; stepMinutes?: 30 | 15 }): Date[] {
  const step = (options.stepMinutes ?? MEETING_SLOT_MINUTES) * 60_000;
  const slots: Date[] = [];
  for (let time = options.dayStart.getTime(); time < options.dayEnd.getTime(); time += step) {
    slots.push(new Date(time));
  }
  return slots;
}

/** A slot is disabled when it starts before now or overlaps a busy interval (spec 5 "unless disabled"). */
export function isSlotDisabled(options: {
  slotStart: Date;
  durationMinutes: number;
  now: Date;
  busy?: ReadonlyArray<{ start: Date; end: Date }>;
}): boolean {
  const start = options.slotStart.getTime();
  const end = start + options.durationMinutes * 60_000;
  if (start < options.now.getTime()) return true;
  return (options.busy ?? []).some(
    (interval) => start < interval.end.getTime() && interval.start.getTime() < end,
  );
}

/** Meeting length as text in hours and minutes, e.g. '1 hour 30 minutes', '45 minutes' (spec 9). */
export function formatDurationHoursMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}
