import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { useThreadMeetings } from '../../api/meetings';
import { MeetingCard } from './meeting-card';
import { MeetingRequestDialog } from './meeting-request-dialog';
import { useViewerTimeZone } from '../../../../lib/viewer-time';

/** The "Request a meeting" button and its dialog, for a thread the viewer may write in. */
export function RequestMeetingButton({
  threadId,
  otherFirstName,
  isInitiallyOpen = false,
  onClose,
}: {
  threadId: string;
  otherFirstName: string;
  /** Opened at once: "Book a meeting" on a profile or card leads here. */
  isInitiallyOpen?: boolean;
  onClose?: (() => void) | undefined;
}) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const timeZone = useViewerTimeZone();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={buttonRef} variant="outline" onClick={() => setIsOpen(true)}>
        Request a meeting
      </Button>
      {isOpen ? (
        <MeetingRequestDialog
          threadId={threadId}
          otherFirstName={otherFirstName}
          timeZone={timeZone}
          isOpen={isOpen}
          onClose={() => {
            setIsOpen(false);
            onClose?.();
            // The dialog unmounts at once, before the modal could give focus back: the button takes it.
            buttonRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The meeting of one thread message (type 'meeting'): the thread page renders it in place of the message
 * text; nothing while the thread's meetings load or when the message has no meeting.
 */
export function MeetingMessage({ threadId, messageId }: { threadId: string; messageId: string }) {
  const meetings = useThreadMeetings(threadId);
  const timeZone = useViewerTimeZone();
  const meeting = meetings.data?.find((m) => m.messageId === messageId);
  if (!meeting) return null;
  return <MeetingCard meeting={meeting} timeZone={timeZone} />;
}

/** Every meeting of a thread with the request button: a panel for the thread page (issue #5 item 2). */
export function ThreadMeetings({
  threadId,
  otherFirstName,
  canRequest,
}: {
  threadId: string;
  otherFirstName: string;
  canRequest: boolean;
}) {
  const meetings = useThreadMeetings(threadId);
  const timeZone = useViewerTimeZone();
  const headingId = `thread-${threadId}-meetings`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          Meetings
        </Title>
        {canRequest ? <RequestMeetingButton threadId={threadId} otherFirstName={otherFirstName} /> : null}
      </Group>
      {meetings.isPending ? (
        <LoadingState label="Loading meetings…" />
      ) : meetings.isError ? (
        <ErrorState error={meetings.error} onRetry={() => void meetings.refetch()} />
      ) : meetings.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          No meetings yet.
        </Text>
      ) : (
        meetings.data.map((meeting) => <MeetingCard key={meeting.id} meeting={meeting} timeZone={timeZone} />)
      )}
    </Stack>
  );
}
