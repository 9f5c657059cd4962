import { canCreateResource } from '@commons/domain';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { canSeeGroup, groupRoles } from '../content/content.policy.js';
import type { TAuthorRow } from '../content/content.queries.js';
import { findResourceBySlug, resourceSettings, type TResourceRow } from './resources.queries.js';

/**
 * Who may post (issue #7 item 3): resources need the hub's resources right or a group admin for group
 * resources; business directory listings need business directory V2 on and a user type with
 * canCreateResource (spec 6 Resource creation), or the resources right.
 */
export async function mayCreate(
  ctx: TRequestContext,
  options: { isBusinessDirectory: boolean; groupId: string | null },
): Promise<boolean> {
  if (ctx.hasRight('resources')) return true;
  if (options.isBusinessDirectory) {
    const settings = await resourceSettings(ctx, ctx.requireHub().id);
    return canCreateResource({
      isBusinessDirectoryV2Enabled: settings.isBusinessDirectoryV2Enabled,
      canCreateResource: ctx.membership?.userType?.canCreateResource ?? false,
    });
  }
  if (options.groupId === null) return false;
  const role = (await groupRoles(ctx)).get(options.groupId);
  return Boolean(role?.isAdmin && !role.isViewOnlyAdmin);
}

/** Whether the viewer sees the resource: not hidden, and its group visible to them (spec 6 Group content). */
export async function canReadResource(ctx: TRequestContext, row: TResourceRow): Promise<boolean> {
  if (row.hiddenAt !== null) return false;
  return canSeeGroup(ctx, row.groupId, { isOwner: row.authorId === ctx.viewer?.user.id });
}

/** The resource of the hub with this slug, readable by the viewer, or 404. */
export async function requireReadableResource(
  ctx: TRequestContext,
  slug: string,
): Promise<{ row: TResourceRow; author: TAuthorRow }> {
  const found = await findResourceBySlug(ctx.tx, { hubId: ctx.requireHub().id, slug });
  if (!found || !(await canReadResource(ctx, found.row))) throw notFound('Resource');
  return found;
}
