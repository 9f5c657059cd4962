import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { emptyWorkHistoryDraft, type TItemErrors, type TWorkHistoryDraft } from '../lib/profile-drafts';
import { MONTH_OPTIONS, yearOptions } from './date-options';
import { itemError, ListEditor } from './list-editor';

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
  return (
    <ListEditor
      items={props.items}
      onChange={props.onChange}
      itemName="Position"
      addLabel="Add a position"
      createItem={emptyWorkHistoryDraft}
      renderItem={(item, index, update) => (
        <>
          <Group grow align="flex-start">
            <TextInput
              label="Role"
              required
              value={item.role}
              error={itemError(props.errors, index, 'role')}
              onChange={(event) => update({ role: event.currentTarget.value })}
            />
            <TextInput
              label="Company"
              value={item.company}
              error={itemError(props.errors, index, 'company')}
              onChange={(event) => update({ company: event.currentTarget.value })}
            />
          </Group>
          <Checkbox
            label="I currently work here"
            checked={item.current}
            onChange={(event) => update({ current: event.currentTarget.checked })}
          />
          <Group grow align="flex-start">
            <NativeSelect
              label="Start month"
              data={MONTH_OPTIONS}
              value={item.startMonth}
              error={itemError(props.errors, index, 'startMonth')}
              onChange={(event) => update({ startMonth: event.currentTarget.value })}
            />
            <NativeSelect
              label="Start year"
              data={years}
              value={item.startYear}
              error={itemError(props.errors, index, 'startYear', 'startDate')}
              onChange={(event) => update({ startYear: event.currentTarget.value })}
            />
          </Group>
          {item.current ? null : (
            <Group grow align="flex-start">
              <NativeSelect
                label="End month"
                data={MONTH_OPTIONS}
                value={item.endMonth}
                error={itemError(props.errors, index, 'endMonth')}
                onChange={(event) => update({ endMonth: event.currentTarget.value })}
              />
              <NativeSelect
                label="End year"
                data={years}
                value={item.endYear}
                error={itemError(props.errors, index, 'endYear', 'endDate')}
                onChange={(event) => update({ endYear: event.currentTarget.value })}
              />
            </Group>
          )}
        </>
      )}
    />
  );
}
