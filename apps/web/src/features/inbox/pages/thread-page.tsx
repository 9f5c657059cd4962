import { MESSAGE_TYPE_LABELS } from '@commons/domain';
import { Alert, Anchor, Avatar, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { usePresence, useRealtimeListener } from '../../../lib/realtime-hooks';
import { meetingKeys } from '../api/meetings';
import { useThread, useThreadAction } from '../api/threads';
import { RequestMeetingButton } from '../components/meetings/thread-meetings';
import { MessageComposer } from '../components/message-composer';
import { MessageList } from '../components/message-list';
import { PRESENCE_LABELS, PresenceDot } from '../components/presence-dot';
import { ThreadStatus } from '../components/thread-status';
import { TypingIndicator } from '../components/typing-indicator';
import { VideoRoom } from '../components/video-room';
import classes from './thread-page.module.css';

/**
 * While a sticky bar covers the bottom of the viewport, keyboard focus and scroll-into-view must stop above it
 * (WCAG 2.2 focus not obscured): the page's bottom scroll padding follows the bar's height.
 */
function StickyComposerBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.offsetHeight + 8}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, []);
  return (
    <div ref={ref} className={classes.stickyComposer}>
      {children}
    </div>
  );
}

function ThreadView({ threadId }: { threadId: string }) {
  const thread = useThread(threadId);
  const [searchParams, setSearchParams] = useSearchParams();
  // ?meeting=request: "Book a meeting" elsewhere opens the request here, once the thread allows one.
  const isBooking = searchParams.get('meeting') === 'request';
  const endBooking = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('meeting');
    setSearchParams(next, { replace: true });
  };
  const me = useCurrentUser();
  const markRead = useThreadAction(threadId);
  const other = thread.data?.otherUser;
  const presence = usePresence(other ? [other.id] : []);
  const otherPresence = other ? (presence.get(other.id) ?? 'offline') : 'offline';
  usePageTitle(other ? `Conversation with ${other.fullName}` : 'Conversation');

  // Every meeting change adds a thread message, so a new message of this thread refreshes its meetings too.
  const client = useQueryClient();
  useRealtimeListener((message) => {
    if (
      message.kind === 'event' &&
      message.type.startsWith('inbox.') &&
      message.payload['threadId'] === threadId
    )
      void client.invalidateQueries({ queryKey: meetingKeys.thread(threadId) });
  });

  // Opening the thread (or a new message arriving while it is open) reads it; visible pages only.
  const unread = thread.data?.unreadCount ?? 0;
  const { mutate: markReadMutate, isPending: isMarking } = markRead;
  useEffect(() => {
    if (unread === 0 || isMarking) return;
    if (document.visibilityState === 'visible') {
      markReadMutate('read');
      return;
    }
    // A message that arrived in a background tab is read when the tab is shown again.
    const handleVisible = () => {
      if (document.visibilityState === 'visible') markReadMutate('read');
    };
    document.addEventListener('visibilitychange', handleVisible);
    return () => document.removeEventListener('visibilitychange', handleVisible);
  }, [unread, isMarking, markReadMutate]);

  if (thread.isPending) return <LoadingState label="Loading the conversation…" />;
  if (thread.isError) {
    const isMissing = isApiError(thread.error) && thread.error.status === 404;
    return (
      <Stack maw={720}>
        <Title order={1}>Conversation</Title>
        {isMissing ? (
          <Alert color="red" variant="outline" title="Conversation not found" role="alert">
            This conversation is not one of yours, or it belongs to another hub.{' '}
            <Anchor component={Link} to={paths.inbox()}>
              Go to your inbox
            </Anchor>
          </Alert>
        ) : (
          <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
        )}
      </Stack>
    );
  }
  const data = thread.data;
  const person = data.otherUser;
  return (
    <Stack gap="md" maw={860}>
      <Anchor component={Link} to={paths.inbox()} size="sm">
        ← Back to inbox
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={person.photoUrl} alt="" radius="xl" size="lg">
          {person.firstName.slice(0, 1)}
        </Avatar>
        <div>
          <Title order={1} size="h2">
            Conversation with {person.fullName}
          </Title>
          <Group gap={6}>
            <PresenceDot presence={otherPresence} name={person.fullName} />
            <Text size="sm" c="gray.8" data-testid="presence-text">
              {PRESENCE_LABELS[otherPresence]} · {MESSAGE_TYPE_LABELS[data.messageType]}
            </Text>
          </Group>
        </div>
      </Group>
      <ThreadStatus thread={data} />
      {data.can.reply && data.meetingUnavailableReason === null ? (
        <Group>
          <RequestMeetingButton
            threadId={data.id}
            otherFirstName={person.firstName}
            isInitiallyOpen={isBooking}
            onClose={isBooking ? endBooking : undefined}
          />
        </Group>
      ) : null}
      {data.can.reply && data.meetingUnavailableReason !== null ? (
        <Text size="sm" c="gray.8">
          {data.meetingUnavailableReason}
        </Text>
      ) : null}
      <Divider />
      <MessageList thread={data} />
      <StickyComposerBar>
        <TypingIndicator threadId={data.id} names={{ [person.id]: person.firstName }} />
        {data.can.reply ? <MessageComposer threadId={data.id} /> : null}
      </StickyComposerBar>
      <Divider />
      {me.data ? <VideoRoom thread={data} viewerId={me.data.id} /> : null}
    </Stack>
  );
}

/** /inbox/{address}/thread/{threadId} (spec 2): one conversation, its meetings, replies and video room. */
export function ThreadPage() {
  const { threadId = '' } = useParams();
  return <ThreadView key={threadId} threadId={threadId} />;
}
