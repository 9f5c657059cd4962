import {
  EXPERIENTIAL_LEARNING_ENDPOINTS,
  type TCreateParticipationReportRequest,
  type TElListName,
  type TReviewParticipationReportRequest,
  type TUpdateElInterestsRequest,
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

/**
 * Query keys of experiential learning; every key starts with 'experiential-learning' and the hub, which
 * saving or applying to a post on the job board invalidates too.
 */
export const elKeys = {
  all: (hubIdentifier: string) => ['experiential-learning', hubIdentifier] as const,
  overview: (hubIdentifier: string) => ['experiential-learning', hubIdentifier, 'overview'] as const,
  list: (hubIdentifier: string, list: TElListName) =>
    ['experiential-learning', hubIdentifier, 'list', list] as const,
  interests: (hubIdentifier: string) => ['experiential-learning', hubIdentifier, 'interests'] as const,
  myReports: (hubIdentifier: string) => ['experiential-learning', hubIdentifier, 'reports', 'mine'] as const,
  reports: (hubIdentifier: string, status: string) =>
    ['experiential-learning', hubIdentifier, 'reports', 'review', status] as const,
};

/** GET /api/experiential-learning: the five lists, the interests, the tab names and what the viewer may do. */
export function elOverviewQueryOptions(hubIdentifier: string) {
  return queryOptions({
    queryKey: elKeys.overview(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.overview, { hubId: hubIdentifier, signal }),
  });
}

export function useElOverview(hubIdentifier: string) {
  return useQuery(elOverviewQueryOptions(hubIdentifier));
}

/** GET /api/experiential-learning/lists/{list}: one list, page by page ("Show more"). */
export function useElList(hubIdentifier: string, list: TElListName, isEnabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: elKeys.list(hubIdentifier, list),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.list, {
          hubId: hubIdentifier,
          params: { list },
          signal,
          query: { cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: isEnabled,
    }),
  );
}

/** GET /api/experiential-learning/interests: the viewer's interests and the choices. */
export function useElInterests(hubIdentifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: elKeys.interests(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.interests, { hubId: hubIdentifier, signal }),
    enabled: isEnabled,
  });
}

/** PUT /api/experiential-learning/interests; the lists (recommended) and the home's next steps reload. */
export function useUpdateElInterests(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateElInterestsRequest) =>
      callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.updateInterests, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(elKeys.interests(hubIdentifier), answer);
      void client.invalidateQueries({ queryKey: elKeys.all(hubIdentifier) });
      void client.invalidateQueries({ queryKey: ['jobs', hubIdentifier, 'recommended'] });
    },
  });
}

/** POST /api/experiential-learning/reports: report participation; field errors show on the form. */
export function useReportParticipation(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateParticipationReportRequest) =>
      callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.report, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: elKeys.all(hubIdentifier) }),
  });
}

/** GET /api/experiential-learning/reports/mine. */
export function useMyParticipationReports(hubIdentifier: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: elKeys.myReports(hubIdentifier),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.myReports, {
          hubId: hubIdentifier,
          signal,
          query: { cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}

/** GET /api/experiential-learning/reports: the hub's reports in one review status (experiential-learning right). */
export function useParticipationReports(
  hubIdentifier: string,
  status: 'pending' | 'approved' | 'rejected',
  isEnabled: boolean,
) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: elKeys.reports(hubIdentifier, status),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.reports, {
          hubId: hubIdentifier,
          signal,
          query: { status, cursor: pageParam ?? undefined },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: isEnabled,
    }),
  );
}

/** POST /api/experiential-learning/reports/{id}/review: approve or reject with a note; the member is told. */
export function useReviewParticipationReport(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: TReviewParticipationReportRequest }) =>
      callEndpoint(EXPERIENTIAL_LEARNING_ENDPOINTS.review, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: input.body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: elKeys.all(hubIdentifier) }),
  });
}
