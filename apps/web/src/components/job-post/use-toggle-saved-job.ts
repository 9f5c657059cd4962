import { JOB_ENDPOINTS } from '@commons/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';

type TPostLike = { id: string; isSaved: boolean };

/**
 * One post marked saved or not in a cached answer that lists or is posts: an infinite list's pages, a
 * `{ items }` list, or a post itself. Anything else is returned as it is.
 */
export function withSavedPost(data: unknown, postId: string, isSaved: boolean): unknown {
  const mark = (item: TPostLike) => (item.id === postId ? { ...item, isSaved } : item);
  if (typeof data !== 'object' || data === null) return data;
  if ('pages' in data && Array.isArray(data.pages)) {
    const infinite = data as InfiniteData<{ items?: TPostLike[] }>;
    return {
      ...infinite,
      pages: infinite.pages.map((page) =>
        Array.isArray(page.items) ? { ...page, items: page.items.map(mark) } : page,
      ),
    };
  }
  if ('items' in data && Array.isArray(data.items)) {
    const list = data as { items: TPostLike[] };
    return { ...list, items: list.items.map(mark) };
  }
  if ('id' in data && 'isSaved' in data) return mark(data as TPostLike);
  return data;
}

/**
 * PUT or DELETE /api/jobs/{id}/save. The button turns at once in every job list and the post's page of the
 * hub (query keys ['jobs', hub, …]), then the saved lists (board, experiential learning, profile) reload.
 */
export function useToggleSavedJob(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { postId: string; isSaved: boolean }) =>
      callEndpoint(input.isSaved ? JOB_ENDPOINTS.save : JOB_ENDPOINTS.unsave, {
        hubId: hubIdentifier,
        params: { id: input.postId },
      }),
    onSuccess: (answer) => {
      client.setQueriesData({ queryKey: ['jobs', hubIdentifier] }, (data: unknown) =>
        withSavedPost(data, answer.postId, answer.isSaved),
      );
      void client.invalidateQueries({ queryKey: ['jobs', hubIdentifier, 'saved'] });
      void client.invalidateQueries({ queryKey: ['experiential-learning', hubIdentifier] });
    },
  });
}
