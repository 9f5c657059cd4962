import { PUBLIC_HUB_ENDPOINT, type TPublicHub } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/hubs/:identifier/public: what a visitor may see of a hub to sign up. */
export function getPublicHub(identifier: string, signal?: AbortSignal): Promise<TPublicHub> {
  return callEndpoint(PUBLIC_HUB_ENDPOINT, { params: { identifier }, hubId: identifier, signal }).then(
    (body) => body.hub,
  );
}

/** Query options of a hub's public data, shared by the route loader and the page. */
export function publicHubQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['hubs', identifier, 'public'],
    queryFn: ({ signal }) => getPublicHub(identifier, signal),
    staleTime: 5 * 60_000,
  });
}

/** The hub's public data; idle without an identifier. */
export function usePublicHub(identifier: string | null) {
  return useQuery({ ...publicHubQueryOptions(identifier ?? ''), enabled: identifier !== null });
}
