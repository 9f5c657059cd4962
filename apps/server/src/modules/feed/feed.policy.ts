import type { TRequestContext } from '../../plugins/request-context.js';
import { mapInSeries } from '../../db/in-series.js';
import { groupRoles } from '../content/content.policy.js';

/**
 * Who may announce (and pin or delete announcements) in a feed: hub admins with the 'announcements'
 * right (super and cluster admins pass every check, spec 6), and in a group its admins, never its
 * view-only admins (spec 6 Group content).
 */
export async function canAnnounce(ctx: TRequestContext, groupId: string | null): Promise<boolean> {
  if (ctx.hasRight('announcements')) return true;
  if (groupId === null) return false;
  const role = (await groupRoles(ctx)).get(groupId);
  return Boolean(role?.isAdmin && !role.isViewOnlyAdmin);
}

/** What the viewer may do with the items of a page: announcement rights resolved once per group. */
export type TViewerFeedRights = { viewerId: string; mayAnnounce: (groupId: string | null) => boolean };

/** The viewer's announcement rights for the groups on a page, resolved once per group. */
export async function viewerFeedRights(
  ctx: TRequestContext,
  groupIds: Array<string | null>,
): Promise<TViewerFeedRights> {
  const distinct = [...new Set(groupIds)];
  const allowed = new Map(
    await mapInSeries(distinct, async (id) => [id, await canAnnounce(ctx, id)] as const),
  );
  return {
    viewerId: ctx.requireViewer().user.id,
    mayAnnounce: (groupId: string | null) => allowed.get(groupId) ?? false,
  };
}
