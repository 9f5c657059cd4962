import { ADMIN_PEOPLE_ENDPOINTS, type TMembersQuery, type TSwitchUserTypeRequest } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMemberListFilters } from '../../../components/member-filters-form';
import { callEndpoint } from '../../../lib/api-client';

/** The explore-users filters as the page holds them (empty text means no filter). */
export type TMemberFilters = TMemberListFilters;

/** Only the filters that are set, as the API's query. */
function queryOf(filters: TMemberFilters): TMembersQuery {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as TMembersQuery;
}

/** GET /api/admin/members: the hub's members, a page at a time (explore-users). */
export function hubMembersQueryOptions(hubIdentifier: string, filters: TMemberFilters) {
  const query = queryOf(filters);
  return infiniteQueryOptions({
    queryKey: ['hub', hubIdentifier, 'admin-people', 'members', query],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.listMembers, {
        hubId: hubIdentifier,
        query: { ...query, cursor: pageParam ?? undefined },
        signal,
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });
}

export function useHubMembers(hubIdentifier: string, filters: TMemberFilters) {
  return useInfiniteQuery(hubMembersQueryOptions(hubIdentifier, filters));
}

/** POST /api/admin/members/user-type: give one or more members another user type (switch-user-types). */
export function useSwitchUserType(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSwitchUserTypeRequest) =>
      callEndpoint(ADMIN_PEOPLE_ENDPOINTS.switchUserType, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'hub' &&
          query.queryKey[1] === hubIdentifier &&
          query.queryKey[2] === 'admin-people',
      }),
  });
}
