import { WEBHOOK_ENDPOINTS, type TCreateWebhookRequest, type TUpdateWebhookRequest } from '@commons/contract';
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
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

/** GET /api/admin/webhooks: the cluster's webhooks and the event catalogue (cluster admins). */
export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: keys.all,
    queryFn: ({ signal }) => callEndpoint(WEBHOOK_ENDPOINTS.list, { signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useWebhooks(isEnabled: boolean) {
  return useQuery({ ...webhooksQueryOptions(), enabled: isEnabled });
}

/** GET /api/admin/webhooks/:id/deliveries: the delivery log, newest first, a page at a time. */
export function useWebhookDeliveries(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: keys.deliveries(id),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(WEBHOOK_ENDPOINTS.deliveries, {
          params: { id },
          query: { cursor: pageParam ?? undefined },
          signal,
          isErrorToastSuppressed: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
}

/** POST /api/admin/webhooks: answers the new webhook and its secret (shown once). */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookRequest) => callEndpoint(WEBHOOK_ENDPOINTS.create, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** PATCH /api/admin/webhooks/:id (URL, events, on or off). */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: TUpdateWebhookRequest }) =>
      callEndpoint(WEBHOOK_ENDPOINTS.update, { params: { id: input.id }, body: input.body }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** DELETE /api/admin/webhooks/:id. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(WEBHOOK_ENDPOINTS.remove, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST …/deliveries/:deliveryId/redeliver: sends a delivery again now. */
export function useRedeliverWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; deliveryId: string }) =>
      callEndpoint(WEBHOOK_ENDPOINTS.redeliver, { params: input }),
    onSettled: (_data, _error, input) => client.invalidateQueries({ queryKey: keys.deliveries(input.id) }),
  });
}
