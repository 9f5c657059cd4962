import { PROFILE_ENDPOINTS, type TPatchProfileRequest } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { PROFILES_QUERY_KEY } from './get-profile';

/** PATCH /api/profiles/me: the owner's own fields; the editor shows failures itself. */
export function updateProfile(input: TPatchProfileRequest): Promise<unknown> {
  return callEndpoint(PROFILE_ENDPOINTS.updateMe, { body: input, isErrorToastSuppressed: true });
}

/** Saves profile fields, then refreshes the profile (and its health) and the session user. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
        client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
