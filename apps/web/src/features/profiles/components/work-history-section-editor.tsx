import type { TProfile } from '@commons/contract';
import { WorkHistoryEditor } from '../../../components/work-history-editor';
import {
  validateWorkHistoryDrafts,
  workHistoryDraftOf,
  workHistoryInputOf,
} from '../../../lib/profile-drafts';
import { useSaveWorkHistory } from '../api/save-work-history';
import { ListSectionEditor } from './list-section-editor';

/**
 * The owner's work-history editor (spec 3 Work history item): checked in the browser with the spec 5
 * date-range rules, saved with PUT /api/profiles/me/work-history.
 */
export function WorkHistorySectionEditor(props: {
  items: NonNullable<TProfile['sections']['workHistory']>;
  now: Date;
  timeZone: string;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const save = useSaveWorkHistory();
  return (
    <ListSectionEditor
      initialDrafts={() => props.items.map(workHistoryDraftOf)}
      validate={(drafts) => validateWorkHistoryDrafts({ drafts, now: props.now, timeZone: props.timeZone })}
      toInput={workHistoryInputOf}
      save={save}
      notSavedTitle="Your work history was not saved"
      renderEditor={(editor) => (
        <WorkHistoryEditor
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
