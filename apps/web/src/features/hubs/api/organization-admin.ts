import {
  endpointPath,
  ORGANIZATION_ADMIN_ENDPOINTS,
  type TOrganizationAnalyticsCsvQuery,
  type TOrganizationAnalyticsQuery,
  type TOrganizationMembersQuery,
  type TUpdateOrganizationBrandingRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { buildUrl } from '../../../lib/build-url';
import { groupQueryKey } from '../../../lib/current-group';
import type { TMemberListFilters } from '../../../components/member-filters-form';

/** Only the filters that are set, as the API's query. */
function queryOf<T extends object>(filters: T): T {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as T;
}

/** The explore-users filters of an organisation as the page holds them (empty text means no filter). */
export type TOrganizationMemberFilters = TMemberListFilters;

const organizationKey = (hubIdentifier: string) => ['hub', hubIdentifier, 'organization-admin'] as const;

/** GET /api/admin/organizations: the organisations of the hub the viewer administers, with their rights. */
export function administeredOrganizationsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: [...organizationKey(hubIdentifier), 'mine'],
    queryFn: ({ signal }) =>
      callEndpoint(ORGANIZATION_ADMIN_ENDPOINTS.mine, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useAdministeredOrganizations(hubIdentifier: string) {
  return useQuery(administeredOrganizationsQueryOptions(hubIdentifier));
}

/** GET …/organizations/{organization}/members: its approved members, a page at a time (explore-users). */
export function useOrganizationMembers(
  hubIdentifier: string,
  organization: string,
  filters: TOrganizationMemberFilters,
) {
  const query = queryOf(filters) as TOrganizationMembersQuery;
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...organizationKey(hubIdentifier), organization, 'members', query],
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(ORGANIZATION_ADMIN_ENDPOINTS.members, {
          hubId: hubIdentifier,
          params: { identifier: organization },
          query: { ...query, cursor: pageParam ?? undefined },
          signal,
          isErrorToastSuppressed: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
  );
}

/** Downloads the organisation's members under the same filters as CSV. */
export function downloadOrganizationMembersCsv(
  organization: string,
  filters: TOrganizationMemberFilters,
): Promise<void> {
  const query = queryOf(filters);
  return apiDownload(
    buildUrl(endpointPath(ORGANIZATION_ADMIN_ENDPOINTS.membersCsv.path, { identifier: organization }), query),
    `${organization}-members.csv`,
  );
}

/** GET …/organizations/{organization}/analytics: its members' engagement by week or month. */
export function useOrganizationAnalytics(
  hubIdentifier: string,
  organization: string,
  filters: TOrganizationAnalyticsQuery,
) {
  const query = queryOf(filters);
  return useQuery({
    queryKey: [...organizationKey(hubIdentifier), organization, 'analytics', query],
    queryFn: ({ signal }) =>
      callEndpoint(ORGANIZATION_ADMIN_ENDPOINTS.analytics, {
        hubId: hubIdentifier,
        params: { identifier: organization },
        query,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

/** Downloads one measure (or all of them) of the organisation as CSV, for the same filters. */
export function downloadOrganizationAnalyticsCsv(
  organization: string,
  filters: TOrganizationAnalyticsCsvQuery,
): Promise<void> {
  const query = queryOf(filters);
  return apiDownload(
    buildUrl(
      endpointPath(ORGANIZATION_ADMIN_ENDPOINTS.analyticsCsv.path, { identifier: organization }),
      query,
    ),
    `${organization}-analytics-${query.metric ?? 'engagement'}-${query.interval ?? 'week'}.csv`,
  );
}

/** GET …/organizations/{organization}/branding: its colour and logo (branding-settings). */
export function useOrganizationBranding(hubIdentifier: string, organization: string) {
  return useQuery({
    queryKey: [...organizationKey(hubIdentifier), organization, 'branding'],
    queryFn: ({ signal }) =>
      callEndpoint(ORGANIZATION_ADMIN_ENDPOINTS.branding, {
        hubId: hubIdentifier,
        params: { identifier: organization },
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

/** PUT …/organizations/{organization}/branding; the organisation's page shows the new brand after. */
export function useUpdateOrganizationBranding(hubIdentifier: string, organization: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateOrganizationBrandingRequest) =>
      callEndpoint(ORGANIZATION_ADMIN_ENDPOINTS.updateBranding, {
        hubId: hubIdentifier,
        params: { identifier: organization },
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...organizationKey(hubIdentifier), organization, 'branding'], answer);
      void queryClient.invalidateQueries({ queryKey: groupQueryKey(organization) });
    },
  });
}
