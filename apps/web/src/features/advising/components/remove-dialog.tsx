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
