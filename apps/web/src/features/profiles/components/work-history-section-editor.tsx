import type { TProfile } from '@commons/contract';
import { useState, type FormEvent } from 'react';
import { WorkHistoryEditor } from '../../../components/work-history-editor';
import { isApiError } from '../../../lib/api-error';
import {
  validateWorkHistoryDrafts,
  workHistoryDraftOf,
  workHistoryInputOf,
  type TItemErrors,
  type TWorkHistoryDraft,
} from '../../../lib/profile-drafts';
import { useSaveWorkHistory } from '../api/save-work-history';
import { EditorActions } from './editor-actions';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * The owner's work-history editor (spec 3 Work history item): checked in the browser with the
 * spec 5 date-range rules, saved with PUT /api/profiles/me/work-history; the server's
 * `items.{i}.{field}` errors show on the same fields.
 */
export function WorkHistorySectionEditor(props: {
  items: NonNullable<TProfile['sections']['workHistory']>;
  now: Date;
  timeZone: string;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const [drafts, setDrafts] = useState<TWorkHistoryDraft[]>(() => props.items.map(workHistoryDraftOf));
  const [errors, setErrors] = useState<TItemErrors>({});
  const save = useSaveWorkHistory();

  const handleChange = (next: TWorkHistoryDraft[]) => {
    setDrafts(next);
    props.onDirtyChange(true);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWorkHistoryDrafts({ drafts, now: props.now, timeZone: props.timeZone });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(drafts.map(workHistoryInputOf), {
      onSuccess: () => {
        props.onDirtyChange(false);
        props.onDone();
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <div aria-live="assertive">
        {errorCount > 0 ? (
          <ErrorAlert error={true} title="Please check the highlighted fields" mb="md">
            Each problem is shown next to its field.
          </ErrorAlert>
        ) : (
          <ErrorAlert error={save.error} title="Your work history was not saved" mb="md" />
        )}
      </div>
      <WorkHistoryEditor items={drafts} errors={errors} onChange={handleChange} now={props.now} timeZone={props.timeZone} />
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
