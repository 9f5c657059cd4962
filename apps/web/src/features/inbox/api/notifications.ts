import {
  NOTIFICATION_PATHS,
  notificationPath,
  ZMarkAllNotificationsReadResponse,
  ZNotificationList,
  ZNotificationResponse,
  ZNotificationUnreadCount,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every notification query starts with this prefix (contract REALTIME_INVALIDATIONS 'notification.*'). */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** How many notifications the bell lists. */
export const BELL_PAGE_SIZE = 10;

/** GET /api/notifications: my newest notifications (spec 7 notifications, in createdAt order). */
export function notificationListQueryOptions() {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) =>
      apiRequest(NOTIFICATION_PATHS.list, {
        schema: ZNotificationList,
        signal,
        query: { limit: BELL_PAGE_SIZE },
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
  });
}

/** My newest notifications, loaded when the bell opens (`isEnabled`). */
export function useNotificationList(isEnabled: boolean) {
  return useQuery({ ...notificationListQueryOptions(), enabled: isEnabled });
}

/** GET /api/notifications/unread-count: the bell's number. */
export function useNotificationUnreadCount() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'unread-count'],
    queryFn: ({ signal }) =>
      apiRequest(NOTIFICATION_PATHS.unreadCount, {
        schema: ZNotificationUnreadCount,
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    staleTime: 60_000,
    retry: false,
  });
}

function useInvalidateNotifications() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
}

/** POST /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(notificationPath.markRead(id), {
        method: 'POST',
        schema: ZNotificationResponse,
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () =>
      apiRequest(NOTIFICATION_PATHS.markAllRead, {
        method: 'POST',
        body: {},
        schema: ZMarkAllNotificationsReadResponse,
      }),
    onSuccess: invalidate,
  });
}
