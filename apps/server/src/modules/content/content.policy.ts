/**
 * Who may read and write hub content (discussions, resources, events, feed, moderation): one place built
 * on the domain rules of spec 6, shared by the content modules of issue #7.
 */
import { canAccessGroupContent, postAbilities, type TViewerRoles } from '@commons/domain';
import { AppError, notFound } from '../../lib/app-error.js';
import type { TMembership, TRequestContext } from '../../plugins/request-context.js';
import { isAdmittedMember, isApprovedMember } from '../hubs/hubs.policy.js';
import { isGroupOfHub, listViewerGroupMemberships } from './content.queries.js';

/** The viewer's roles in the request's hub, for the domain permission checks (spec 6 Roles). */
export function viewerRoles(
  ctx: TRequestContext,
  options: { isGroupAdmin?: boolean; isViewOnlyAdmin?: boolean } = {},
): TViewerRoles {
  const viewer = ctx.viewer;
  const membership = ctx.membership;
  return {
    isSuperAdmin: viewer?.user.isSuperAdmin ?? false,
    isClusterAdmin: viewer?.user.isClusterAdmin ?? false,
    isHubAdmin: membership?.isAdmin ?? false,
    isGroupAdmin: options.isGroupAdmin ?? false,
    isViewOnlyAdmin: options.isViewOnlyAdmin ?? false,
    accessRights: membership?.isAdmin ? membership.accessRights : [],
  };
}

/** Super, cluster or hub admin of the request's hub: they skip group membership checks (spec 6 Group content). */
export function isHubLevelAdmin(ctx: TRequestContext): boolean {
  const roles = viewerRoles(ctx);
  return Boolean(roles.isSuperAdmin || roles.isClusterAdmin || roles.isHubAdmin);
}

function refuse(message: string): AppError {
  return new AppError({ statusCode: 403, code: 'forbidden', message, userMessage: message });
}

/**
 * Reading hub content needs an admitted membership of the hub (spec 4 Approval), or a super or cluster
 * admin. Anyone else is answered as if the hub had nothing for them.
 */
export function requireHubReader(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (ctx.isClusterAdmin()) return;
  if (!isAdmittedMember(ctx.membership)) throw refuse('You are not a member of this hub.');
}

/** Writing content needs an approved member (spec 4: joined, no light signup stage, approved) or an admin. */
export function requireHubContributor(ctx: TRequestContext): TMembership | null {
  requireHubReader(ctx);
  if (ctx.isClusterAdmin()) return ctx.membership;
  const m = ctx.membership;
  if (!m || (!m.isAdmin && !isApprovedMember(m))) throw refuse('Only approved members of this hub can post.');
  return m;
}

/** The viewer's standing in one group of the hub. */
type TGroupRole = { isInGoodStanding: boolean; isAdmin: boolean; isViewOnlyAdmin: boolean };
const groupRolesCache = new WeakMap<TRequestContext, Promise<Map<string, TGroupRole>>>();

/**
 * The viewer's group memberships in the request's hub, loaded once per request. Good standing is
 * spec 4's: approved, and registered unless the member joined on their own.
 */
export function groupRoles(ctx: TRequestContext): Promise<Map<string, TGroupRole>> {
  let cached = groupRolesCache.get(ctx);
  if (!cached) {
    cached = (async () => {
      const viewer = ctx.viewer;
      const hub = ctx.hub;
      if (!viewer || !hub) return new Map<string, TGroupRole>();
      const rows = await listViewerGroupMemberships(ctx.tx, { userId: viewer.user.id, hubId: hub.id });
      return new Map(
        rows.map((m) => {
          const isApproved =
            m.approved === true && (m.importStatus === 'joined' || m.completedRegistrationDate !== null);
          return [
            m.groupId,
            {
              isInGoodStanding: isApproved,
              isAdmin: isApproved && m.isAdmin,
              isViewOnlyAdmin: isApproved && m.isAdmin && m.isViewOnlyAdmin,
            },
          ];
        }),
      );
    })();
    groupRolesCache.set(ctx, cached);
  }
  return cached;
}

/**
 * Groups whose content the viewer may see: 'all' for super, cluster and hub admins (spec 6 Group
 * content), else the groups where the viewer is a member in good standing (spec 4).
 */
export async function accessibleGroupIds(ctx: TRequestContext): Promise<'all' | string[]> {
  if (isHubLevelAdmin(ctx)) return 'all';
  const roles = await groupRoles(ctx);
  return [...roles].filter(([, role]) => role.isInGoodStanding).map(([id]) => id);
}

/** Whether the viewer may see content of one group (spec 6 Group content). */
export async function canSeeGroup(
  ctx: TRequestContext,
  groupId: string | null,
  options: { isOwner?: boolean } = {},
): Promise<boolean> {
  if (groupId === null) return true;
  const groups = await accessibleGroupIds(ctx);
  const hasApprovedMembership = groups === 'all' || groups.includes(groupId);
  return canAccessGroupContent({
    viewer: viewerRoles(ctx),
    hasApprovedMembership,
    isEventOwner: options.isOwner === true,
  });
}

/**
 * Abilities of the viewer on a post (spec 6 Posts), with reporting for anyone but the author. In a
 * group, its admins moderate too (not view-only admins, spec 6).
 */
export async function abilitiesFor(
  ctx: TRequestContext,
  options: { authorId: string | null; groupId?: string | null },
) {
  const viewerId = ctx.viewer?.user.id ?? null;
  const isAuthor = viewerId !== null && options.authorId === viewerId;
  const role = options.groupId ? (await groupRoles(ctx)).get(options.groupId) : undefined;
  const abilities = postAbilities({
    viewer: viewerRoles(ctx, {
      isGroupAdmin: role?.isAdmin ?? false,
      isViewOnlyAdmin: role?.isViewOnlyAdmin ?? false,
    }),
    canEdit: isAuthor,
    isSignedIn: viewerId !== null,
  });
  return { ...abilities, report: viewerId !== null && !isAuthor };
}

/** A group of the request's hub whose content the viewer may see, or 404 (never says whether it exists). */
export async function requireGroupContent(ctx: TRequestContext, groupId: string): Promise<void> {
  const isInHub = await isGroupOfHub(ctx.tx, { groupId, hubId: ctx.requireHub().id });
  if (!isInHub || !(await canSeeGroup(ctx, groupId))) throw notFound('Group');
}
