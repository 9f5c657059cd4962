import { INBOX_ENDPOINTS } from '@commons/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** GET /api/inbox/search?q=: my messages matching every word, newest first, cursor-paged; idle for an empty query. */
export function useInboxSearch(q: string) {
  const term = q.trim();
  return useInfiniteQuery({
    queryKey: inboxKeys.search(term),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(INBOX_ENDPOINTS.search, { query: { q: term, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: term !== '',
  });
}
