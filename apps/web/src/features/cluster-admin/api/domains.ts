import { HUB_DOMAIN_ENDPOINTS, PAGE_SIZE_MAX, type TCreateHubDomainRequest } from '@commons/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = {
  domains: ['cluster-admin', 'domains'] as const,
  hostHub: ['cluster', 'host-hub'] as const,
};

/** GET /api/admin/cluster/domains: the cluster's hub domains, oldest first, a page at a time. */
export function useHubDomains() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: keys.domains,
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(HUB_DOMAIN_ENDPOINTS.list, {
          query: { cursor: pageParam ?? undefined, limit: PAGE_SIZE_MAX },
          signal,
          isErrorToastSuppressed: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
}

function useDomainsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.domains });
}

export function useCreateHubDomain() {
  const changed = useDomainsChanged();
  return useMutation({
    mutationFn: (body: TCreateHubDomainRequest) =>
      callEndpoint(HUB_DOMAIN_ENDPOINTS.create, { body, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

export function useVerifyHubDomain() {
  const changed = useDomainsChanged();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(HUB_DOMAIN_ENDPOINTS.verify, { params: { id }, isErrorToastSuppressed: true }),
    onSuccess: () => changed(),
  });
}

export function useRemoveHubDomain() {
  const changed = useDomainsChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(HUB_DOMAIN_ENDPOINTS.remove, { params: { id } }),
    onSuccess: () => changed(),
  });
}

/** GET /api/cluster/host-hub: the hub whose verified domain this site's host is, or null. */
export function useHostHub(isEnabled: boolean) {
  return useQuery({
    queryKey: keys.hostHub,
    queryFn: ({ signal }) =>
      callEndpoint(HUB_DOMAIN_ENDPOINTS.hostHub, { signal, isErrorToastSuppressed: true }),
    enabled: isEnabled,
    retry: false,
    staleTime: 60_000,
  });
}
