import type { TRequestContext } from '../../plugins/request-context.js';

/**
 * The user types editor takes the 'standard-fields' right (spec 6 Hub access groups). No access group of spec 6
 * names user types: 'switch-user-types' moves one member to another type, 'manage-admins' grants admin rights and
 * 'signup-settings' covers how people join. A user type is the hub's standard description of a kind of member
 * (its titles, tabs, capabilities, hidden profile sections and messaging), the same standing configuration the
 * standard fields give each member's profile, so the right that edits those standard member definitions edits
 * user types too. Super and cluster admins pass (spec 6).
 */
export function requireUserTypesAdmin(ctx: TRequestContext): void {
  ctx.requireRight('standard-fields');
}
