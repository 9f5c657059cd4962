import type { TRequestContext } from '../../plugins/request-context.js';

/**
 * The custom profile fields editor takes the 'standard-fields' right (spec 6 Hub access groups), as the user types
 * editor does: the fields every member of the hub fills in are the hub's standard member data. The spec's
 * 'custom-fields' group is the organisation admins' one and exists only on some hub types (domain
 * CUSTOM_FIELDS_HUB_TYPES); standard-fields is offered on every hub, EL-only ones included. Super and cluster
 * admins pass (spec 6).
 */
export function requireProfileFieldsAdmin(ctx: TRequestContext): void {
  ctx.requireRight('standard-fields');
}
