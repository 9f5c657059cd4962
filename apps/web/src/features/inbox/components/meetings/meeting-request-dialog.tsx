import { MEETING_DURATIONS, type TMeeting } from '@commons/contract';
import {
  formatDurationHoursMinutes,
  MEETING_MEDIUM_LABELS,
  MEETING_MEDIUMS,
  type TMeetingMedium,
} from '@commons/domain';
import { Alert, Button, Group, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../components/error-state';
import { isApiError } from '../../../../lib/api-error';
import { useRequestMeeting } from '../../api/meetings';
import { MeetingSlotPicker } from './meeting-slot-picker';
import { LazyModal } from '../../../../components/lazy-modal';

/** Field errors of a refused request, keyed by the form's fields (every proposedTimes.N under proposedTimes). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields))
    fields[key.startsWith('proposedTimes') ? 'proposedTimes' : key] ??= message;
  return fields;
}

/**
 * Request a meeting in a thread (issue #5 item 2): the medium (spec 9 Meeting mediums) and its details, the
 * length, and up to five proposed times on the other participant's grid, picked in the viewer's time zone.
 */
export function MeetingRequestDialog({
  threadId,
  otherFirstName,
  timeZone,
  isOpen,
  onClose,
  onRequested,
}: {
  threadId: string;
  otherFirstName: string;
  timeZone: string;
  isOpen: boolean;
  onClose: () => void;
  onRequested?: (meeting: TMeeting) => void;
}) {
  const [medium, setMedium] = useState<TMeetingMedium>('video');
  const [durationMinutes, setDurationMinutes] = useState(30);
  const [times, setTimes] = useState<string[]>([]);
  const [location, setLocation] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const requestMeeting = useRequestMeeting(threadId);
  const errors = fieldErrors(requestMeeting.error);
  const isEmail = medium === 'email';

  const handleClose = () => {
    requestMeeting.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    requestMeeting.mutate(
      {
        medium,
        durationMinutes,
        proposedTimes: isEmail ? [] : times,
        timezone: timeZone,
        ...(medium === 'in-person' || medium === 'external-meeting' ? { location } : {}),
        ...(medium === 'phone' ? { phone } : {}),
        ...(note.trim() === '' ? {} : { note }),
      },
      {
        onSuccess: (meeting) => {
          setTimes([]);
          setNote('');
          onRequested?.(meeting);
          onClose();
        },
      },
    );
  };

  return (
    <LazyModal
      opened={isOpen}
      onClose={handleClose}
      title={`Request a meeting with ${otherFirstName}`}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Radio.Group
            label="How will you meet?"
            value={medium}
            onChange={(value) => setMedium(value as TMeetingMedium)}
          >
            <Group gap="md" mt="xs">
              {MEETING_MEDIUMS.map((m) => (
                <Radio key={m} value={m} label={MEETING_MEDIUM_LABELS[m]} />
              ))}
            </Group>
          </Radio.Group>
          <NativeSelect
            label="Meeting length"
            value={String(durationMinutes)}
            onChange={(event) => setDurationMinutes(Number(event.currentTarget.value))}
            data={MEETING_DURATIONS.map((d) => ({ value: String(d), label: formatDurationHoursMinutes(d) }))}
            error={errors['durationMinutes']}
          />
          {medium === 'in-person' ? (
            <TextInput
              label="Where will you meet?"
              required
              value={location}
              onChange={(e) => setLocation(e.currentTarget.value)}
              error={errors['location']}
            />
          ) : null}
          {medium === 'external-meeting' ? (
            <TextInput
              label="Meeting link"
              type="url"
              required
              placeholder="https://"
              value={location}
              onChange={(e) => setLocation(e.currentTarget.value)}
              error={errors['location']}
            />
          ) : null}
          {medium === 'phone' ? (
            <TextInput
              label="Phone number to call"
              type="tel"
              required
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={errors['phone']}
            />
          ) : null}
          {isEmail ? null : (
            <MeetingSlotPicker
              threadId={threadId}
              durationMinutes={durationMinutes}
              timeZone={timeZone}
              selected={times}
              onChange={setTimes}
              error={errors['proposedTimes'] ?? null}
            />
          )}
          <Textarea
            label="Note (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <div aria-live="polite">
            {requestMeeting.isError && Object.keys(errors).length === 0 ? (
              <Alert color="red" variant="outline">
                {errorText(requestMeeting.error)}
              </Alert>
            ) : null}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Close
            </Button>
            <Button
              type="submit"
              loading={requestMeeting.isPending}
              disabled={!isEmail && times.length === 0}
            >
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
