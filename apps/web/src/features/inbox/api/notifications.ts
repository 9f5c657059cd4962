import { NOTIFICATION_ENDPOINTS, type TNotificationGroup } from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Query keys of notifications; all start with 'notifications' (contract REALTIME_INVALIDATIONS 'notification.*'). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  pages: (group: TNotificationGroup | null) => ['notifications', 'pages', group ?? 'all'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
};

/** How many notifications the bell lists. */
export const BELL_PAGE_SIZE = 10;

/** How many notifications the notifications page loads at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: my newest notifications (spec 7 notifications, in createdAt order). */
export function notificationListQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) =>
      callEndpoint(NOTIFICATION_ENDPOINTS.list, {
        query: { limit: BELL_PAGE_SIZE },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
  });
}

/** My newest notifications, loaded when the bell opens (`isEnabled`). */
export function useNotificationList(isEnabled: boolean) {
  return useQuery({ ...notificationListQueryOptions(), enabled: isEnabled });
}

/** GET /api/notifications a page at a time (keyset cursor), all of them or those under one heading. */
export function notificationPagesQueryOptions(group: TNotificationGroup | null) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.pages(group),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(NOTIFICATION_ENDPOINTS.list, {
        query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam ?? undefined, group: group ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The notifications page's list; "Load more" asks for the next page. */
export function useNotificationPages(group: TNotificationGroup | null) {
  return useInfiniteQuery(notificationPagesQueryOptions(group));
}

/** GET /api/notifications/unread-count: the bell's number. */
export function useNotificationUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) =>
      callEndpoint(NOTIFICATION_ENDPOINTS.unreadCount, {
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
  return () => client.invalidateQueries({ queryKey: notificationKeys.all });
}

/** POST /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(NOTIFICATION_ENDPOINTS.markRead, { params: { id }, isErrorToastSuppressed: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/notifications/read-all: all of them, or those under one heading. */
export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (group: TNotificationGroup | null) =>
      callEndpoint(NOTIFICATION_ENDPOINTS.markAllRead, { body: group === null ? {} : { group } }),
    onSuccess: invalidate,
  });
}
