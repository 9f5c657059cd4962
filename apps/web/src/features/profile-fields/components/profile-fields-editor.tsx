import type { TAdminProfileField, TAdminProfileFieldsResponse } from '@commons/contract';
import { isChoiceFieldType, PROFILE_FIELD_TYPE_LABELS } from '@commons/domain';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import {
  useAdminProfileFields,
  useCreateProfileField,
  useDeleteProfileField,
  useReorderProfileFields,
  useUpdateProfileField,
  type TProfileFieldsScope,
} from '../api/admin-profile-fields';
import {
  newProfileFieldValues,
  optionsOf,
  ProfileFieldForm,
  profileFieldValues,
  type TProfileFieldFormValues,
} from './profile-field-form';

/** The form in a modal: a new field, or one to edit. */
function ProfileFieldModal(props: {
  scope: TProfileFieldsScope;
  editing: TAdminProfileField | 'new';
  data: TAdminProfileFieldsResponse;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const create = useCreateProfileField(props.scope);
  const update = useUpdateProfileField(props.scope);
  const editing = props.editing === 'new' ? null : props.editing;
  const mutation = editing === null ? create : update;

  const handleSubmit = async (values: TProfileFieldFormValues) => {
    const body = {
      label: values.label,
      description: values.description,
      type: values.type,
      options: isChoiceFieldType(values.type) ? optionsOf(values.optionsText) : [],
      isRequired: values.isRequired,
      userTypeIds: values.userTypeIds,
    };
    const saved =
      editing === null
        ? await create.mutateAsync({
            ...body,
            ...(values.slug.trim() === '' ? {} : { slug: values.slug.trim() }),
          })
        : await update.mutateAsync({ id: editing.id, body });
    notifications.show({ color: 'green', message: `${saved.label} saved.` });
    props.onClose();
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={editing === null ? 'Add a profile field' : `Edit ${editing.label}`}
      size="lg"
      fullScreen={isPhone}
    >
      <ProfileFieldForm
        initialValues={editing === null ? newProfileFieldValues() : profileFieldValues(editing)}
        editing={editing}
        userTypes={props.data.userTypes}
        isSaving={mutation.isPending}
        error={
          mutation.isError && !(isApiError(mutation.error) && Object.keys(mutation.error.fields).length > 0)
            ? mutation.error
            : null
        }
        onSubmit={handleSubmit}
        onCancel={props.onClose}
      />
    </Modal>
  );
}

/** Who is asked a field, in words. */
function audienceOf(field: TAdminProfileField, userTypes: TAdminProfileFieldsResponse['userTypes']): string {
  if (field.userTypeIds.length === 0) return 'Every user type';
  const titles = userTypes.filter((type) => field.userTypeIds.includes(type.id)).map((type) => type.title);
  return titles.length === 0 ? 'No user type' : titles.join(', ');
}

/** One row of the list: label, kind, audience, answers, state, and its actions. */
function ProfileFieldRow(props: {
  field: TAdminProfileField;
  userTypes: TAdminProfileFieldsResponse['userTypes'];
  index: number;
  count: number;
  isBusy: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
}) {
  const { field } = props;
  const answers = `${field.answerCount} ${field.answerCount === 1 ? 'answer' : 'answers'}`;
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={field.label}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{field.label}</Text>
            {field.isRequired ? (
              <Badge color="blue.9" variant="outline">
                Required
              </Badge>
            ) : null}
            {field.isArchived ? (
              <Badge color="gray.8" variant="outline">
                Archived
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dark.6">
            {PROFILE_FIELD_TYPE_LABELS[field.type]} · {audienceOf(field, props.userTypes)} · {answers}
          </Text>
          <Text size="xs" c="dark.6">
            Slug: {field.slug}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Tooltip label="Move up">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move ${field.label} up`}
              disabled={props.index === 0 || props.isBusy}
              onClick={() => props.onMove(-1)}
            >
              <span aria-hidden="true">↑</span>
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move ${field.label} down`}
              disabled={props.index === props.count - 1 || props.isBusy}
              onClick={() => props.onMove(1)}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={props.onEdit} aria-label={`Edit ${field.label}`}>
            Edit
          </Button>
          <Button
            variant="default"
            c={field.isArchived ? undefined : 'red.9'}
            onClick={props.onArchive}
            aria-label={`${field.isArchived ? 'Restore' : 'Archive'} ${field.label}`}
          >
            {field.isArchived ? 'Restore' : 'Archive'}
          </Button>
          <Button
            variant="outline"
            color="red.9"
            onClick={props.onDelete}
            aria-label={`Delete ${field.label}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** What differs between the hub's editor and an organisation's: words, and what sits above the heading. */
export interface TProfileFieldsEditorText {
  /** The page's heading. */
  title: string;
  /** Shown above the heading (the way back, the organisation's name). */
  above?: ReactNode;
  /** What the fields are, under the heading. */
  intro: ReactNode;
  /** The empty state's words. */
  empty: { title: string; body: ReactNode };
  /** Said on a 403 instead of the list. */
  forbidden: { title: string; body: ReactNode };
}

/**
 * The custom profile fields editor (issue #22 item 1; spec 3 User additionalInfo incl. paragraph; spec 6
 * Organisation admins: custom-fields): lists the scope's fields in order, adds, edits, reorders, archives,
 * restores and deletes them. The hub's page and an organisation's console page render it with their scope.
 */
export function ProfileFieldsEditor(props: { scope: TProfileFieldsScope; text: TProfileFieldsEditorText }) {
  const { scope, text } = props;
  const query = useAdminProfileFields(scope);
  const reorder = useReorderProfileFields(scope);
  const archive = useUpdateProfileField(scope);
  const remove = useDeleteProfileField(scope);
  const [editing, setEditing] = useState<TAdminProfileField | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TAdminProfileField | null>(null);
  const [isDeleted, setIsDeleted] = useState(false);
  const heading = (
    <Stack gap={4}>
      {text.above}
      <Title order={1} id="profile-fields-heading" tabIndex={-1}>
        {text.title}
      </Title>
    </Stack>
  );

  if (query.isPending) return <LoadingState label="Loading the profile fields…" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) {
      return (
        <Stack>
          {heading}
          <EmptyState title={text.forbidden.title}>{text.forbidden.body}</EmptyState>
        </Stack>
      );
    }
    return (
      <Stack>
        {heading}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  const { items, userTypes } = query.data;
  const handleMove = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };
  const handleArchive = (field: TAdminProfileField) =>
    archive.mutate(
      { id: field.id, body: { isArchived: !field.isArchived } },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: saved.isArchived ? `${saved.label} archived.` : `${saved.label} restored.`,
          }),
      },
    );
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setIsDeleted(true);
        setToDelete(null);
        notifications.show({ color: 'green', message: `${toDelete.label} deleted.` });
        // Its row and buttons are gone: the focus goes to the page's heading.
        document.getElementById('profile-fields-heading')?.focus();
      },
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        {text.intro}
      </Stack>
      <Group>
        <Button onClick={() => setEditing('new')}>Add field</Button>
      </Group>
      {reorder.isError ? <ErrorAlert error={reorder.error} /> : null}
      {archive.isError ? <ErrorAlert error={archive.error} /> : null}
      {remove.isError ? <ErrorAlert error={remove.error} title="The field was not deleted" /> : null}
      {items.length === 0 ? (
        <EmptyState title={text.empty.title}>{text.empty.body}</EmptyState>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Profile fields in order"
        >
          {items.map((field, index) => (
            <ProfileFieldRow
              key={field.id}
              field={field}
              userTypes={userTypes}
              index={index}
              count={items.length}
              isBusy={reorder.isPending || archive.isPending}
              onMove={(by) => handleMove(index, by)}
              onEdit={() => setEditing(field)}
              onArchive={() => handleArchive(field)}
              onDelete={() => {
                setIsDeleted(false);
                remove.reset();
                setToDelete(field);
              }}
            />
          ))}
        </Stack>
      )}
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={`Delete the field “${toDelete?.label ?? ''}”?`}
        consequence={answersGoText(toDelete?.answerCount ?? 0)}
        isDeleting={remove.isPending}
        returnFocus={!isDeleted}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      {editing ? (
        <ProfileFieldModal
          key={editing === 'new' ? 'new' : editing.id}
          scope={scope}
          editing={editing}
          data={query.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

/** What deleting a field takes with it, said in its confirm dialog (archive keeps the answers instead). */
function answersGoText(count: number): string {
  if (count === 0) return 'Nobody has answered it yet.';
  const answers = count === 1 ? '1 member’s answer is' : `${count} members’ answers are`;
  return `${answers} deleted with it. Archive the field instead to keep them.`;
}
