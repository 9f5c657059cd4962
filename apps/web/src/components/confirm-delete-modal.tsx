import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyModal } from './lazy-modal';

/** "Delete this …?" with the cannot-be-undone warning, Keep it and Delete: one dialog for every delete. */
export function ConfirmDeleteModal(props: {
  opened: boolean;
  title: string;
  isDeleting: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** False once the thing is deleted: its Delete button is gone, so the caller places the focus. */
  returnFocus?: boolean;
  /** What else goes with it (for example how many answers), said before the cannot-be-undone warning. */
  consequence?: ReactNode;
}) {
  return (
    <LazyModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      returnFocus={props.returnFocus ?? true}
    >
      <Stack>
        {props.consequence === undefined ? null : <Text>{props.consequence}</Text>}
        <Text>This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Keep it
          </Button>
          <Button color="red.9" loading={props.isDeleting} onClick={props.onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
