import { ADVISING_ENDPOINTS } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/**
 * The student marks the follow-up of a completed advising appointment done, or open again (issue #21 item 4).
 * Shared by My appointments and the home's next steps: both lists refetch (the 'advising' and 'action-items'
 * query key prefixes).
 */
export function useMarkFollowUpDone(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { appointmentId: string; isDone: boolean }) =>
      callEndpoint(ADVISING_ENDPOINTS.followUpDone, {
        hubId: hubIdentifier,
        params: { id: input.appointmentId },
        body: { isDone: input.isDone },
        isErrorToastSuppressed: true,
      }).then((answer) => answer.appointment),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['advising', hubIdentifier] }),
        client.invalidateQueries({ queryKey: ['action-items'] }),
      ]),
  });
}
