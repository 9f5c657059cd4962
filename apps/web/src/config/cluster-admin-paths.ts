/**
 * Paths of the cluster admin console (issue #23 item 2; spec 6 cluster-level groups), here so only the pages that
 * link to it load them (as config/webhooks-paths.ts).
 */

/** The console's route: one page for the whole cluster, outside any hub. */
export const CLUSTER_ADMIN_ROUTE = '/cluster-admin';

export const clusterAdminPaths = {
  /** The console (cluster and super admins); `section` is the id of one of its sections. */
  console: (section?: 'hubs' | 'domains' | 'landing-page' | 'email-settings' | 'majors' | 'webhooks') =>
    section === undefined ? CLUSTER_ADMIN_ROUTE : `${CLUSTER_ADMIN_ROUTE}#${section}`,
};
