import type { TDataRegion } from '@commons/domain';
import { dataRegionForHubId } from '@commons/domain';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';

/** Link previews cost a server-side fetch: only approved members (of the request's hub, or of any) may ask. */
export function requireLinkPreviewer(ctx: TRequestContext): void {
  if (ctx.isClusterAdmin()) return;
  const memberships = ctx.membership ? [ctx.membership] : ctx.requireViewer().memberships;
  if (!memberships.some((m) => isApprovedMember(m)))
    throw forbidden('Only approved members can preview links.');
}

/**
 * Who may upload an editor image, settled before the body is read: a signed-in member of the named hub (or
 * a cluster admin); without a hub, the viewer's default hub. The image is stored in that hub's region.
 */
export function requireContentImageUploader(ctx: TRequestContext): {
  region: TDataRegion;
  hubId: number | null;
} {
  const viewer = ctx.requireViewer();
  const hub =
    ctx.hub ?? viewer.memberships.find((m) => m.isDefault)?.hub ?? viewer.memberships[0]?.hub ?? null;
  if (ctx.hub && !ctx.membership && !ctx.isClusterAdmin()) throw notFound('Hub');
  return { region: hub ? dataRegionForHubId(hub.id) : 'us', hubId: hub?.id ?? null };
}
