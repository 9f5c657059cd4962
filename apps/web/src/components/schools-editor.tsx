import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useMajorCatalogue } from '../lib/major-catalogue';
import { emptySchoolDraft, type TItemErrors, type TSchoolDraft } from '../lib/profile-drafts';
import { yearOptions } from './date-options';
import { itemError, ListEditor } from './list-editor';

/**
 * Rows of school items (spec 3 School item) for the profile editor and signup: school, degree,
 * majors (comma-separated; the cluster's majors catalogue is offered as suggestions, issue #23 item 2),
 * graduation year from the year picker range, and whether it is hidden.
 */
export function SchoolsEditor(props: {
  items: TSchoolDraft[];
  errors: TItemErrors;
  onChange: (items: TSchoolDraft[]) => void;
  now: Date;
  timeZone: string;
}) {
  const years = yearOptions({ now: props.now, timeZone: props.timeZone });
  const majorListId = useId();
  const majors = useMajorCatalogue().data?.items ?? [];
  return (
    <>
      {majors.length === 0 ? null : (
        <datalist id={majorListId}>
          {majors.map((major) => (
            <option key={major.id} value={major.name} />
          ))}
        </datalist>
      )}
      <ListEditor
        items={props.items}
        onChange={props.onChange}
        itemName="School"
        addLabel="Add a school"
        createItem={emptySchoolDraft}
        renderItem={(item, index, update) => (
          <>
            <Group grow align="flex-start">
              <TextInput
                label="School"
                required
                value={item.schoolName}
                error={itemError(props.errors, index, 'schoolName')}
                onChange={(event) => update({ schoolName: event.currentTarget.value })}
              />
              <TextInput
                label="Degree"
                value={item.degreeType}
                error={itemError(props.errors, index, 'degreeType')}
                onChange={(event) => update({ degreeType: event.currentTarget.value })}
              />
            </Group>
            <TextInput
              label="Majors"
              description={
                majors.length === 0
                  ? 'Separate several majors with commas.'
                  : 'Pick one of your school’s majors or type your own; separate several with commas.'
              }
              {...(majors.length === 0 ? {} : { list: majorListId })}
              value={item.majors}
              error={itemError(props.errors, index, 'majors')}
              onChange={(event) => update({ majors: event.currentTarget.value })}
            />
            <Group grow align="flex-end">
              <NativeSelect
                label="Graduation year"
                data={years}
                value={item.graduationYear}
                error={itemError(props.errors, index, 'graduationYear')}
                onChange={(event) => update({ graduationYear: event.currentTarget.value })}
              />
              <Checkbox
                label="Hide my graduation year"
                checked={item.isGraduationYearHidden}
                onChange={(event) => update({ isGraduationYearHidden: event.currentTarget.checked })}
                mb={8}
              />
            </Group>
          </>
        )}
      />
    </>
  );
}
