import { PUSH_TOKEN_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { deletePushToken, registerPushToken } from './push-tokens.commands.js';
import { presentPushToken } from './push-tokens.presenter.js';

/** Push tokens of the native app (spec 7, issue #16 item 19): registered after sign-in, deleted at sign-out. */
export const pushTokenRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, PUSH_TOKEN_ENDPOINTS.register, async (ctx, { body }) => ({
    pushToken: presentPushToken(await registerPushToken(ctx, body)),
  }));

  tenantRoute(app, PUSH_TOKEN_ENDPOINTS.delete, async (ctx, { body }) => {
    await deletePushToken(ctx, body.token);
    return undefined;
  });
};
