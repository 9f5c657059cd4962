import {
  endpointPath,
  GIVING_ENDPOINTS,
  type TCreatePledgeRequest,
  type TUpdateGivingSettingsRequest,
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
import { givingKeys } from './giving-keys';

/** GET /api/giving: the hub's giving page for the viewer (banner, payment page, designations, my pledges). */
export function givingPageQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: givingKeys.page(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(GIVING_ENDPOINTS.page, { hubId: hubIdentifier, signal }),
  });
}

export function useGivingPage(hubIdentifier: string) {
  return useQuery(givingPageQueryOptions(hubIdentifier));
}

/** POST /api/giving/pledges; field errors come back on the form, so no error toast. */
export function useCreatePledge(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePledgeRequest) =>
      callEndpoint(GIVING_ENDPOINTS.pledge, { hubId: hubIdentifier, body, isErrorToastSuppressed: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: givingKeys.all(hubIdentifier) }),
  });
}

/** GET /api/giving/settings (donations admins). */
export function useGivingSettings(hubIdentifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: givingKeys.settings(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(GIVING_ENDPOINTS.settings, { hubId: hubIdentifier, signal }),
    enabled: isEnabled,
  });
}

/** PUT /api/giving/settings; the hub (its banner) and the home are reloaded after. */
export function useUpdateGivingSettings(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateGivingSettingsRequest) =>
      callEndpoint(GIVING_ENDPOINTS.updateSettings, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** GET /api/giving/pledges: the hub's pledges, newest first (donations admins). */
export function pledgesQueryOptions(hubIdentifier: string) {
  return infiniteQueryOptions({
    queryKey: givingKeys.pledges(hubIdentifier),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(GIVING_ENDPOINTS.pledges, {
        hubId: hubIdentifier,
        signal,
        query: { cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePledges(hubIdentifier: string, isEnabled: boolean) {
  return useInfiniteQuery({ ...pledgesQueryOptions(hubIdentifier), enabled: isEnabled });
}

/** Downloads every pledge of the hub as CSV with the bearer token (the request carries the hub of the page). */
export function downloadPledgesCsv(hubIdentifier: string): Promise<void> {
  return apiDownload(endpointPath(GIVING_ENDPOINTS.pledgesCsv.path), `pledges-${hubIdentifier}.csv`);
}
