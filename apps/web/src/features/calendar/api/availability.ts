import {
  AVAILABILITY_ENDPOINTS,
  type TAvailability,
  type TUpdateAvailabilityRequest,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';

/** Query keys of the calendar feature. */
export const calendarKeys = {
  availability: () => ['me', 'availability'] as const,
};

/** GET /api/me/availability: weekly hours, slot step, time zone, last availability date, feed URL. */
export function availabilityQueryOptions() {
  return queryOptions({
    queryKey: calendarKeys.availability(),
    queryFn: ({ signal }) => callEndpoint(AVAILABILITY_ENDPOINTS.get, { signal }).then((b) => b.availability),
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
      callEndpoint(AVAILABILITY_ENDPOINTS.update, { body: input, isErrorToastSuppressed: true }).then(
        (b) => b.availability,
      ),
    onSuccess: (availability) => {
      client.setQueryData(calendarKeys.availability(), availability);
      return client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** POST /api/me/availability/feed/rotate: a new private feed URL (the old one stops working). */
export function useRotateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TAvailability> =>
      callEndpoint(AVAILABILITY_ENDPOINTS.rotateFeed, { isErrorToastSuppressed: true }).then(
        (b) => b.availability,
      ),
    onSuccess: (availability) => client.setQueryData(calendarKeys.availability(), availability),
  });
}
