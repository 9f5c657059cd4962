import {
  type TAdminUserType,
  type TAdminUserTypesResponse,
  type TUserTypeMessageTypeSettings,
} from '@commons/contract';
import { MESSAGE_TYPES, type TMessageType } from '@commons/domain';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import {
  useAdminUserTypes,
  useCreateUserType,
  useDeleteUserType,
  useReorderUserTypes,
  useUpdateUserType,
} from '../api/admin-user-types';
import {
  newUserTypeValues,
  UserTypeForm,
  userTypeValues,
  type TUserTypeFormValues,
} from '../components/user-type-form';

/** The message types whose settings the admin changed: only those are sent, the others keep following the hub. */
function changedMessageTypes(
  initial: TUserTypeMessageTypeSettings,
  next: TUserTypeMessageTypeSettings,
): Partial<TUserTypeMessageTypeSettings> {
  const changed: Partial<TUserTypeMessageTypeSettings> = {};
  for (const type of MESSAGE_TYPES as readonly TMessageType[]) {
    if (JSON.stringify(initial[type]) !== JSON.stringify(next[type])) changed[type] = next[type];
  }
  return changed;
}

/** The form in a modal: a new type, or one to edit. */
function UserTypeModal(props: {
  hubIdentifier: string;
  editing: TAdminUserType | 'new';
  data: TAdminUserTypesResponse;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const create = useCreateUserType(props.hubIdentifier);
  const update = useUpdateUserType(props.hubIdentifier);
  const isNew = props.editing === 'new';
  const initialValues =
    props.editing === 'new' ? newUserTypeValues(props.data.hubMessageTypes) : userTypeValues(props.editing);
  const mutation = isNew ? create : update;

  const handleSubmit = async (values: TUserTypeFormValues) => {
    const messageTypeSettings = changedMessageTypes(
      initialValues.messageTypeSettings,
      values.messageTypeSettings,
    );
    const body = { ...values, messageTypeSettings };
    const saved =
      props.editing === 'new'
        ? await create.mutateAsync(body)
        : await update.mutateAsync({ id: props.editing.id, body });
    notifications.show({ color: 'green', message: `${saved.title} saved.` });
    props.onClose();
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={isNew ? 'Add a user type' : `Edit ${props.editing === 'new' ? '' : props.editing.title}`}
      size="xl"
      fullScreen={isPhone}
    >
      <UserTypeForm
        initialValues={initialValues}
        isNew={isNew}
        allTypes={props.data.items}
        hubMessageTypes={props.data.hubMessageTypes}
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

/** One row of the list: titles, standard type, members, state, and its actions. */
function UserTypeRow(props: {
  type: TAdminUserType;
  index: number;
  count: number;
  isBusy: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { type } = props;
  const members = `${type.memberCount} ${type.memberCount === 1 ? 'member' : 'members'}`;
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={type.title}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{type.title}</Text>
            {type.isDisabled ? (
              <Badge color="gray.8" variant="outline">
                Disabled
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dark.6">
            Plural: {type.pluralTitle} · {type.standardUserType} · {members}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`Move ${type.title} up`}
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
              aria-label={`Move ${type.title} down`}
              disabled={props.index === props.count - 1 || props.isBusy}
              onClick={() => props.onMove(1)}
            >
              <span aria-hidden="true">↓</span>
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={props.onEdit} aria-label={`Edit ${type.title}`}>
            Edit
          </Button>
          {type.can.delete ? (
            <Button variant="subtle" color="red" onClick={props.onDelete} aria-label={`Delete ${type.title}`}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * {hubPath}/site-admin/user-types (issue #22 item 1; spec 3 User type and Message types): hub admins with the
 * standard-fields right list the hub's user types in order, add, edit, reorder and disable them; a type with
 * members is never deleted (the page says why).
 */
export function UserTypesAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('User types');
  const query = useAdminUserTypes(identifier);
  const reorder = useReorderUserTypes(identifier);
  const remove = useDeleteUserType(identifier);
  const [editing, setEditing] = useState<TAdminUserType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAdminUserType | null>(null);
  const heading = <Title order={1}>User types</Title>;

  if (query.isPending) return <LoadingState label="Loading the user types…" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 403) {
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot edit user types here">
            Editing the hub’s user types needs the “standard fields” right in this hub.
          </EmptyState>
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
  const items = query.data.items;
  const handleMove = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };
  const handleDelete = (type: TAdminUserType) =>
    remove.mutate(type.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'green', message: `${type.title} deleted.` });
      },
    });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {heading}
        <Text c="dark.6">
          Each member of the hub has one user type. It decides what they are called, which tabs they see, what
          they can do and which requests they can send. The order here is the order people pick from at
          signup.
        </Text>
        <Text size="sm" c="dark.6">
          A user type that has members cannot be deleted: disable it instead (open it and turn on “Disabled”).
          Members keep a disabled type; nobody new can choose it.
        </Text>
      </Stack>
      <Group>
        <Button onClick={() => setEditing('new')}>Add user type</Button>
      </Group>
      {reorder.isError ? <ErrorAlert error={reorder.error} /> : null}
      {items.length === 0 ? (
        <EmptyState title="No user types yet">Add the first user type so people can join the hub.</EmptyState>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="User types in order"
        >
          {items.map((type, index) => (
            <UserTypeRow
              key={type.id}
              type={type}
              index={index}
              count={items.length}
              isBusy={reorder.isPending}
              onMove={(by) => handleMove(index, by)}
              onEdit={() => setEditing(type)}
              onDelete={() => setDeleting(type)}
            />
          ))}
        </Stack>
      )}
      {editing ? (
        <UserTypeModal
          key={editing === 'new' ? 'new' : editing.id}
          hubIdentifier={identifier}
          editing={editing}
          data={query.data}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this user type?">
        {deleting ? (
          <Stack>
            <Text>{deleting.title} has no members, so it can be deleted. This cannot be undone.</Text>
            {/* A member who joined meanwhile makes it a 409 with USER_TYPE_HAS_MEMBERS_MESSAGE, shown here. */}
            {remove.isError ? <ErrorAlert error={remove.error} /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Keep it
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => handleDelete(deleting)}>
                Delete {deleting.title}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
