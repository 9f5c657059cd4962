import { Alert, Button, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../components/error-state';
import { useAdviserSlots } from '../api/booking';
import { dayToShow, slotCount, slotDayFullLabel, slotDayLabel, slotTime, type TSlotDay } from '../slot-days';

/** A chosen free slot. */
export type TChosenSlot = { start: string; end: string };

/**
 * An adviser's free slots of one appointment type for the next 14 days (issue #21 item 3), by day of the
 * viewer's zone: a row of days (each with how many times it has; days without any are shown but cannot be
 * chosen), then the chosen day's times on the 30-minute grid (15 where the adviser enabled it). Choosing a
 * time calls `onChange`; a time that a refresh no longer offers is dropped by the caller.
 */
export function SlotPicker(props: {
  hubIdentifier: string;
  adviserId: string;
  appointmentTypeId: string;
  timeZone: string;
  value: TChosenSlot | null;
  onChange: (slot: TChosenSlot | null) => void;
  /** Names the picker: 'Free times with Dana Adviser'. */
  label: string;
  /** A reschedule: the appointment to move (the adviser moving their own appointment may ask too). */
  appointmentId?: string;
}) {
  const slots = useAdviserSlots({
    hubIdentifier: props.hubIdentifier,
    adviserId: props.adviserId,
    appointmentTypeId: props.appointmentTypeId,
    timeZone: props.timeZone,
    appointmentId: props.appointmentId,
  });
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const labelId = `slots-${props.adviserId}-${props.appointmentTypeId}`;

  if (slots.isPending)
    return (
      <Group gap="xs" py="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">Loading free times…</Text>
      </Group>
    );
  if (slots.isError)
    return (
      <Alert color="red" variant="outline" role="alert" title="The free times could not be loaded">
        <Text size="sm">{errorText(slots.error)}</Text>
        <Button mt="sm" size="xs" variant="outline" color="red.9" onClick={() => void slots.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const { days, stepMinutes, emptyMessage } = slots.data;
  if (slotCount(days) === 0)
    return (
      <Text size="sm" c="gray.7" py="xs" role="status">
        {emptyMessage ?? 'No free times in the next 14 days.'}
      </Text>
    );
  // The day clicked last, else the chosen time's day, else the first day with times.
  const shownDay = dayToShow(
    days,
    chosenDay ?? (props.value === null ? null : (dayOfSlot(days, props.value.start) ?? null)),
  );
  const day = days.find((d) => d.date === shownDay);

  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <div>
        <Text id={labelId} size="sm" fw={600}>
          {props.label}
        </Text>
        <Text size="sm" c="gray.7">
          In your time zone, {props.timeZone}; times start every {stepMinutes} minutes.
          {slots.isFetching ? ' Updating…' : ''}
        </Text>
      </div>
      <Group gap={6} role="group" aria-label="Days">
        {days.map((d) => {
          const count = d.slots.length;
          const isShown = d.date === shownDay;
          return (
            <Button
              key={d.date}
              size="compact-sm"
              variant={isShown ? 'filled' : 'default'}
              disabled={count === 0}
              aria-pressed={isShown}
              aria-label={`${slotDayFullLabel(d.date)}: ${count === 0 ? 'no free times' : `${count} free ${count === 1 ? 'time' : 'times'}`}`}
              onClick={() => setChosenDay(d.date)}
            >
              {slotDayLabel(d.date)}
            </Button>
          );
        })}
      </Group>
      {day === undefined ? null : (
        <DayTimes
          day={day}
          timeZone={props.timeZone}
          value={props.value}
          onChange={(slot) => {
            setChosenDay(day.date);
            props.onChange(slot);
          }}
        />
      )}
    </Stack>
  );
}

function dayOfSlot(days: readonly TSlotDay[], start: string): string | undefined {
  const at = Date.parse(start);
  return days.find((d) => d.slots.some((slot) => Date.parse(slot.start) === at))?.date;
}

/** The free times of one day as single-choice chips. */
function DayTimes(props: {
  day: TSlotDay;
  timeZone: string;
  value: TChosenSlot | null;
  onChange: (slot: TChosenSlot | null) => void;
}) {
  const headingId = `slot-day-${props.day.date}`;
  const value = props.value?.start ?? null;
  return (
    <div>
      <Text id={headingId} size="sm" fw={600} mb={4}>
        {slotDayFullLabel(props.day.date)}
      </Text>
      <Chip.Group
        value={value}
        onChange={(start) => {
          const slot = props.day.slots.find((s) => s.start === start);
          props.onChange(slot === undefined ? null : { start: slot.start, end: slot.end });
        }}
      >
        <Group gap="xs" role="group" aria-labelledby={headingId}>
          {props.day.slots.map((slot) => (
            <Chip key={slot.start} value={slot.start} size="sm">
              {slotTime(slot.start, props.timeZone)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}
