import type { TThread } from '@commons/contract';
import { CLOSED_MENTORSHIP_STATUSES, MESSAGE_TYPE_LABELS } from '@commons/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../components/error-state';
import { useThreadAction, type TThreadAction } from '../api/threads';
import { LazyModal } from '../../../components/lazy-modal';

/**
 * Why a thread is read-only for the viewer (spec 4: closed mentorship status, rejected, archived by me,
 * or the other user deleted), in plain words; null when the viewer may write.
 */
export function readOnlyReason(thread: TThread): string | null {
  if (!thread.isClosed) return null;
  if (thread.isArchived) return 'You archived this conversation. Move it back to your inbox to reply.';
  if (thread.otherUser.isDeleted)
    return 'This member is no longer on the platform, so the conversation is read-only.';
  if (thread.status === 'rejected' || thread.mentorshipStatus === 'rejected')
    return 'This request was declined, so the conversation is read-only.';
  if ((CLOSED_MENTORSHIP_STATUSES as readonly string[]).includes(thread.mentorshipStatus ?? ''))
    return 'This mentorship is closed, so the conversation is read-only.';
  return 'This conversation is closed and read-only.';
}

/**
 * The request and mentorship state of a thread with the actions the server allows (`can`): accept or
 * decline a pending request, close an active long-term mentorship (after confirming), archive or move back.
 */
export function ThreadStatus({ thread }: { thread: TThread }) {
  const action = useThreadAction(thread.id);
  const [isConfirmingClose, setIsConfirmingClose] = useState(false);
  const other = thread.otherUser;
  const label = MESSAGE_TYPE_LABELS[thread.messageType];
  const run = (name: TThreadAction) => action.mutate(name, { onSuccess: () => setIsConfirmingClose(false) });
  const reason = readOnlyReason(thread);
  return (
    <Stack gap="xs">
      {thread.status === 'pending' && thread.can.accept ? (
        <Alert color="blue" variant="outline" title={`${label} request`}>
          <Stack gap="xs">
            <Text size="sm">
              {other.firstName} sent you a {label.toLowerCase()} request.
            </Text>
            <Group gap="xs">
              <Button
                size="compact-sm"
                onClick={() => run('accept')}
                loading={action.isPending && action.variables === 'accept'}
              >
                Accept request
              </Button>
              {thread.can.reject ? (
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  onClick={() => run('reject')}
                  loading={action.isPending && action.variables === 'reject'}
                >
                  Decline request
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {thread.status === 'pending' && thread.isRequester ? (
        <Text size="sm" c="gray.8">
          Your {label.toLowerCase()} request is waiting for {other.firstName} to accept it.
        </Text>
      ) : null}
      {reason !== null ? (
        <Alert color="gray" variant="outline" title="Read-only conversation" data-testid="read-only-notice">
          {reason}
        </Alert>
      ) : null}
      <Group gap="xs">
        {thread.can.close ? (
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            onClick={() => setIsConfirmingClose(true)}
          >
            Close mentorship
          </Button>
        ) : null}
        {thread.can.archive ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => run('archive')}
            loading={action.isPending && action.variables === 'archive'}
          >
            Archive
          </Button>
        ) : null}
        {thread.can.unarchive ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => run('unarchive')}
            loading={action.isPending && action.variables === 'unarchive'}
          >
            Move back to inbox
          </Button>
        ) : null}
      </Group>
      <div aria-live="polite">
        {action.isError ? (
          <Alert color="red" variant="outline" role="alert">
            {errorText(action.error)}
          </Alert>
        ) : null}
      </div>
      <LazyModal
        opened={isConfirmingClose}
        onClose={() => setIsConfirmingClose(false)}
        title="Close this mentorship?"
      >
        <Stack>
          <Text size="sm">The conversation becomes read-only for both of you. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirmingClose(false)}>
              Keep it open
            </Button>
            <Button color="red.9" onClick={() => run('close')} loading={action.isPending}>
              Close mentorship
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </Stack>
  );
}
