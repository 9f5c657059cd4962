import {
  INBOX_ATTACHMENT_ENDPOINTS,
  INBOX_ENDPOINTS,
  type TMessageAttachment,
  type TPostMessageRequest,
} from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** GET /api/inbox/threads/{id}/messages: newest first; each next page is older. */
export function messageListQueryOptions(threadId: string) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.messages(threadId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(INBOX_ENDPOINTS.messages, {
        params: { id: threadId },
        query: { cursor: pageParam ?? undefined },
        signal,
        isNotFoundHandled: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The messages of a thread. */
export function useMessages(threadId: string) {
  return useInfiniteQuery(messageListQueryOptions(threadId));
}

/** POST /api/inbox/threads/{id}/messages: a reply with text and/or uploaded attachments; the composer shows refusals. */
export function usePostMessage(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; attachmentIds: string[] }) =>
      callEndpoint(INBOX_ENDPOINTS.postMessage, {
        params: { id: threadId },
        body: input satisfies Partial<TPostMessageRequest>,
        isErrorToastSuppressed: true,
      }).then((body) => body.message),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

/** POST /api/inbox/threads/{id}/attachments (multipart "file"): uploads a file to send with the next reply. */
export function uploadAttachment(threadId: string, file: File): Promise<TMessageAttachment> {
  const body = new FormData();
  body.append('file', file, file.name);
  return callEndpoint(INBOX_ATTACHMENT_ENDPOINTS.upload, {
    params: { id: threadId },
    body,
    isErrorToastSuppressed: true,
  }).then((result) => result.attachment);
}

/** DELETE /api/inbox/attachments/{id}: removes an upload that was not sent. */
export function removeAttachment(attachmentId: string): Promise<unknown> {
  return callEndpoint(INBOX_ATTACHMENT_ENDPOINTS.remove, {
    params: { attachmentId },
    isErrorToastSuppressed: true,
  });
}

/** Downloads an attachment with the bearer token (the URL alone is not enough). */
export function downloadAttachment(attachment: TMessageAttachment): Promise<void> {
  return apiDownload(attachment.url, attachment.name);
}
