import type { TThread } from '@commons/contract';
import { MESSAGE_TYPE_LABELS, type TPresence } from '@commons/domain';
import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { usePresence } from '../../../lib/realtime-hooks';
import { useThreadAction, useThreadList, type TInboxTab } from '../api/threads';
import { PresenceDot } from './presence-dot';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { fullWhen, shortWhen } from './when';

const EMPTY_TEXT: Readonly<Record<TInboxTab, { title: string; text: string }>> = {
  inbox: { title: 'No conversations yet', text: 'Messages you send and receive appear here.' },
  rooms: { title: 'No rooms yet', text: 'Conversations of your groups and programs appear here.' },
  archived: { title: 'Nothing archived', text: 'Conversations you archive move here.' },
};

function ThreadRow({ thread, address, presence }: { thread: TThread; address: string; presence: TPresence }) {
  const action = useThreadAction(thread.id);
  const timeZone = useViewerTimeZone();
  const other = thread.otherUser;
  const hasUnread = thread.unreadCount > 0;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="thread-row">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={other.photoUrl} alt="" radius="xl" size="md">
          {other.firstName.slice(0, 1)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <PresenceDot presence={presence} name={other.fullName} />
            <Anchor
              component={Link}
              to={paths.inboxThread(address, thread.id)}
              fw={hasUnread ? 700 : 500}
              truncate
            >
              {other.fullName}
            </Anchor>
            {hasUnread ? (
              <Badge color="blue.9" size="sm">
                {thread.unreadCount}
                <VisuallyHidden> unread</VisuallyHidden>
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="gray.7">
            {MESSAGE_TYPE_LABELS[thread.messageType]}
            {thread.status === 'pending' ? ' · request pending' : ''}
            {thread.isClosed ? ' · read-only' : ''}
          </Text>
          {thread.lastMessage ? (
            <Text size="sm" lineClamp={1} fw={hasUnread ? 600 : 400}>
              {thread.lastMessage.preview}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text size="xs" c="gray.7">
            <time dateTime={thread.lastMessageAt} title={fullWhen(thread.lastMessageAt, timeZone)}>
              {shortWhen(thread.lastMessageAt, timeZone)}
            </time>
          </Text>
          {thread.can.archive || thread.can.unarchive ? (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={action.isPending}
              onClick={() => action.mutate(thread.can.archive ? 'archive' : 'unarchive')}
              aria-label={`${thread.can.archive ? 'Archive' : 'Move back to inbox'}: conversation with ${other.fullName}`}
            >
              {thread.can.archive ? 'Archive' : 'Unarchive'}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** My threads of one tab with presence dots, unread counts, archive and "Load more" (cursor pages). */
export function ThreadList({ tab, address }: { tab: TInboxTab; address: string }) {
  const list = useThreadList(tab);
  const threads = list.data?.pages.flatMap((page) => page.items) ?? [];
  const presence = usePresence(threads.map((t) => t.otherUser.id));
  if (list.isPending) return <LoadingState label="Loading conversations…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (threads.length === 0) {
    const empty = EMPTY_TEXT[tab];
    return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Conversations">
        {threads.map((thread) => (
          <ThreadRow
            key={thread.id}
            thread={thread}
            address={address}
            presence={presence.get(thread.otherUser.id) ?? 'offline'}
          />
        ))}
      </Stack>
      {list.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more conversations
        </Button>
      ) : null}
    </Stack>
  );
}
