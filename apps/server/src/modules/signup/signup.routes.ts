import { SIGNUP_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { presentSessionUser } from '../auth/auth.presenter.js';
import { organizationAdminHubIds } from '../organization-admin/organization-admin.queries.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  completeFtu,
  completeSignup,
  reloadViewer,
  saveStandardData,
  suggestPeople,
} from './signup.commands.js';
import { requiredProfileFieldsOf } from '../profile-fields/profile-fields.commands.js';
import { requireOwnMembership } from './signup.policy.js';
import { listStandardOptions } from './signup.queries.js';

/** Signup onboarding steps and the first-time-user flow (issue #4 item 1). */
export const signupRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, SIGNUP_ENDPOINTS.options, async (ctx) => {
    const membership = requireOwnMembership(ctx);
    return {
      options: await listStandardOptions(ctx),
      requiredProfileFields: await requiredProfileFieldsOf(ctx, {
        hubId: membership.hubId,
        userId: ctx.requireViewer().user.id,
        userTypeId: membership.userTypeId,
      }),
    };
  });

  tenantRoute(app, SIGNUP_ENDPOINTS.standardData, async (ctx, { body }) => {
    await saveStandardData(ctx, body.selections);
    return { ok: true as const };
  });

  tenantRoute(app, SIGNUP_ENDPOINTS.complete, async (ctx, { body }) => {
    const { redirectTo } = await completeSignup(ctx, body.postSignupRedirect);
    return { user: await sessionUserOf(ctx), redirectTo };
  });

  tenantRoute(app, SIGNUP_ENDPOINTS.ftuMatching, async (ctx, { body }) => ({
    suggestions: await suggestPeople(ctx, body),
  }));

  tenantRoute(app, SIGNUP_ENDPOINTS.ftuComplete, async (ctx) => {
    await completeFtu(ctx);
    return { user: await sessionUserOf(ctx) };
  });
};

/** The viewer re-read after a change, as the session answer presents them. */
async function sessionUserOf(ctx: TRequestContext) {
  const viewer = await reloadViewer(ctx);
  return presentSessionUser(viewer, await organizationAdminHubIds(ctx.tx, viewer));
}
