import type { TMeeting } from '@commons/contract';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../components/error-state';
import { useMeetingAction } from '../../api/meetings';
import { fieldErrors } from './meeting-request-dialog';
import { MeetingSlotPicker } from './meeting-slot-picker';
import { LazyModal } from '../../../../components/lazy-modal';

/**
 * Propose other times for a meeting: a counter-proposal to a pending request, or a reschedule of an upcoming
 * meeting (the server cancels the calendar invite and starts a new request with the same calendar event).
 */
export function MeetingProposeDialog({
  meeting,
  otherFirstName,
  timeZone,
  isOpen,
  onClose,
}: {
  meeting: TMeeting;
  otherFirstName: string;
  timeZone: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [times, setTimes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const propose = useMeetingAction(meeting.id);
  const errors = fieldErrors(propose.error);
  const isReschedule = meeting.status === 'upcoming';
  const handleClose = () => {
    propose.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    propose.mutate(
      {
        action: 'propose',
        body: { proposedTimes: times, timezone: timeZone, ...(note.trim() === '' ? {} : { note }) },
      },
      {
        onSuccess: () => {
          setTimes([]);
          setNote('');
          onClose();
        },
      },
    );
  };
  return (
    <LazyModal
      opened={isOpen}
      onClose={handleClose}
      title={isReschedule ? `Reschedule with ${otherFirstName}` : `Propose other times to ${otherFirstName}`}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <MeetingSlotPicker
            threadId={meeting.threadId}
            durationMinutes={meeting.durationMinutes}
            timeZone={timeZone}
            selected={times}
            onChange={setTimes}
            error={errors['proposedTimes'] ?? null}
          />
          <Textarea
            label="Note (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <div aria-live="polite">
            {propose.isError && errors['proposedTimes'] === undefined ? (
              <Alert color="red" variant="outline">
                {errorText(propose.error)}
              </Alert>
            ) : null}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Close
            </Button>
            <Button type="submit" loading={propose.isPending} disabled={times.length === 0}>
              {isReschedule ? 'Send new times' : 'Propose these times'}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
