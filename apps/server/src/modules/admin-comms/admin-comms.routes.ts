import { BULK_MESSAGE_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { forbidden } from '../../lib/app-error.js';
import { decodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import {
  cancelBulkMessage,
  createBulkMessage,
  dismissAnnouncement,
  invalidUnsubscribeLink,
  isBulkUnsubscribeToken,
  myAnnouncements,
  previewBulkMessage,
  sendableChannels,
  unsubscribeBulkEmails,
} from './admin-comms.commands.js';
import {
  audienceNames,
  audienceOptions,
  bulkMessagePage,
  deliveryCounts,
  presentBulkMessage,
  type TBulkMessageRow,
} from './admin-comms.queries.js';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
const INVALID_LINK = page(
  'Link not valid',
  '<p>This unsubscribe link is not valid or has expired. Ask your community’s admins to stop sending you emails.</p>',
);
const wantsHtml = (request: FastifyRequest) =>
  !String(request.headers['content-type'] ?? '').includes('json') &&
  String(request.headers.accept ?? '').includes('text/html');
const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/** Admins holding bulk-emails or announcements (spec 6); 403 for everyone else. */
function requireSender(ctx: TRequestContext) {
  ctx.requireHub();
  const channels = sendableChannels(ctx);
  if (channels.length === 0)
    throw forbidden('Only admins who send bulk emails or announcements can open this.');
  return channels;
}

/** Messages as the list shows them, with audience names and delivery counts read once per page. */
async function presentAll(
  ctx: TRequestContext,
  rows: Array<{ message: TBulkMessageRow; createdBy: string | null }>,
) {
  const names = await audienceNames(
    ctx.tx,
    rows.map((r) => r.message.audience),
  );
  const counts = await deliveryCounts(
    ctx.tx,
    rows.map((r) => r.message.id),
  );
  return rows.map((r) =>
    presentBulkMessage(r.message, { createdBy: r.createdBy, names, counts: counts.get(r.message.id) }),
  );
}

/** Bulk emails, announcements and their unsubscribe link (issue #22 item 3). */
export function adminCommsRoutes(
  deps: Pick<TAppDeps, 'mail' | 'realtime' | 'config' | 'database' | 'clock'>,
): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, BULK_MESSAGE_ENDPOINTS.list, async (ctx, { query }) => {
      const channels = requireSender(ctx);
      const shown = query.channel ? channels.filter((c) => c === query.channel) : channels;
      if (shown.length === 0) throw forbidden('You cannot send this kind of message here.');
      const { rows, nextCursor } = await bulkMessagePage(ctx.tx, {
        hubId: ctx.requireHub().id,
        channels: shown,
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const items = await presentAll(
        ctx,
        rows.map((r) => ({
          message: r.message,
          createdBy: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
        })),
      );
      return { items, nextCursor, channels };
    });

    tenantRoute(app, BULK_MESSAGE_ENDPOINTS.audienceOptions, async (ctx) => {
      requireSender(ctx);
      return audienceOptions(ctx.tx, ctx.requireHub().id);
    });

    tenantRoute(app, BULK_MESSAGE_ENDPOINTS.preview, async (ctx, { body }) => {
      requireSender(ctx);
      return previewBulkMessage(ctx, body);
    });

    // The mail relay and realtime outbox are kicked after the transaction commits.
    route(app, BULK_MESSAGE_ENDPOINTS.create, async ({ request, body, reply }) => {
      const summary = await request.tenant(tenantOptionsOf(BULK_MESSAGE_ENDPOINTS.create), async (ctx) => {
        requireSender(ctx);
        const row = await createBulkMessage(ctx, {
          ...body,
          publicUrl: deps.config.publicUrl,
          secret: deps.config.jwtSecret,
        });
        const viewer = ctx.requireViewer().user;
        const [item] = await presentAll(ctx, [
          { message: row, createdBy: `${viewer.firstName} ${viewer.lastName}`.trim() },
        ]);
        return item;
      });
      deps.mail.kick();
      deps.realtime.kick();
      return reply.code(201).send(summary);
    });

    tenantRoute(app, BULK_MESSAGE_ENDPOINTS.cancel, async (ctx, { params }) => {
      requireSender(ctx);
      const row = await cancelBulkMessage(ctx, params.id);
      const [item] = await presentAll(ctx, [{ message: row, createdBy: null }]);
      if (!item) throw new Error('cancelled message not presented');
      return item;
    });

    tenantRoute(app, BULK_MESSAGE_ENDPOINTS.mine, async (ctx) => ({ items: await myAnnouncements(ctx) }));

    tenantRoute(app, BULK_MESSAGE_ENDPOINTS.dismiss, (ctx, { params }) =>
      dismissAnnouncement(ctx, params.id),
    );

    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; nothing else in this plugin reads forms.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    route(app, BULK_MESSAGE_ENDPOINTS.unsubscribePage, async ({ params, reply }) => {
      // The page only asks (a GET never changes anything: link scanners); the form's POST unsubscribes.
      if (!isBulkUnsubscribeToken(params.token, { secret: deps.config.jwtSecret, now: deps.clock() }))
        return sendHtml(reply, 404, INVALID_LINK);
      return sendHtml(
        reply,
        200,
        page(
          'Unsubscribe from community emails',
          `<p>You will no longer get emails that your community’s admins send to many members at once.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    });

    route(app, BULK_MESSAGE_ENDPOINTS.unsubscribe, async ({ params, request, reply }) => {
      const result = await unsubscribeBulkEmails(deps.database.db, {
        token: params.token,
        secret: deps.config.jwtSecret,
        now: deps.clock(),
      });
      if (wantsHtml(request)) {
        return result
          ? sendHtml(
              reply,
              200,
              page(
                'You are unsubscribed',
                '<p>You will no longer get bulk emails from your community’s admins.</p>',
              ),
            )
          : sendHtml(reply, 404, INVALID_LINK);
      }
      if (!result) throw invalidUnsubscribeLink();
      return result;
    });
  };
}
