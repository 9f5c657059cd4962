import { CLUSTER_PUBLIC_ENDPOINTS } from '@commons/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/** The query key of the cluster's majors catalogue (the cluster admin console refreshes it after a change). */
export const MAJOR_CATALOGUE_KEY = ['cluster', 'majors'] as const;

/**
 * GET /api/cluster/majors (issue #23 item 2): the active majors of the cluster's catalogue, in order, which the
 * schools editor of profiles and onboarding offers. Empty when the cluster has none (free text stays allowed).
 */
export function useMajorCatalogue() {
  return useQuery({
    queryKey: MAJOR_CATALOGUE_KEY,
    queryFn: ({ signal }) =>
      callEndpoint(CLUSTER_PUBLIC_ENDPOINTS.majors, { signal, isErrorToastSuppressed: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
