import { PROFILE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { patchMyProfile, replaceMySchools, replaceMyWorkHistory } from './profiles.commands.js';
import { loadPresentedProfile, loadMyProfileAfterEdit } from './profiles.completion.js';

/** Profile API of issue #4: read with per-section visibility, edit own profile, work history, schools. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, PROFILE_ENDPOINTS.profile, (ctx, { params }) =>
    loadPresentedProfile(ctx, params.identifier),
  );

  tenantRoute(app, PROFILE_ENDPOINTS.updateMe, async (ctx, { body }) => {
    await patchMyProfile(ctx, body);
    return loadMyProfileAfterEdit(ctx);
  });

  tenantRoute(app, PROFILE_ENDPOINTS.workHistory, async (ctx, { body }) => {
    await replaceMyWorkHistory(ctx, body.items);
    return loadMyProfileAfterEdit(ctx);
  });

  tenantRoute(app, PROFILE_ENDPOINTS.schools, async (ctx, { body }) => {
    await replaceMySchools(ctx, body.items);
    return loadMyProfileAfterEdit(ctx);
  });
};
