import type { TMeeting } from '@commons/contract';
import type { TMeetingStatus } from '@commons/domain';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../../components/error-state';
import { downloadMeetingInvite, useMeetingAction, type TMeetingActionInput } from '../../api/meetings';
import { MeetingProposeDialog } from './meeting-propose-dialog';
import { meetingSpan, otherZoneNote } from './meeting-time';

/** Badge colour of a status; white text on each shade is at least 4.5:1 (WCAG AA). */
const STATUS_COLORS: Record<TMeetingStatus, string> = {
  pending: 'blue.8',
  upcoming: 'teal.9',
  accepted: 'indigo.8',
  completed: 'indigo.8',
  rejected: 'red.9',
  canceled: 'gray.8',
  cancelled: 'gray.8',
  noShow: 'red.9',
  notAccepted: 'gray.8',
};

/** The other participant of a meeting for the viewer. */
export function otherParticipant(meeting: TMeeting): TMeeting['participants'][number] {
  const [from, to] = meeting.participants;
  const other = meeting.isRequester ? to : from;
  if (!other) throw new Error('meeting without participants');
  return other;
}

/**
 * One meeting as the viewer sees it (issue #5 item 2): medium and length, the status label derived by the
 * server from the domain rules (spec 4 Meetings), times in the viewer's zone with the other participant's
 * local time, and only the actions the server allows the viewer (`can`).
 */
export function MeetingCard({ meeting, timeZone }: { meeting: TMeeting; timeZone: string }) {
  const other = otherParticipant(meeting);
  const action = useMeetingAction(meeting.id);
  const [isProposing, setIsProposing] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const headingId = `meeting-${meeting.id}-title`;
  const run = (input: TMeetingActionInput) => action.mutate(input);
  const note = (iso: string) =>
    otherZoneNote(iso, { viewerZone: timeZone, otherZone: other.timezone, otherName: other.firstName });
  const { can } = meeting;
  const isAwaitingMe = can.accept;

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {meeting.mediumLabel} with {other.fullName} · {meeting.durationText}
          </Title>
          <Badge
            color={STATUS_COLORS[meeting.status]}
            variant="filled"
            radius="sm"
            tt="none"
            data-testid="meeting-status"
          >
            {meeting.statusLabel}
          </Badge>
        </Group>

        {meeting.scheduledTime ? (
          <Text size="sm">
            <strong>When:</strong> {meetingSpan(meeting.scheduledTime, meeting.durationMinutes, timeZone)}
            {note(meeting.scheduledTime) ? ` (${note(meeting.scheduledTime)})` : ''}
          </Text>
        ) : null}
        {meeting.medium === 'in-person' && meeting.location ? (
          <Text size="sm">
            <strong>Where:</strong> {meeting.location}
          </Text>
        ) : null}
        {meeting.medium === 'external-meeting' && meeting.location ? (
          <Text size="sm">
            <strong>Link:</strong>{' '}
            <Anchor href={meeting.location} target="_blank" rel="noopener noreferrer">
              {meeting.location}
            </Anchor>
          </Text>
        ) : null}
        {meeting.medium === 'phone' && meeting.phone ? (
          <Text size="sm">
            <strong>Phone:</strong>{' '}
            <Anchor href={`tel:${meeting.phone.replace(/[^+\d]/g, '')}`}>{meeting.phone}</Anchor>
          </Text>
        ) : null}
        {meeting.note ? (
          <Text size="sm" c="gray.8">
            {meeting.note}
          </Text>
        ) : null}

        {meeting.proposedTimes.length > 0 &&
        (meeting.status === 'pending' || meeting.status === 'notAccepted') ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {isAwaitingMe ? `${other.firstName} proposed:` : 'Proposed times:'}
            </Text>
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
              {meeting.proposedTimes.map((time) => {
                const span = meetingSpan(time, meeting.durationMinutes, timeZone);
                return (
                  <Group key={time} component="li" gap="sm" wrap="wrap">
                    <Text size="sm">
                      {span}
                      {note(time) ? ` (${note(time)})` : ''}
                    </Text>
                    {can.accept ? (
                      <Button
                        size="compact-sm"
                        onClick={() => run({ action: 'accept', body: { time } })}
                        loading={action.isPending}
                        aria-label={`Accept ${span}`}
                      >
                        Accept
                      </Button>
                    ) : null}
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        ) : null}

        <Group gap="xs" mt={4}>
          {can.accept && meeting.medium === 'email' && meeting.proposedTimes.length === 0 ? (
            <Button
              size="compact-sm"
              onClick={() => run({ action: 'accept', body: {} })}
              loading={action.isPending}
            >
              Accept
            </Button>
          ) : null}
          {can.joinVideo && meeting.videoCallUrl ? (
            <Button
              component={Link}
              to={meeting.videoCallUrl}
              size="compact-sm"
              variant="filled"
              color="teal.9"
            >
              Join video call
            </Button>
          ) : null}
          {can.downloadInvite ? (
            <Button
              size="compact-sm"
              variant="outline"
              onClick={() => {
                setDownloadError(null);
                downloadMeetingInvite(meeting.id).catch(setDownloadError);
              }}
            >
              Add to calendar (.ics)
            </Button>
          ) : null}
          {can.propose ? (
            <Button size="compact-sm" variant="outline" onClick={() => setIsProposing(true)}>
              {meeting.status === 'upcoming' ? 'Reschedule' : 'Propose other times'}
            </Button>
          ) : null}
          {can.reject ? (
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              onClick={() => run({ action: 'reject', body: {} })}
              loading={action.isPending}
            >
              Decline
            </Button>
          ) : null}
          {can.cancel ? (
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              onClick={() => run({ action: 'cancel', body: {} })}
              loading={action.isPending}
            >
              {meeting.status === 'pending' ? 'Withdraw request' : 'Cancel meeting'}
            </Button>
          ) : null}
          {can.complete ? (
            <Button
              size="compact-sm"
              variant="outline"
              onClick={() => run({ action: 'complete', body: {} })}
              loading={action.isPending}
            >
              Mark completed
            </Button>
          ) : null}
          {can.noShow ? (
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              onClick={() => run({ action: 'no-show', body: {} })}
              loading={action.isPending}
            >
              Mark as no-show
            </Button>
          ) : null}
        </Group>
        <div aria-live="polite">
          {action.isError ? (
            <Alert color="red" variant="outline" mt="xs">
              {errorText(action.error)}
            </Alert>
          ) : null}
          {downloadError ? (
            <Alert color="red" variant="outline" mt="xs">
              {errorText(downloadError)}
            </Alert>
          ) : null}
        </div>
      </Stack>
      {isProposing ? (
        <MeetingProposeDialog
          meeting={meeting}
          otherFirstName={other.firstName}
          timeZone={timeZone}
          isOpen={isProposing}
          onClose={() => setIsProposing(false)}
        />
      ) : null}
    </Paper>
  );
}
