import { HEADERS, type TGroupAbilities } from '@commons/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { canSeeGroup, groupAbilities, type TGroupAccess } from './groups.policy.js';
import { loadGroupAccess } from './groups.queries.js';

/** spec 6: the admin tab is hidden in the native app, which says so in the platform header (spec 7). */
export function isNativeAppRequest(request: FastifyRequest): boolean {
  return request.headers[HEADERS.platform] === 'nativeMobileApp';
}

/**
 * The group a request names, with the viewer's memberships and abilities; 404 when it does not exist
 * in the viewer's hubs or is hidden from them (hidden groups, visibleToUserType), so a hidden group is
 * indistinguishable from a missing one. For other modules (discussions, resources, events, feed) too.
 */
export async function requireGroup(
  ctx: TRequestContext,
  options: { identifier: string; request: FastifyRequest },
): Promise<{ access: TGroupAccess; can: TGroupAbilities }> {
  const access = await loadGroupAccess(ctx, { identifier: options.identifier, isNativeApp: isNativeAppRequest(options.request) });
  if (!access || !canSeeGroup(access)) throw notFound('Group');
  return { access, can: groupAbilities(access) };
}

/**
 * Group content (spec 4 good standing, spec 6 Group content): admins above group level skip the
 * membership check; anyone else needs an approved, registered membership. An imported member who has
 * not registered gets 403 `continue_registration` so the page can send them to continueRegistration.
 */
export async function requireGroupContentAccess(
  ctx: TRequestContext,
  options: { identifier: string; request: FastifyRequest },
): Promise<{ access: TGroupAccess; can: TGroupAbilities }> {
  const found = await requireGroup(ctx, options);
  if (found.can.viewContent) return found;
  if (found.can.continueRegistration) {
    throw new AppError({
      statusCode: 403,
      code: 'continue_registration',
      message: 'Registration not completed',
      userMessage: 'Please complete your registration to see this group.',
    });
  }
  throw new AppError({ statusCode: 403, code: 'not_group_member', message: 'Not a member in good standing', userMessage: 'Join this group to see its content.' });
}
