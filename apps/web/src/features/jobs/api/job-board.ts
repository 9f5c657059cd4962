import {
  JOB_ENDPOINTS,
  type TCreateJobAlertRequest,
  type TJobListResponse,
  type TJobPostPage,
  type TJobPostSummary,
} from '@commons/contract';
import {
  queryOptions,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { searchFilters, type TJobSearch } from '../job-search';
import { jobsKeys } from './jobs-keys';

/** GET /api/jobs: one page of the board for a search, with its facets and total (issue #19 item 4). */
export function jobSearchQueryOptions(hubIdentifier: string, search: TJobSearch) {
  return infiniteQueryOptions({
    queryKey: jobsKeys.list(hubIdentifier, search),
    queryFn: ({
      pageParam,
      signal,
    }: {
      pageParam: string | null;
      signal: AbortSignal;
    }): Promise<TJobListResponse> =>
      callEndpoint(JOB_ENDPOINTS.list, {
        hubId: hubIdentifier,
        signal,
        query: {
          ...searchFilters(search),
          q: search.q.trim() === '' ? undefined : search.q.trim(),
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: TJobListResponse) => lastPage.nextCursor,
  });
}

/** The board for a search, page by page; the earlier results stay while a new search loads. */
export function useJobSearch(hubIdentifier: string, search: TJobSearch, isEnabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      ...jobSearchQueryOptions(hubIdentifier, search),
      placeholderData: (previous) => previous,
      enabled: isEnabled,
    }),
  );
}

/** GET /api/jobs/recommended: posts matching the viewer's industries and job functions. */
export function useRecommendedJobs(hubIdentifier: string, isEnabled = true) {
  return useQuery({
    queryKey: jobsKeys.recommended(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(JOB_ENDPOINTS.recommended, { hubId: hubIdentifier, signal }),
    enabled: isEnabled,
  });
}

/** GET /api/jobs/saved: the viewer's saved posts, most recently saved first. */
export function useSavedJobs(hubIdentifier: string, isEnabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: jobsKeys.saved(hubIdentifier),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(JOB_ENDPOINTS.saved, {
          hubId: hubIdentifier,
          signal,
          query: { cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: isEnabled,
    }),
  );
}

/** GET /api/jobs/settings: the board's settings and what the viewer may do on it (post, approve, edit). */
export function jobSettingsQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: jobsKeys.settings(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(JOB_ENDPOINTS.settings, { hubId: hubIdentifier, signal }),
  });
}

export function useJobSettings(hubIdentifier: string) {
  return useQuery(jobSettingsQueryOptions(hubIdentifier));
}

/** GET /api/jobs/alerts: the viewer's job alerts in the hub. */
export function useJobAlerts(hubIdentifier: string, isEnabled = true) {
  return useQuery({
    queryKey: jobsKeys.alerts(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(JOB_ENDPOINTS.alerts, { hubId: hubIdentifier, signal }),
    enabled: isEnabled,
  });
}

/** POST /api/jobs/alerts: the current search as an alert; its errors show in the dialog. */
export function useCreateJobAlert(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateJobAlertRequest) =>
      callEndpoint(JOB_ENDPOINTS.createAlert, { hubId: hubIdentifier, body, isErrorToastSuppressed: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.alerts(hubIdentifier) }),
  });
}

/** PATCH /api/jobs/alerts/{id}: change the frequency, or pause and resume. */
export function useUpdateJobAlert(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { alertId: string; frequency?: 'daily' | 'weekly'; isActive?: boolean }) =>
      callEndpoint(JOB_ENDPOINTS.updateAlert, {
        hubId: hubIdentifier,
        params: { alertId: input.alertId },
        body: {
          ...(input.frequency === undefined ? {} : { frequency: input.frequency }),
          ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.alerts(hubIdentifier) }),
  });
}

/** DELETE /api/jobs/alerts/{id}. */
export function useDeleteJobAlert(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) =>
      callEndpoint(JOB_ENDPOINTS.deleteAlert, { hubId: hubIdentifier, params: { alertId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.alerts(hubIdentifier) }),
  });
}

/** GET /api/profiles/{identifier}/job-posts: a member's posts (profile section jobPosts; 'mine' tab). */
export function useProfileJobPosts(hubIdentifier: string, identifier: string, isEnabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...jobsKeys.all(hubIdentifier), 'profile-posts', identifier],
      queryFn: ({ pageParam, signal }): Promise<TJobPostPage> =>
        callEndpoint(JOB_ENDPOINTS.profilePosts, {
          hubId: hubIdentifier,
          signal,
          params: { identifier },
          query: { cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: isEnabled,
    }),
  );
}

/** Every post of an infinite list's pages. */
export function postsOf(data: InfiniteData<{ items: TJobPostSummary[] }> | undefined): TJobPostSummary[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
