import { TENANT_ERASURE_ENDPOINTS } from '@commons/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const keys = {
  preview: (clusterId: string) => ['tenant-erasure', 'preview', clusterId] as const,
  failedJobs: ['platform', 'failed-jobs'] as const,
};

/** GET /api/platform/clusters/:clusterId/erasure-preview: the dry run (super admins). */
export function useErasurePreview(clusterId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: keys.preview(clusterId),
    queryFn: ({ signal }) =>
      callEndpoint(TENANT_ERASURE_ENDPOINTS.preview, {
        params: { clusterId },
        signal,
        isErrorToastSuppressed: true,
        isNotFoundHandled: true,
      }),
    enabled: isEnabled,
    retry: false,
  });
}

/** GET /api/platform/jobs/failed: failed jobs, newest first, a page at a time (super admins). */
export function useFailedJobs(isEnabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: keys.failedJobs,
      queryFn: ({ pageParam, signal }) =>
        callEndpoint(TENANT_ERASURE_ENDPOINTS.failedJobs, {
          query: { cursor: pageParam ?? undefined },
          signal,
          isErrorToastSuppressed: true,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      retry: false,
    }),
    enabled: isEnabled,
  });
}

/** POST /api/platform/jobs/failed/:id/retry: the queue runs the job once more. */
export function useRetryFailedJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(TENANT_ERASURE_ENDPOINTS.retryFailedJob, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.failedJobs }),
  });
}
