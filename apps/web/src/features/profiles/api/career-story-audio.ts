import { CAREER_STORY_PATHS, ZCareerAdviceResponse, ZCareerStoryItem } from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/build-url';
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
  return apiRequest(fillPath(CAREER_STORY_PATHS.myAudio, { promptId: input.promptId }), {
    method: 'POST',
    body,
    query: input.isRecorded ? { recorded: 'true' } : undefined,
    schema: z.object({ item: ZCareerStoryItem }),
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
  return apiRequest(fillPath(CAREER_STORY_PATHS.myAudio, { promptId }), {
    method: 'DELETE',
    schema: ZCareerAdviceResponse,
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
