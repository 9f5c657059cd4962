import { shouldShowNotificationToast } from '@commons/domain';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { navigateTo } from '../../../../lib/navigation';
import { useRealtimeListener } from '../../../../lib/realtime-hooks';
import { notificationListQueryOptions } from '../../api/notifications';

/**
 * Toasts for notifications pushed over the realtime gateway (issue #5 item 4), never on the sign-in,
 * create-account or confirmation pages unless forced (spec 8 Notification toasts). Renders nothing.
 */
export function NotificationToasts() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  useRealtimeListener((message) => {
    if (message.kind !== 'event' || message.type !== 'notification.created') return;
    const id = message.payload['notificationId'];
    const isForced = message.payload['isToastForced'] === true;
    if (typeof id !== 'string' || !shouldShowNotificationToast({ currentPath: pathname, isForced })) return;
    void client
      .fetchQuery({ ...notificationListQueryOptions(), staleTime: 0 })
      .then((list) => {
        const item = list.items.find((n) => n.id === id);
        if (!item) return;
        const toastId = `notification-${id}`;
        const url = item.url;
        notifications.show({
          id: toastId,
          title: 'New notification',
          color: 'blue',
          // Mantine's default description colour (dimmed) is below 4.5:1 on white.
          message: (
            <Text size="sm" c="dark.7">
              {url !== null ? (
                <Anchor
                  href={url}
                  onClick={(event) => {
                    // Toasts render outside the router: navigate through lib/navigation.
                    event.preventDefault();
                    notifications.hide(toastId);
                    navigateTo(url);
                  }}
                >
                  {item.title}
                </Anchor>
              ) : (
                item.title
              )}
            </Text>
          ),
        });
      })
      .catch(() => undefined);
  });
  return null;
}
