import type { TProfile } from '@commons/contract';
import { DEMOGRAPHIC_INFO_FIELDS } from '@commons/domain';
import { demographicLabel } from '../utils/profile-labels';
import { TextFieldsEditor, type TTextField } from './text-fields-editor';

const RECORD_FIELD = 'demographicInfo';

/**
 * The owner's demographic information (spec 3 demographicInfo): the common fields of
 * DEMOGRAPHIC_INFO_FIELDS, plus any other entry already stored so saving the whole record keeps it.
 * Every field is optional; an empty one is left out.
 */
export function DemographicInfoSectionEditor(props: {
  info: NonNullable<TProfile['sections']['demographicInfo']>;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const knownKeys = new Set<string>(DEMOGRAPHIC_INFO_FIELDS.map((field) => field.key));
  const fields: TTextField[] = [
    ...DEMOGRAPHIC_INFO_FIELDS.map((field) => ({
      name: `${RECORD_FIELD}.${field.key}`,
      label: field.label,
      description: field.description,
    })),
    ...Object.keys(props.info)
      .filter((key) => !knownKeys.has(key))
      .map((key) => ({ name: `${RECORD_FIELD}.${key}`, label: demographicLabel(key) })),
  ];
  const initialValues = Object.fromEntries(
    fields.map((field) => [field.name, props.info[field.name.slice(RECORD_FIELD.length + 1)] ?? '']),
  );
  return (
    <TextFieldsEditor
      fields={fields}
      initialValues={initialValues}
      onDone={props.onDone}
      onDirtyChange={props.onDirtyChange}
    />
  );
}
