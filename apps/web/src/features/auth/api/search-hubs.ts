import { HUB_ENDPOINTS, type THubSearchResult } from '@commons/contract';
import { normalizeCommunitySearch } from '@commons/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Characters typed before the community step starts suggesting. */
export const HUB_SEARCH_MIN_LENGTH = 2;

/** GET /api/hubs/search: communities open for sign-up that match the text, typos forgiven, best first. */
export function searchHubs(text: string, signal?: AbortSignal): Promise<THubSearchResult[]> {
  return callEndpoint(HUB_ENDPOINTS.search, {
    query: { q: text },
    // Public: no hub of the path or session belongs in it; the form shows any failure next to the field.
    hubId: null,
    isErrorToastSuppressed: true,
    signal,
  }).then((body) => body.items);
}

/** Shared by the suggestions while typing and the check on submit, so submitting reuses what was shown. */
export function hubSearchQueryOptions(text: string) {
  const normalized = normalizeCommunitySearch(text);
  return queryOptions({
    queryKey: ['hubs', 'search', normalized],
    queryFn: ({ signal }) => searchHubs(normalized, signal),
    staleTime: 60_000,
  });
}

/** Suggestions for the text; idle until it is long enough, keeping the last list while the next loads. */
export function useHubSearch(text: string) {
  return useQuery({
    ...hubSearchQueryOptions(text),
    enabled: normalizeCommunitySearch(text).length >= HUB_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
