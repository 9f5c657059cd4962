import {
  ADMIN_DATA_ENDPOINTS,
  endpointPath,
  type TAnalyticsCsvQuery,
  type TAnalyticsQuery,
  type TExportDataset,
  type TImport,
} from '@commons/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { buildUrl } from '../../../lib/build-url';

/** Only the filters that are set, as the API's query. */
function queryOf<T extends object>(filters: T): T {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as T;
}

/** GET /api/admin/analytics: the hub's engagement by week or month (reports or analytics right). */
export function analyticsQueryOptions(hubIdentifier: string, filters: TAnalyticsQuery) {
  const query = queryOf(filters);
  return queryOptions({
    queryKey: ['admin-analytics', hubIdentifier, query],
    queryFn: ({ signal }) =>
      callEndpoint(ADMIN_DATA_ENDPOINTS.analytics, { query, signal, isErrorToastSuppressed: true }),
    retry: false,
  });
}

export function useAnalytics(hubIdentifier: string, filters: TAnalyticsQuery) {
  return useQuery(analyticsQueryOptions(hubIdentifier, filters));
}

/** Downloads one measure (or all of them) as CSV, for the same filters. */
export function downloadAnalyticsCsv(filters: TAnalyticsCsvQuery): Promise<void> {
  const query = queryOf(filters);
  return apiDownload(
    buildUrl(endpointPath(ADMIN_DATA_ENDPOINTS.analyticsCsv.path), query),
    `analytics-${query.metric ?? 'engagement'}-${query.interval ?? 'week'}.csv`,
  );
}

/** Downloads one of the hub's datasets as CSV (export-data right). */
export function downloadExport(hubIdentifier: string, dataset: TExportDataset): Promise<void> {
  return apiDownload(
    endpointPath(ADMIN_DATA_ENDPOINTS.exportCsv.path, { dataset }),
    `${hubIdentifier}-${dataset}.csv`,
  );
}

/** POST …/imports/dry-run: each row's errors, nothing written. */
export function useImportDryRun() {
  return useMutation({
    mutationFn: (csv: string) => callEndpoint(ADMIN_DATA_ENDPOINTS.importDryRun, { body: { csv } }),
  });
}

/** POST …/imports: queues the import; its progress is then polled. */
export function useStartImport(hubIdentifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callEndpoint(ADMIN_DATA_ENDPOINTS.importStart, { body: { csv } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin-imports', hubIdentifier] }),
  });
}

const isRunning = (job: TImport | undefined) => job?.status === 'queued' || job?.status === 'running';

/** One import's progress, polled every second while it runs. */
export function useImportProgress(hubIdentifier: string, id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['admin-imports', hubIdentifier, id],
    queryFn: async ({ signal }) => {
      const job = await callEndpoint(ADMIN_DATA_ENDPOINTS.importGet, { params: { id: id ?? '' }, signal });
      // A finished import changes the recent imports' list.
      if (!isRunning(job))
        void client.invalidateQueries({ queryKey: ['admin-imports', hubIdentifier, 'list'] });
      return job;
    },
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
  });
}

/** The hub's latest imports. */
export function useImports(hubIdentifier: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin-imports', hubIdentifier, 'list'],
    queryFn: ({ signal }) =>
      callEndpoint(ADMIN_DATA_ENDPOINTS.importList, { signal, isErrorToastSuppressed: true }),
    enabled: isEnabled,
    retry: false,
  });
}
