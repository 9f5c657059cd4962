import { HUB_PATHS, ZErrorBody, ZHubResponse, ZPublicHubParams, ZPublicHubResponse } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { presentHub, presentPublicHub } from './hubs.presenter.js';
import { getHubSettings, listUserTypes } from './hubs.queries.js';

/** GET /api/hub (members) and the public hub summary used by the signup page. */
export const hubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HUB_PATHS.current,
    {
      schema: {
        tags: ['hubs'],
        summary: 'The hub named by x-hub-id, as its members see it',
        response: { 200: ZHubResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hub = ctx.requireHub();
        ctx.requireViewer();
        if (!ctx.membership && !ctx.isClusterAdmin()) {
          throw new AppError({
            statusCode: 403,
            code: 'forbidden',
            message: 'Not a member of this hub',
            userMessage: 'You are not a member of this hub.',
          });
        }
        const [settings, types] = await Promise.all([getHubSettings(ctx.tx, hub.id), listUserTypes(ctx.tx, hub.id)]);
        return {
          hub: presentHub({
            hub,
            settings,
            userTypes: types,
            viewerUserType: ctx.membership?.userType ?? null,
            canManageSettings: ctx.hasRight('branding-settings'),
          }),
        };
      }),
  );

  app.get(
    HUB_PATHS.publicHub,
    {
      schema: {
        tags: ['hubs'],
        summary: 'Name, signup methods and user types of a hub, for its signup page',
        params: ZPublicHubParams,
        response: { 200: ZPublicHubResponse, 404: ZErrorBody },
      },
    },
    async (request) =>
      request.tenant({ auth: 'optional', hub: 'required', hubIdentifier: request.params.identifier }, async (ctx) => {
        const hub = ctx.requireHub();
        const [settings, types] = await Promise.all([getHubSettings(ctx.tx, hub.id), listUserTypes(ctx.tx, hub.id)]);
        return { hub: presentPublicHub({ hub, settings, userTypes: types }) };
      }),
  );
};
