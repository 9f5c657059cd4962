import type { TMessage, TThread } from '@commons/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from '../../../components/error-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextView } from '../../../components/rich-text-editor';
import { downloadAttachment, useMessages } from '../api/messages';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { MeetingMessage } from './meetings/thread-meetings';
import { fullWhen, shortWhen } from './when';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Attachments({ message }: { message: TMessage }) {
  const [error, setError] = useState<unknown>(null);
  if (message.attachments.length === 0) return null;
  return (
    <Stack gap={4} mt={4}>
      <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Attachments">
        {message.attachments.map((file) => (
          <li key={file.id}>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                setError(null);
                downloadAttachment(file).catch(setError);
              }}
              aria-label={`Download ${file.name} (${formatSize(file.sizeBytes)})`}
            >
              {file.name} · {formatSize(file.sizeBytes)}
            </Button>
          </li>
        ))}
      </Group>
      {error !== null ? (
        <Text size="sm" c="red.9" role="alert">
          {errorText(error)}
        </Text>
      ) : null}
    </Stack>
  );
}

function MessageItem({
  message,
  thread,
  timeZone,
}: {
  message: TMessage;
  thread: TThread;
  timeZone: string;
}) {
  const author = message.isMine ? 'You' : thread.otherUser.fullName;
  const when = (
    <time dateTime={message.createdAt} title={fullWhen(message.createdAt, timeZone)}>
      {shortWhen(message.createdAt, timeZone)}
    </time>
  );
  if (message.isSystemMessage) {
    return (
      <Text component="li" size="sm" c="gray.8" ta="center" fs="italic" data-testid="system-message">
        <RichTextView html={message.body} />{' '}
        <Text span size="xs">
          {when}
        </Text>
      </Text>
    );
  }
  return (
    <li
      data-testid="message"
      style={{ alignSelf: message.isMine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
    >
      <Paper withBorder p="sm" radius="md" bg={message.isMine ? 'blue.0' : undefined}>
        <Text size="xs" c="gray.8" mb={4}>
          <strong>{author}</strong> · {when}
        </Text>
        {message.type === 'meeting' ? <MeetingMessage threadId={thread.id} messageId={message.id} /> : null}
        {message.body !== '' ? <RichTextView html={message.body} /> : null}
        <Attachments message={message} />
      </Paper>
    </li>
  );
}

/**
 * The thread's messages, oldest at the top, with "Load older messages" for earlier cursor pages. A conversation
 * opens at its newest message, as chat apps do, unless the address points at a part of the page (#anchor).
 */
export function MessageList({ thread }: { thread: TThread }) {
  const messages = useMessages(thread.id);
  const timeZone = useViewerTimeZone();
  // Mantine's Stack types its ref as a div's; it renders the <ol>.
  const listRef = useRef<HTMLDivElement>(null);
  const openedThreadRef = useRef<string | null>(null);
  const { hash } = useLocation();
  const hasMessages = messages.isSuccess;
  useEffect(() => {
    if (!hasMessages || openedThreadRef.current === thread.id) return;
    openedThreadRef.current = thread.id;
    if (hash !== '') return;
    // After the frame's layout: the sticky reply box sets the page's bottom scroll padding in its own effect.
    const frame = requestAnimationFrame(() =>
      listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [hasMessages, thread.id, hash]);
  if (messages.isPending) return <LoadingState label="Loading messages…" />;
  if (messages.isError) return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  // Pages come newest first; the conversation reads oldest first.
  const items = messages.data.pages.flatMap((page) => page.items).reverse();
  return (
    <Stack gap="sm">
      {messages.hasNextPage ? (
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => void messages.fetchNextPage()}
          loading={messages.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load older messages
        </Button>
      ) : null}
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          No messages yet.
        </Text>
      ) : (
        <Stack
          ref={listRef}
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Messages"
        >
          {items.map((message) => (
            <MessageItem key={message.id} message={message} thread={thread} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
