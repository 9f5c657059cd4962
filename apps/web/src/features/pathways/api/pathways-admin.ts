import {
  GROUP_ENDPOINTS,
  PATHWAY_ADMIN_ENDPOINTS,
  PROFILE_QUESTION_ENDPOINTS,
  type TPathwayRequest,
} from '@commons/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { pathwaysKeys } from './pathways-keys';

/** Admin screens show their failures themselves, next to what failed. */
const quiet = { isErrorToastSuppressed: true } as const;

/** GET /api/pathways/admin/{id}: a pathway with its form and assignments, to edit. A 404 shows on the page. */
export function useAdminPathway(hubIdentifier: string, id: string | null) {
  return useQuery({
    queryKey: pathwaysKeys.admin(hubIdentifier, id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(PATHWAY_ADMIN_ENDPOINTS.get, {
        hubId: hubIdentifier,
        params: { id: id ?? '' },
        signal,
        isNotFoundHandled: true,
        ...quiet,
      }).then((body) => body.pathway),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /api/pathways/admin (a new pathway) or PUT /api/pathways/admin/{id}: the whole form at once. */
export function useSavePathway(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TPathwayRequest }) =>
      (input.id === null
        ? callEndpoint(PATHWAY_ADMIN_ENDPOINTS.create, { hubId: hubIdentifier, body: input.body, ...quiet })
        : callEndpoint(PATHWAY_ADMIN_ENDPOINTS.update, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.body,
            ...quiet,
          })
      ).then((body) => body.pathway),
    onSuccess: (pathway) => {
      client.setQueryData(pathwaysKeys.admin(hubIdentifier, pathway.id), pathway);
      void client.invalidateQueries({ queryKey: pathwaysKeys.all(hubIdentifier) });
    },
  });
}

/** DELETE /api/pathways/admin/{id}: only a pathway nobody started (409 otherwise, shown in the dialog). */
export function useDeletePathway(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(PATHWAY_ADMIN_ENDPOINTS.delete, { hubId: hubIdentifier, params: { id }, ...quiet }),
    onSuccess: () => client.invalidateQueries({ queryKey: pathwaysKeys.all(hubIdentifier) }),
  });
}

/** POST /api/pathways/admin/{id}/copy: a library pathway copied into this hub as a draft. */
export function useCopyPathway(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; title?: string }) =>
      callEndpoint(PATHWAY_ADMIN_ENDPOINTS.copy, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: input.title === undefined ? {} : { title: input.title },
        ...quiet,
      }).then((body) => body.pathway),
    onSuccess: () => client.invalidateQueries({ queryKey: pathwaysKeys.all(hubIdentifier) }),
  });
}

/** GET /api/pathways/reviews: submitted steps waiting for the viewer's review, oldest first. */
export function pathwayReviewsQueryOptions(hubIdentifier: string, pathwayId: string | null = null) {
  return infiniteQueryOptions({
    queryKey: pathwaysKeys.reviews(hubIdentifier, pathwayId),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(PATHWAY_ADMIN_ENDPOINTS.reviews, {
        hubId: hubIdentifier,
        query: {
          ...(pageParam === null ? {} : { cursor: pageParam }),
          ...(pathwayId === null ? {} : { pathwayId }),
        },
        signal,
        ...quiet,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePathwayReviews(hubIdentifier: string, isEnabled = true) {
  return useInfiniteQuery({ ...pathwayReviewsQueryOptions(hubIdentifier), enabled: isEnabled });
}

/** POST …/reviews/{id}/approve (optional note) or …/send-back (a note saying what to change). */
export function useDecideStep(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'sendBack'; note: string }) =>
      input.decision === 'approve'
        ? callEndpoint(PATHWAY_ADMIN_ENDPOINTS.approve, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: { note: input.note },
            ...quiet,
          })
        : callEndpoint(PATHWAY_ADMIN_ENDPOINTS.sendBack, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: { note: input.note },
            ...quiet,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: pathwaysKeys.all(hubIdentifier) }),
  });
}

/** GET /api/groups?type=mentorshipProgram: the hub's programs a pathway can be assigned to. */
export function useHubPrograms(hubIdentifier: string) {
  return useQuery({
    queryKey: pathwaysKeys.programs(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(GROUP_ENDPOINTS.list, {
        hubId: hubIdentifier,
        query: { type: 'mentorshipProgram', limit: 100 },
        signal,
        ...quiet,
      }).then((body) => body.items),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/profile-questions: the hub's active profile questions a profile-question step can ask. */
export function useHubProfileQuestions(hubIdentifier: string) {
  return useQuery({
    queryKey: pathwaysKeys.questions(hubIdentifier),
    queryFn: ({ signal }) =>
      callEndpoint(PROFILE_QUESTION_ENDPOINTS.list, { hubId: hubIdentifier, signal, ...quiet }).then(
        (body) => body.items,
      ),
    staleTime: 5 * 60_000,
  });
}
