import type { UseMutationResult } from '@tanstack/react-query';
import { Alert } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import type { TItemErrors } from '../../../lib/profile-drafts';
import { EditorActions } from './editor-actions';

/**
 * The owner's editor of a list section (schools, work history): drafts checked in the browser, saved in one
 * request, the server's `items.{i}.{field}` errors shown on the same fields, a summary when any field is off.
 */
export function ListSectionEditor<TDraft, TInput>(props: {
  initialDrafts: () => TDraft[];
  validate: (drafts: TDraft[]) => TItemErrors;
  toInput: (draft: TDraft) => TInput;
  save: UseMutationResult<unknown, Error, TInput[]>;
  /** 'Your schools were not saved'. */
  notSavedTitle: string;
  renderEditor: (editor: {
    drafts: TDraft[];
    errors: TItemErrors;
    onChange: (drafts: TDraft[]) => void;
  }) => ReactNode;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const [drafts, setDrafts] = useState<TDraft[]>(props.initialDrafts);
  const [errors, setErrors] = useState<TItemErrors>({});
  const { save } = props;

  const handleChange = (next: TDraft[]) => {
    setDrafts(next);
    props.onDirtyChange(true);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found = props.validate(drafts);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(formElement);
    save.mutate(drafts.map(props.toInput), {
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

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <div aria-live="assertive">
        {hasFieldErrors ? (
          <Alert color="red" variant="outline" title="Please check the highlighted fields" mb="md">
            Each problem is shown next to its field.
          </Alert>
        ) : save.isError ? (
          <ErrorAlert error={save.error} title={props.notSavedTitle} mb="md" />
        ) : null}
      </div>
      {props.renderEditor({ drafts, errors, onChange: handleChange })}
      <EditorActions
        isSaving={save.isPending}
        onCancel={() => {
          props.onDirtyChange(false);
          props.onDone();
        }}
      />
    </form>
  );
}
