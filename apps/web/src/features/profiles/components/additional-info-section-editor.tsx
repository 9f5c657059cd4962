import type { TProfile } from '@commons/contract';
import { Group, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { itemError, ListEditor } from '../../../components/list-editor';
import { useSaveAdditionalInfo } from '../api/save-additional-info';
import {
  additionalInfoDraftsOf,
  additionalInfoInputOf,
  emptyAdditionalInfoDraft,
  validateAdditionalInfoDrafts,
  type TAdditionalInfoDraft,
} from '../utils/additional-info';
import { ListSectionEditor } from './list-section-editor';

const LENGTH_OPTIONS = [
  { value: 'text', label: 'One line' },
  { value: 'paragraph', label: 'Paragraph' },
];

/**
 * The owner's additional information (spec 3 User additionalInfo): items the owner names, each a line or a
 * paragraph, saved in one PATCH /api/profiles/me. The hub defines no fields of its own, so the owner
 * chooses what to add.
 */
export function AdditionalInfoSectionEditor(props: {
  items: NonNullable<TProfile['sections']['additionalInfo']>;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const save = useSaveAdditionalInfo();
  return (
    <ListSectionEditor
      initialDrafts={() => additionalInfoDraftsOf(props.items)}
      validate={validateAdditionalInfoDrafts}
      toInput={additionalInfoInputOf}
      save={save}
      notSavedTitle="Your additional information was not saved"
      renderEditor={(editor) => (
        <ListEditor<TAdditionalInfoDraft>
          items={editor.drafts}
          onChange={editor.onChange}
          itemName="Item"
          addLabel="Add an item"
          createItem={emptyAdditionalInfoDraft}
          renderItem={(item, index, update) => {
            const valueProps = {
              label: 'Answer',
              required: true,
              value: item.value,
              error: itemError(editor.errors, index, 'value'),
            };
            return (
              <>
                <Group grow align="flex-start">
                  <TextInput
                    label="Name"
                    description="For example: Favourite book"
                    required
                    value={item.slug}
                    error={itemError(editor.errors, index, 'slug')}
                    onChange={(event) => update({ slug: event.currentTarget.value })}
                  />
                  <NativeSelect
                    label="Length"
                    description="A line or a paragraph"
                    data={LENGTH_OPTIONS}
                    value={item.type}
                    error={itemError(editor.errors, index, 'type')}
                    onChange={(event) =>
                      update({ type: event.currentTarget.value === 'paragraph' ? 'paragraph' : 'text' })
                    }
                  />
                </Group>
                {item.type === 'paragraph' ? (
                  <Textarea
                    {...valueProps}
                    autosize
                    minRows={3}
                    onChange={(event) => update({ value: event.currentTarget.value })}
                  />
                ) : (
                  <TextInput
                    {...valueProps}
                    onChange={(event) => update({ value: event.currentTarget.value })}
                  />
                )}
              </>
            );
          }}
        />
      )}
      onDone={props.onDone}
      onDirtyChange={props.onDirtyChange}
    />
  );
}
