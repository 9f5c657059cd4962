import { ActionIcon, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useUnreadCount } from '../api/threads';

/**
 * The header's inbox icon next to the notification bell, with my unread thread count (kept fresh by
 * realtime events); the count is in the link's name, the badge only shows it.
 */
export function InboxHeaderLink({ isEnabled }: { isEnabled: boolean }) {
  const unread = useUnreadCount(isEnabled);
  const count = unread.data?.unreadThreads ?? 0;
  return (
    <Indicator
      disabled={count === 0}
      label={count > 99 ? '99+' : String(count)}
      size={18}
      color="blue.9"
      offset={4}
    >
      <ActionIcon
        component={Link}
        to={paths.inbox()}
        variant="subtle"
        color="gray.9"
        size="lg"
        aria-label={count > 0 ? `Inbox, ${count} unread conversations` : 'Inbox'}
      >
        <IconMail size={20} stroke={2} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}
