import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { MONTH_OPTIONS, yearOptions } from './date-options';
import { emptyWorkHistoryDraft, type TItemErrors, type TWorkHistoryDraft } from '../lib/profile-drafts';

/**
 * Rows of work-history items (spec 3 Work history item) for the profile editor and signup: role,
 * company, start and end month/year from the year picker range, and "I currently work here".
 * Errors are keyed `items.{i}.{field}` as the server's; range errors show on the year selects.
 */
export function WorkHistoryEditor(props: {
  items: TWorkHistoryDraft[];
  errors: TItemErrors;
  onChange: (items: TWorkHistoryDraft[]) => void;
  now: Date;
  timeZone: string;
}) {
  const years = yearOptions({ now: props.now, timeZone: props.timeZone });
  const update = (index: number, patch: Partial<TWorkHistoryDraft>) =>
    props.onChange(props.items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const error = (index: number, ...fields: string[]) =>
    fields.map((field) => props.errors[`items.${index}.${field}`]).find((message) => message !== undefined);
  return (
    <Stack gap="md">
      {props.items.map((item, index) => (
        <Fieldset key={item.key} legend={`Position ${index + 1}`}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput
                label="Role"
                required
                value={item.role}
                error={error(index, 'role')}
                onChange={(event) => update(index, { role: event.currentTarget.value })}
              />
              <TextInput
                label="Company"
                value={item.company}
                error={error(index, 'company')}
                onChange={(event) => update(index, { company: event.currentTarget.value })}
              />
            </Group>
            <Checkbox
              label="I currently work here"
              checked={item.current}
              onChange={(event) => update(index, { current: event.currentTarget.checked })}
            />
            <Group grow align="flex-start">
              <NativeSelect
                label="Start month"
                data={MONTH_OPTIONS}
                value={item.startMonth}
                error={error(index, 'startMonth')}
                onChange={(event) => update(index, { startMonth: event.currentTarget.value })}
              />
              <NativeSelect
                label="Start year"
                data={years}
                value={item.startYear}
                error={error(index, 'startYear', 'startDate')}
                onChange={(event) => update(index, { startYear: event.currentTarget.value })}
              />
            </Group>
            {item.current ? null : (
              <Group grow align="flex-start">
                <NativeSelect
                  label="End month"
                  data={MONTH_OPTIONS}
                  value={item.endMonth}
                  error={error(index, 'endMonth')}
                  onChange={(event) => update(index, { endMonth: event.currentTarget.value })}
                />
                <NativeSelect
                  label="End year"
                  data={years}
                  value={item.endYear}
                  error={error(index, 'endYear', 'endDate')}
                  onChange={(event) => update(index, { endYear: event.currentTarget.value })}
                />
              </Group>
            )}
            <Group justify="flex-end">
              <Button
                variant="outline"
                color="red.9"
                onClick={() => props.onChange(props.items.filter((_, i) => i !== index))}
              >
                Remove position {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="outline" onClick={() => props.onChange([...props.items, emptyWorkHistoryDraft()])}>
          Add a position
        </Button>
      </Group>
    </Stack>
  );
}
