import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * Confirms one move of an application (hire, reject, withdraw, complete, not completed) with an optional word
 * to the other side, which joins the system message they receive.
 */
export function MoveDialog(props: {
  opened: boolean;
  title: string;
  explanation: string;
  /** The optional text's label; without one the dialog only confirms. */
  fieldLabel?: string;
  maxLength?: number;
  confirmLabel: string;
  isDanger?: boolean;
  isPending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (text: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onConfirm(text);
        }}
      >
        <Stack gap="md">
          <Text>{props.explanation}</Text>
          {props.fieldLabel === undefined ? null : (
            <Textarea
              label={props.fieldLabel}
              autosize
              minRows={3}
              maxLength={props.maxLength ?? 2000}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          )}
          <ErrorAlert error={props.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={props.isDanger === true ? 'red.9' : undefined}
              loading={props.isPending}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
