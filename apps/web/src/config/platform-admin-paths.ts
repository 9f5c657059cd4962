/**
 * The super admin console (issue #23 item 1): every cluster with its hubs, outside any hub and cluster. Here so
 * only the pages that link to it load it (as config/cluster-admin-paths.ts).
 */
export const PLATFORM_ADMIN_ROUTE = '/super-admin';
