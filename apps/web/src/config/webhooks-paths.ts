/**
 * Paths of the cluster's outgoing webhooks (issue #23 item 3): the route pattern of the site-admin screen and its
 * builder, here so only the pages that link to it load them (as config/login-as-paths.ts).
 */
import { HUB_SEGMENT } from '@commons/contract';

/** The screen's route, relative to the hub's routes. */
export const WEBHOOKS_ADMIN_ROUTE = 'site-admin/webhooks';

export const webhooksPaths = {
  /** Site administration's "Webhooks" (cluster and super admins). */
  admin: (identifier: string) => `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${WEBHOOKS_ADMIN_ROUTE}`,
};
