import type { TEventSummary } from '@commons/contract';
import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorText } from '../../../components/error-state';
import { CoverImage } from '../../../components/cover-image';
import { paths } from '../../../config/paths';
import { formatTimeRange } from '../../../lib/viewer-time';
import { useCancelRegistration, useRegister } from '../api/events-api';
import { REGISTRATION_FORM_ID } from './registration-form-id';

const FORMAT_LABELS = { inPerson: 'In person', virtual: 'Virtual', hybrid: 'Hybrid' } as const;

/** The viewer's standing on a card, and what undoes it. */
const MY_REGISTRATION = {
  registered: { text: 'You are registered', cancel: 'Cancel registration' },
  waitlisted: { text: 'You are on the waitlist', cancel: 'Leave the waitlist' },
  pending: { text: 'Waiting for the organiser', cancel: 'Withdraw request' },
} as const;

/** How many faces a card shows; the server sends at most this many. */
const AVATAR_COUNT = 5;
/** Dark fills with white initials (4.5:1 or more), picked per person so neighbours differ. */
const AVATAR_COLORS = ['indigo.9', 'teal.9', 'grape.9', 'blue.9', 'pink.9', 'violet.9'] as const;

/** A stable colour of a person's initials avatar. */
function avatarColor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? 'indigo.9';
}

/** 'Gia Goer, Ivo Goer and 10 others are going' for the avatars' accessible name. */
function goingLabel(event: TEventSummary): string {
  const names = event.attendeePreview.map((a) => a.fullname);
  const others = event.registeredCount - names.length;
  const list =
    others > 0
      ? `${names.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`
      : names.length > 1
        ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
        : (names[0] ?? '');
  return `${list} ${event.registeredCount === 1 ? 'is' : 'are'} going`;
}

/** "12 going", a few faces of people the viewer may see, the waitlist and the places left. */
function Attendance(props: { event: TEventSummary; isUpcoming: boolean }) {
  const { event } = props;
  const details = [
    event.waitlistCount > 0 ? `${event.waitlistCount} on the waitlist` : null,
    props.isUpcoming && event.spotsLeft !== null && event.spotsLeft > 0
      ? `${event.spotsLeft} ${event.spotsLeft === 1 ? 'place' : 'places'} left`
      : null,
  ].filter((d) => d !== null);
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {event.attendeePreview.length > 0 ? (
        <Avatar.Group spacing={8} role="img" aria-label={goingLabel(event)}>
          {event.attendeePreview.slice(0, AVATAR_COUNT).map((person) => (
            <Avatar
              key={person.id}
              src={person.photoUrl}
              name={person.fullname}
              alt=""
              size={30}
              radius="xl"
              color={avatarColor(person.id)}
              variant="filled"
            />
          ))}
        </Avatar.Group>
      ) : null}
      <Text size="sm" miw={0}>
        <Text span fw={600} size="sm">
          {event.registeredCount === 0 && props.isUpcoming
            ? 'Nobody going yet'
            : `${event.registeredCount} going`}
        </Text>
        {details.length > 0 ? (
          <Text span c="dimmed" size="sm">
            {' · '}
            {details.join(' · ')}
          </Text>
        ) : null}
      </Text>
    </Group>
  );
}

/**
 * The RSVP of a card (PeopleGrove/Meetup style): Register, Join waitlist or Request to join by the server's
 * rules; events with required questions send people to the event page's form; once in, the standing and a
 * way out. Nothing for cancelled or past events.
 */
function Rsvp(props: { event: TEventSummary; isUpcoming: boolean }) {
  const { event } = props;
  const register = useRegister(event.id);
  const cancel = useCancelRegistration(event.id);
  const mine = event.myRegistration;
  const isOpen = props.isUpcoming && event.status === 'approved';
  const error = register.error ?? cancel.error;

  let action = null;
  if (mine === 'registered' || mine === 'waitlisted' || mine === 'pending') {
    const labels = MY_REGISTRATION[mine];
    action = (
      <Group gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          {mine === 'registered' ? (
            <IconCircleCheck size={18} aria-hidden="true" color="var(--mantine-color-green-9)" />
          ) : (
            <IconClock size={18} aria-hidden="true" />
          )}
          <Text size="sm" fw={600}>
            {labels.text}
          </Text>
        </Group>
        {isOpen ? (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={`${labels.cancel}: ${event.title}`}
            loading={cancel.isPending}
            onClick={() => {
              register.reset();
              cancel.mutate();
            }}
          >
            {labels.cancel}
          </Button>
        ) : null}
      </Group>
    );
  } else if (isOpen && event.can.register) {
    const label = event.isApprovalRequired
      ? 'Request to join'
      : event.spotsLeft === 0
        ? 'Join waitlist'
        : 'Register';
    action = (
      <Group gap="xs" wrap="wrap">
        {mine === 'declined' ? (
          <Text size="sm" c="dimmed">
            The organiser declined your registration.
          </Text>
        ) : null}
        {event.hasRequiredQuestions ? (
          <Button
            component={Link}
            to={`${paths.event(event.id)}#${REGISTRATION_FORM_ID}`}
            size="xs"
            aria-label={`${label}: ${event.title} (answer the registration questions)`}
          >
            {label}…
          </Button>
        ) : (
          <Button
            size="xs"
            aria-label={`${label}: ${event.title}`}
            loading={register.isPending}
            onClick={() => {
              cancel.reset();
              register.mutate({});
            }}
          >
            {label}
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Stack gap={4} aria-live="polite">
      {action}
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {errorText(error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * An event in a list: title link, when (in the viewer's zone, labelled with it), where, who goes and the
 * viewer's RSVP.
 */
export function EventCard(props: { event: TEventSummary; timeZone: string; now: number }) {
  const { event } = props;
  const isUpcoming = Date.parse(event.endsAt) > props.now;
  return (
    <Paper
      withBorder
      radius="md"
      component="article"
      aria-labelledby={`event-${event.id}-title`}
      style={{ overflow: 'hidden' }}
    >
      <CoverImage url={event.coverImageUrl} />
      <Stack gap={8} p="md">
        <Group gap="xs">
          <Badge variant="outline" color="gray.8">
            {FORMAT_LABELS[event.format]}
          </Badge>
          {event.status === 'pending' ? (
            <Badge variant="light" color="yellow" c="dark.8">
              Waiting for approval
            </Badge>
          ) : null}
          {event.status === 'cancelled' ? <Badge color="red.9">Cancelled</Badge> : null}
          {event.spotsLeft === 0 && event.status === 'approved' && isUpcoming ? (
            <Badge color="orange.9">Full · waitlist open</Badge>
          ) : null}
        </Group>
        <Title order={3} size="h4" id={`event-${event.id}-title`}>
          <Anchor component={Link} to={paths.event(event.id)}>
            {event.title}
          </Anchor>
        </Title>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCalendarEvent size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 1 }} />
            <Text size="sm">
              <time dateTime={event.startsAt}>{formatTimeRange({ ...event, timeZone: props.timeZone })}</time>
            </Text>
          </Group>
          {event.location ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 1 }} />
              <Text size="sm">{event.location}</Text>
            </Group>
          ) : null}
        </Stack>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Attendance event={event} isUpcoming={isUpcoming} />
          <Rsvp event={event} isUpcoming={isUpcoming} />
        </Group>
      </Stack>
    </Paper>
  );
}
