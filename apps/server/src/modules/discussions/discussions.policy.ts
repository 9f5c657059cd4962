import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { canSeeGroup, requireHubReader } from '../content/content.policy.js';

/**
 * Reading a board needs hub readership, and for a group's board that the viewer may see the group:
 * else 403 (the group's board says it is for members).
 */
export async function requireVisibleGroup(ctx: TRequestContext, groupId: string | null): Promise<void> {
  requireHubReader(ctx);
  if (groupId !== null && !(await canSeeGroup(ctx, groupId)))
    throw forbidden('Only group members can see its discussion.');
}
