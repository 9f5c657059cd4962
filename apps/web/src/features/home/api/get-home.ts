import { HOME_ENDPOINTS, ZHomeTab, type THomeResponse } from '@commons/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/** The hub home of the viewer: version, tabs and one tab's sections (GET /api/home); an unknown tab asks for the first. */
export function homeQueryOptions(hubId: string, tab: string | null) {
  const parsed = ZHomeTab.safeParse(tab);
  const wanted = parsed.success ? parsed.data : undefined;
  return queryOptions({
    queryKey: homeKeys.home(hubId, wanted ?? null),
    queryFn: ({ signal }): Promise<THomeResponse> =>
      callEndpoint(HOME_ENDPOINTS.get, { signal, hubId, query: { tab: wanted } }),
  });
}

/** The home of a hub; the previous tab stays on screen while the next one loads. */
export function useHome(hubId: string, tab: string | null) {
  return useQuery({ ...homeQueryOptions(hubId, tab), placeholderData: keepPreviousData });
}
