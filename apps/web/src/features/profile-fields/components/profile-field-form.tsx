import type { TAdminProfileField, TAdminProfileFieldsResponse } from '@commons/contract';
import {
  isChoiceFieldType,
  PROFILE_FIELD_LIMITS,
  PROFILE_FIELD_TYPE_LABELS,
  PROFILE_FIELD_TYPES,
  profileFieldDefinitionProblems,
  profileFieldSlug,
  type TProfileFieldType,
} from '@commons/domain';
import { Button, Group, MultiSelect, NativeSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';

/** What the form edits; the options are written one per line. */
export type TProfileFieldFormValues = {
  label: string;
  slug: string;
  description: string;
  type: TProfileFieldType;
  optionsText: string;
  isRequired: boolean;
  userTypeIds: string[];
};

/** The values of a new field. */
export const newProfileFieldValues = (): TProfileFieldFormValues => ({
  label: '',
  slug: '',
  description: '',
  type: 'text',
  optionsText: '',
  isRequired: false,
  userTypeIds: [],
});

/** The values of a field to edit. */
export const profileFieldValues = (field: TAdminProfileField): TProfileFieldFormValues => ({
  label: field.label,
  slug: field.slug,
  description: field.description,
  type: field.type,
  optionsText: field.options.join('\n'),
  isRequired: field.isRequired,
  userTypeIds: field.userTypeIds,
});

/** The options of the text, one a line, blank lines left out. */
export const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The server's (and the domain's) problems as the form's errors: an option's problem names its line. */
function formErrorsOf(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const option = /^options\.(\d+)$/.exec(key);
    if (option) errors.optionsText = `Option ${Number(option[1]) + 1}: ${message}`;
    else if (key === 'options') errors.optionsText = message;
    else errors[key] = message;
  }
  return errors;
}

const TYPE_OPTIONS = PROFILE_FIELD_TYPES.map((type) => ({
  value: type,
  label: PROFILE_FIELD_TYPE_LABELS[type],
}));

/**
 * The form of one custom profile field: label, slug (new fields only), help text, kind, options of a choice,
 * whether it is required and which user types are asked. The domain's rules check it first; the server's field
 * errors land on the same fields.
 */
export function ProfileFieldForm(props: {
  initialValues: TProfileFieldFormValues;
  editing: TAdminProfileField | null;
  userTypes: TAdminProfileFieldsResponse['userTypes'];
  isSaving: boolean;
  error: unknown;
  onSubmit: (values: TProfileFieldFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const isNew = props.editing === null;
  const isTypeLocked = (props.editing?.answerCount ?? 0) > 0;
  const form = useForm<TProfileFieldFormValues>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: (values) =>
      formErrorsOf(
        profileFieldDefinitionProblems({
          label: values.label,
          slug: values.slug.trim() === '' ? profileFieldSlug(values.label) : values.slug.trim(),
          type: values.type,
          options: optionsOf(values.optionsText),
        }),
      ),
  });
  const handleSubmit = (values: TProfileFieldFormValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    props.onSubmit(values).catch((error: unknown) => {
      if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
      form.setErrors(formErrorsOf(error.fields));
      focusFirstInvalidField(formElement);
    });
  };
  const handleInvalid = (_errors: unknown, _values: unknown, event: FormEvent<HTMLFormElement> | undefined) =>
    focusFirstInvalidField(event?.currentTarget);
  const isChoice = isChoiceFieldType(form.getValues().type);

  return (
    <form onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate aria-label="Profile field">
      <Stack gap="md">
        <TextInput
          label="Label"
          description="The question or title members see, e.g. Career goals."
          required
          maxLength={PROFILE_FIELD_LIMITS.labelMax}
          {...form.getInputProps('label')}
        />
        {isNew ? (
          <TextInput
            label="Slug"
            description="The field’s name in exports: lowercase words with dashes. Left empty, it is made from the label. It cannot change later."
            maxLength={PROFILE_FIELD_LIMITS.slugMax}
            {...form.getInputProps('slug')}
          />
        ) : null}
        <Textarea
          label="Help text"
          description="Shown under the field while members fill it in (optional)."
          autosize
          minRows={2}
          maxLength={PROFILE_FIELD_LIMITS.descriptionMax}
          {...form.getInputProps('description')}
        />
        <NativeSelect
          label="Kind of answer"
          description={
            isTypeLocked
              ? 'Members have answered this field, so its kind stays. Archive it and add a new field to ask differently.'
              : 'A paragraph is for longer answers and keeps line breaks.'
          }
          data={TYPE_OPTIONS}
          required
          disabled={isTypeLocked}
          {...form.getInputProps('type')}
        />
        {isChoice ? (
          <Textarea
            label="Options"
            description={`One option a line: at least two, at most ${PROFILE_FIELD_LIMITS.optionsMax}.`}
            autosize
            minRows={3}
            required
            {...form.getInputProps('optionsText')}
          />
        ) : null}
        <Switch
          label="Required"
          description="Members must answer it to save their additional information, and it counts toward a complete profile."
          {...form.getInputProps('isRequired', { type: 'checkbox' })}
        />
        <MultiSelect
          label="Asked of"
          description="The user types who fill it in. Leave empty to ask every member."
          data={props.userTypes.map((type) => ({ value: type.id, label: type.title }))}
          placeholder={form.getValues().userTypeIds.length === 0 ? 'Every user type' : undefined}
          clearable
          {...form.getInputProps('userTypeIds')}
        />
        {props.error ? <ErrorAlert error={props.error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.isSaving}>
            {isNew ? 'Add field' : 'Save field'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
