import { NOTIFICATION_ENDPOINTS } from '@commons/contract';
import { formatCount } from '@commons/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { route, tenantRoute } from '../../plugins/route.js';
import {
  markAllNotificationsRead,
  markNotificationRead,
  unsubscribeEmailDigests,
} from './notifications.commands.js';
import { countUnreadNotifications, listNotifications } from './notifications.queries.js';
import { verifyUnsubscribeToken } from './notifications.tokens.js';

const INVALID_LINK_HTML =
  '<p>This unsubscribe link is not valid or has expired. You can turn message emails off in your account settings.</p>';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const wantsHtml = (request: FastifyRequest) =>
  !String(request.headers['content-type'] ?? '').includes('json') &&
  String(request.headers.accept ?? '').includes('text/html');
const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/** Notifications of issue #5 item 4: the bell's list, count and read marks, and one-click unsubscribe. */
export function notificationRoutes(
  deps: Pick<TAppDeps, 'config' | 'database' | 'clock'>,
): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, NOTIFICATION_ENDPOINTS.list, async (ctx, { query: { unread, ...query } }) =>
      listNotifications(ctx.tx, { userId: ctx.requireViewer().user.id, isUnreadOnly: unread, ...query }),
    );

    tenantRoute(app, NOTIFICATION_ENDPOINTS.unreadCount, async (ctx, { query }) => {
      const count = await countUnreadNotifications(ctx.tx, {
        userId: ctx.requireViewer().user.id,
        category: query.category,
      });
      return { count, display: formatCount(count) };
    });

    tenantRoute(app, NOTIFICATION_ENDPOINTS.markRead, async (ctx, { params }) => ({
      notification: await markNotificationRead(ctx.tx, {
        clusterId: ctx.clusterId,
        userId: ctx.requireViewer().user.id,
        now: ctx.now,
        id: params.id,
      }),
    }));

    tenantRoute(app, NOTIFICATION_ENDPOINTS.markAllRead, async (ctx, { body }) =>
      markAllNotificationsRead(ctx.tx, {
        clusterId: ctx.clusterId,
        userId: ctx.requireViewer().user.id,
        now: ctx.now,
        filter: body,
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

    route(app, NOTIFICATION_ENDPOINTS.unsubscribePage, async ({ params, reply }) => {
      const target = verifyUnsubscribeToken(params.token, {
        secret: deps.config.jwtSecret,
        now: deps.clock(),
      });
      if (!target || target.groupId !== null)
        return sendHtml(reply, 404, page('Link not valid', INVALID_LINK_HTML));
      return sendHtml(
        reply,
        200,
        page(
          'Unsubscribe from message emails',
          `<p>You will no longer get emails about unread messages. You can turn them back on in your account settings.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    });

    route(app, NOTIFICATION_ENDPOINTS.unsubscribe, async ({ params, request, reply }) => {
      const result = await unsubscribeEmailDigests(deps.database.db, {
        token: params.token,
        secret: deps.config.jwtSecret,
        now: deps.clock(),
      });
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
    });
  };
}
