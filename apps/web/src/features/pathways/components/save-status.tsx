import { Alert, Button, Group, Text } from '@mantine/core';
import { errorText } from '../../../components/error-state';
import type { TAutosaveStatus } from '../autosaver';

/**
 * The autosave state beside an answer, announced politely: 'Saving…', 'Saved', why an answer is kept but not
 * saved yet (spec 5), or the failure with a retry (the answer stays in the field and is saved by the retry).
 */
export function SaveStatus(props: {
  status: TAutosaveStatus;
  error: unknown;
  /** Why a kept answer is not saved yet, e.g. 'Write at least 50 characters (12 so far).' */
  unsavedReason: string | null;
  onRetry: () => void;
}) {
  const { status } = props;
  if (status === 'error')
    return (
      <Alert color="red" variant="outline" role="alert" title="Your answer is not saved yet">
        <Text size="sm">{errorText(props.error)} Your answer stays here; try again to save it.</Text>
        <Group mt="xs">
          <Button size="xs" variant="outline" color="red.9" onClick={props.onRetry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  let text = '';
  if (status === 'pending' || status === 'saving') text = 'Saving…';
  else if (status === 'saved') text = 'Saved';
  else if (status === 'unsaved') text = `Not saved yet. ${props.unsavedReason ?? ''}`.trim();
  return (
    <Text
      size="sm"
      c={status === 'unsaved' ? 'red.9' : 'gray.7'}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      mih="1.5em"
    >
      {text}
    </Text>
  );
}
