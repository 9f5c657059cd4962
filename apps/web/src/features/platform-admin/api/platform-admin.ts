import {
  PLATFORM_ADMIN_ENDPOINTS,
  type TCreateClusterRequest,
  type TCreatePlatformHubRequest,
  type TPlatformCluster,
  type TPlatformClusterPage,
  type TUpdateClusterRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = {
  clusters: ['platform-admin', 'clusters'] as const,
  tenantTypes: ['platform-admin', 'tenant-types'] as const,
};

/** GET /api/platform/clusters: every cluster with hubs and usage, a page at a time. */
export function usePlatformClusters() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: keys.clusters,
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(PLATFORM_ADMIN_ENDPOINTS.list, {
          query: { cursor: pageParam ?? undefined, limit: 20 },
          signal,
          isErrorToastSuppressed: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
}

/** GET /api/platform/tenant-types. */
export function useTenantTypes() {
  return useQuery({
    queryKey: keys.tenantTypes,
    queryFn: ({ signal }) =>
      callEndpoint(PLATFORM_ADMIN_ENDPOINTS.tenantTypes, { signal, isErrorToastSuppressed: true }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Puts a changed cluster in place in the loaded pages (or appends a new one to the last page). */
function useStoreCluster() {
  const client = useQueryClient();
  return (cluster: TPlatformCluster) => {
    client.setQueryData<InfiniteData<TPlatformClusterPage, string | null>>(keys.clusters, (data) => {
      if (!data) return data;
      const isKnown = data.pages.some((page) => page.items.some((item) => item.id === cluster.id));
      const pages = data.pages.map((page, index) => ({
        ...page,
        items: isKnown
          ? page.items.map((item) => (item.id === cluster.id ? cluster : item))
          : index === data.pages.length - 1 && page.nextCursor === null
            ? [...page.items, cluster]
            : page.items,
      }));
      return { ...data, pages };
    });
  };
}

export function useCreateCluster() {
  const store = useStoreCluster();
  return useMutation({
    mutationFn: (body: TCreateClusterRequest) =>
      callEndpoint(PLATFORM_ADMIN_ENDPOINTS.create, { body, isErrorToastSuppressed: true }),
    onSuccess: store,
  });
}

export function useUpdateCluster() {
  const store = useStoreCluster();
  return useMutation({
    mutationFn: (input: { id: string; body: TUpdateClusterRequest }) =>
      callEndpoint(PLATFORM_ADMIN_ENDPOINTS.update, {
        params: { id: input.id },
        body: input.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: store,
  });
}

export function useCreatePlatformHub() {
  const store = useStoreCluster();
  return useMutation({
    mutationFn: (input: { clusterId: string; body: TCreatePlatformHubRequest }) =>
      callEndpoint(PLATFORM_ADMIN_ENDPOINTS.createHub, {
        params: { id: input.clusterId },
        body: input.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: store,
  });
}

export function useClusterDeletion() {
  const store = useStoreCluster();
  return useMutation({
    mutationFn: (input: { id: string; isRequest: boolean }) =>
      callEndpoint(
        input.isRequest ? PLATFORM_ADMIN_ENDPOINTS.requestDeletion : PLATFORM_ADMIN_ENDPOINTS.cancelDeletion,
        { params: { id: input.id } },
      ),
    onSuccess: store,
  });
}
