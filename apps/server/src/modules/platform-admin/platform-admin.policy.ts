import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';

export const SUPER_ADMIN_ONLY_MESSAGE = 'Only super admins can use the platform console.';

/**
 * The platform console is for super admins only (issue #23 item 1): cluster admins and hub admins get 403, as
 * does anyone acting as another member (login-as never reaches a super admin). The database checks again in
 * every cross-cluster read (migration 0054 app_require_platform_admin).
 */
export function requireSuperAdmin(ctx: TRequestContext): { userId: string } {
  const viewer = ctx.requireViewer();
  if (!viewer.user.isSuperAdmin || viewer.loginAsAdmin) throw forbidden(SUPER_ADMIN_ONLY_MESSAGE);
  return { userId: viewer.user.id };
}
