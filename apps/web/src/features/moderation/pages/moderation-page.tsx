import { REPORT_REASONS, type TModerationAction, type TModerationItem } from '@commons/contract';
import { Anchor, Badge, Button, Group, List, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useModerationDecision, useModerationQueue, type TQueueStatus } from '../api/moderation-api';

const KIND_LABEL: Record<TModerationItem['targetKind'], string> = {
  question: 'Question',
  answer: 'Answer',
  comment: 'Comment',
  resource: 'Resource',
  event: 'Event',
  announcement: 'Announcement',
  message: 'Private message',
  profile: 'Profile',
};

const DONE: Record<TModerationAction, string> = {
  hide: 'Hidden. It no longer shows anywhere.',
  restore: 'Restored. It shows again.',
  dismiss: 'Reports dismissed.',
  delete: 'Deleted for good.',
};

/**
 * The decisions that make sense for an item in each queue: messages are private (remove or dismiss only); a
 * reported profile is a member, whose account is not the moderation queue's to remove (dismiss only).
 */
function actionsFor(item: TModerationItem, status: TQueueStatus): TModerationAction[] {
  if (item.targetKind === 'profile') return status === 'open' ? ['dismiss'] : [];
  if (status === 'open')
    return item.targetKind === 'message' ? ['dismiss', 'delete'] : ['hide', 'dismiss', 'delete'];
  if (status === 'hidden') return ['restore', 'delete'];
  return [];
}

const ACTION_LABEL: Record<TModerationAction, string> = {
  hide: 'Hide',
  restore: 'Restore',
  dismiss: 'Dismiss reports',
  delete: 'Delete',
};

function QueueItem({ item, status }: { item: TModerationItem; status: TQueueStatus }) {
  const timeZone = useViewerTimeZone();
  const decide = useModerationDecision();
  const headingId = `report-${item.targetKind}-${item.targetId}`;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Text id={headingId} fw={600} component="h3" m={0}>
            {KIND_LABEL[item.targetKind]} {item.targetKind === 'profile' ? 'of' : 'by'}{' '}
            {item.author?.fullname ?? 'a former member'}
          </Text>
          <Badge variant="outline" color={item.status === 'open' ? 'red.9' : 'gray.8'}>
            {item.reportCount === 1 ? '1 report' : `${item.reportCount} reports`}
          </Badge>
        </Group>
        {item.excerpt === null ? (
          <Text c="dimmed" size="sm">
            This content was deleted.
          </Text>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.excerpt}
          </Text>
        )}
        {item.href === null || item.isHidden ? null : (
          <Anchor component={Link} to={item.href} size="sm">
            Open in context
          </Anchor>
        )}
        <Text size="sm">
          Reasons:{' '}
          {item.reasons
            .map((r) => `${REPORT_REASONS[r.reason]}${r.count > 1 ? ` (${r.count})` : ''}`)
            .join(', ')}
        </Text>
        {item.details.length === 0 ? null : (
          <List size="sm">
            {item.details.map((detail, index) => (
              <List.Item key={index}>“{detail}”</List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed">
          Last reported{' '}
          <time dateTime={item.lastReportedAt}>{formatInZone(item.lastReportedAt, 'medium', timeZone)}</time>
        </Text>
        {actionsFor(item, status).length === 0 ? null : (
          <Group gap="xs">
            {actionsFor(item, status).map((action) => (
              <Button
                key={action}
                size="compact-sm"
                variant={action === 'delete' ? 'outline' : 'default'}
                color={action === 'delete' ? 'red.9' : undefined}
                loading={decide.isPending && decide.variables.action === action}
                onClick={() =>
                  void (
                    // Not mutate's callbacks: the refetch that follows a decision removes this card from its
                    // queue, and TanStack Query drops the callbacks of an unmounted card, toast included.
                    decide.mutateAsync({ kind: item.targetKind, id: item.targetId, action }).then(
                      () => notifications.show({ message: DONE[action] }),
                      (error: unknown) => notifications.show({ color: 'red', message: errorText(error) }),
                    )
                  )
                }
              >
                {ACTION_LABEL[action]}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Queue({ status }: { status: TQueueStatus }) {
  const queue = useModerationQueue(status);
  if (queue.isPending) return <LoadingState label="Loading reports…" />;
  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  const items = queue.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title={status === 'open' ? 'No open reports' : 'Nothing here'}>
        {status === 'open' ? 'When members report content, it shows up here.' : null}
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      {items.map((item) => (
        <QueueItem key={`${item.targetKind}-${item.targetId}`} item={item} status={status} />
      ))}
      {queue.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={queue.isFetchingNextPage}
            onClick={() => void queue.fetchNextPage()}
          >
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The hub's moderation queue (issue #7 item 6): reported content, gathered per item, with hide, restore, dismiss and delete. */
export function ModerationPage() {
  usePageTitle('Moderation');
  const [status, setStatus] = useState<TQueueStatus>('open');
  return (
    <Stack>
      <Title order={1}>Moderation</Title>
      <Text c="dimmed">
        Reported content of this hub. Hidden content disappears from feeds, lists and search at once and can
        be restored.
      </Text>
      <Tabs value={status} onChange={(value) => setStatus((value as TQueueStatus | null) ?? 'open')}>
        <Tabs.List>
          <Tabs.Tab value="open">Open</Tabs.Tab>
          <Tabs.Tab value="hidden">Hidden</Tabs.Tab>
          <Tabs.Tab value="closed">Closed</Tabs.Tab>
        </Tabs.List>
        {(['open', 'hidden', 'closed'] as const).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === status ? <Queue status={value} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
