import type { z } from 'zod';
import type { ZAdminTopic } from '@commons/contract';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { useAdminTopics, useDeleteTopic, useSaveTopic } from '../api/advising-admin';
import { EditRemoveButtons, RemoveDialog } from './remove-dialog';

type TAdminTopic = z.infer<typeof ZAdminTopic>;

/** Add or edit a topic: its name, description and whether students can choose it. */
function TopicForm(props: { hubIdentifier: string; topic: TAdminTopic | null; onDone: () => void }) {
  const save = useSaveTopic(props.hubIdentifier);
  const [name, setName] = useState(props.topic?.name ?? '');
  const [description, setDescription] = useState(props.topic?.description ?? '');
  const [isActive, setIsActive] = useState(props.topic?.isActive ?? true);
  const [nameError, setNameError] = useState<string | null>(null);
  const fields = isApiError(save.error) ? save.error.fields : {};
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError('Give the topic a name.');
      return;
    }
    setNameError(null);
    save.mutate(
      { id: props.topic?.id ?? null, body: { name: name.trim(), description: description.trim(), isActive } },
      {
        onSuccess: (topic) => {
          notifications.show({ color: 'green', message: `Topic “${topic.name}” saved.` });
          props.onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Topic">
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError ?? fields.name}
          data-autofocus
        />
        <Textarea
          label="Description (optional)"
          description="Helps students pick the right topic."
          autosize
          minRows={2}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fields.description}
        />
        <Switch
          label="Students can choose this topic"
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
        {fields.name === undefined ? <ErrorAlert error={save.error} /> : null}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {props.topic === null ? 'Add topic' : 'Save topic'}
          </Button>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The topics section of the advising admin screens: add, edit, turn off, remove. */
export function AdminTopics({ hubIdentifier }: { hubIdentifier: string }) {
  const topics = useAdminTopics(hubIdentifier);
  const remove = useDeleteTopic(hubIdentifier);
  const [editing, setEditing] = useState<TAdminTopic | 'new' | null>(null);
  const [removing, setRemoving] = useState<TAdminTopic | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="topics-heading">
      <Group justify="space-between">
        <Title order={2} size="h4" id="topics-heading">
          Topics
        </Title>
        <Button onClick={() => setEditing('new')}>Add a topic</Button>
      </Group>
      <Text size="sm" c="gray.7">
        Students choose a topic first when they book; advisers cover one or more.
      </Text>
      {topics.isPending ? (
        <LoadingState label="Loading the topics…" />
      ) : topics.isError ? (
        <ErrorState error={topics.error} onRetry={() => void topics.refetch()} />
      ) : topics.data.length === 0 ? (
        <EmptyState title="No topics yet">Add the topics students can book advising for.</EmptyState>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {topics.data.map((topic) => (
            <Paper component="li" key={topic.id} withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Text fw={700}>{topic.name}</Text>
                    {topic.isActive ? null : (
                      <Badge color="gray.8" variant="filled" radius="sm" tt="none">
                        Off
                      </Badge>
                    )}
                  </Group>
                  {topic.description === '' ? null : <Text size="sm">{topic.description}</Text>}
                  <Text size="sm" c="gray.7">
                    {topic.adviserCount} {topic.adviserCount === 1 ? 'adviser' : 'advisers'} ·{' '}
                    {topic.appointmentCount} {topic.appointmentCount === 1 ? 'appointment' : 'appointments'}
                  </Text>
                </Stack>
                <EditRemoveButtons
                  name={topic.name}
                  onEdit={() => setEditing(topic)}
                  onRemove={() => {
                    remove.reset();
                    setRemoving(topic);
                  }}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editing === null ? null : (
        <Modal
          opened
          onClose={() => setEditing(null)}
          title={editing === 'new' ? 'Add a topic' : `Edit ${editing.name}`}
        >
          <TopicForm
            hubIdentifier={hubIdentifier}
            topic={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Modal>
      )}
      {removing === null ? null : (
        <RemoveDialog
          title={`Remove “${removing.name}”?`}
          message="Students can no longer choose it. A topic that appointments name cannot be removed: turn it off instead."
          confirmLabel="Remove topic"
          isPending={remove.isPending}
          error={remove.error}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `Topic “${removing.name}” removed.` });
                setRemoving(null);
              },
            })
          }
        />
      )}
    </Stack>
  );
}
