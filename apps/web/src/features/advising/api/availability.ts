import { ADVISING_ENDPOINTS, type TUpdateAdviserAvailabilityRequest } from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { advisingKeys } from './advising-keys';

/** GET /api/advising/advisers/{id}/availability: weekly hours, exceptions and calendar address (adviser, admins). */
export function useAdviserAvailability(hubIdentifier: string, adviserId: string | null) {
  return useQuery({
    queryKey: advisingKeys.availability(hubIdentifier, adviserId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(ADVISING_ENDPOINTS.availability, {
        hubId: hubIdentifier,
        params: { id: adviserId ?? '' },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((body) => body.availability),
    enabled: adviserId !== null,
    retry: false,
  });
}

/** PUT /api/advising/advisers/{id}/availability; field errors come back on the form, so no toast. */
export function useUpdateAdviserAvailability(hubIdentifier: string, adviserId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAdviserAvailabilityRequest) =>
      callEndpoint(ADVISING_ENDPOINTS.updateAvailability, {
        hubId: hubIdentifier,
        params: { id: adviserId },
        body,
        isErrorToastSuppressed: true,
      }).then((answer) => answer.availability),
    onSuccess: (availability) => {
      client.setQueryData(advisingKeys.availability(hubIdentifier, adviserId), availability);
      // Free slots change with the hours.
      void client.invalidateQueries({ queryKey: advisingKeys.all(hubIdentifier) });
    },
  });
}
