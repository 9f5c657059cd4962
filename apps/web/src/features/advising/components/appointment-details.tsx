import type { TAdvisingAppointment } from '@commons/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatTimeRange } from '../../../lib/viewer-time';

/** Whether a video link leads out of Commons (an outside meeting link) rather than to the thread's room. */
function isOutsideLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * What, when and where of an appointment: the time in the viewer's zone (labelled with it), the topic, the
 * medium with its place, phone number or (while it is ahead) video link, and the student's note.
 */
export function AppointmentDetails(props: {
  appointment: TAdvisingAppointment;
  timeZone: string;
  /** Whether it is still ahead or going on: a closed or ended appointment offers no video link. */
  isUpcoming: boolean;
}) {
  const { appointment } = props;
  const type = appointment.appointmentType;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <strong>When:</strong>{' '}
        {formatTimeRange({ startsAt: appointment.start, endsAt: appointment.end, timeZone: props.timeZone })}
      </Text>
      {appointment.topic === null ? null : (
        <Text size="sm">
          <strong>Topic:</strong> {appointment.topic.name}
        </Text>
      )}
      <Text size="sm">
        <strong>How:</strong> {type.mediumLabel} · {type.durationText}
      </Text>
      {appointment.location ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <strong>Where:</strong> {appointment.location}
        </Text>
      ) : null}
      {appointment.phone ? (
        <Text size="sm">
          <strong>Phone:</strong> <Anchor href={`tel:${appointment.phone}`}>{appointment.phone}</Anchor>
        </Text>
      ) : null}
      {appointment.videoCallUrl && props.isUpcoming ? (
        <Text size="sm">
          <strong>Video:</strong>{' '}
          {isOutsideLink(appointment.videoCallUrl) ? (
            <Anchor href={appointment.videoCallUrl} target="_blank" rel="noopener noreferrer">
              Join the video call (opens in a new tab)
            </Anchor>
          ) : (
            <Anchor component={Link} to={appointment.videoCallUrl}>
              Join the video call
            </Anchor>
          )}
        </Text>
      ) : null}
      {appointment.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <strong>Note from {appointment.student.firstName}:</strong> {appointment.note}
        </Text>
      ) : null}
    </Stack>
  );
}
