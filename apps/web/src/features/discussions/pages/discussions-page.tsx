import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/use-page-title';
import { DiscussionBoard } from '../components/discussion-board';
import { NotificationsPanel } from '../components/notifications-panel';

/** /discussion: the hub's discussion board (spec 2 Navigation tabs 'Discussions'). */
export function DiscussionsPage() {
  usePageTitle('Discussions');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Discussions</Title>
        <Text c="dimmed">Ask your community and share what you know.</Text>
      </Stack>
      <NotificationsPanel />
      <DiscussionBoard groupId={null} />
    </Stack>
  );
}
