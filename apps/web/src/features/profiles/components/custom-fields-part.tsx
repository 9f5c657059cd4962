import type { TProfileCustomField } from '@commons/contract';
import { profileFieldValueProblem, type TProfileFieldValue } from '@commons/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ProfileFieldInput } from '../../../components/profile-field-input';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { formatCalendarDay } from '../../../lib/viewer-time';
import { useSaveCustomFields } from '../api/save-custom-fields';
import { EditorActions } from './editor-actions';

/** An answer as read: a paragraph keeps its breaks, options are listed, a date is a calendar day. */
function AnswerText({ field }: { field: TProfileCustomField }) {
  const { value } = field;
  if (value === null || (Array.isArray(value) && value.length === 0))
    return <Text c="dimmed">Not answered yet.</Text>;
  if (Array.isArray(value)) return <Text>{value.join(', ')}</Text>;
  if (field.type === 'date') return <Text>{formatCalendarDay(value, 'medium')}</Text>;
  if (field.type === 'paragraph')
    return (
      <Stack gap="xs">
        {value.split(/\n\s*\n/).map((paragraph, index) => (
          <Text key={index} style={{ whiteSpace: 'pre-wrap' }}>
            {paragraph}
          </Text>
        ))}
      </Stack>
    );
  return <Text>{value}</Text>;
}

/** One block of custom fields on a profile: the hub's, or one organisation's of the hub. */
export interface TCustomFieldsBlock {
  /** The element id of the block (the hub's is CUSTOM_FIELDS_LOCATION's container). */
  id: string;
  /** Its heading: "Community questions" for the hub's, the organisation's name for its own. */
  title: string;
  /** Where the answers are saved (x-hub-id). */
  hubId: string;
  items: TProfileCustomField[];
}

/**
 * Custom profile fields in the Additional information section (issue #22 item 1; spec 6 Organisation admins:
 * custom-fields): the hub's, and each organisation's in a block headed with its name; each answer under its
 * label, paragraph answers as paragraphs; the owner edits a block in place (with its own Edit button, as the
 * section's Edit opens the owner's own items).
 */
export function CustomFieldsPart(props: {
  block: TCustomFieldsBlock;
  canEdit: boolean;
  isEditing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { block } = props;
  const headingId = `${block.id}-heading`;
  const about = block.title === 'Community questions' ? 'community questions' : `${block.title} questions`;
  return (
    <Stack gap="sm" id={block.id} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {block.title}
        </Title>
        {props.canEdit && !props.isEditing ? (
          <Button variant="light" size="xs" onClick={props.onEdit} aria-label={`Edit answers to ${about}`}>
            Edit answers
          </Button>
        ) : null}
      </Group>
      {props.isEditing ? (
        <CustomFieldsEditor
          block={block}
          label={`Answers to ${about}`}
          onDone={props.onDone}
          onDirtyChange={props.onDirtyChange}
        />
      ) : (
        <Stack gap="sm">
          {block.items.map((field) => (
            <div key={field.id}>
              <Text fw={600}>{field.label}</Text>
              <AnswerText field={field} />
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const isSame = (a: TProfileFieldValue, b: TProfileFieldValue) => JSON.stringify(a) === JSON.stringify(b);

/** One input per field by its kind; every problem is shown at its field. */
function CustomFieldsEditor(props: {
  block: TCustomFieldsBlock;
  label: string;
  onDone: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { items } = props.block;
  const initial = Object.fromEntries(items.map((field) => [field.id, field.value]));
  const [drafts, setDrafts] = useState<Record<string, TProfileFieldValue>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCustomFields(props.block.hubId);

  const handleChange = (id: string, value: TProfileFieldValue) => {
    const next = { ...drafts, [id]: value };
    setDrafts(next);
    props.onDirtyChange(items.some((field) => !isSame(next[field.id] ?? null, initial[field.id] ?? null)));
  };
  const finish = () => {
    props.onDirtyChange(false);
    props.onDone();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found: Record<string, string> = {};
    for (const field of items) {
      const problem = profileFieldValueProblem(field, drafts[field.id] ?? null);
      if (problem !== null) found[field.id] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(formElement);
    const values = items.map((field) => ({ fieldId: field.id, value: drafts[field.id] ?? null }));
    save.mutate(
      { values },
      {
        onSuccess: finish,
        onError: (error) => {
          if (!isApiError(error)) return;
          const refused: Record<string, string> = {};
          for (const [key, message] of Object.entries(error.fields)) {
            const match = /^values\.(\d+)\./.exec(key);
            const field = match ? values[Number(match[1])] : undefined;
            if (field) refused[field.fieldId] = message;
          }
          setErrors(refused);
          if (Object.keys(refused).length > 0) focusFirstInvalidField(formElement);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={props.label}>
      <div aria-live="assertive">
        {Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="outline" title="Please check the highlighted answers" mb="md">
            Each problem is shown next to its field.
          </Alert>
        ) : (
          <ErrorAlert error={save.error} title="Your answers were not saved" mb="md" />
        )}
      </div>
      <Stack gap="md">
        {items.map((field) => (
          <ProfileFieldInput
            key={field.id}
            field={field}
            value={drafts[field.id] ?? null}
            error={errors[field.id]}
            onChange={(value) => handleChange(field.id, value)}
          />
        ))}
      </Stack>
      <EditorActions isSaving={save.isPending} onCancel={finish} />
    </form>
  );
}
