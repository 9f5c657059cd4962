import { ZPatchProfileRequest, type TPatchProfileRequest } from '@commons/contract';
import { MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useUpdateProfile } from '../api/update-profile';
import { EditorActions } from './editor-actions';
import { ErrorAlert } from '../../../components/error-alert';

/** One field of a TextFieldsEditor. */
export interface TTextField {
  /** The request field; `record.key` (demographicInfo.pronouns) is one entry of a record field. */
  name: string;
  label: string;
  isMultiline?: boolean;
  isRequired?: boolean;
  description?: string;
  /** Comma-separated list sent as an array (help topics, expertise). */
  isList?: boolean;
  /**
   * A list chosen from these options instead of typed (career path expertise from the catalogue); its value is
   * the JSON array of the chosen options.
   */
  options?: string[];
}

const FIELD_MESSAGES: Record<string, string> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
};

function toRequest(fields: TTextField[], values: Record<string, string>): TPatchProfileRequest {
  const request: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    const [recordName, entryKey] = field.name.split(/\.(.*)/s);
    if (recordName !== undefined && entryKey !== undefined) {
      // The record is sent whole (the server replaces it); an empty entry is left out.
      const entries = (request[recordName] ?? {}) as Record<string, string>;
      request[recordName] = value === '' ? entries : { ...entries, [entryKey]: value };
    } else if (field.options !== undefined) {
      request[field.name] = JSON.parse(value === '' ? '[]' : value) as string[];
    } else if (field.isList === true) {
      request[field.name] = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    } else {
      request[field.name] = value === '' && field.isRequired !== true ? null : value;
    }
  }
  return request as TPatchProfileRequest;
}

/**
 * An in-place editor of plain profile fields saved with PATCH /api/profiles/me, validated with the
 * contract's schema first; server field errors show on their inputs.
 */
export function TextFieldsEditor(props: {
  /** The form's id, for links that bring this editor into view. */
  id?: string;
  fields: TTextField[];
  initialValues: Record<string, string>;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const [values, setValues] = useState(props.initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const validate = zodFormValidator(ZPatchProfileRequest, FIELD_MESSAGES);

  const handleChange = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    props.onDirtyChange(
      props.fields.some((field) => (next[field.name] ?? '') !== (props.initialValues[field.name] ?? '')),
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const request = toRequest(props.fields, values);
    const found = validate(request);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(formElement);
    update.mutate(request, {
      onSuccess: () => {
        props.onDirtyChange(false);
        props.onDone();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        setErrors(error.fields);
        focusFirstInvalidField(formElement);
      },
    });
  };

  const handleCancel = () => {
    props.onDirtyChange(false);
    props.onDone();
  };

  return (
    <form id={props.id} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <ErrorAlert error={update.error} title="Your changes were not saved" />
        {props.fields.map((field) => {
          const common = {
            name: field.name,
            label: field.label,
            description: field.description,
            required: field.isRequired,
            value: values[field.name] ?? '',
            error: errors[field.name],
          };
          if (field.options !== undefined) {
            return (
              <MultiSelect
                key={field.name}
                {...common}
                value={JSON.parse(common.value === '' ? '[]' : common.value) as string[]}
                data={field.options}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage="No career path has this name"
                onChange={(chosen) => handleChange(field.name, JSON.stringify(chosen))}
              />
            );
          }
          return field.isMultiline === true ? (
            <Textarea
              key={field.name}
              {...common}
              autosize
              minRows={3}
              onChange={(event) => handleChange(field.name, event.currentTarget.value)}
            />
          ) : (
            <TextInput
              key={field.name}
              {...common}
              onChange={(event) => handleChange(field.name, event.currentTarget.value)}
            />
          );
        })}
      </Stack>
      <EditorActions isSaving={update.isPending} onCancel={handleCancel} />
    </form>
  );
}
