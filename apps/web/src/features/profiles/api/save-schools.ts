import { PROFILE_ENDPOINTS, type TSchoolItemInput } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** PUT /api/profiles/me/schools: replaces the list of schools. */
export function saveSchools(items: TSchoolItemInput[]): Promise<unknown> {
  return callEndpoint(PROFILE_ENDPOINTS.schools, { body: { items }, isErrorToastSuppressed: true });
}

/** Saves the schools, then refreshes the profile and its health. */
export function useSaveSchools() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSchools,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
