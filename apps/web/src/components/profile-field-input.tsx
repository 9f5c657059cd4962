import type { TProfileCustomField } from '@commons/contract';
import type { TProfileFieldValue } from '@commons/domain';
import { Checkbox, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';

/**
 * The input of one hub custom profile field by its kind (issue #22 item 1): the profile's Community questions
 * editor and the signup steps (required fields) use it.
 */
export function ProfileFieldInput(props: {
  field: TProfileCustomField;
  value: TProfileFieldValue;
  error: string | undefined;
  onChange: (value: TProfileFieldValue) => void;
}) {
  const { field, value } = props;
  const common = {
    name: `custom-field-${field.slug}`,
    label: field.label,
    description: field.description === '' ? undefined : field.description,
    required: field.isRequired,
    error: props.error,
  };
  const text = typeof value === 'string' ? value : '';
  const onText = (next: string) => props.onChange(next);
  switch (field.type) {
    case 'paragraph':
      return (
        <Textarea
          {...common}
          autosize
          minRows={4}
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    case 'single-choice':
      return (
        <NativeSelect
          {...common}
          data={[{ value: '', label: 'Choose…' }, ...field.options]}
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    case 'multi-choice':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => props.onChange(next)}
        >
          <Stack gap={6} mt="xs">
            {field.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      );
    case 'text':
      return <TextInput {...common} value={text} onChange={(event) => onText(event.currentTarget.value)} />;
  }
}
