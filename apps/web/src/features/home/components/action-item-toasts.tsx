import { notifications } from '@mantine/notifications';
import { Text } from '@mantine/core';
import { useRef } from 'react';
import { useRealtimeListener } from '../../../lib/realtime-hooks';
import { highlightNavbar } from '../api/navbar-highlight';

/** One toast per item even when it completed in several of the user's hubs at once. */
const REPEAT_WINDOW_MS = 5000;

/**
 * The toast and the 2-second navbar highlight of spec 4 'Action item completed': the item completed by
 * itself (or by hand in another tab). The open items refetch through the event's invalidation hint (['action-items']). Renders nothing.
 */
export function ActionItemToasts() {
  const lastShown = useRef(new Map<string, number>());
  useRealtimeListener((message) => {
    if (message.kind !== 'event' || message.type !== 'action-item.completed') return;
    const type = message.payload['actionItem'];
    const title = message.payload['title'];
    if (typeof type !== 'string' || typeof title !== 'string') return;
    highlightNavbar();
    const now = Date.now();
    const previous = lastShown.current.get(type);
    if (previous !== undefined && now - previous < REPEAT_WINDOW_MS) return;
    lastShown.current.set(type, now);
    notifications.show({
      id: `action-item-${type}`,
      title: 'Step completed',
      color: 'green',
      // Mantine's default description colour (dimmed) is below 4.5:1 on white.
      message: (
        <Text size="sm" c="dark.7">
          {title}
        </Text>
      ),
    });
  });
  return null;
}
