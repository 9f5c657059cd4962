import { Button, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { clockOptions } from '../../../components/weekly-hours';
import { newException, type TExceptionValue } from '../availability-values';
import { slotDayFullLabel } from '../slot-days';

const START_OPTIONS = clockOptions('start');
const END_OPTIONS = clockOptions('end');

/**
 * Date exceptions of an adviser (issue #21 item 2: exceptions and holidays) in their zone: each a day, closed
 * all day or open other hours that day, with an optional label ('Public holiday'). `errors` are keyed as the
 * domain's exceptionProblems and the server name them: '{index}.date', '{index}.intervals.{j}.end'.
 */
export function ExceptionsEditor(props: {
  value: TExceptionValue[];
  onChange: (next: TExceptionValue[]) => void;
  errors: Record<string, string>;
  today: string;
}) {
  const { value } = props;
  const replace = (index: number, next: TExceptionValue | null) =>
    props.onChange(value.flatMap((item, i) => (i === index ? (next === null ? [] : [next]) : [item])));
  return (
    <Stack gap="sm">
      {value.length === 0 ? (
        <Text size="sm" c="gray.7">
          No exceptions: the weekly hours apply every week.
        </Text>
      ) : null}
      {value.map((exception, index) => {
        const name = exception.date === '' ? `Exception ${index + 1}` : slotDayFullLabel(exception.date);
        const isClosed = exception.intervals.length === 0;
        const intervalError = Object.entries(props.errors).find(([key]) =>
          key.startsWith(`${index}.intervals.`),
        )?.[1];
        return (
          <Paper key={index} component="fieldset" withBorder p="sm" radius="md" m={0}>
            <Text component="legend" fw={600} px={4}>
              {name}
            </Text>
            <Stack gap="xs">
              <Group gap="sm" align="flex-start" wrap="wrap">
                <TextInput
                  type="date"
                  label="Date"
                  min={props.today}
                  value={exception.date}
                  onChange={(event) => replace(index, { ...exception, date: event.currentTarget.value })}
                  error={props.errors[`${index}.date`]}
                />
                <TextInput
                  label="Label (optional)"
                  placeholder="Public holiday"
                  maxLength={100}
                  value={exception.label}
                  onChange={(event) => replace(index, { ...exception, label: event.currentTarget.value })}
                />
              </Group>
              <Radio.Group
                label="That day"
                value={isClosed ? 'closed' : 'hours'}
                onChange={(choice) =>
                  replace(index, {
                    ...exception,
                    intervals: choice === 'closed' ? [] : [{ start: '09:00', end: '17:00' }],
                  })
                }
              >
                <Group mt={4} gap="md">
                  <Radio value="closed" label="Closed all day" />
                  <Radio value="hours" label="Other hours" />
                </Group>
              </Radio.Group>
              {exception.intervals.map((interval, j) => (
                <Group key={j} gap="xs" align="flex-end" wrap="wrap">
                  <NativeSelect
                    label={`${name} from`}
                    size="xs"
                    data={START_OPTIONS}
                    value={interval.start}
                    onChange={(event) =>
                      replace(index, {
                        ...exception,
                        intervals: exception.intervals.map((item, k) =>
                          k === j ? { ...item, start: event.currentTarget.value } : item,
                        ),
                      })
                    }
                  />
                  <NativeSelect
                    label={`${name} to`}
                    size="xs"
                    data={END_OPTIONS}
                    value={interval.end}
                    onChange={(event) =>
                      replace(index, {
                        ...exception,
                        intervals: exception.intervals.map((item, k) =>
                          k === j ? { ...item, end: event.currentTarget.value } : item,
                        ),
                      })
                    }
                  />
                  {exception.intervals.length > 1 ? (
                    <Button
                      size="compact-sm"
                      variant="outline"
                      color="red.9"
                      aria-label={`Remove ${name} hours ${j + 1}`}
                      onClick={() =>
                        replace(index, {
                          ...exception,
                          intervals: exception.intervals.filter((_, k) => k !== j),
                        })
                      }
                    >
                      Remove
                    </Button>
                  ) : null}
                </Group>
              ))}
              {intervalError === undefined ? null : (
                <Text size="sm" c="red.8" role="alert">
                  {intervalError}
                </Text>
              )}
              <Group gap="xs">
                {isClosed ? null : (
                  <Button
                    size="compact-sm"
                    variant="outline"
                    aria-label={`Add hours on ${name}`}
                    onClick={() =>
                      replace(index, {
                        ...exception,
                        intervals: [...exception.intervals, { start: '13:00', end: '17:00' }],
                      })
                    }
                  >
                    Add hours
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  aria-label={`Remove the exception on ${name}`}
                  onClick={() => replace(index, null)}
                >
                  Remove exception
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="outline"
          onClick={() => props.onChange([...value, newException(props.today, value)])}
        >
          Add a date
        </Button>
      </Group>
    </Stack>
  );
}
