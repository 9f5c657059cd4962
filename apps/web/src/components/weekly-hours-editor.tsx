import type { TWeeklyInterval } from '@commons/contract';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { clockOptions, WEEK_DAYS } from './weekly-hours';

const START_OPTIONS = clockOptions('start');
const END_OPTIONS = clockOptions('end');

/**
 * Weekly hours per day in the owner's time zone (spec 5 Availability): each day a fieldset of from-to
 * intervals; a day without intervals is unavailable. A member's own meeting hours (manage calendar) and an
 * adviser's advising hours (issue #21) both edit theirs here.
 */
export function WeeklyHoursEditor({
  value,
  onChange,
}: {
  value: TWeeklyInterval[];
  onChange: (next: TWeeklyInterval[]) => void;
}) {
  const replace = (target: TWeeklyInterval, next: TWeeklyInterval | null) =>
    onChange(value.flatMap((i) => (i === target ? (next ? [next] : []) : [i])));
  return (
    <Stack gap="sm">
      {WEEK_DAYS.map(({ day, name }) => {
        const ofDay = value.filter((i) => i.day === day);
        return (
          <fieldset key={day} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} p={0} mb={4}>
              {name}
            </Text>
            <Group align="flex-start" gap="md" wrap="wrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                {ofDay.length === 0 ? (
                  <Text size="sm" c="gray.7" pt={6}>
                    Unavailable
                  </Text>
                ) : (
                  ofDay.map((interval, index) => (
                    <Group key={`${interval.start}-${index}`} gap="xs" align="flex-end" wrap="wrap">
                      <NativeSelect
                        label={`${name} from`}
                        size="xs"
                        data={START_OPTIONS}
                        value={interval.start}
                        onChange={(e) => replace(interval, { ...interval, start: e.currentTarget.value })}
                      />
                      <NativeSelect
                        label={`${name} to`}
                        size="xs"
                        data={END_OPTIONS}
                        value={interval.end}
                        onChange={(e) => replace(interval, { ...interval, end: e.currentTarget.value })}
                      />
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        onClick={() => replace(interval, null)}
                        aria-label={`Remove ${name} hours ${index + 1}`}
                      >
                        Remove
                      </Button>
                    </Group>
                  ))
                )}
                <div>
                  <Button
                    size="compact-sm"
                    variant="outline"
                    onClick={() => {
                      const last = ofDay.at(-1);
                      const start = last && last.end < '23:00' ? last.end : '09:00';
                      const end =
                        last && last.end < '23:00'
                          ? `${String(Number(last.end.slice(0, 2)) + 1).padStart(2, '0')}${last.end.slice(2)}`
                          : '17:00';
                      onChange([...value, { day, start, end }]);
                    }}
                    aria-label={`Add hours on ${name}`}
                  >
                    Add hours
                  </Button>
                </div>
              </Stack>
            </Group>
          </fieldset>
        );
      })}
    </Stack>
  );
}
