import { zonedDate } from '@commons/domain';
import { MAX_PROPOSED_TIMES } from '@commons/contract';
import { ActionIcon, Alert, Chip, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../../components/error-state';
import { useMeetingSlots } from '../../api/meetings';
import { meetingDateTime, otherZoneNote, timeOfDay } from './meeting-time';

/**
 * Proposed times on the meeting grid (spec 5 Meeting slots): a day, then that day's free slots of the other
 * participant in the viewer's time zone, each with the other participant's local time when it differs.
 * Up to MAX_PROPOSED_TIMES times across days.
 */
export function MeetingSlotPicker({
  threadId,
  durationMinutes,
  timeZone,
  selected,
  onChange,
  error,
}: {
  threadId: string;
  durationMinutes: number;
  timeZone: string;
  selected: string[];
  onChange: (times: string[]) => void;
  error?: string | null;
}) {
  const today = zonedDate(new Date(), timeZone);
  const [date, setDate] = useState(today);
  const slots = useMeetingSlots({ threadId, date, durationMinutes, timezone: timeZone, isEnabled: true });
  const other = slots.data?.other;
  const free = (slots.data?.slots ?? []).filter((s) => !s.isDisabled);
  const isFull = selected.length >= MAX_PROPOSED_TIMES;
  const dayValues = selected.filter((t) => free.some((s) => s.start === t));
  const handleDayChange = (values: string[]) => {
    const otherDays = selected.filter((t) => !free.some((s) => s.start === t));
    onChange([...otherDays, ...values].slice(0, MAX_PROPOSED_TIMES).sort());
  };
  const groupLabelId = `slot-group-${threadId}`;
  return (
    <Stack gap="sm">
      <TextInput
        type="date"
        label="Day"
        description={`Times are shown in your time zone, ${timeZone}${other && other.timezone !== timeZone ? `. ${other.firstName}'s time zone is ${other.timezone}` : ''}.`}
        min={today}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
      />
      <div>
        <Text id={groupLabelId} size="sm" fw={500}>
          Free times on this day{slots.data ? ` (every ${slots.data.stepMinutes} minutes)` : ''}
        </Text>
        {slots.isPending && slots.fetchStatus === 'idle' ? (
          <Text size="sm" c="gray.7" py="xs">
            Choose a day.
          </Text>
        ) : slots.isPending ? (
          <Group gap="xs" py="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Loading free times…</Text>
          </Group>
        ) : slots.isError ? (
          <Alert color="red" variant="outline" mt="xs">
            {errorText(slots.error)}
          </Alert>
        ) : free.length === 0 ? (
          <Text size="sm" c="gray.7" py="xs">
            {other
              ? `${other.firstName} has no free times on this day. Try another day.`
              : 'No free times on this day.'}
          </Text>
        ) : (
          <Chip.Group multiple value={dayValues} onChange={handleDayChange}>
            <Group gap="xs" mt="xs" role="group" aria-labelledby={groupLabelId}>
              {free.map((slot) => {
                const note = other
                  ? otherZoneNote(slot.start, {
                      viewerZone: timeZone,
                      otherZone: other.timezone,
                      otherName: other.firstName,
                    })
                  : null;
                const isChecked = dayValues.includes(slot.start);
                return (
                  <Chip key={slot.start} value={slot.start} size="sm" disabled={isFull && !isChecked}>
                    {timeOfDay(slot.start, timeZone)}
                    {note ? ` (${note})` : ''}
                  </Chip>
                );
              })}
            </Group>
          </Chip.Group>
        )}
      </div>
      <div aria-live="polite">
        <Text size="sm" fw={500}>
          Proposed times ({selected.length} of {MAX_PROPOSED_TIMES})
        </Text>
        {selected.length === 0 ? (
          <Text size="sm" c="gray.7">
            No time chosen yet.
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {selected.map((time) => (
              <Group key={time} component="li" gap="xs" wrap="nowrap">
                <Text size="sm">{meetingDateTime(time, timeZone)}</Text>
                <ActionIcon
                  variant="outline"
                  color="gray.8"
                  size="sm"
                  aria-label={`Remove ${meetingDateTime(time, timeZone)}`}
                  onClick={() => onChange(selected.filter((t) => t !== time))}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
