import { MEETING_PATHS, ZAvailabilityResponse, type TAvailability, type TUpdateAvailabilityRequest } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';

/** Query key of my availability. */
export const AVAILABILITY_QUERY_KEY = ['me', 'availability'] as const;

/** GET /api/me/availability: weekly hours, slot step, time zone, last availability date, feed URL. */
export function availabilityQueryOptions() {
  return queryOptions({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(MEETING_PATHS.availability, { schema: ZAvailabilityResponse, signal }).then((b) => b.availability),
  });
}

/** My availability. */
export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}

/** PUT /api/me/availability; the time zone also changes the signed-in user. */
export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateAvailabilityRequest): Promise<TAvailability> =>
      apiRequest(MEETING_PATHS.availability, { method: 'PUT', body: input, schema: ZAvailabilityResponse, isErrorToastSuppressed: true }).then((b) => b.availability),
    onSuccess: (availability) => {
      client.setQueryData(AVAILABILITY_QUERY_KEY, availability);
      return client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** POST /api/me/availability/feed/rotate: a new private feed URL (the old one stops working). */
export function useRotateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TAvailability> =>
      apiRequest(MEETING_PATHS.rotateFeed, { method: 'POST', schema: ZAvailabilityResponse, isErrorToastSuppressed: true }).then((b) => b.availability),
    onSuccess: (availability) => client.setQueryData(AVAILABILITY_QUERY_KEY, availability),
  });
}
