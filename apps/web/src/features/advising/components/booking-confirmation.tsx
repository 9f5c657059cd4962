import type { TAdvisingAppointment } from '@commons/contract';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../components/error-state';
import { advisingPaths } from '../../../config/advising-paths';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { downloadAppointmentInvite } from '../api/appointments';
import { AppointmentDetails } from './appointment-details';

/**
 * The booked appointment (issue #21 item 3): what, when and where, the conversation with the adviser in the
 * inbox where the appointment's messages and invite live, its calendar invite and My appointments. Focus moves
 * to the heading so screen readers hear the booking went through.
 */
export function BookingConfirmation(props: {
  appointment: TAdvisingAppointment;
  timeZone: string;
  onBookAnother: () => void;
}) {
  const { appointment } = props;
  const me = useCurrentUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const address = me.data?.identifier;
  return (
    <Paper component="section" aria-labelledby="booking-confirmed" withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3" id="booking-confirmed" ref={headingRef} tabIndex={-1}>
          Your appointment is booked
        </Title>
        <Text>
          <strong>{appointment.appointmentType.name}</strong> with {appointment.adviser.fullName},{' '}
          {appointment.adviser.title}. It is in your inbox conversation with {appointment.adviser.firstName},
          and reminders come before it starts.
        </Text>
        <AppointmentDetails appointment={appointment} timeZone={props.timeZone} isUpcoming />
        <Group gap="sm">
          {address === undefined ? null : (
            <Button component={Link} to={paths.inboxThread(address, appointment.threadId)}>
              Open the conversation with {appointment.adviser.firstName}
            </Button>
          )}
          {appointment.can.downloadInvite ? (
            <Button
              variant="outline"
              onClick={() =>
                void downloadAppointmentInvite(appointment.meetingId).catch((error: unknown) =>
                  notifications.show({ color: 'red', message: errorText(error) }),
                )
              }
            >
              Add to calendar (.ics)
            </Button>
          ) : null}
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={advisingPaths.appointments()}>
            See my appointments
          </Anchor>
          <Anchor component="button" type="button" onClick={props.onBookAnother}>
            Book another appointment
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
