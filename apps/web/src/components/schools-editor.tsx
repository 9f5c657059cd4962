import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { emptySchoolDraft, type TItemErrors, type TSchoolDraft } from '../lib/profile-drafts';
import { yearOptions } from './date-options';

/**
 * Rows of school items (spec 3 School item) for the profile editor and signup: school, degree,
 * majors (comma-separated), graduation year from the year picker range, and whether it is hidden.
 */
export function SchoolsEditor(props: {
  items: TSchoolDraft[];
  errors: TItemErrors;
  onChange: (items: TSchoolDraft[]) => void;
  now: Date;
  timeZone: string;
}) {
  const years = yearOptions({ now: props.now, timeZone: props.timeZone });
  const update = (index: number, patch: Partial<TSchoolDraft>) =>
    props.onChange(props.items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const error = (index: number, field: string) => props.errors[`items.${index}.${field}`];
  return (
    <Stack gap="md">
      {props.items.map((item, index) => (
        <Fieldset key={item.key} legend={`School ${index + 1}`}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput
                label="School"
                required
                value={item.schoolName}
                error={error(index, 'schoolName')}
                onChange={(event) => update(index, { schoolName: event.currentTarget.value })}
              />
              <TextInput
                label="Degree"
                value={item.degreeType}
                error={error(index, 'degreeType')}
                onChange={(event) => update(index, { degreeType: event.currentTarget.value })}
              />
            </Group>
            <TextInput
              label="Majors"
              description="Separate several majors with commas."
              value={item.majors}
              error={error(index, 'majors')}
              onChange={(event) => update(index, { majors: event.currentTarget.value })}
            />
            <Group grow align="flex-end">
              <NativeSelect
                label="Graduation year"
                data={years}
                value={item.graduationYear}
                error={error(index, 'graduationYear')}
                onChange={(event) => update(index, { graduationYear: event.currentTarget.value })}
              />
              <Checkbox
                label="Hide my graduation year"
                checked={item.isGraduationYearHidden}
                onChange={(event) => update(index, { isGraduationYearHidden: event.currentTarget.checked })}
                mb={8}
              />
            </Group>
            <Group justify="flex-end">
              <Button
                variant="outline"
                color="red.9"
                onClick={() => props.onChange(props.items.filter((_, i) => i !== index))}
              >
                Remove school {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="outline" onClick={() => props.onChange([...props.items, emptySchoolDraft()])}>
          Add a school
        </Button>
      </Group>
    </Stack>
  );
}
