import type { TAdvisingAppointment } from '@commons/contract';
import { isMeetingActive, meetingStatusLabel, type TMeetingStatus } from '@commons/domain';

/**
 * The meeting status of an appointment (spec 4 Meetings): a booked appointment is an accepted meeting, so it is
 * upcoming while it has not ended and accepted after; canceled, no-show and completed are their own statuses.
 * Checked in is still the meeting going ahead.
 */
export function appointmentMeetingStatus(
  appointment: Pick<TAdvisingAppointment, 'advisingStatus' | 'start' | 'end'>,
  now: Date,
): TMeetingStatus {
  switch (appointment.advisingStatus) {
    case 'canceled':
      return 'canceled';
    case 'noShow':
      return 'noShow';
    case 'completed':
      return 'completed';
    default:
      return isMeetingActive({
        status: 'accepted',
        scheduledTime: appointment.start,
        scheduledEndTime: appointment.end,
        now,
      })
        ? 'upcoming'
        : 'accepted';
  }
}

/**
 * The spec 4 label of an appointment for its viewer: 'Meeting Upcoming', 'Meeting Canceled', 'Meeting marked
 * as no-show', 'Request Completed', 'Request Accepted' (ended, not marked yet).
 */
export function appointmentMeetingLabel(
  appointment: Pick<TAdvisingAppointment, 'advisingStatus' | 'start' | 'end' | 'viewerRole' | 'adviser'>,
  now: Date,
): string {
  return meetingStatusLabel({
    status: appointmentMeetingStatus(appointment, now),
    isSender: appointment.viewerRole === 'student',
    recipientFirstName: appointment.adviser.firstName,
  });
}

/** Badge colour of a meeting status; white text on each shade is at least 4.5:1 (WCAG AA), as the inbox's. */
export const MEETING_STATUS_COLORS: Readonly<Record<TMeetingStatus, string>> = {
  pending: 'blue.8',
  upcoming: 'teal.9',
  accepted: 'indigo.8',
  completed: 'indigo.8',
  rejected: 'red.9',
  canceled: 'gray.8',
  cancelled: 'gray.8',
  noShow: 'red.9',
  notAccepted: 'gray.8',
};

/** The other side of an appointment for its viewer: the adviser for the student, else the student. */
export function otherSide(
  appointment: Pick<TAdvisingAppointment, 'viewerRole' | 'adviser' | 'student'>,
): TAdvisingAppointment['student'] {
  return appointment.viewerRole === 'student' ? appointment.adviser : appointment.student;
}
