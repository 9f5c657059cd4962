import {
  DIRECTORY_PATHS,
  INBOX_ENDPOINTS,
  ZMentionsResponse,
  type TCreateThreadRequest,
} from '@commons/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, callEndpoint } from '../../../lib/api-client';
import type { TContactScope } from '../../../lib/contact-options';
import { inboxKeys } from './inbox-keys';

/** GET /api/inbox/compose?recipientId=: the message types I may send this member, templates and response time. */
export function useCompose(recipientId: string | null, scope: TContactScope = {}) {
  return useQuery({
    queryKey: inboxKeys.compose(recipientId ?? '', scope),
    queryFn: ({ signal }) =>
      callEndpoint(INBOX_ENDPOINTS.compose, {
        query: {
          recipientId: recipientId ?? '',
          ...(scope.groupId === undefined ? {} : { groupId: scope.groupId }),
        },
        ...(scope.hubId === undefined ? {} : { hubId: scope.hubId }),
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    enabled: recipientId !== null,
  });
}

/** People of the hub matching a typed name (spec 7 user search), to pick a recipient. */
export function useRecipientSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: inboxKeys.recipients(q),
    queryFn: ({ signal }) =>
      apiRequest(DIRECTORY_PATHS.mentions, {
        schema: ZMentionsResponse,
        signal,
        query: { q },
        isErrorToastSuppressed: true,
      }).then((b) => b.items),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
}

/** POST /api/inbox/threads: starts a conversation; the dialog shows the spec's refusal messages. */
export function useCreateThread(hubId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateThreadRequest) =>
      callEndpoint(INBOX_ENDPOINTS.createThread, {
        body: input,
        isErrorToastSuppressed: true,
        ...(hubId === undefined ? {} : { hubId }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
