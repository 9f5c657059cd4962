import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireHubReader } from '../content/content.policy.js';

/**
 * Who moderates a hub: hub admins with the 'approve-questions' right, the spec 6 right that already lets
 * an admin edit and delete anyone's posts; super and cluster admins pass every rights check.
 */
export const MODERATOR_RIGHT = 'approve-questions';

/** The queue and the decisions are for the hub's moderators (403 for everyone else). */
export function requireModerator(ctx: TRequestContext): void {
  requireHubReader(ctx);
  if (!ctx.hasRight(MODERATOR_RIGHT)) throw forbidden('Only moderators of this hub can see reports.');
}
