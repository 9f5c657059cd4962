import { RESOURCE_ENDPOINTS, type TResourceType } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { contentHubOption, useContentHub } from '../../../lib/content-hub';
import { resourceKeys } from './resource-keys';

/** Filters of a resource list: the business directory or resources, type, category, search and group. */
export interface TResourceListFilters {
  isBusinessDirectory: boolean;
  typeName: TResourceType | null;
  category: string | null;
  q: string;
  groupId: string | null;
}

/** Cursor-paged resources or directory listings of the hub or a group (GET /api/resources), with category counts. */
export function resourceListQueryOptions(filters: TResourceListFilters, hubId?: string) {
  const q = filters.q.trim();
  return infiniteQueryOptions({
    queryKey: resourceKeys.list(filters, hubId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(RESOURCE_ENDPOINTS.list, {
        signal,
        ...contentHubOption(hubId),
        query: {
          isBusinessDirectory: filters.isBusinessDirectory ? 'true' : undefined,
          typeName: filters.typeName ?? undefined,
          category: filters.category ?? undefined,
          q: q === '' ? undefined : q,
          groupId: filters.groupId ?? undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The resource list, page by page; earlier results stay on screen while a new filter loads. */
export function useResourceList(filters: TResourceListFilters) {
  const hubId = useContentHub();
  return useInfiniteQuery({
    ...resourceListQueryOptions(filters, hubId),
    placeholderData: (previous) => previous,
  });
}

/** Whether the viewer may post resources or directory listings here, and whether the hub has the business directory. */
export function useResourceSettings(groupId: string | null) {
  const hubId = useContentHub();
  return useQuery({
    queryKey: resourceKeys.settings(groupId, hubId),
    queryFn: ({ signal }) =>
      callEndpoint(RESOURCE_ENDPOINTS.settings, {
        signal,
        query: { groupId: groupId ?? undefined },
        ...contentHubOption(hubId),
      }),
    staleTime: 60_000,
  });
}
