import { EMAIL_RESPONSE_ENDPOINTS } from '@commons/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** Query keys of the reply-by-email page (outside 'inbox': the page works without signing in). */
export const emailResponseKeys = {
  thread: (token: string) => ['email-response', token] as const,
};

/** The conversation a reply link answers (GET /api/email-response/{token}); works without signing in. */
export function useEmailResponseThread(token: string) {
  return useQuery({
    queryKey: emailResponseKeys.thread(token),
    queryFn: ({ signal }) =>
      callEndpoint(EMAIL_RESPONSE_ENDPOINTS.thread, {
        params: { token },
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
      callEndpoint(EMAIL_RESPONSE_ENDPOINTS.reply, {
        params: { token },
        body: { text },
        isErrorToastSuppressed: true,
      }),
  });
}
