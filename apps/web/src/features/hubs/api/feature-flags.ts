import { HUB_ENDPOINTS, type TUpdateHubFeatureFlagsRequest } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/hub/feature-flags: every feature flag of the hub with its value (admins with branding-settings). */
export function featureFlagsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: ['hub', hubIdentifier, 'feature-flags'],
    queryFn: ({ signal }) =>
      callEndpoint(HUB_ENDPOINTS.featureFlags, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useFeatureFlags(hubIdentifier: string) {
  return useQuery(featureFlagsQueryOptions(hubIdentifier));
}

/**
 * PATCH /api/hub/feature-flags. The flags change what members see across the hub (home tabs, badges, giving),
 * so every query reloads after.
 */
export function useUpdateFeatureFlags(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateHubFeatureFlagsRequest) =>
      callEndpoint(HUB_ENDPOINTS.updateFeatureFlags, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(featureFlagsQueryOptions(hubIdentifier).queryKey, answer);
      return client.invalidateQueries({
        predicate: (query) => query.queryKey[2] !== 'feature-flags' || query.queryKey[1] !== hubIdentifier,
      });
    },
  });
}
