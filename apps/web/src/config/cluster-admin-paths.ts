/**
 * Paths of the cluster admin console (issue #23 item 2; spec 6 cluster-level groups), here so only the pages that
 * link to it load them (as config/webhooks-paths.ts).
 */

/** The console's route: one page for the whole cluster, outside any hub. */
export const CLUSTER_ADMIN_ROUTE = '/cluster-admin';

/** The single sign-on page of the console (issue #24, right sso-settings). */
export const SSO_SETTINGS_ROUTE = `${CLUSTER_ADMIN_ROUTE}/sso`;

export const clusterAdminPaths = {
  /** Identity providers, sign-in options and provisioning. */
  sso: () => SSO_SETTINGS_ROUTE,
  /** The console (cluster and super admins); `section` is the id of one of its sections. */
  console: (
    section?: 'hubs' | 'domains' | 'landing-page' | 'email-settings' | 'majors' | 'webhooks' | 'sso',
  ) => (section === undefined ? CLUSTER_ADMIN_ROUTE : `${CLUSTER_ADMIN_ROUTE}#${section}`),
};
