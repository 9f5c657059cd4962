import { PROFILE_ENDPOINTS } from '@commons/contract';
import { isDynamicProfileComplete } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { patchMyProfile, replaceMySchools, replaceMyWorkHistory } from './profiles.commands.js';
import { careerStoryPrompts } from './career-stories.policy.js';
import { listQuestionsWithAnswers } from '../profile-questions/profile-questions.queries.js';
import { loadViewedProfile, type TViewedProfile } from './profiles.access.js';
import { presentProfile, type TDynamicProfile } from './profiles.presenter.js';

/**
 * The owner's answers to the profile questions of the hub that decides their profile, when that hub has
 * the dynamic profile on and asks any (spec 3 dynamicProfile); null otherwise, and for other viewers.
 */
async function ownerDynamicProfile(ctx: TRequestContext, viewed: TViewedProfile): Promise<TDynamicProfile> {
  const hubId = viewed.access.membership?.membership.hubId;
  if (!viewed.access.isOwner || hubId === undefined || viewed.settings?.dynamicProfileEnabled !== true)
    return null;
  const questions = await listQuestionsWithAnswers(ctx, { hubId, userId: viewed.record.user.id });
  if (questions.length === 0) return null;
  return {
    hubId,
    isComplete: isDynamicProfileComplete(
      questions.map(({ question, answer }) => ({
        isRequired: question.isRequired,
        isAnswered: answer !== null,
      })),
    ),
  };
}

/** Loads, authorises and presents one profile for the viewer. */
async function loadPresentedProfile(ctx: TRequestContext, identifier: string) {
  const viewer = ctx.requireViewer();
  const viewed = await loadViewedProfile(ctx, identifier);
  return {
    profile: presentProfile({
      record: viewed.record,
      access: viewed.access,
      now: ctx.now,
      timeZone: viewer.user.timezone,
      dynamicProfile: await ownerDynamicProfile(ctx, viewed),
      careerStoryPrompts: careerStoryPrompts(viewed.settings),
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
