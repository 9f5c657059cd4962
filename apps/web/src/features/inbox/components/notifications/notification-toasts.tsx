import { shouldShowNotificationToast } from '@commons/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
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
        if (item)
          notifications.show({
            id: `notification-${id}`,
            title: 'New notification',
            message: item.title,
            color: 'blue',
          });
      })
      .catch(() => undefined);
  });
  return null;
}
