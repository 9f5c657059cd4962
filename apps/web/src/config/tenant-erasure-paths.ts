/**
 * Paths of the super admins' failed-jobs view and tenant erasure preview (issue #23 items 1 and 4), outside any hub
 * and cluster. Here so only the pages that link to them load them (as config/platform-admin-paths.ts).
 */
export const TENANT_ERASURE_ROUTES = {
  failedJobs: '/super-admin/jobs',
  erasurePreview: '/super-admin/clusters/:clusterId/erasure',
} as const;

export const tenantErasurePaths = {
  failedJobs: () => TENANT_ERASURE_ROUTES.failedJobs,
  erasurePreview: (clusterId: string) => `/super-admin/clusters/${encodeURIComponent(clusterId)}/erasure`,
};
