import type { TAdvisingAppointment } from '@commons/contract';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { errorText } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-error';
import { useCancelAppointment, useRescheduleAppointment } from '../api/appointments';
import { otherSide } from '../appointment-status';
import { slotSummary } from '../slot-days';
import { SlotPicker, type TChosenSlot } from './slot-picker';

/** Cancel an appointment with an optional reason the other side reads. */
export function CancelAppointmentDialog(props: {
  hubIdentifier: string;
  appointment: TAdvisingAppointment;
  timeZone: string;
  onClose: () => void;
}) {
  const { appointment } = props;
  const cancel = useCancelAppointment(props.hubIdentifier);
  const [reason, setReason] = useState('');
  const other = otherSide(appointment);
  return (
    <Modal opened onClose={props.onClose} title="Cancel the appointment?">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate(
            { id: appointment.id, reason },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'The appointment was canceled.' });
                props.onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text>
            {appointment.appointmentType.name} with {other.fullName},{' '}
            {slotSummary(appointment, props.timeZone)}. {other.firstName} is told, and the calendar invite is
            withdrawn.
          </Text>
          <TextInput
            label="Reason (optional)"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <ErrorAlert error={cancel.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Keep it
            </Button>
            <Button type="submit" color="red.9" loading={cancel.isPending}>
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Move an appointment to another free slot of the same adviser and appointment type; a slot taken meanwhile
 * (409) shows the server's message and the slots load again.
 */
export function RescheduleAppointmentDialog(props: {
  hubIdentifier: string;
  appointment: TAdvisingAppointment;
  timeZone: string;
  onClose: () => void;
}) {
  const { appointment } = props;
  const reschedule = useRescheduleAppointment(props.hubIdentifier);
  const [slot, setSlot] = useState<TChosenSlot | null>(null);
  const [takenMessage, setTakenMessage] = useState<string | null>(null);
  return (
    <Modal opened onClose={props.onClose} title="Reschedule the appointment" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (slot === null) return;
          setTakenMessage(null);
          reschedule.mutate(
            { id: appointment.id, start: slot.start, timezone: props.timeZone },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'The appointment was moved.' });
                props.onClose();
              },
              onError: (error) => {
                if (isApiError(error) && error.status === 409) {
                  setSlot(null);
                  setTakenMessage(errorText(error));
                }
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Now: {slotSummary(appointment, props.timeZone)}. Choose a new time with{' '}
            {appointment.adviser.fullName}. Calendars get the updated invite.
          </Text>
          {takenMessage === null ? null : (
            <Alert color="red" variant="outline" role="alert" title="That time is gone">
              {takenMessage}
            </Alert>
          )}
          <SlotPicker
            hubIdentifier={props.hubIdentifier}
            adviserId={appointment.adviser.id}
            appointmentTypeId={appointment.appointmentType.id}
            appointmentId={appointment.id}
            timeZone={props.timeZone}
            value={slot}
            onChange={setSlot}
            label="New time"
          />
          {slot === null ? null : (
            <Text size="sm" fw={600} aria-live="polite">
              New time: {slotSummary(slot, props.timeZone)}
            </Text>
          )}
          {takenMessage === null ? <ErrorAlert error={reschedule.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Keep the time
            </Button>
            <Button type="submit" disabled={slot === null} loading={reschedule.isPending}>
              Reschedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
