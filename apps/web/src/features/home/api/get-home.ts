import { HOME_ENDPOINTS, ZHomeTab, type THomeResponse, type THomeSection } from '@commons/contract';
import type { THomeTab } from '@commons/domain';
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

/** Every item of one home section (GET /api/home/sections/{key}), read when the viewer asks for "Show all". */
export function useHomeSectionItems(options: {
  hubId: string;
  tab: THomeTab;
  sectionKey: THomeSection['key'];
  isEnabled: boolean;
}) {
  return useQuery({
    queryKey: homeKeys.section(options.hubId, options.tab, options.sectionKey),
    queryFn: ({ signal }): Promise<THomeSection> =>
      callEndpoint(HOME_ENDPOINTS.section, {
        signal,
        hubId: options.hubId,
        params: { key: options.sectionKey },
        query: { tab: options.tab },
      }),
    enabled: options.isEnabled,
  });
}
