import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A friendly "nothing here yet" panel. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children === undefined ? null : (
        <Text c="dimmed" mt="xs">
          {children}
        </Text>
      )}
    </Paper>
  );
}
