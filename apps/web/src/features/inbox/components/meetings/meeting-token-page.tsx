import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { usePageTitle } from '../../../../components/use-page-title';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-error';
import { useMeetingByToken } from '../../api/meetings';
import { MeetingCard, otherParticipant } from './meeting-card';
import { useViewerTimeZone } from '../../../../lib/viewer-time';

/** /inbox/{address}/meeting/{meetingToken} (spec 2): one of my meetings opened by its token, e.g. from the invite mail. */
export function MeetingTokenPage() {
  const { address = '', meetingToken = '' } = useParams();
  const meeting = useMeetingByToken(meetingToken);
  const timeZone = useViewerTimeZone();
  const other = meeting.data ? otherParticipant(meeting.data) : null;
  usePageTitle(other ? `Meeting with ${other.fullName}` : 'Meeting');
  if (meeting.isPending) return <LoadingState label="Loading the meeting…" />;
  if (meeting.isError) {
    const isMissing = isApiError(meeting.error) && meeting.error.status === 404;
    return (
      <Stack maw={720}>
        <Title order={1}>Meeting</Title>
        {isMissing ? (
          <Alert color="red" variant="outline" title="Meeting not found" role="alert">
            This meeting link is not one of your meetings.{' '}
            <Anchor component={Link} to={paths.inbox()}>
              Go to your inbox
            </Anchor>
          </Alert>
        ) : (
          <ErrorState error={meeting.error} onRetry={() => void meeting.refetch()} />
        )}
      </Stack>
    );
  }
  return (
    <Stack maw={720} gap="md">
      <Title order={1}>Meeting with {other?.fullName}</Title>
      <MeetingCard meeting={meeting.data} timeZone={timeZone} />
      <Anchor component={Link} to={paths.inboxThread(address, meeting.data.threadId)}>
        Open the conversation
      </Anchor>
    </Stack>
  );
}
