import {
  PROFILE_PATHS,
  ZErrorBody,
  ZPatchProfileRequest,
  ZProfileParams,
  ZProfileResponse,
  ZPutSchoolsRequest,
  ZPutWorkHistoryRequest,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TRequestContext } from '../../plugins/request-context.js';
import { patchMyProfile, replaceMySchools, replaceMyWorkHistory } from './profiles.commands.js';
import { careerStoryPrompts } from './career-stories.policy.js';
import { loadViewedProfile } from './profiles.access.js';
import { presentProfile } from './profiles.presenter.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

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
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PROFILE_PATHS.profile,
    {
      schema: {
        tags: ['profiles'],
        summary: 'A profile with the sections the viewer may see (health for the owner); `me` for one’s own',
        params: ZProfileParams,
        response: { 200: ZProfileResponse, ...errors },
      },
    },
    async (request) => request.tenant({ auth: 'required' }, (ctx) => loadPresentedProfile(ctx, request.params.identifier)),
  );

  app.patch(
    PROFILE_PATHS.me,
    { schema: { tags: ['profiles'], summary: 'Change fields of my profile', body: ZPatchProfileRequest, response: { 200: ZProfileResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required' }, async (ctx) => {
        await patchMyProfile(ctx, request.body);
        return loadPresentedProfile(ctx, 'me');
      }),
  );

  app.put(
    PROFILE_PATHS.workHistory,
    {
      schema: {
        tags: ['profiles'],
        summary: 'Replace my work history (a bad date range is a 400 with the spec messages in error.fields)',
        body: ZPutWorkHistoryRequest,
        response: { 200: ZProfileResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required' }, async (ctx) => {
        await replaceMyWorkHistory(ctx, request.body.items);
        return loadPresentedProfile(ctx, 'me');
      }),
  );

  app.put(
    PROFILE_PATHS.schools,
    { schema: { tags: ['profiles'], summary: 'Replace my schools and majors', body: ZPutSchoolsRequest, response: { 200: ZProfileResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required' }, async (ctx) => {
        await replaceMySchools(ctx, request.body.items);
        return loadPresentedProfile(ctx, 'me');
      }),
  );
};
