import {
  NOTIFICATION_PATHS,
  ZErrorBody,
  ZMarkAllNotificationsReadRequest,
  ZMarkAllNotificationsReadResponse,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationResponse,
  ZNotificationUnreadCount,
  ZNotificationUnreadCountQuery,
  ZDigestUnsubscribeResponse,
} from '@commons/contract';
import { formatCount } from '@commons/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app-deps.js';
import { users } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { notFound } from '../../lib/app-error.js';
import { markNotificationsRead } from './notifications.commands.js';
import { setEmailDigestFrequency } from './notifications.preferences.js';
import { countUnreadNotifications, findNotification, listNotifications } from './notifications.queries.js';
import { verifyUnsubscribeToken } from './notifications.tokens.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tenant = { auth: 'required', hub: 'none' } as const;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTokenParams = z.object({ token: z.string().min(1).max(100) });
const INVALID_LINK_HTML = '<p>This unsubscribe link is not valid or has expired. You can turn message emails off in your account settings.</p>';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** Notifications of issue #5 item 4: the bell's list, count and read marks, and one-click unsubscribe. */
export function notificationRoutes(
  deps: Pick<TAppDeps, 'config' | 'database' | 'clock'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      NOTIFICATION_PATHS.list,
      {
        schema: {
          tags: ['notifications'],
          summary: 'My notifications, newest first; unread=true, type= or category= filter them (spec 7)',
          querystring: ZNotificationListQuery,
          response: { 200: ZNotificationList, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { unread, ...query } = request.query;
          return listNotifications(ctx.tx, {
            userId: ctx.requireViewer().user.id,
            isUnreadOnly: unread,
            ...query,
          });
        }),
    );

    app.get(
      NOTIFICATION_PATHS.unreadCount,
      {
        schema: {
          tags: ['notifications'],
          summary: 'How many of my notifications are unread, with the spec 9 count display text',
          querystring: ZNotificationUnreadCountQuery,
          response: { 200: ZNotificationUnreadCount, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const count = await countUnreadNotifications(ctx.tx, {
            userId: ctx.requireViewer().user.id,
            category: request.query.category,
          });
          return { count, display: formatCount(count) };
        }),
    );

    app.post(
      NOTIFICATION_PATHS.markRead,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of my notifications read',
          params: ZIdParams,
          response: { 200: ZNotificationResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const userId = ctx.requireViewer().user.id;
          const before = await findNotification(ctx.tx, { userId, id: request.params.id });
          if (!before) throw notFound('Notification');
          await markNotificationsRead(ctx.tx, {
            clusterId: ctx.clusterId,
            userId,
            now: ctx.now,
            ids: [before.id],
          });
          const notification = await findNotification(ctx.tx, { userId, id: before.id });
          if (!notification) throw notFound('Notification');
          return { notification };
        }),
    );

    app.post(
      NOTIFICATION_PATHS.markAllRead,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark all my notifications read (or those of a category or type)',
          body: ZMarkAllNotificationsReadRequest,
          response: { 200: ZMarkAllNotificationsReadResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const userId = ctx.requireViewer().user.id;
          const ids = await markNotificationsRead(ctx.tx, {
            clusterId: ctx.clusterId,
            userId,
            now: ctx.now,
            ...request.body,
          });
          return { markedCount: ids.length, unreadCount: await countUnreadNotifications(ctx.tx, { userId }) };
        }),
    );

    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; nothing else here reads forms.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    /** Turns email digests off for the token's user; null when the token is not valid or expired. */
    const unsubscribe = async (token: string) => {
      const target = verifyUnsubscribeToken(token, { secret: deps.config.jwtSecret, now: deps.clock() });
      if (!target || target.groupId !== null) return null;
      return withTenant(
        deps.database.db,
        { clusterId: target.clusterId, userId: target.userId },
        async (tx) => {
          const [user] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, target.userId))
            .limit(1);
          if (!user) return null;
          await setEmailDigestFrequency(tx, { ...target, frequency: 'never', now: deps.clock() });
          return { emailDigestFrequency: 'never' as const };
        },
      );
    };
    const wantsHtml = (request: FastifyRequest) =>
      !String(request.headers['content-type'] ?? '').includes('json') &&
      String(request.headers.accept ?? '').includes('text/html');
    const sendHtml = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

    app.get(
      NOTIFICATION_PATHS.unsubscribe,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Confirmation page of an unsubscribe link (a GET changes nothing: link scanners)',
          params: ZTokenParams,
        },
      },
      async (request, reply) => {
        const target = verifyUnsubscribeToken(request.params.token, { secret: deps.config.jwtSecret, now: deps.clock() });
        if (!target || target.groupId !== null) return sendHtml(reply, 404, page('Link not valid', INVALID_LINK_HTML));
        return sendHtml(
          reply,
          200,
          page(
            'Unsubscribe from message emails',
            `<p>You will no longer get emails about unread messages. You can turn them back on in your account settings.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
      },
    );

    app.post(
      NOTIFICATION_PATHS.unsubscribe,
      {
        schema: {
          tags: ['notifications'],
          summary: 'One-click unsubscribe (RFC 8058): email digests become never; works without signing in',
          params: ZTokenParams,
          response: { 200: ZDigestUnsubscribeResponse, 404: ZErrorBody },
        },
      },
      async (request, reply) => {
        const result = await unsubscribe(request.params.token);
        if (wantsHtml(request)) {
          return result
            ? sendHtml(
                reply,
                200,
                page('You are unsubscribed', '<p>You will no longer get emails about unread messages.</p>'),
              )
            : sendHtml(reply, 404, page('Link not valid', INVALID_LINK_HTML));
        }
        if (!result) throw notFound('Subscription');
        return result;
      },
    );
  };
}
