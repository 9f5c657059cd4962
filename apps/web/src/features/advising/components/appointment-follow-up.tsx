import type { TAdvisingAppointment } from '@commons/contract';
import { FOLLOW_UP_MAX_LENGTH } from '@commons/domain';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useMarkFollowUpDone } from '../../../lib/advising-follow-up';
import { useUpdateAppointment } from '../api/appointments';

/** Advising staff write, change or remove the student's next step after a completed appointment. */
function FollowUpEditor(props: {
  hubIdentifier: string;
  appointment: TAdvisingAppointment;
  onDone: () => void;
}) {
  const { appointment } = props;
  const update = useUpdateAppointment(props.hubIdentifier);
  const [draft, setDraft] = useState(appointment.followUp?.text ?? '');
  const save = (followUp: string | null, message: string) =>
    update.mutate(
      { id: appointment.id, followUp },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message });
          props.onDone();
        },
      },
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save(draft.trim() === '' ? null : draft, 'Follow-up saved. The student sees it in their next steps.');
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Follow-up for the student"
          description="What the student should do next. It appears on their home until they mark it done."
          autosize
          minRows={2}
          maxLength={FOLLOW_UP_MAX_LENGTH}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          data-autofocus
        />
        <ErrorAlert error={update.error} />
        <Group gap="xs">
          <Button
            type="submit"
            size="compact-sm"
            loading={update.isPending && update.variables.followUp !== null}
          >
            Save follow-up
          </Button>
          {appointment.followUp === null ? null : (
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              loading={update.isPending && update.variables.followUp === null}
              onClick={() => save(null, 'Follow-up removed.')}
            >
              Remove follow-up
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The follow-up of a completed appointment (issue #21 item 4): advising staff give or change it; the student
 * reads it and marks it done (it then leaves their next steps on the home) or open again.
 */
export function AppointmentFollowUp(props: { hubIdentifier: string; appointment: TAdvisingAppointment }) {
  const { appointment } = props;
  const { followUp, can } = appointment;
  const markDone = useMarkFollowUpDone(props.hubIdentifier);
  const [isEditing, setIsEditing] = useState(false);
  if (followUp === null && !can.editFollowUp) return null;
  const headingId = `follow-up-${appointment.id}`;
  const isStudent = appointment.viewerRole === 'student';
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId}>
      <Group gap="xs">
        <Text id={headingId} size="sm" fw={600}>
          {isStudent ? 'Your follow-up' : 'Follow-up for the student'}
        </Text>
        {followUp?.doneAt ? (
          <Badge color="green" c="dark.8" bg="green.1" variant="light" radius="sm" tt="none">
            Done
          </Badge>
        ) : null}
      </Group>
      {isEditing ? (
        <FollowUpEditor
          hubIdentifier={props.hubIdentifier}
          appointment={appointment}
          onDone={() => setIsEditing(false)}
        />
      ) : (
        <>
          <Text
            size="sm"
            c={followUp ? undefined : 'gray.7'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {followUp?.text ?? 'No follow-up yet.'}
          </Text>
          <Group gap="xs">
            {can.editFollowUp ? (
              <Button
                size="compact-sm"
                variant="outline"
                onClick={() => setIsEditing(true)}
                aria-label={`${followUp ? 'Edit' : 'Add'} the follow-up of ${appointment.student.fullName}’s appointment`}
              >
                {followUp ? 'Edit follow-up' : 'Add follow-up'}
              </Button>
            ) : null}
            {can.markFollowUpDone && followUp ? (
              <Button
                size="compact-sm"
                variant={followUp.doneAt ? 'default' : 'filled'}
                loading={markDone.isPending}
                onClick={() =>
                  markDone.mutate(
                    { appointmentId: appointment.id, isDone: followUp.doneAt === null },
                    {
                      onSuccess: () =>
                        notifications.show({
                          color: 'green',
                          message: followUp.doneAt === null ? 'Follow-up done.' : 'Follow-up open again.',
                        }),
                    },
                  )
                }
              >
                {followUp.doneAt ? 'Mark as not done' : 'Mark as done'}
              </Button>
            ) : null}
          </Group>
          <ErrorAlert error={markDone.error} />
        </>
      )}
    </Stack>
  );
}
