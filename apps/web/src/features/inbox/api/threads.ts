import {
  INBOX_PATHS,
  ZThreadListResponse,
  ZThreadResponse,
  ZUnreadCountResponse,
  type TThread,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath, inboxKeys } from './inbox-keys';

/** Thread list tabs the page shows (spec 2 /inbox tab=inbox or rooms) plus the archive. */
export type TInboxTab = 'inbox' | 'rooms' | 'archived';

/** GET /api/inbox/threads?tab=&cursor=: my threads of the tab, newest activity first, cursor-paged. */
export function threadListQueryOptions(tab: TInboxTab) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.threads(tab),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(INBOX_PATHS.threads, {
        schema: ZThreadListResponse,
        signal,
        query: { tab, cursor: pageParam ?? undefined },
      }),
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
      apiRequest(fillPath(INBOX_PATHS.thread, { id: threadId }), {
        schema: ZThreadResponse,
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
      apiRequest(INBOX_PATHS.unreadCount, {
        schema: ZUnreadCountResponse,
        signal,
        isErrorToastSuppressed: true,
      }),
    staleTime: 60_000,
  });
}

/** My unread counts; idle when `isEnabled` is false (no hub yet). */
export function useUnreadCount(isEnabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: isEnabled });
}

/** Thread actions of the contract, each answering the thread as it now is. */
export type TThreadAction = 'read' | 'archive' | 'unarchive' | 'accept' | 'reject' | 'close';

const ACTION_PATHS: Readonly<Record<TThreadAction, string>> = {
  read: INBOX_PATHS.read,
  archive: INBOX_PATHS.archive,
  unarchive: INBOX_PATHS.unarchive,
  accept: INBOX_PATHS.accept,
  reject: INBOX_PATHS.reject,
  close: INBOX_PATHS.close,
};

/** POST /api/inbox/threads/{id}/{action}; the thread is written to the cache and every inbox query refetches. */
export function useThreadAction(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TThreadAction): Promise<TThread> =>
      apiRequest(fillPath(ACTION_PATHS[action], { id: threadId }), {
        method: 'POST',
        schema: ZThreadResponse,
        isErrorToastSuppressed: action !== 'read',
      }).then((body) => body.thread),
    onSuccess: async (thread, action) => {
      client.setQueryData(inboxKeys.thread(threadId), thread);
      if (action === 'read') {
        await Promise.all([
          client.invalidateQueries({ queryKey: inboxKeys.unreadCount() }),
          client.invalidateQueries({ queryKey: ['inbox', 'threads'] }),
        ]);
        return;
      }
      await client.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}
