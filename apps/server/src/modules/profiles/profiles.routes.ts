import { PROFILE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { patchMyProfile, replaceMySchools, replaceMyWorkHistory } from './profiles.commands.js';
import { careerStoryPrompts } from './career-stories.policy.js';
import { loadViewedProfile } from './profiles.access.js';
import { presentProfile } from './profiles.presenter.js';

/** Loads, authorises and presents one profile for the viewer. */
async function loadPresentedProfile(ctx: TRequestContext, identifier: string) {
  const viewer = ctx.requireViewer();
  const { record, access, settings } = await loadViewedProfile(ctx, identifier);
  return {
    profile: presentProfile({
      record,
      access,
      now: ctx.now,
      timeZone: viewer.user.timezone,
      isDynamicProfileEnabled: settings?.dynamicProfileEnabled ?? false,
      careerStoryPrompts: careerStoryPrompts(settings),
    }),
  };
}

/** Profile API of issue #4: read with per-section visibility, edit own profile, work history, schools. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, PROFILE_ENDPOINTS.profile, (ctx, { params }) =>
    loadPresentedProfile(ctx, params.identifier),
  );

  tenantRoute(app, PROFILE_ENDPOINTS.updateMe, async (ctx, { body }) => {
    await patchMyProfile(ctx, body);
    return loadPresentedProfile(ctx, 'me');
  });

  tenantRoute(app, PROFILE_ENDPOINTS.workHistory, async (ctx, { body }) => {
    await replaceMyWorkHistory(ctx, body.items);
    return loadPresentedProfile(ctx, 'me');
  });

  tenantRoute(app, PROFILE_ENDPOINTS.schools, async (ctx, { body }) => {
    await replaceMySchools(ctx, body.items);
    return loadPresentedProfile(ctx, 'me');
  });
};
