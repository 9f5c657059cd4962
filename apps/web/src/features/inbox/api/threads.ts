import { INBOX_ENDPOINTS, type TThread } from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** Thread list tabs the page shows (spec 2 /inbox tab=inbox or rooms) plus the archive. */
export type TInboxTab = 'inbox' | 'rooms' | 'archived';

/** GET /api/inbox/threads?tab=&cursor=: my threads of the tab, newest activity first, cursor-paged. */
export function threadListQueryOptions(tab: TInboxTab) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.threads(tab),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(INBOX_ENDPOINTS.threads, { query: { tab, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** My threads of one tab. */
export function useThreadList(tab: TInboxTab) {
  return useInfiniteQuery(threadListQueryOptions(tab));
}

/** GET /api/inbox/threads/{id}: one of my threads; a missing one is shown by the page, not /404. */
export function threadQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: inboxKeys.thread(threadId),
    queryFn: ({ signal }) =>
      callEndpoint(INBOX_ENDPOINTS.thread, {
        params: { id: threadId },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((body) => body.thread),
  });
}

/** One thread. */
export function useThread(threadId: string) {
  return useQuery(threadQueryOptions(threadId));
}

/** GET /api/inbox/unread-count: unread threads (the navigation badge) and per tab. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: inboxKeys.unreadCount(),
    queryFn: ({ signal }) =>
      callEndpoint(INBOX_ENDPOINTS.unreadCount, { signal, isErrorToastSuppressed: true }),
    staleTime: 60_000,
  });
}

/** My unread counts; idle when `isEnabled` is false (no hub yet). */
export function useUnreadCount(isEnabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: isEnabled });
}

/** Thread actions of the contract, each answering the thread as it now is. */
export type TThreadAction = 'read' | 'archive' | 'unarchive' | 'accept' | 'reject' | 'close';

const ACTION_ENDPOINTS = {
  read: INBOX_ENDPOINTS.read,
  archive: INBOX_ENDPOINTS.archive,
  unarchive: INBOX_ENDPOINTS.unarchive,
  accept: INBOX_ENDPOINTS.accept,
  reject: INBOX_ENDPOINTS.reject,
  close: INBOX_ENDPOINTS.close,
} as const satisfies Record<TThreadAction, unknown>;

/** POST /api/inbox/threads/{id}/{action}; the thread is written to the cache and every inbox query refetches. */
export function useThreadAction(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TThreadAction): Promise<TThread> =>
      callEndpoint(ACTION_ENDPOINTS[action], {
        params: { id: threadId },
        isErrorToastSuppressed: action !== 'read',
      }).then((body) => body.thread),
    onSuccess: async (thread, action) => {
      client.setQueryData(inboxKeys.thread(threadId), thread);
      if (action === 'read') {
        await Promise.all([
          client.invalidateQueries({ queryKey: inboxKeys.unreadCount() }),
          client.invalidateQueries({ queryKey: inboxKeys.threadLists() }),
        ]);
        return;
      }
      await client.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}
