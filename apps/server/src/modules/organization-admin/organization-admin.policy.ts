import { ORGANIZATION_ADMIN_ACCESS_RIGHTS, isHubAdminWithRight, type THubAccessRight } from '@commons/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  canSeeGroup,
  groupAdminRights,
  isActingGroupAdmin,
  isNativeAppRequest,
  viewerRoles,
  type TGroupAccess,
} from '../groups/groups.policy.js';
import { loadGroupAccess } from '../groups/groups.queries.js';

/**
 * Who may do what in an organisation's console (spec 6 Organisation admins; issue #22). Every check of the
 * organisation admins' console is here, built on the domain: an acting admin of the organisation (approved, not
 * view-only) holds the limited list (grantableOrganizationAdminRights through groups.policy groupAdminRights:
 * none while the hub's organizations module is off); a hub admin holding one of those rights in the hub (and a
 * super or cluster admin, who holds all) may use it in any organisation of the hub, since they see the whole
 * hub anyway. Nobody reaches a member outside the organisation through it: every query is scoped to its members.
 */

/** The console rights the viewer holds in this organisation, in the order of ORGANIZATION_ADMIN_ACCESS_RIGHTS. */
export function organizationConsoleRights(access: TGroupAccess): THubAccessRight[] {
  if (access.group.groupType !== 'organization') return [];
  const roles = viewerRoles(access);
  const asOrganizationAdmin = isActingGroupAdmin(access) ? groupAdminRights(access) : [];
  return ORGANIZATION_ADMIN_ACCESS_RIGHTS.filter(
    (right) =>
      isHubAdminWithRight(roles, right) ||
      asOrganizationAdmin === 'all' ||
      asOrganizationAdmin.includes(right),
  );
}

/** Whether the viewer holds any of the rights in the organisation's console. */
export function hasAnyOrganizationRight(access: TGroupAccess, rights: readonly THubAccessRight[]): boolean {
  const held = organizationConsoleRights(access);
  return rights.some((right) => held.includes(right));
}

/**
 * The organisation a console request names, in the request's hub, for a viewer holding one of `rights` in it:
 * 404 when it is no organisation of this hub or is hidden from the viewer (as group pages answer), 403 otherwise.
 */
export async function requireOrganizationRight(
  ctx: TRequestContext,
  options: { identifier: string; request: FastifyRequest; rights: readonly THubAccessRight[] },
): Promise<TGroupAccess> {
  const hub = ctx.requireHub();
  const access = await loadGroupAccess(ctx, {
    identifier: options.identifier,
    isNativeApp: isNativeAppRequest(options.request),
  });
  if (!access || access.group.groupType !== 'organization' || access.group.hubId !== hub.id)
    throw notFound('Organization');
  if (!canSeeGroup(access)) throw notFound('Organization');
  if (!hasAnyOrganizationRight(access, options.rights))
    throw forbidden(
      `Only this organization’s admins with the ${options.rights.join(' or ')} right can open this.`,
    );
  return access;
}
