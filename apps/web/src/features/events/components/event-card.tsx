import type { TEventSummary } from '@commons/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { eventWhen } from './event-when';

const FORMAT_LABELS = { inPerson: 'In person', virtual: 'Virtual', hybrid: 'Hybrid' } as const;
const REGISTRATION_LABELS = {
  pending: 'Waiting for approval',
  registered: 'You are registered',
  waitlisted: 'On the waitlist',
  declined: 'Declined',
  cancelled: 'Cancelled',
} as const;

/** An event in a list: title link, when (in the viewer's zone), where, places and the viewer's registration. */
export function EventCard(props: { event: TEventSummary; timeZone: string }) {
  const { event } = props;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`event-${event.id}-title`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="outline" color="gray.8">
            {FORMAT_LABELS[event.format]}
          </Badge>
          {event.status === 'pending' ? <Badge color="yellow.9">Waiting for approval</Badge> : null}
          {event.status === 'cancelled' ? <Badge color="red.9">Cancelled</Badge> : null}
          {event.myRegistration ? (
            <Badge color="green.9">{REGISTRATION_LABELS[event.myRegistration]}</Badge>
          ) : null}
          {event.spotsLeft === 0 && event.status === 'approved' ? (
            <Badge color="orange.9">Full · waitlist open</Badge>
          ) : null}
        </Group>
        <Title order={3} size="h4" id={`event-${event.id}-title`}>
          <Anchor component={Link} to={paths.event(event.id)}>
            {event.title}
          </Anchor>
        </Title>
        <Text size="sm">
          <time dateTime={event.startsAt}>{eventWhen({ ...event, timeZone: props.timeZone })}</time>
        </Text>
        {event.location ? <Text size="sm">{event.location}</Text> : null}
        {event.spotsLeft !== null && event.spotsLeft > 0 ? (
          <Text size="sm" c="dimmed">
            {event.spotsLeft} {event.spotsLeft === 1 ? 'place' : 'places'} left
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
