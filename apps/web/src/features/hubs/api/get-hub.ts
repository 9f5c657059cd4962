import { HUB_ENDPOINTS, type THub } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/hub with `x-hub-id`: the hub as its members see it (name, active modules, user types). */
export function getHub(identifier: string, signal?: AbortSignal): Promise<THub> {
  return callEndpoint(HUB_ENDPOINTS.current, { hubId: identifier, signal }).then((body) => body.hub);
}

/** Query options of the member view of a hub. */
export function hubQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['hub', identifier],
    queryFn: ({ signal }) => getHub(identifier, signal),
    staleTime: 5 * 60_000,
  });
}

/** The member view of a hub; idle while `isEnabled` is false or there is no identifier. */
export function useHub(identifier: string | null, isEnabled = true) {
  return useQuery({ ...hubQueryOptions(identifier ?? ''), enabled: identifier !== null && isEnabled });
}
