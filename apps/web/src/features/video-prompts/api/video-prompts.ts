import { endpointPath, VIDEO_PROMPT_ENDPOINTS, type TSaveVideoPromptRequest } from '@commons/contract';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest, callEndpoint } from '../../../lib/api-client';

/** Query keys of video prompts; every key starts with 'video-prompts' and the hub. */
export const videoPromptKeys = {
  all: (hub: string) => ['video-prompts', hub] as const,
  list: (hub: string) => ['video-prompts', hub, 'list'] as const,
  one: (hub: string, id: string, userId: string | null) => ['video-prompts', hub, 'one', id, userId] as const,
  answers: (hub: string, id: string) => ['video-prompts', hub, 'answers', id] as const,
};

/** GET /api/video-prompts: the hub's prompts with my answer to each. */
export function useVideoPrompts(hub: string) {
  return useQuery({
    queryKey: videoPromptKeys.list(hub),
    queryFn: ({ signal }) =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.list, { hubId: hub, signal, isErrorToastSuppressed: true }),
  });
}

/** GET /api/video-prompts/{id}: a prompt and, with userId, that member's answer (spec 2 optional userId). */
export function useVideoPrompt(hub: string, id: string, userId: string | null) {
  return useQuery({
    queryKey: videoPromptKeys.one(hub, id, userId),
    queryFn: ({ signal }) =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.get, {
        hubId: hub,
        params: { id },
        query: userId === null ? {} : { userId },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    retry: false,
  });
}

/** GET /api/video-prompts/{id}/answers: members' answers, newest first, a page at a time. */
export function useVideoAnswers(hub: string, id: string) {
  return useInfiniteQuery({
    queryKey: videoPromptKeys.answers(hub, id),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.answers, {
        hubId: hub,
        params: { id },
        query: { cursor: pageParam ?? undefined, limit: 12 },
        signal,
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

function useInvalidate(hub: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: videoPromptKeys.all(hub) });
}

/** PUT …/answer/video: fields first (source, poster), then the file, as the server reads them. */
export function useUploadVideoAnswer(hub: string, id: string) {
  const invalidate = useInvalidate(hub);
  return useMutation({
    mutationFn: (input: {
      file: Blob;
      fileName: string;
      source: 'recorded' | 'uploaded';
      poster: string | null;
    }) => {
      const body = new FormData();
      body.append('source', input.source);
      if (input.poster !== null) body.append('poster', input.poster);
      body.append('file', input.file, input.fileName);
      const endpoint = VIDEO_PROMPT_ENDPOINTS.uploadAnswer;
      return apiRequest(endpointPath(endpoint.path, { id }), {
        method: endpoint.method,
        body,
        hubId: hub,
        schema: endpoint.response,
        isErrorToastSuppressed: true,
      });
    },
    onSuccess: invalidate,
  });
}

/** PUT …/answer/link. */
export function useLinkVideoAnswer(hub: string, id: string) {
  const invalidate = useInvalidate(hub);
  return useMutation({
    mutationFn: (linkUrl: string) =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.linkAnswer, {
        hubId: hub,
        params: { id },
        body: { linkUrl },
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE …/answer (mine). */
export function useDeleteVideoAnswer(hub: string, id: string) {
  const invalidate = useInvalidate(hub);
  return useMutation({
    mutationFn: () =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.deleteAnswer, {
        hubId: hub,
        params: { id },
        query: {},
        isErrorToastSuppressed: true,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/video-prompts (admins with manage-pathways). */
export function useCreateVideoPrompt(hub: string) {
  const invalidate = useInvalidate(hub);
  return useMutation({
    mutationFn: (body: TSaveVideoPromptRequest) =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.create, { hubId: hub, body, isErrorToastSuppressed: true }),
    onSuccess: invalidate,
  });
}

/** A playable object URL of an answer's video or poster (its path needs the bearer token), revoked when unused. */
export function useAnswerFileUrl(hub: string, path: string | null) {
  const file = useQuery(
    queryOptions({
      queryKey: ['video-prompts', hub, 'file', path],
      queryFn: ({ signal }) =>
        apiRequest<Blob>(path ?? '', {
          isBlobResponse: true,
          signal,
          hubId: hub,
          isErrorToastSuppressed: true,
        }),
      enabled: path !== null,
      staleTime: Infinity,
    }),
  );
  const url = useMemo(() => (file.data === undefined ? null : URL.createObjectURL(file.data)), [file.data]);
  useEffect(() => () => (url === null ? undefined : URL.revokeObjectURL(url)), [url]);
  return { url, isPending: path !== null && file.isPending, isError: file.isError };
}
