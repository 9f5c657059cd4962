import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useApprovalQueue, useDecideQuestion } from '../api/discussions-api';

/** Questions waiting for approval, for hub admins with approve-questions (issue #7 item 1). */
export function ApprovalQueue() {
  const queue = useApprovalQueue(true);
  const decide = useDecideQuestion();
  const items = queue.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="approval-queue-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="approval-queue-heading">
          Waiting for approval ({items.length})
        </Title>
        {items.map((question) => (
          <Group key={question.id} justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Text fw={600}>{question.title}</Text>
              <Text size="sm" c="dimmed">
                {question.author?.fullname ?? 'Former member'}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                aria-label={`Approve “${question.title}”`}
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { id: question.id, decision: 'approve' },
                    { onSuccess: () => notifications.show({ message: 'The question is published.' }) },
                  )
                }
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                aria-label={`Reject “${question.title}”`}
                disabled={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { id: question.id, decision: 'reject' },
                    { onSuccess: () => notifications.show({ message: 'The question was rejected.' }) },
                  )
                }
              >
                Reject
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
