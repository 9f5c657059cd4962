import { VIDEO_PROMPT_ENDPOINTS } from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/video-prompts/answers?userId=: a member's video prompt answers in the hub (spec 2 profile section
 * videoAnswers). The key starts with 'video-prompts' and the hub, as the prompt pages' keys do.
 */
export function videoAnswersQueryOptions(userId: string, hubId: string | undefined) {
  return queryOptions({
    queryKey: ['video-prompts', hubId ?? null, 'user-answers', userId],
    queryFn: ({ signal }) =>
      callEndpoint(VIDEO_PROMPT_ENDPOINTS.userAnswers, {
        query: { userId },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
        ...(hubId === undefined ? {} : { hubId }),
      }),
    retry: false,
  });
}

/** A member's video answers. */
export function useVideoAnswers(userId: string, hubId: string | undefined) {
  return useQuery(videoAnswersQueryOptions(userId, hubId));
}
