import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useContentNotifications, useMarkNotificationsRead } from '../api/discussions-api';

/** Unread mentions and answers for me, newest first; opening one marks it read. */
export function NotificationsPanel() {
  const notifications = useContentNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = (notifications.data?.items ?? []).filter((item) => item.isUnread);
  if (unread.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="notifications-heading">
            For you <Badge color="blue.9">{notifications.data?.unreadCount ?? unread.length} new</Badge>
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => markRead.mutate(undefined)}
            loading={markRead.isPending}
          >
            Mark all read
          </Button>
        </Group>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {unread.map((item) => (
            <Text component="li" key={item.id} size="sm">
              <Anchor component={Link} to={item.url ?? '#'} onClick={() => markRead.mutate(item.id)}>
                {item.title}
              </Anchor>
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
