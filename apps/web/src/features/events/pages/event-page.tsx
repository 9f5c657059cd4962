import type { TEventDetail } from '@commons/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextView } from '../../../components/rich-text-editor';
import { CoverImage } from '../../../components/cover-image';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { formatTimeRange, useViewerTimeZone } from '../../../lib/viewer-time';
import {
  downloadAttendees,
  downloadInvite,
  useAttendees,
  useCancelRegistration,
  useCheckIn,
  useDecideRegistration,
  useEvent,
  useRegister,
  useUpdateEvent,
} from '../api/events-api';
import { REGISTRATION_FORM_ID } from '../components/registration-form-id';

const STATUS_TEXT = {
  pending: 'Your registration is waiting for the organiser.',
  registered: 'You are registered.',
  waitlisted: 'The event is full: you are on the waitlist and move up when a place frees.',
  declined: 'The organiser declined your registration.',
  cancelled: '',
} as const;

/** Registration: answer the questions and register, or see and cancel the registration. */
function RegistrationPanel(props: { event: TEventDetail }) {
  const { event } = props;
  const register = useRegister(event.id);
  const cancel = useCancelRegistration(event.id);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const fields = isApiError(register.error) ? register.error.fields : {};
  const { hash } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // A card's "Register…" of an event with required questions lands here: bring the form into view and focus.
  useEffect(() => {
    if (hash !== `#${REGISTRATION_FORM_ID}`) return;
    const form = formRef.current;
    form?.scrollIntoView({ block: 'center' });
    form?.querySelector<HTMLElement>('textarea, input, button')?.focus();
  }, [hash]);
  if (event.myRegistration !== null && event.myRegistration !== 'declined') {
    return (
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="registration-heading">
        <Stack gap="xs">
          <Title order={2} size="h3" id="registration-heading">
            {event.myRegistration === 'registered' ? 'See you there' : 'Your registration'}
          </Title>
          <Text size="sm" role="status">
            {STATUS_TEXT[event.myRegistration]}
          </Text>
          <Group>
            <Button
              variant="outline"
              color="red.9"
              size="xs"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => notifications.show({ message: 'Your registration is cancelled.' }),
                })
              }
            >
              Cancel my registration
            </Button>
          </Group>
          {cancel.isError ? (
            <Text c="red.9" size="sm" role="alert">
              {errorText(cancel.error)}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    );
  }
  if (!event.can.register) return null;
  const isFull = event.spotsLeft === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="register-heading">
      <form
        id={REGISTRATION_FORM_ID}
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          register.mutate(answers, {
            onSuccess: ({ status }) => notifications.show({ message: STATUS_TEXT[status] || 'Done.' }),
          });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="register-heading">
            {isFull ? 'Join the waitlist' : 'Register'}
          </Title>
          {event.isApprovalRequired ? <Text size="sm">The organiser confirms each registration.</Text> : null}
          {event.registrationQuestions.map((question) => (
            <Textarea
              key={question.id}
              label={question.label}
              required={question.isRequired}
              autosize
              minRows={1}
              value={answers[question.id] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setAnswers((current) => ({ ...current, [question.id]: value }));
              }}
              error={fields[`answers.${question.id}`] ?? null}
            />
          ))}
          {register.isError && Object.keys(fields).length === 0 ? (
            <Text c="red.9" size="sm" role="alert">
              {errorText(register.error)}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={register.isPending}>
              {isFull ? 'Join the waitlist' : 'Register'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The organiser's view: attendees with answers, approvals, check-in and the CSV export. */
function OrganizerPanel(props: { event: TEventDetail }) {
  const attendees = useAttendees(props.event.id, true);
  const decide = useDecideRegistration(props.event.id);
  const checkIn = useCheckIn(props.event.id);
  const update = useUpdateEvent(props.event.id);
  const items = attendees.data?.items ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="attendees-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="attendees-heading">
            Attendees
          </Title>
          <Group gap="xs">
            <Button variant="outline" size="xs" onClick={() => void downloadAttendees(props.event.id)}>
              Export CSV
            </Button>
            {props.event.status !== 'cancelled' ? (
              <Button
                variant="outline"
                color="red.9"
                size="xs"
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    { status: 'cancelled' },
                    { onSuccess: () => notifications.show({ message: 'The event is cancelled.' }) },
                  )
                }
              >
                Cancel event
              </Button>
            ) : null}
          </Group>
        </Group>
        {attendees.isPending ? (
          <LoadingState label="Loading attendees…" />
        ) : attendees.isError ? (
          <ErrorState error={attendees.error} onRetry={() => void attendees.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="Nobody has registered yet" />
        ) : (
          <Table.ScrollContainer minWidth={500}>
            <Table striped withTableBorder>
              <Table.Caption>People registered, waiting or on the waitlist</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  {props.event.registrationQuestions.map((q) => (
                    <Table.Th scope="col" key={q.id}>
                      {q.label}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((attendee) => (
                  <Table.Tr key={attendee.id}>
                    <Table.Th scope="row">{attendee.user.fullname}</Table.Th>
                    <Table.Td>{attendee.checkedInAt ? 'checked in' : attendee.status}</Table.Td>
                    {props.event.registrationQuestions.map((q) => (
                      <Table.Td key={q.id}>{attendee.answers[q.id] ?? ''}</Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {attendee.status === 'pending' || attendee.status === 'waitlisted' ? (
                          <>
                            <Button
                              size="compact-xs"
                              aria-label={`Approve ${attendee.user.fullname}`}
                              onClick={() =>
                                decide.mutate({ registrationId: attendee.id, decision: 'approve' })
                              }
                            >
                              Approve
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="outline"
                              color="red.9"
                              aria-label={`Decline ${attendee.user.fullname}`}
                              onClick={() =>
                                decide.mutate({ registrationId: attendee.id, decision: 'decline' })
                              }
                            >
                              Decline
                            </Button>
                          </>
                        ) : null}
                        {attendee.status === 'registered' ? (
                          <Button
                            size="compact-xs"
                            variant={attendee.checkedInAt ? 'outline' : 'filled'}
                            aria-label={
                              attendee.checkedInAt
                                ? `Undo check-in of ${attendee.user.fullname}`
                                : `Check in ${attendee.user.fullname}`
                            }
                            onClick={() =>
                              checkIn.mutate({
                                registrationId: attendee.id,
                                isCheckedIn: attendee.checkedInAt === null,
                              })
                            }
                          >
                            {attendee.checkedInAt ? 'Undo check-in' : 'Check in'}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** /events/{id}: an event with registration, calendar links and, for organisers, the attendee list. */
export function EventPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  const viewerZone = useViewerTimeZone();
  usePageTitle(event.data?.event.title ?? 'Event');
  if (event.isPending) return <LoadingState label="Loading the event…" />;
  if (event.isError) return <ErrorState error={event.error} onRetry={() => void event.refetch()} />;
  const detail = event.data.event;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.events()} size="sm">
        ← All events
      </Anchor>
      <Stack gap="xs" component="article" aria-labelledby="event-title">
        <CoverImage url={detail.coverImageUrl} variant="banner" />
        <Group gap="xs">
          {detail.status === 'pending' ? (
            <Badge variant="light" color="yellow" c="dark.8">
              Waiting for approval
            </Badge>
          ) : null}
          {detail.status === 'cancelled' ? <Badge color="red.9">Cancelled</Badge> : null}
          {detail.status === 'rejected' ? <Badge color="red.9">Not approved</Badge> : null}
        </Group>
        <Title order={1} id="event-title">
          {detail.title}
        </Title>
        <Text fw={600}>
          <time dateTime={detail.startsAt}>{formatTimeRange({ ...detail, timeZone: viewerZone })}</time>
        </Text>
        {formatTimeRange({ ...detail, timeZone: viewerZone }) !==
        formatTimeRange({ ...detail, timeZone: detail.timeZone }) ? (
          <Text size="sm" c="dimmed">
            Event time zone: {detail.timeZone} ({formatTimeRange(detail)})
          </Text>
        ) : null}
        {detail.location ? <Text>Where: {detail.location}</Text> : null}
        {detail.virtualUrl ? (
          <Text>
            Join online:{' '}
            <Anchor href={detail.virtualUrl} target="_blank" rel="noopener noreferrer">
              {detail.virtualUrl}
            </Anchor>
          </Text>
        ) : detail.format !== 'inPerson' ? (
          <Text size="sm" c="dimmed">
            The link to join appears once you are registered.
          </Text>
        ) : null}
        <Text size="sm">
          {detail.capacity === null
            ? `${detail.registeredCount} registered`
            : `${detail.registeredCount} of ${detail.capacity} places taken`}
          {detail.waitlistCount > 0 ? ` · ${detail.waitlistCount} on the waitlist` : ''}
        </Text>
        {detail.organizer ? <Text size="sm">Organised by {detail.organizer.fullname}</Text> : null}
        {detail.description === '' ? null : <RichTextView html={detail.description} />}
        <Group gap="xs" mt="xs" role="group" aria-label="Add to calendar">
          <Button variant="outline" size="xs" onClick={() => void downloadInvite(detail.id)}>
            Download .ics
          </Button>
          <Button
            component="a"
            variant="outline"
            size="xs"
            href={detail.calendarLinks.google}
            target="_blank"
            rel="noopener noreferrer"
          >
            Google Calendar
          </Button>
          <Button
            component="a"
            variant="outline"
            size="xs"
            href={detail.calendarLinks.outlook}
            target="_blank"
            rel="noopener noreferrer"
          >
            Outlook
          </Button>
        </Group>
      </Stack>
      <RegistrationPanel event={detail} />
      {detail.can.manage ? <OrganizerPanel event={detail} /> : null}
    </Stack>
  );
}
