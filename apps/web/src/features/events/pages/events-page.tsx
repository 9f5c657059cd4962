import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/use-page-title';
import { EventBoard } from '../components/event-board';

/** /events: the hub's events (spec 2 Navigation tabs 'Events'). */
export function EventsPage() {
  usePageTitle('Events');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Events</Title>
        <Text c="dimmed">Meet your community in person and online.</Text>
      </Stack>
      <EventBoard groupId={null} />
    </Stack>
  );
}
