import { isApprovedUser } from '@commons/domain';
import { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';

/** The directory of a hub is for its approved members and for cluster admins (spec 4 approved user). */
export function requireDirectoryAccess(ctx: TRequestContext): number {
  const hub = ctx.requireHub();
  ctx.requireViewer();
  const m = ctx.membership;
  const isMember = m
    ? isApprovedUser({ importStatus: m.importStatus, signupStage: m.signupStage, approved: m.approved })
    : false;
  if (!isMember && !ctx.isClusterAdmin()) {
    throw new AppError({
      statusCode: 403,
      code: 'forbidden',
      message: 'Only approved members of this hub can browse its people',
      userMessage: 'Only approved members of this hub can browse its people.',
    });
  }
  return hub.id;
}
