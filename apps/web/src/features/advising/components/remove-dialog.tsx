import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * "Remove …?" for advising's admin lists, with the server's refusal shown in place: a topic, type or adviser
 * that appointments name cannot be removed (409) and the message says to turn it off instead.
 */
export function RemoveDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened onClose={props.onCancel} title={props.title}>
      <Stack>
        <Text>{props.message}</Text>
        <ErrorAlert error={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Keep it
          </Button>
          <Button color="red.9" loading={props.isPending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Edit and Remove buttons of one row of advising's admin lists, named after the row for screen readers. */
export function EditRemoveButtons(props: { name: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <Group gap="xs">
      <Button size="compact-sm" variant="outline" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        aria-label={`Remove ${props.name}`}
        onClick={props.onRemove}
      >
        Remove
      </Button>
    </Group>
  );
}
