import { canManageClusterGroup, type TClusterAccessRight } from '@commons/domain';
import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/**
 * The cluster admin console's one check (issue #23 item 2; spec 6 cluster-level groups, domain
 * canManageClusterGroup): the request's cluster's admins and super admins; hub admins and members get 403.
 */
export function requireClusterGroup(ctx: TRequestContext, group: TClusterAccessRight): void {
  const user = ctx.requireViewer().user;
  if (!canManageClusterGroup({ isSuperAdmin: user.isSuperAdmin, isClusterAdmin: user.isClusterAdmin }, group))
    throw forbidden('Only cluster admins can manage cluster settings.');
}
