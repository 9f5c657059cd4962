import { AppError } from '../../lib/app-error.js';
import type { TMembership, TRequestContext } from '../../plugins/request-context.js';

/** The viewer's membership of the request's hub (any standing), required for every signup step; else 403. */
export function requireOwnMembership(ctx: TRequestContext): TMembership {
  ctx.requireHub();
  if (!ctx.membership) {
    throw new AppError({
      statusCode: 403,
      code: 'forbidden',
      message: 'Not a member of this hub',
      userMessage: 'You are not a member of this hub.',
    });
  }
  return ctx.membership;
}
