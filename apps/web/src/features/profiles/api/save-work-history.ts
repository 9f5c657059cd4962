import { PROFILE_ENDPOINTS, type TWorkHistoryItemInput } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** PUT /api/profiles/me/work-history: replaces the list; a bad range answers 400 with field messages. */
export function saveWorkHistory(items: TWorkHistoryItemInput[]): Promise<unknown> {
  return callEndpoint(PROFILE_ENDPOINTS.workHistory, { body: { items }, isErrorToastSuppressed: true });
}

/** Saves the work history, then refreshes the profile and its health. */
export function useSaveWorkHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWorkHistory,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
