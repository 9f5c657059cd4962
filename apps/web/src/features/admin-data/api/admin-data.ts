import {
  ADMIN_DATA_ENDPOINTS,
  endpointPath,
  type TAnalyticsCsvQuery,
  type TAnalyticsQuery,
  type TExportDataset,
} from '@commons/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUsersImportTarget } from '../../../components/users-import';
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

/**
 * The hub's users CSV import (import-data) for the import screen: POST …/imports/dry-run (each row's outcome,
 * nothing written), POST …/imports (queued; its progress is then polled), GET …/imports[/:id].
 */
export function hubImportTarget(hubIdentifier: string): TUsersImportTarget {
  return {
    scope: 'hub',
    queryKey: ['admin-imports', hubIdentifier],
    dryRun: (csv) => callEndpoint(ADMIN_DATA_ENDPOINTS.importDryRun, { body: { csv } }),
    start: (csv) => callEndpoint(ADMIN_DATA_ENDPOINTS.importStart, { body: { csv } }),
    get: (id, signal) => callEndpoint(ADMIN_DATA_ENDPOINTS.importGet, { params: { id }, signal }),
    list: (signal) => callEndpoint(ADMIN_DATA_ENDPOINTS.importList, { signal, isErrorToastSuppressed: true }),
  };
}
