import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const PLACEHOLDER = /(\[[^[\]\n]{1,80}\])/g;

/** The text with each bracketed placeholder marked, as the sender must replace it (spec 5 Message template). */
function withMarkedPlaceholders(text: string): ReactNode[] {
  return text.split(PLACEHOLDER).map((part, index) =>
    index % 2 === 1 ? (
      <mark key={index} style={{ backgroundColor: 'var(--mantine-color-yellow-2)', color: 'inherit' }}>
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

/** A message as its recipient reads it, in a labelled box; bracketed placeholders are marked. */
export function MessagePreview(props: { label: string; text: string; from?: string }) {
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" role="group" aria-label={props.label}>
      <Text size="sm" fw={600} mb={4}>
        {props.label}
      </Text>
      {props.from === undefined ? null : (
        <Text size="sm" c="dark.6" mb="xs">
          From {props.from}
        </Text>
      )}
      {props.text.trim() === '' ? (
        <Text size="sm" c="dark.6">
          Nothing written yet.
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {withMarkedPlaceholders(props.text)}
        </Text>
      )}
    </Paper>
  );
}
