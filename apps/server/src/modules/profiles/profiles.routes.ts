import { PROFILE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { saveMyProfileFieldValues } from '../profile-fields/profile-fields.commands.js';
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

  // The owner's answers to the x-hub-id hub's custom profile fields (issue #22 item 1).
  tenantRoute(app, PROFILE_ENDPOINTS.customFields, async (ctx, { body }) => {
    await saveMyProfileFieldValues(ctx, body);
    return loadMyProfileAfterEdit(ctx);
  });
};
