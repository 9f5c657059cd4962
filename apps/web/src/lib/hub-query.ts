import { HUB_ENDPOINTS, type THub, type THubFeatures } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/** GET /api/hub with `x-hub-id`: the hub as its members see it (name, active modules, user types, features). */
export function getHub(identifier: string, signal?: AbortSignal): Promise<THub> {
  return callEndpoint(HUB_ENDPOINTS.current, { hubId: identifier, signal }).then((body) => body.hub);
}

/** Query options of the member view of a hub; every feature reading the hub shares this one query. */
export function hubQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['hub', identifier],
    queryFn: ({ signal }) => getHub(identifier, signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The hub's feature flags (spec 6 Feature flags per hub) with their effective values, from the member view
 * of the hub; undefined while it loads or when it failed (a page then keeps its usual content).
 */
export function useHubFeatures(identifier: string): THubFeatures | undefined {
  return useQuery({
    ...hubQueryOptions(identifier),
    enabled: identifier !== '',
    select: (hub) => hub.features,
  }).data;
}
