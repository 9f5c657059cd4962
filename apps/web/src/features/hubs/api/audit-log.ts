import { AUDIT_LOG_ENDPOINTS, endpointPath, type TAuditLogQuery } from '@commons/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiDownload, callEndpoint } from '../../../lib/api-client';
import { buildUrl } from '../../../lib/build-url';

/** The audit log's filters as the page holds them (empty text means no filter). */
export type TAuditLogFilters = Pick<TAuditLogQuery, 'hub' | 'action' | 'from' | 'to'>;

/** Only the filters that are set, as the API's query. */
function queryOf(filters: TAuditLogFilters): TAuditLogFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as TAuditLogFilters;
}

/** GET /api/admin/audit-log: the cluster's audit log, newest first, a page at a time (cluster admins). */
export function auditLogQueryOptions(filters: TAuditLogFilters) {
  const query = queryOf(filters);
  return infiniteQueryOptions({
    queryKey: ['audit-log', query],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(AUDIT_LOG_ENDPOINTS.list, {
        query: { ...query, cursor: pageParam ?? undefined },
        signal,
        isErrorToastSuppressed: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: false,
  });
}

export function useAuditLog(filters: TAuditLogFilters, isEnabled: boolean) {
  return useInfiniteQuery({ ...auditLogQueryOptions(filters), enabled: isEnabled });
}

/** Downloads the entries the filters select as CSV. */
export function downloadAuditLogCsv(filters: TAuditLogFilters): Promise<void> {
  return apiDownload(
    buildUrl(endpointPath(AUDIT_LOG_ENDPOINTS.exportCsv.path), queryOf(filters)),
    'audit-log.csv',
  );
}
