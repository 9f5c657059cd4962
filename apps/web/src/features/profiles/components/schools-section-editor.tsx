import type { TProfile } from '@commons/contract';
import { useState, type FormEvent } from 'react';
import { SchoolsEditor } from '../../../components/schools-editor';
import { isApiError } from '../../../lib/api-error';
import {
  schoolDraftOf,
  schoolInputOf,
  validateSchoolDrafts,
  type TItemErrors,
  type TSchoolDraft,
} from '../../../lib/profile-drafts';
import { useSaveSchools } from '../api/save-schools';
import { EditorActions } from './editor-actions';
import { ErrorAlert } from '../../../components/error-alert';

/** The owner's schools editor (spec 3 School item), saved with PUT /api/profiles/me/schools. */
export function SchoolsSectionEditor(props: {
  items: NonNullable<TProfile['sections']['schools']>;
  now: Date;
  timeZone: string;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const [drafts, setDrafts] = useState<TSchoolDraft[]>(() => props.items.map(schoolDraftOf));
  const [errors, setErrors] = useState<TItemErrors>({});
  const save = useSaveSchools();

  const handleChange = (next: TSchoolDraft[]) => {
    setDrafts(next);
    props.onDirtyChange(true);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSchoolDrafts(drafts);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(drafts.map(schoolInputOf), {
      onSuccess: () => {
        props.onDirtyChange(false);
        props.onDone();
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <div aria-live="assertive">
        <ErrorAlert error={save.error} title="Your schools were not saved" mb="md" />
      </div>
      <SchoolsEditor items={drafts} errors={errors} onChange={handleChange} now={props.now} timeZone={props.timeZone} />
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
