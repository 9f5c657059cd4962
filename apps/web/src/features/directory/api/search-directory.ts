import { DIRECTORY_ENDPOINTS, type TDirectoryResponse } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { directoryKeys } from './directory-keys';

/** Filters of a directory search. */
export interface TDirectoryFilters {
  q: string;
  userType: string[];
  industry: string[];
  graduationYear: string[];
}

/** GET /api/directory with the hub header: one page of people plus facet counts (issue #4 item 6). */
export function searchDirectory(options: {
  hubIdentifier: string;
  filters: TDirectoryFilters;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<TDirectoryResponse> {
  const { filters } = options;
  return callEndpoint(DIRECTORY_ENDPOINTS.search, {
    hubId: options.hubIdentifier,
    ...(options.signal ? { signal: options.signal } : {}),
    query: {
      q: filters.q.trim() === '' ? undefined : filters.q.trim(),
      userType: filters.userType,
      industry: filters.industry,
      graduationYear: filters.graduationYear,
      cursor: options.cursor ?? undefined,
    },
  });
}

/** Cursor-paged query options of a directory search, shared by the route loader and the page. */
export function directoryQueryOptions(hubIdentifier: string, filters: TDirectoryFilters) {
  return infiniteQueryOptions({
    queryKey: directoryKeys.search(hubIdentifier, filters),
    queryFn: ({ pageParam, signal }) =>
      searchDirectory({ hubIdentifier, filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The people matching the filters, page by page; earlier results stay while new ones load. */
export function useDirectory(hubIdentifier: string, filters: TDirectoryFilters) {
  return useInfiniteQuery({
    ...directoryQueryOptions(hubIdentifier, filters),
    placeholderData: (previous) => previous,
  });
}
