import type { TProfile } from '@commons/contract';
import { SchoolsEditor } from '../../../components/schools-editor';
import { schoolDraftOf, schoolInputOf, validateSchoolDrafts } from '../../../lib/profile-drafts';
import { useSaveSchools } from '../api/save-schools';
import { ListSectionEditor } from './list-section-editor';

/** The owner's schools editor (spec 3 School item), saved with PUT /api/profiles/me/schools. */
export function SchoolsSectionEditor(props: {
  items: NonNullable<TProfile['sections']['schools']>;
  now: Date;
  timeZone: string;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const save = useSaveSchools();
  return (
    <ListSectionEditor
      initialDrafts={() => props.items.map(schoolDraftOf)}
      validate={validateSchoolDrafts}
      toInput={schoolInputOf}
      save={save}
      notSavedTitle="Your schools were not saved"
      renderEditor={(editor) => (
        <SchoolsEditor
          items={editor.drafts}
          errors={editor.errors}
          onChange={editor.onChange}
          now={props.now}
          timeZone={props.timeZone}
        />
      )}
      onDone={props.onDone}
      onDirtyChange={props.onDirtyChange}
    />
  );
}
