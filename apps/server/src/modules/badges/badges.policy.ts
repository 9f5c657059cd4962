import type { TRequestContext } from '../../plugins/request-context.js';

/**
 * Who creates and edits a hub's badges: cluster and super admins, and hub admins holding manage-badges
 * (the access right Commons adds under spec 6 'and more' for badges; branding-settings is the banners').
 */
export function mayManageBadges(ctx: TRequestContext): boolean {
  return ctx.hasRight('manage-badges');
}

/** Refuses (403) a viewer who may not manage the hub's badges. */
export function requireBadgeManager(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('manage-badges');
}
