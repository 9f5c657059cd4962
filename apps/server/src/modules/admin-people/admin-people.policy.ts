import { grantableHubAccessRights, type THubAccessRight } from '@commons/domain';
import { forbidden, validationError } from '../../lib/app-error.js';
import type { THubRow, TRequestContext } from '../../plugins/request-context.js';

/**
 * Who may do what with the hub's people (issue #22 items 1 and 6). Every rights check of this module is here,
 * through ctx.hasRight / ctx.requireRight (packages/domain hasAccessRight: super and cluster admins pass all).
 */

/** manage-admins: list the hub's admins and change their rights. */
export function requireManageAdmins(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireRight('manage-admins');
  return hub;
}

/** explore-users: the admin list of the hub's members. */
export function requireExploreUsers(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireRight('explore-users');
  return hub;
}

/** switch-user-types: give members another user type. */
export function requireSwitchUserTypes(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireRight('switch-user-types');
  return hub;
}

/** Members' emails are shown only to admins holding explore-users (issue #22 item 6). */
export function canSeeMemberEmails(ctx: TRequestContext): boolean {
  return ctx.hasRight('explore-users');
}

/** Whether the viewer may use the user-type switch (the explore-users page asks). */
export function canSwitchUserTypes(ctx: TRequestContext): boolean {
  return ctx.hasRight('switch-user-types');
}

/** Rights the hub offers (spec 6: the reduced list on experiential-learning-only hubs; custom-fields by hub type). */
export function grantableRightsOf(hub: THubRow): THubAccessRight[] {
  return grantableHubAccessRights({ isElOnly: hub.isElOnly, standardPlatformType: hub.standardPlatformType });
}

/**
 * Of the grantable rights, those the viewer may grant or revoke: every one for super and cluster admins, else
 * the ones they hold themselves, so an admin cannot hand out (or take away) more than they have.
 */
export function manageableRightsOf(ctx: TRequestContext, hub: THubRow): THubAccessRight[] {
  return grantableRightsOf(hub).filter((right) => ctx.hasRight(right));
}

/** Whether the viewer is a super or cluster admin, whose access never depends on the hub's rights. */
export function isPlatformAdmin(ctx: TRequestContext): boolean {
  return ctx.isClusterAdmin();
}

/** 400 for a right this hub does not offer, 403 for one the viewer does not hold. */
export function assertRightsManageable(ctx: TRequestContext, hub: THubRow, rights: readonly string[]): void {
  const grantable: readonly string[] = grantableRightsOf(hub);
  const unknown = rights.find((right) => !grantable.includes(right));
  if (unknown !== undefined)
    throw validationError({ right: `The right ${unknown} cannot be granted in this hub.` });
  const manageable: readonly string[] = manageableRightsOf(ctx, hub);
  const notHeld = rights.find((right) => !manageable.includes(right));
  if (notHeld !== undefined)
    throw forbidden(`You can grant or revoke only rights you hold yourself (${notHeld}).`);
}

/** 403 unless the viewer holds every right (this hub offers) that the admin to remove holds. */
export function assertMayRemoveAdmin(ctx: TRequestContext, hub: THubRow, rights: readonly string[]): void {
  const grantable: readonly string[] = grantableRightsOf(hub);
  const manageable: readonly string[] = manageableRightsOf(ctx, hub);
  const notHeld = rights.find((right) => grantable.includes(right) && !manageable.includes(right));
  if (notHeld !== undefined)
    throw forbidden(`You can remove only admins whose rights you hold yourself (${notHeld}).`);
}
