/**
 * Program matching, mentors and favourites, health (issue #6): fetchers, query options and hooks, one
 * concept each, calling the PROGRAM_ENDPOINTS of @commons/contract.
 */
import { PROGRAM_ENDPOINTS, type TMatchingRequest, type TNudgeRequest } from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { groupKeys } from './group-keys';

/** POST …/matching/preview: proposed pairs with the admin's overrides (no writes). */
export function matchingPreviewQueryOptions(identifier: string, overrides: TMatchingRequest) {
  return queryOptions({
    queryKey: groupKeys.matching(identifier, overrides),
    queryFn: ({ signal }) =>
      callEndpoint(PROGRAM_ENDPOINTS.matchingPreview, { params: { identifier }, body: overrides, signal }),
  });
}

/** The matching preview; stays on the last answer while overrides change. */
export function useMatchingPreview(identifier: string, overrides: TMatchingRequest, isEnabled: boolean) {
  return useQuery({
    ...matchingPreviewQueryOptions(identifier, overrides),
    enabled: isEnabled,
    placeholderData: (previous) => previous,
  });
}

/** POST …/matching/publish: writes the matches and opens their threads. */
export function usePublishMatching(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (overrides: TMatchingRequest) =>
      callEndpoint(PROGRAM_ENDPOINTS.matchingPublish, { params: { identifier }, body: overrides }),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.program(identifier) }),
  });
}

/** GET …/matches/mine: the viewer's matches in the program. */
export function useMyMatches(identifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: groupKeys.myMatches(identifier),
    queryFn: ({ signal }) =>
      callEndpoint(PROGRAM_ENDPOINTS.myMatches, { params: { identifier }, signal }).then((r) => r.items),
    enabled: isEnabled,
  });
}

/** Filters of the mentor list. */
export interface TMentorFilters {
  q: string;
  answers: Record<string, string>;
  isFavoritesOnly: boolean;
}

/** GET …/mentors: mentors filtered by answers, page by page. */
export function programMentorsQueryOptions(identifier: string, filters: TMentorFilters) {
  return infiniteQueryOptions({
    queryKey: groupKeys.mentorList(identifier, filters),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(PROGRAM_ENDPOINTS.mentors, {
        params: { identifier },
        signal,
        query: {
          q: filters.q.trim() === '' ? undefined : filters.q.trim(),
          // spec 7: objects are sent as JSON.
          answers: Object.keys(filters.answers).length === 0 ? undefined : JSON.stringify(filters.answers),
          favoritesOnly: filters.isFavoritesOnly ? 'true' : undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Mentors of a program for the mentors tab. */
export function useProgramMentors(identifier: string, filters: TMentorFilters, isEnabled: boolean) {
  return useInfiniteQuery({
    ...programMentorsQueryOptions(identifier, filters),
    enabled: isEnabled,
    placeholderData: (previous) => previous,
  });
}

/** PUT or DELETE …/favorites/{userId}: favourite a mentor or take them off the favourites. */
export function useSetFavorite(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: { mentorId: string; isFavorite: boolean }) =>
      callEndpoint(options.isFavorite ? PROGRAM_ENDPOINTS.favorite : PROGRAM_ENDPOINTS.unfavorite, {
        params: { identifier, userId: options.mentorId },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.mentors(identifier) }),
  });
}

/** GET …/health: program health counts and stalled mentorships. */
export function useProgramHealth(identifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: groupKeys.health(identifier),
    queryFn: ({ signal }) => callEndpoint(PROGRAM_ENDPOINTS.health, { params: { identifier }, signal }),
    enabled: isEnabled,
  });
}

/** POST …/health/nudge: mails the members of stalled mentorships. */
export function useNudgeStalled(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TNudgeRequest) =>
      callEndpoint(PROGRAM_ENDPOINTS.nudge, { params: { identifier }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.health(identifier) }),
  });
}
