import {
  JOB_ENDPOINTS,
  SIGNUP_ENDPOINTS,
  type TCreateJobPostInput,
  type TUpdateJobPostRequest,
  type TUpdateJobSettingsRequest,
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
import { jobsKeys } from './jobs-keys';

/** GET /api/jobs/{id}: a post with the viewer's abilities. A 404 shows on the page, not as /404. */
export function jobPostQueryOptions(hubIdentifier: string, id: string) {
  return queryOptions({
    queryKey: jobsKeys.post(hubIdentifier, id),
    queryFn: ({ signal }) =>
      callEndpoint(JOB_ENDPOINTS.get, {
        hubId: hubIdentifier,
        params: { id },
        signal,
        isNotFoundHandled: true,
        isErrorToastSuppressed: true,
      }).then((body) => body.post),
    retry: false,
  });
}

export function useJobPost(hubIdentifier: string, id: string) {
  return useQuery(jobPostQueryOptions(hubIdentifier, id));
}

/** GET /api/jobs/templates: the project templates and the default dates of a project posted today. */
export function useProjectTemplates(hubIdentifier: string, isEnabled = true) {
  return useQuery({
    queryKey: jobsKeys.templates(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(JOB_ENDPOINTS.templates, { hubId: hubIdentifier, signal }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/signup/options: the hub's industries and job functions for the post form. */
export function useJobStandardOptions(hubIdentifier: string) {
  return useQuery({
    queryKey: jobsKeys.standardOptions(hubIdentifier),
    queryFn: ({ signal }) => callEndpoint(SIGNUP_ENDPOINTS.options, { hubId: hubIdentifier, signal }),
    select: (body) => ({
      industries: body.options['job-industries'].map((o) => ({ value: o.id, label: o.label })),
      jobFunctions: body.options['job-functions'].map((o) => ({ value: o.id, label: o.label })),
    }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/jobs; field errors come back on the form, so no error toast. */
export function useCreateJobPost(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateJobPostInput) =>
      callEndpoint(JOB_ENDPOINTS.create, { hubId: hubIdentifier, body, isErrorToastSuppressed: true }).then(
        (answer) => answer.post,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.all(hubIdentifier) }),
  });
}

/** PATCH /api/jobs/{id}. */
export function useUpdateJobPost(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: TUpdateJobPostRequest }) =>
      callEndpoint(JOB_ENDPOINTS.update, {
        hubId: hubIdentifier,
        params: { id: input.id },
        body: input.body,
        isErrorToastSuppressed: true,
      }).then((answer) => answer.post),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.all(hubIdentifier) }),
  });
}

/** POST /api/jobs/{id}/close: the post leaves the board and takes no more applications. */
export function useCloseJobPost(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(JOB_ENDPOINTS.close, { hubId: hubIdentifier, params: { id } }).then((a) => a.post),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.all(hubIdentifier) }),
  });
}

/** GET /api/jobs/pending: the approval queue, oldest first (approve-job-posts). */
export function usePendingJobPosts(hubIdentifier: string, isEnabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: jobsKeys.pending(hubIdentifier),
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(JOB_ENDPOINTS.pending, {
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

/** POST /api/jobs/{id}/approve or /reject (with an optional reason told to the owner). */
export function useDecideJobPost(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      input.decision === 'approve'
        ? callEndpoint(JOB_ENDPOINTS.approve, { hubId: hubIdentifier, params: { id: input.id } })
        : callEndpoint(JOB_ENDPOINTS.reject, {
            hubId: hubIdentifier,
            params: { id: input.id },
            body: input.reason === undefined || input.reason.trim() === '' ? {} : { reason: input.reason },
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKeys.all(hubIdentifier) }),
  });
}

/** PATCH /api/jobs/settings (job-settings); the hub (its navigation) reloads too. */
export function useUpdateJobSettings(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateJobSettingsRequest) =>
      callEndpoint(JOB_ENDPOINTS.updateSettings, {
        hubId: hubIdentifier,
        body,
        isErrorToastSuppressed: true,
      }),
    onSuccess: (answer) => {
      client.setQueryData(jobsKeys.settings(hubIdentifier), answer);
      void client.invalidateQueries();
    },
  });
}
