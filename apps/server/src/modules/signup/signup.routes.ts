import {
  SIGNUP_PATHS,
  ZCompleteSignupRequest,
  ZCompleteSignupResponse,
  ZErrorBody,
  ZFtuCompleteResponse,
  ZFtuMatchingRequest,
  ZFtuMatchingResponse,
  ZOkResponse,
  ZSignupOptionsResponse,
  ZStandardDataRequest,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentSessionUser } from '../auth/auth.presenter.js';
import { completeFtu, completeSignup, listStandardOptions, reloadViewer, requireOwnMembership, saveStandardData, suggestPeople } from './signup.commands.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Signup onboarding steps and the first-time-user flow (issue #4 item 1). */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SIGNUP_PATHS.options,
    { schema: { tags: ['signup'], summary: 'Standard data option lists of the hub (x-hub-id)', response: { 200: ZSignupOptionsResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        requireOwnMembership(ctx);
        return { options: await listStandardOptions(ctx) };
      }),
  );

  app.put(
    SIGNUP_PATHS.standardData,
    { schema: { tags: ['signup'], summary: 'Save my standard data choices (option ids per list)', body: ZStandardDataRequest, response: { 200: ZOkResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        await saveStandardData(ctx, request.body.selections);
        return { ok: true as const };
      }),
  );

  app.post(
    SIGNUP_PATHS.complete,
    { schema: { tags: ['signup'], summary: 'Finish signup; answers where to go next', body: ZCompleteSignupRequest, response: { 200: ZCompleteSignupResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const { redirectTo } = await completeSignup(ctx, request.body.postSignupRedirect);
        return { user: presentSessionUser(await reloadViewer(ctx)), redirectTo };
      }),
  );

  app.post(
    SIGNUP_PATHS.ftuMatching,
    { schema: { tags: ['signup'], summary: 'The matching quiz: suggested people with the reasons why', body: ZFtuMatchingRequest, response: { 200: ZFtuMatchingResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => ({ suggestions: await suggestPeople(ctx, request.body) })),
  );

  app.post(
    SIGNUP_PATHS.ftuComplete,
    { schema: { tags: ['signup'], summary: 'Finish the first-time-user flow', response: { 200: ZFtuCompleteResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        await completeFtu(ctx);
        return { user: presentSessionUser(await reloadViewer(ctx)) };
      }),
  );
};
