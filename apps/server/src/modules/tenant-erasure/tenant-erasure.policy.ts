import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** The platform pages (erasure preview, failed jobs) are for super admins only; cluster and hub admins get 403. */
export function requireSuperAdmin(ctx: TRequestContext): void {
  if (!ctx.requireViewer().user.isSuperAdmin) throw forbidden('Only super admins may do this.');
}
