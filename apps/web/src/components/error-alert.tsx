import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from './error-state';

/**
 * The one inline error of a failed action (a save, a send, an upload): the server's user_message, else
 * the generic text (spec 8), announced to screen readers. Shows nothing while `error` is null; a
 * `children` message replaces the text.
 */
export function ErrorAlert({
  error,
  title,
  children,
  mb,
}: {
  error: unknown;
  title?: string;
  children?: ReactNode;
  mb?: string;
}) {
  if (error === null || error === undefined) return null;
  return (
    <Alert
      color="red"
      variant="outline"
      role="alert"
      {...(title === undefined ? {} : { title })}
      {...(mb === undefined ? {} : { mb })}
    >
      {children ?? errorText(error)}
    </Alert>
  );
}
