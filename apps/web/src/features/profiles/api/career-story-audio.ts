import { CAREER_STORY_ENDPOINTS, endpointPath } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiRequest, callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** POST the audio answer of a prompt (multipart field `file`); `isRecorded` when recorded in the browser. */
export function uploadCareerStoryAudio(input: {
  promptId: string;
  file: Blob;
  fileName: string;
  isRecorded: boolean;
}) {
  const body = new FormData();
  body.append('file', input.file, input.fileName);
  // callEndpoint() takes FormData only for endpoints with a JSON body schema; this one is multipart only.
  const endpoint = CAREER_STORY_ENDPOINTS.uploadMyAudio;
  return apiRequest(endpointPath(endpoint.path, { promptId: input.promptId }), {
    method: endpoint.method,
    body,
    query: input.isRecorded ? { recorded: 'true' } : undefined,
    schema: endpoint.response,
    isErrorToastSuppressed: true,
  });
}

/** Uploads an audio answer, then refreshes the profile. */
export function useUploadCareerStoryAudio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadCareerStoryAudio,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}

/** DELETE the audio answer of a prompt. */
export function deleteCareerStoryAudio(promptId: string) {
  return callEndpoint(CAREER_STORY_ENDPOINTS.deleteMyAudio, {
    params: { promptId },
    isErrorToastSuppressed: true,
  });
}

/** Deletes an audio answer, then refreshes the profile. */
export function useDeleteCareerStoryAudio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCareerStoryAudio,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}

/** The audio bytes of an answer (its `audioSrc` needs the bearer token, so it is fetched, not linked). */
export function careerStoryAudioQueryOptions(audioSrc: string) {
  return queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, 'career-story-audio', audioSrc],
    queryFn: ({ signal }) =>
      apiRequest<Blob>(audioSrc, {
        isBlobResponse: true,
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    staleTime: Infinity,
  });
}

/** A playable object URL of an answer's audio, revoked when it is no longer shown. */
export function useCareerStoryAudioUrl(audioSrc: string) {
  const audio = useQuery(careerStoryAudioQueryOptions(audioSrc));
  const url = useMemo(
    () => (audio.data === undefined ? null : URL.createObjectURL(audio.data)),
    [audio.data],
  );
  useEffect(() => () => (url === null ? undefined : URL.revokeObjectURL(url)), [url]);
  return { url, isPending: audio.isPending, isError: audio.isError, refetch: audio.refetch };
}
