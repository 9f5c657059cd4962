import { ACCOUNT_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { clearSessionCookies } from '../auth/session-cookies.js';
import {
  changePassword,
  requestAccountDeletion,
  requestEmailChange,
  updateAccountSettings,
  verifyEmailChange,
} from './account.commands.js';
import { exportMyData } from './account.export.js';
import { presentSettings } from './account.presenter.js';

/**
 * Account settings of issue #4 item 7. Endpoints that revoke sessions or kick the mail relay do it after
 * their transaction commits, so they use route() with their own tenant transaction.
 */
export function accountRoutes(
  deps: Pick<TAppDeps, 'mail' | 'config' | 'failureCounters' | 'realtime'>,
): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, ACCOUNT_ENDPOINTS.settings, async (ctx) => {
      const { user } = ctx.requireViewer();
      return { settings: await presentSettings(ctx.tx, user) };
    });

    tenantRoute(app, ACCOUNT_ENDPOINTS.updateSettings, async (ctx, { body }) => {
      const updated = await updateAccountSettings(ctx, body);
      return { settings: await presentSettings(ctx.tx, updated) };
    });

    route(app, ACCOUNT_ENDPOINTS.changePassword, async ({ request, body }) => {
      const session = await request.tenant(tenantOptionsOf(ACCOUNT_ENDPOINTS.changePassword), async (ctx) => {
        await changePassword(ctx, { ...body, failures: deps.failureCounters.currentPassword });
        const viewer = ctx.requireViewer();
        return { clusterId: ctx.clusterId, userId: viewer.user.id, sessionId: viewer.sessionId };
      });
      // Every other session ended with the old password: its open sockets close too.
      await deps.realtime.gateway.revokeSessions({
        clusterId: session.clusterId,
        userId: session.userId,
        sessionIds: null,
        exceptSessionId: session.sessionId,
      });
      return { ok: true as const };
    });

    route(app, ACCOUNT_ENDPOINTS.changeEmail, async ({ request, body }) => {
      await request.tenant(tenantOptionsOf(ACCOUNT_ENDPOINTS.changeEmail), (ctx) =>
        requestEmailChange(ctx, {
          ...body,
          publicUrl: deps.config.publicUrl,
          failures: deps.failureCounters.currentPassword,
        }),
      );
      deps.mail.kick();
      return { isSent: true };
    });

    tenantRoute(app, ACCOUNT_ENDPOINTS.verifyEmail, async (ctx, { body }) => {
      await verifyEmailChange(ctx, body.token);
      return { ok: true as const };
    });

    route(app, ACCOUNT_ENDPOINTS.deleteAccount, async ({ request, reply, body }) => {
      const result = await request.tenant(tenantOptionsOf(ACCOUNT_ENDPOINTS.deleteAccount), async (ctx) => ({
        ...(await requestAccountDeletion(ctx, {
          password: body.password,
          failures: deps.failureCounters.currentPassword,
        })),
        at: ctx.now,
        clusterId: ctx.clusterId,
        userId: ctx.requireViewer().user.id,
      }));
      await deps.realtime.gateway.revokeSessions({
        clusterId: result.clusterId,
        userId: result.userId,
        sessionIds: null,
      });
      clearSessionCookies(reply, deps.config.isProduction);
      return { deleteRequestedAt: result.at.toISOString(), erasureAfter: result.erasureAfter.toISOString() };
    });

    route(app, ACCOUNT_ENDPOINTS.exportData, async ({ request, reply }) => {
      const zip = await request.tenant(tenantOptionsOf(ACCOUNT_ENDPOINTS.exportData), (ctx) =>
        exportMyData(ctx),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="commons-my-data.zip"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    });
  };
}
