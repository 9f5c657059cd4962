import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useUnreadCount } from '../api/threads';

/** The header's link to the inbox with my unread thread count (kept fresh by realtime events). */
export function InboxHeaderLink({ isEnabled }: { isEnabled: boolean }) {
  const unread = useUnreadCount(isEnabled);
  const count = unread.data?.unreadThreads ?? 0;
  return (
    <Anchor
      component={Link}
      to={paths.inbox()}
      size="sm"
      aria-label={count > 0 ? `Inbox, ${count} unread conversations` : 'Inbox'}
    >
      <Group gap={4} wrap="nowrap">
        <span>Inbox</span>
        {count > 0 ? (
          <Badge size="sm" color="blue.9" aria-hidden="true">
            {count}
          </Badge>
        ) : null}
      </Group>
    </Anchor>
  );
}
