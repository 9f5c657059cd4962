/**
 * Program matching, mentors and favourites, health (issue #6): fetchers, query options and hooks, one
 * concept each, reading @commons/contract schemas.
 */
import {
  PROGRAM_PATHS,
  ZFavoriteResponse,
  ZMatchingPreviewResponse,
  ZMatchingPublishResponse,
  ZMyMatchesResponse,
  ZNudgeResponse,
  ZProgramHealthResponse,
  ZProgramMentorsResponse,
  type TMatchingRequest,
  type TNudgeRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { groupApiPath, GROUPS_QUERY_KEY } from '../../../lib/current-group';

const programKey = (identifier: string) => [...GROUPS_QUERY_KEY, 'program', identifier] as const;

/** POST …/matching/preview: proposed pairs with the admin's overrides (no writes). */
export function matchingPreviewQueryOptions(identifier: string, overrides: TMatchingRequest) {
  return queryOptions({
    queryKey: [...programKey(identifier), 'matching', overrides],
    queryFn: ({ signal }) =>
      apiRequest(groupApiPath(PROGRAM_PATHS.matchingPreview, identifier), {
        method: 'POST',
        body: overrides,
        schema: ZMatchingPreviewResponse,
        signal,
      }),
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
      apiRequest(groupApiPath(PROGRAM_PATHS.matchingPublish, identifier), {
        method: 'POST',
        body: overrides,
        schema: ZMatchingPublishResponse,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: programKey(identifier) }),
  });
}

/** GET …/matches/mine: the viewer's matches in the program. */
export function useMyMatches(identifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...programKey(identifier), 'mine'],
    queryFn: ({ signal }) =>
      apiRequest(groupApiPath(PROGRAM_PATHS.myMatches, identifier), {
        schema: ZMyMatchesResponse,
        signal,
      }).then((r) => r.items),
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
    queryKey: [...programKey(identifier), 'mentors', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(groupApiPath(PROGRAM_PATHS.mentors, identifier), {
        schema: ZProgramMentorsResponse,
        signal,
        query: {
          q: filters.q.trim() === '' ? undefined : filters.q.trim(),
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
      apiRequest(groupApiPath(PROGRAM_PATHS.favorite, identifier, { userId: options.mentorId }), {
        method: options.isFavorite ? 'PUT' : 'DELETE',
        schema: ZFavoriteResponse,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...programKey(identifier), 'mentors'] }),
  });
}

/** GET …/health: program health counts and stalled mentorships. */
export function useProgramHealth(identifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...programKey(identifier), 'health'],
    queryFn: ({ signal }) =>
      apiRequest(groupApiPath(PROGRAM_PATHS.health, identifier), { schema: ZProgramHealthResponse, signal }),
    enabled: isEnabled,
  });
}

/** POST …/health/nudge: mails the members of stalled mentorships. */
export function useNudgeStalled(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TNudgeRequest) =>
      apiRequest(groupApiPath(PROGRAM_PATHS.nudge, identifier), {
        method: 'POST',
        body,
        schema: ZNudgeResponse,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...programKey(identifier), 'health'] }),
  });
}
