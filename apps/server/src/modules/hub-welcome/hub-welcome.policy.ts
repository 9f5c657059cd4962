import type { TRequestContext } from '../../plugins/request-context.js';

/** The auto-greeting's settings take the hub access right 'auto-greeting' (spec 6 Hub access groups). */
export function requireAutoGreetingAdmin(ctx: TRequestContext): void {
  ctx.requireRight('auto-greeting');
}

/** The new members' notification defaults take the hub access right 'notifications' (spec 6). */
export function requireNotificationDefaultsAdmin(ctx: TRequestContext): void {
  ctx.requireRight('notifications');
}
