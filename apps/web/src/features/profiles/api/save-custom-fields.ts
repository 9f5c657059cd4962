import { PROFILE_ENDPOINTS, type TPutProfileFieldValuesRequest } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/**
 * PUT /api/profiles/me/custom-fields in the fields' hub: the owner's answers (issue #22 item 1); the server's
 * `values.{i}.value` problems come back in error.fields. Then the profile and its health refresh.
 */
export function useSaveCustomFields(hubId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPutProfileFieldValuesRequest) =>
      callEndpoint(PROFILE_ENDPOINTS.customFields, { hubId, body, isErrorToastSuppressed: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
