import { EMAIL_RESPONSE_PATHS, ZEmailResponseResult, ZEmailResponseThread } from '@commons/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/build-url';

/** The conversation a reply link answers (GET /api/email-response/{token}); works without signing in. */
export function useEmailResponseThread(token: string) {
  return useQuery({
    queryKey: ['email-response', token],
    queryFn: ({ signal }) =>
      apiRequest(fillPath(EMAIL_RESPONSE_PATHS.byToken, { token }), {
        schema: ZEmailResponseThread,
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

/** Posts the reply as a message of the link's owner (POST /api/email-response/{token}). */
export function useSendEmailResponse(token: string) {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(fillPath(EMAIL_RESPONSE_PATHS.byToken, { token }), {
        method: 'POST',
        body: { text },
        schema: ZEmailResponseResult,
        isErrorToastSuppressed: true,
      }),
  });
}
