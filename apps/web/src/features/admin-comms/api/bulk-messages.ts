import {
  BULK_MESSAGE_ENDPOINTS,
  type TBulkMessageDraft,
  type TCreateBulkMessageRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = {
  all: (hub: string) => ['bulk-messages', hub] as const,
  list: (hub: string) => ['bulk-messages', hub, 'list'] as const,
  audience: (hub: string) => ['bulk-messages', hub, 'audience'] as const,
  mine: (hub: string) => ['announcements', hub] as const,
};

/** GET /api/admin/bulk-messages: the hub's bulk emails and announcements, newest first, with delivery counts. */
export function bulkMessagesQueryOptions(hubIdentifier: string) {
  return infiniteQueryOptions({
    queryKey: keys.list(hubIdentifier),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(BULK_MESSAGE_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        query: { cursor: pageParam ?? undefined },
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });
}

export function useBulkMessages(hubIdentifier: string) {
  return useInfiniteQuery(bulkMessagesQueryOptions(hubIdentifier));
}

/** GET /api/admin/bulk-messages/audience-options: the hub's user types and groups. */
export function useAudienceOptions(hubIdentifier: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.audience(hubIdentifier),
      queryFn: ({ signal }) =>
        callEndpoint(BULK_MESSAGE_ENDPOINTS.audienceOptions, { hubId: hubIdentifier, signal }),
    }),
  );
}

/** POST /api/admin/bulk-messages/preview: the sanitised message and how many it reaches. */
export function usePreviewBulkMessage(hubIdentifier: string) {
  return useMutation({
    mutationFn: (draft: TBulkMessageDraft) =>
      callEndpoint(BULK_MESSAGE_ENDPOINTS.preview, {
        hubId: hubIdentifier,
        body: draft,
        isErrorToastSuppressed: true,
      }),
  });
}

/** POST /api/admin/bulk-messages: send now or schedule; the list is reloaded after. */
export function useCreateBulkMessage(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateBulkMessageRequest) =>
      callEndpoint(BULK_MESSAGE_ENDPOINTS.create, { hubId: hubIdentifier, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all(hubIdentifier) }),
  });
}

/** DELETE /api/admin/bulk-messages/{id}: cancel a scheduled message. */
export function useCancelBulkMessage(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(BULK_MESSAGE_ENDPOINTS.cancel, { hubId: hubIdentifier, params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all(hubIdentifier) }),
  });
}

/** GET /api/announcements: the announcements of the hub addressed to the viewer. */
export function useMyAnnouncements(hubIdentifier: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.mine(hubIdentifier),
      queryFn: ({ signal }) =>
        callEndpoint(BULK_MESSAGE_ENDPOINTS.mine, {
          hubId: hubIdentifier,
          signal,
          isErrorToastSuppressed: true,
        }),
    }),
  );
}

/** POST /api/announcements/{id}/dismiss. */
export function useDismissAnnouncement(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(BULK_MESSAGE_ENDPOINTS.dismiss, { hubId: hubIdentifier, params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.mine(hubIdentifier) }),
  });
}
