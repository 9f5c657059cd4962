import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The framed column every auth page uses: its one h1, an optional lead text, then the content. */
export function AuthCard(props: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Stack maw={480} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>{props.title}</Title>
        {props.lead === undefined ? null : <Text c="dimmed">{props.lead}</Text>}
      </Stack>
      <Paper withBorder p="lg" radius="md">
        {props.children}
      </Paper>
    </Stack>
  );
}
