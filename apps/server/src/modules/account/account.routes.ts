import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_PATHS,
  REFRESH_COOKIE,
  ZAccountSettingsRequest,
  ZAccountSettingsResponse,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZDeleteAccountResponse,
  ZErrorBody,
  ZMagicLinkResponse,
  ZOkResponse,
  ZVerifyEmailRequest,
} from '@commons/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app-deps.js';
import { users } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import { changePassword, requestAccountDeletion, requestEmailChange, verifyEmailChange } from './account.commands.js';
import { exportMyData } from './account.export.js';
import type { TTx } from '../../db/client.js';
import { emailDigestFrequencyOf, setEmailDigestFrequency } from '../notifications/notifications.preferences.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** True when the runtime knows the IANA time zone. */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The settings the account page shows, with the email digest preference (issue #5 item 4). */
async function presentSettings(tx: TTx, user: typeof users.$inferSelect) {
  const emailDigestFrequency = await emailDigestFrequencyOf(tx, user.id);
  return { timezone: user.timezone, isAlwaysOffline: user.isAlwaysOffline, email: user.email, emailVerified: user.emailVerified, emailDigestFrequency };
}

/** Account settings of issue #4 item 7. */
export function accountRoutes(deps: Pick<TAppDeps, 'mail' | 'config' | 'failureCounters' | 'realtime'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ACCOUNT_PATHS.settings,
      { schema: { tags: ['account'], summary: 'My account settings', response: { 200: ZAccountSettingsResponse, ...errors } } },
      async (request) =>
        request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const { user } = ctx.requireViewer();
          return { settings: await presentSettings(ctx.tx, user) };
        }),
    );

    app.patch(
      ACCOUNT_PATHS.settings,
      { schema: { tags: ['account'], summary: 'Time zone, always-offline presence and email digests of unread messages', body: ZAccountSettingsRequest, response: { 200: ZAccountSettingsResponse, ...errors } } },
      async (request) =>
        request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
          const viewer = ctx.requireViewer();
          if (request.body.timezone !== undefined && !isKnownTimeZone(request.body.timezone)) {
            throw validationError({ timezone: 'Choose a time zone from the list.' });
          }
          const { emailDigestFrequency, ...userFields } = request.body;
          if (emailDigestFrequency) {
            await setEmailDigestFrequency(ctx.tx, { clusterId: ctx.clusterId, userId: viewer.user.id, frequency: emailDigestFrequency, now: ctx.now });
          }
          const [updated] = await ctx.tx
            .update(users)
            .set({ ...userFields, updatedAt: ctx.now })
            .where(eq(users.id, viewer.user.id))
            .returning();
          await ctx.audit({ action: 'account.settings', targetType: 'user', targetId: viewer.user.id, data: request.body });
          return { settings: await presentSettings(ctx.tx, updated ?? viewer.user) };
        }),
    );

    app.post(
      ACCOUNT_PATHS.password,
      { schema: { tags: ['account'], summary: 'Change my password; every other session ends', body: ZChangePasswordRequest, response: { 200: ZOkResponse, ...errors } } },
      async (request) =>
        {
          const session = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => {
            await changePassword(ctx, { ...request.body, failures: deps.failureCounters.currentPassword });
            const viewer = ctx.requireViewer();
            return { clusterId: ctx.clusterId, userId: viewer.user.id, sessionId: viewer.sessionId };
          });
          // Every other session ended with the old password: its open sockets close too.
          await deps.realtime.gateway.revokeSessions({ clusterId: session.clusterId, userId: session.userId, sessionIds: null, exceptSessionId: session.sessionId });
          return { ok: true as const };
        },
    );

    app.post(
      ACCOUNT_PATHS.email,
      { schema: { tags: ['account'], summary: 'Change my email (password required; the new address confirms by link)', body: ZChangeEmailRequest, response: { 200: ZMagicLinkResponse, ...errors } } },
      async (request) => {
        await request.tenant({ auth: 'required', hub: 'none' }, (ctx) => requestEmailChange(ctx, { ...request.body, publicUrl: deps.config.publicUrl, failures: deps.failureCounters.currentPassword }));
        deps.mail.kick();
        return { isSent: true };
      },
    );

    app.post(
      ACCOUNT_PATHS.emailVerify,
      { schema: { tags: ['account'], summary: 'Confirm a new email address from its link', body: ZVerifyEmailRequest, response: { 200: ZOkResponse, ...errors } } },
      async (request) =>
        request.tenant({ auth: 'optional', hub: 'none' }, async (ctx) => {
          await verifyEmailChange(ctx, request.body.token);
          return { ok: true as const };
        }),
    );

    app.delete(
      ACCOUNT_PATHS.deleteAccount,
      {
        schema: {
          tags: ['account'],
          summary: `Delete my account: it stops working now and is erased after ${ACCOUNT_DELETION_GRACE_DAYS} days`,
          body: ZDeleteAccountRequest,
          response: { 200: ZDeleteAccountResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await request.tenant({ auth: 'required', hub: 'none' }, async (ctx) => ({
          ...(await requestAccountDeletion(ctx, { password: request.body.password, failures: deps.failureCounters.currentPassword })),
          at: ctx.now,
          clusterId: ctx.clusterId,
          userId: ctx.requireViewer().user.id,
        }));
        await deps.realtime.gateway.revokeSessions({ clusterId: result.clusterId, userId: result.userId, sessionIds: null });
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
        return { deleteRequestedAt: result.at.toISOString(), erasureAfter: result.erasureAfter.toISOString() };
      },
    );

    app.get(
      ACCOUNT_PATHS.exportData,
      { schema: { tags: ['account'], summary: 'Download everything stored about me (ZIP of JSON files)', produces: ['application/zip'] } },
      async (request, reply) => {
        const zip = await request.tenant({ auth: 'required', hub: 'none' }, (ctx) => exportMyData(ctx));
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', 'attachment; filename="commons-my-data.zip"')
          .header('cache-control', 'no-store')
          .send(Buffer.from(zip));
      },
    );
  };
}
