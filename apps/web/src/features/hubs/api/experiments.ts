import { HUB_EXPERIMENT_ENDPOINTS, type TUpdateHubExperimentsRequest } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/experiments: every experiment with its variants and the hub's (admins with branding-settings). */
export function experimentsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: ['hub', hubIdentifier, 'experiments'],
    queryFn: ({ signal }) =>
      callEndpoint(HUB_EXPERIMENT_ENDPOINTS.experiments, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useExperiments(hubIdentifier: string) {
  return useQuery(experimentsQueryOptions(hubIdentifier));
}

/**
 * PATCH /api/admin/experiments. A variant changes pages members see (the home's hero), so the hub's other
 * queries reload after.
 */
export function useUpdateExperiments(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateHubExperimentsRequest) =>
      callEndpoint(HUB_EXPERIMENT_ENDPOINTS.updateExperiments, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(experimentsQueryOptions(hubIdentifier).queryKey, answer);
      return client.invalidateQueries({
        predicate: (query) => query.queryKey[2] !== 'experiments' || query.queryKey[1] !== hubIdentifier,
      });
    },
  });
}
