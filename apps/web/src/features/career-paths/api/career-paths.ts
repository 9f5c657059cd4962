import {
  ASSESSMENT_ENDPOINTS,
  CAREER_PATH_ADMIN_ENDPOINTS,
  CAREER_PATH_ENDPOINTS,
  type TCareerPath,
  type TCareerPathRequest,
  type TUpdateCareerPathRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { careerPathKeys } from './career-paths-keys';

/** Career paths a page of the browse list holds. */
const PAGE_SIZE = 24;

/** GET /api/career-paths: the active career paths by title, searched, or only my favourites. */
export function careerPathsQueryOptions(
  hubIdentifier: string,
  filter: { q: string; isFavoritesOnly: boolean },
) {
  return infiniteQueryOptions({
    queryKey: careerPathKeys.list(hubIdentifier, filter),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(CAREER_PATH_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
        query: {
          q: filter.q,
          favorites: filter.isFavoritesOnly ? 'true' : 'false',
          limit: PAGE_SIZE,
          ...(pageParam === null ? {} : { cursor: pageParam }),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useCareerPaths(hubIdentifier: string, filter: { q: string; isFavoritesOnly: boolean }) {
  return useInfiniteQuery(careerPathsQueryOptions(hubIdentifier, filter));
}

/** GET /api/career-paths/{id}: one career path with the hub's alumni who name it as their expertise. */
export function careerPathQueryOptions(hubIdentifier: string, id: string) {
  return queryOptions({
    queryKey: careerPathKeys.detail(hubIdentifier, id),
    queryFn: ({ signal }) =>
      callEndpoint(CAREER_PATH_ENDPOINTS.get, {
        hubId: hubIdentifier,
        params: { id },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }),
    retry: false,
  });
}

export function useCareerPath(hubIdentifier: string, id: string) {
  return useQuery(careerPathQueryOptions(hubIdentifier, id));
}

/**
 * PUT or DELETE /api/career-paths/{id}/favorite. The hub's career path lists and pages, the home (liked and
 * recommended careers, the alumni widget) and the action items (favorite_career_paths) refresh after.
 */
export function useFavoriteCareerPath(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; isFavorite: boolean }) =>
      callEndpoint(input.isFavorite ? CAREER_PATH_ENDPOINTS.favorite : CAREER_PATH_ENDPOINTS.unfavorite, {
        hubId: hubIdentifier,
        params: { id: input.id },
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: careerPathKeys.hub(hubIdentifier) }),
        client.invalidateQueries({ queryKey: ['home'] }),
        client.invalidateQueries({ queryKey: ['action-items'] }),
      ]),
  });
}

/** GET /api/career-paths/admin/list: active or archived career paths for managing them. */
export function useAdminCareerPaths(
  hubIdentifier: string,
  filter: { status: 'active' | 'archived'; q: string },
) {
  return useInfiniteQuery({
    queryKey: careerPathKeys.admin(hubIdentifier, filter),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(CAREER_PATH_ADMIN_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        isErrorToastSuppressed: true,
        query: {
          status: filter.status,
          q: filter.q,
          limit: 50,
          ...(pageParam === null ? {} : { cursor: pageParam }),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** POST /api/career-paths or PATCH /api/career-paths/{id}; every career path list reloads after. */
export function useSaveCareerPath(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TCareerPathRequest | TUpdateCareerPathRequest }) =>
      (input.id === null
        ? callEndpoint(CAREER_PATH_ADMIN_ENDPOINTS.create, {
            hubId: hubIdentifier,
            body: input.body as TCareerPathRequest,
            isErrorToastSuppressed: true,
          })
        : callEndpoint(CAREER_PATH_ADMIN_ENDPOINTS.update, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.body,
            isErrorToastSuppressed: true,
          })
      ).then((body): TCareerPath => body.careerPath),
    onSuccess: () => client.invalidateQueries({ queryKey: careerPathKeys.all }),
  });
}

/** POST /api/career-paths/{id}/archive or /restore. */
export function useArchiveCareerPath(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; isArchived: boolean }) =>
      callEndpoint(
        input.isArchived ? CAREER_PATH_ADMIN_ENDPOINTS.archive : CAREER_PATH_ADMIN_ENDPOINTS.restore,
        {
          hubId: hubIdentifier,
          params: { id: input.id },
        },
      ).then((body) => body.careerPath),
    onSuccess: () => client.invalidateQueries({ queryKey: careerPathKeys.all }),
  });
}

/**
 * The hub's career assessment tab (its name, 'PathwayU' by default, and the first active assessment), which
 * Career Paths links to while the hub offers one (Active module item enableCareerPathsPathwayUAssessments).
 */
export function useCareerAssessmentTab(hubIdentifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['career-assessments', hubIdentifier, 'tab'],
    queryFn: ({ signal }) =>
      callEndpoint(ASSESSMENT_ENDPOINTS.list, { hubId: hubIdentifier, signal, isErrorToastSuppressed: true }),
    select: (answer) => ({ tabName: answer.tabName, first: answer.items[0] ?? null }),
    enabled: isEnabled,
    retry: false,
  });
}
