import { Alert, Button, Group, Text } from '@mantine/core';
import { GENERIC_ERROR_MESSAGE } from '@commons/contract';
import { isApiError } from '../lib/api-error';

/** The text to show for an error: the server's user_message, else the generic text (spec 8). */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.userMessage !== null && error.userMessage !== '') return error.userMessage;
  return GENERIC_ERROR_MESSAGE;
}

/** An error message with an optional retry button. */
export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
}: {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" variant="outline" title={title} role="alert">
      <Text size="sm">{errorText(error)}</Text>
      {onRetry === undefined ? null : (
        <Group mt="sm">
          <Button variant="outline" color="red.9" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
