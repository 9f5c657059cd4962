import { Button, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the profile page with its h2 and, for the owner, an Edit button (spec 2 Profile sections). */
export function ProfileSection(props: {
  id: string;
  title: string;
  canEdit: boolean;
  isEditing: boolean;
  onEdit: () => void;
  children: ReactNode;
}) {
  const headingId = `profile-${props.id}-heading`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="lg"
      radius="md"
      id={`profile-${props.id}`}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          {props.title}
        </Title>
        {props.canEdit && !props.isEditing ? (
          <Button variant="light" onClick={props.onEdit} aria-label={`Edit ${props.title.toLowerCase()}`}>
            Edit
          </Button>
        ) : null}
      </Group>
      {props.children}
    </Paper>
  );
}
