import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { RichTextEditor, RichTextView } from '../../../components/rich-text-editor';
import { useEditPost } from '../api/discussions-api';

/**
 * The body of an answer or a comment, shown, or edited in place by its author or a moderator (the parent
 * opens the editor from PostActions' Edit). Each opening starts from the saved body.
 */
export function EditablePostBody(props: {
  kind: 'answer' | 'comment';
  id: string;
  body: string;
  isEditing: boolean;
  onEditingChange: (isEditing: boolean) => void;
  mt?: string;
}) {
  if (!props.isEditing) return <RichTextView html={props.body} />;
  return <PostBodyEditor {...props} onDone={() => props.onEditingChange(false)} />;
}

function PostBodyEditor(props: {
  kind: 'answer' | 'comment';
  id: string;
  body: string;
  onDone: () => void;
  mt?: string;
}) {
  const [draft, setDraft] = useState(props.body);
  const edit = useEditPost();
  return (
    <Stack gap="xs" {...(props.mt === undefined ? {} : { mt: props.mt })}>
      <RichTextEditor label={`Edit ${props.kind}`} value={draft} onChange={setDraft} />
      <ErrorAlert error={edit.error} title="Your changes were not saved" />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="xs" onClick={props.onDone}>
          Cancel
        </Button>
        <Button
          size="xs"
          loading={edit.isPending}
          onClick={() =>
            edit.mutate(
              { kind: props.kind, id: props.id, changes: { body: draft } },
              { onSuccess: props.onDone },
            )
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
