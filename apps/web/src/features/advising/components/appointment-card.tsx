import type { TAdvisingAppointment } from '@commons/contract';
import type { TStaffAdvisingStatus } from '@commons/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { errorText } from '../../../components/error-state';
import { paths } from '../../../config/paths';
import { downloadAppointmentInvite, useUpdateAppointment } from '../api/appointments';
import {
  appointmentMeetingLabel,
  appointmentMeetingStatus,
  MEETING_STATUS_COLORS,
  otherSide,
} from '../appointment-status';
import { CancelAppointmentDialog, RescheduleAppointmentDialog } from './appointment-dialogs';
import { AppointmentDetails } from './appointment-details';
import { AppointmentFollowUp } from './appointment-follow-up';

/** What each staff status button says and the toast after it. */
const STAFF_ACTIONS: ReadonlyArray<{
  status: TStaffAdvisingStatus;
  ability: 'checkIn' | 'complete' | 'noShow';
  label: string;
  done: string;
}> = [
  { status: 'checkedIn', ability: 'checkIn', label: 'Check in', done: 'Checked in.' },
  { status: 'completed', ability: 'complete', label: 'Mark completed', done: 'Marked completed.' },
  { status: 'noShow', ability: 'noShow', label: 'Mark no-show', done: 'Marked as a no-show.' },
];

/** The notes only advising staff see: read, then edit and save. */
function StaffNotes(props: { hubIdentifier: string; appointment: TAdvisingAppointment }) {
  const { appointment } = props;
  const update = useUpdateAppointment(props.hubIdentifier);
  const [draft, setDraft] = useState<string | null>(null);
  const headingId = `staff-notes-${appointment.id}`;
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId}>
      <Text id={headingId} size="sm" fw={600}>
        Advising notes (only advising staff see them)
      </Text>
      {draft === null ? (
        <>
          <Text
            size="sm"
            c={appointment.staffNotes ? undefined : 'gray.7'}
            style={{ whiteSpace: 'pre-wrap' }}
          >
            {appointment.staffNotes || 'No notes yet.'}
          </Text>
          <Group>
            <Button
              size="compact-sm"
              variant="outline"
              onClick={() => setDraft(appointment.staffNotes ?? '')}
              aria-label={`Edit the advising notes of ${appointment.student.fullName}’s appointment`}
            >
              Edit notes
            </Button>
          </Group>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { id: appointment.id, staffNotes: draft.trim() === '' ? null : draft },
              {
                onSuccess: () => {
                  setDraft(null);
                  notifications.show({ color: 'green', message: 'Notes saved.' });
                },
              },
            );
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Advising notes"
              autosize
              minRows={3}
              maxLength={5000}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              data-autofocus
            />
            <ErrorAlert error={update.error} />
            <Group gap="xs">
              <Button type="submit" size="compact-sm" loading={update.isPending}>
                Save notes
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * One appointment in My appointments (issue #21 item 4): the spec 4 meeting label, what, when and where, and
 * only what the viewer may do now (the server's `can`): open the conversation, add it to a calendar, reschedule
 * or cancel within the adviser's rules (else why not), and for advising staff check in, completed, no-show and
 * the notes only they see.
 */
export function AppointmentCard(props: {
  hubIdentifier: string;
  appointment: TAdvisingAppointment;
  timeZone: string;
  viewerIdentifier: string | undefined;
  now: Date;
}) {
  const { appointment, hubIdentifier } = props;
  const update = useUpdateAppointment(hubIdentifier);
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const { can } = appointment;
  const headingId = `appointment-${appointment.id}`;
  const isStaffView = appointment.viewerRole !== 'student';
  const other = otherSide(appointment);
  const title =
    appointment.viewerRole === 'staff'
      ? `${appointment.appointmentType.name}: ${appointment.student.fullName} with ${appointment.adviser.fullName}`
      : `${appointment.appointmentType.name} with ${other.fullName}`;
  const status = appointmentMeetingStatus(appointment, props.now);
  const staffActions = STAFF_ACTIONS.filter((action) => can[action.ability]);
  const isParticipant = appointment.viewerRole !== 'staff';

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Badge
            color={MEETING_STATUS_COLORS[status]}
            variant="filled"
            radius="sm"
            tt="none"
            data-testid="appointment-status"
          >
            {appointmentMeetingLabel(appointment, props.now)}
          </Badge>
        </Group>
        {isStaffView ? (
          <Text size="sm" c="gray.7">
            Advising status: {appointment.advisingStatusLabel}
          </Text>
        ) : null}
        <AppointmentDetails
          appointment={appointment}
          timeZone={props.timeZone}
          isUpcoming={status === 'upcoming'}
        />
        {appointment.cancelReason ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <strong>Reason for canceling:</strong> {appointment.cancelReason}
          </Text>
        ) : null}
        {appointment.changeRefusal !== null &&
        appointment.advisingStatus === 'scheduled' &&
        !can.cancel &&
        !can.reschedule &&
        status === 'upcoming' ? (
          <Text size="sm" c="gray.7">
            {appointment.changeRefusal}
          </Text>
        ) : null}
        <Group gap="xs">
          {isParticipant && props.viewerIdentifier !== undefined ? (
            <Button
              component={Link}
              to={paths.inboxThread(props.viewerIdentifier, appointment.threadId)}
              size="compact-sm"
              variant="outline"
              aria-label={`Open the conversation with ${other.fullName}`}
            >
              Conversation
            </Button>
          ) : null}
          {can.downloadInvite ? (
            <Button
              size="compact-sm"
              variant="outline"
              onClick={() =>
                void downloadAppointmentInvite(appointment.meetingId).catch((error: unknown) =>
                  notifications.show({ color: 'red', message: errorText(error) }),
                )
              }
            >
              Add to calendar (.ics)
            </Button>
          ) : null}
          {can.reschedule ? (
            <Button size="compact-sm" variant="outline" onClick={() => setDialog('reschedule')}>
              Reschedule
            </Button>
          ) : null}
          {can.cancel ? (
            <Button size="compact-sm" variant="outline" color="red.9" onClick={() => setDialog('cancel')}>
              Cancel
            </Button>
          ) : null}
          {staffActions.map((action) => (
            <Button
              key={action.status}
              size="compact-sm"
              loading={update.isPending && update.variables.advisingStatus === action.status}
              onClick={() =>
                update.mutate(
                  { id: appointment.id, advisingStatus: action.status },
                  { onSuccess: () => notifications.show({ color: 'green', message: action.done }) },
                )
              }
            >
              {action.label}
            </Button>
          ))}
        </Group>
        {update.variables?.advisingStatus === undefined ? null : <ErrorAlert error={update.error} />}
        <AppointmentFollowUp hubIdentifier={hubIdentifier} appointment={appointment} />
        {can.editNotes ? <StaffNotes hubIdentifier={hubIdentifier} appointment={appointment} /> : null}
      </Stack>
      {dialog === 'cancel' ? (
        <CancelAppointmentDialog
          hubIdentifier={hubIdentifier}
          appointment={appointment}
          timeZone={props.timeZone}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'reschedule' ? (
        <RescheduleAppointmentDialog
          hubIdentifier={hubIdentifier}
          appointment={appointment}
          timeZone={props.timeZone}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Paper>
  );
}
