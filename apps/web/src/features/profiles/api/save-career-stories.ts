import { CAREER_STORY_ENDPOINTS, type TPutCareerStoriesRequest } from '@commons/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** PUT /api/profiles/me/career-stories: text and link per prompt; bad items answer 400 with field messages. */
export function saveCareerStories(input: TPutCareerStoriesRequest) {
  return callEndpoint(CAREER_STORY_ENDPOINTS.saveMine, { body: input, isErrorToastSuppressed: true });
}

/** Saves the career stories, then refreshes the profile. */
export function useSaveCareerStories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCareerStories,
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILES_QUERY_KEY }),
  });
}
