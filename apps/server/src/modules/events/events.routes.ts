import { EVENT_ENDPOINTS, endpointPath, webPaths } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app-deps.js';
import { notFound } from '../../lib/app-error.js';
import { feedTokenHash, parseFeedSegment } from '../../lib/feed-tokens.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { isActiveApprovedMember } from '../hubs/hubs.queries.js';
import { requireHubReader } from '../content/content.policy.js';
import {
  cancelRegistration,
  checkIn,
  createEvent,
  decideEvent,
  decideRegistration,
  eventFeedToken,
  register,
  updateEvent,
} from './events.commands.js';
import { attendeesCsv } from './events.csv.js';
import { buildEventsCalendar } from './events.ical.js';
import {
  eventCreationSettings,
  isOrganizer,
  requireOrganizedEvent,
  requireReadableEvent,
} from './events.policy.js';
import { presentEventDetail, presentEventSummaries } from './events.presenter.js';
import {
  findEventFeed,
  listAttendees,
  listFeedEvents,
  listPendingEvents,
  myRegistrations,
  readEventList,
} from './events.queries.js';

/** Events (issue #7 item 4): create, list, register with capacity and waitlist, organise, calendars. */
export function eventRoutes(deps: Pick<TAppDeps, 'config'>): FastifyPluginAsyncZod {
  const publicUrl = deps.config.publicUrl;
  const host = new URL(publicUrl).host;
  const secret = deps.config.jwtSecret;
  const eventFeedUrl = (token: string) =>
    `${publicUrl}${endpointPath(EVENT_ENDPOINTS.feed.path, { token: `${token}.ics` })}`;
  const detail = (
    ctx: Parameters<typeof presentEventDetail>[0],
    event: Parameters<typeof presentEventDetail>[1],
  ) => presentEventDetail(ctx, event, { publicUrl });

  return async (app) => {
    tenantRoute(app, EVENT_ENDPOINTS.list, async (ctx, { query }) => {
      const { rows, nextCursor, registrations } = await readEventList(ctx, query);
      return { items: await presentEventSummaries(ctx, rows, registrations), nextCursor };
    });

    tenantRoute(app, EVENT_ENDPOINTS.create, async (ctx, { body }) => ({
      event: await detail(ctx, await createEvent(ctx, body)),
    }));

    tenantRoute(app, EVENT_ENDPOINTS.settings, async (ctx, { query }) => {
      requireHubReader(ctx);
      return eventCreationSettings(ctx, query.groupId ?? null);
    });

    tenantRoute(app, EVENT_ENDPOINTS.approvals, async (ctx) => {
      ctx.requireRight('approve-events');
      const rows = await listPendingEvents(ctx.tx, ctx.requireHub().id);
      return {
        items: await presentEventSummaries(ctx, rows, new Map()),
        nextCursor: null,
      };
    });

    tenantRoute(app, EVENT_ENDPOINTS.feedUrl, async (ctx) => {
      requireHubReader(ctx);
      return { url: eventFeedUrl(await eventFeedToken(ctx, { secret, isReplaced: false })) };
    });

    tenantRoute(app, EVENT_ENDPOINTS.rotateFeedUrl, async (ctx) => {
      requireHubReader(ctx);
      return { url: eventFeedUrl(await eventFeedToken(ctx, { secret, isReplaced: true })) };
    });

    // The token names the feed and its hub, so the second transaction opens in that hub.
    route(app, EVENT_ENDPOINTS.feed, async ({ params, request, reply }) => {
      const token = parseFeedSegment(params.token);
      const feed = token
        ? await request.tenant({ auth: 'optional', hub: 'none' }, (ctx) =>
            findEventFeed(ctx.tx, feedTokenHash(token)),
          )
        : null;
      if (!feed) throw notFound('Feed');
      const body = await request.tenant(
        { auth: 'optional', hub: 'required', hubIdentifier: String(feed.hubId) },
        async (ctx) => {
          if (!(await isActiveApprovedMember(ctx.tx, { userId: feed.userId, hubId: feed.hubId })))
            throw notFound('Feed');
          const { rows, registeredIds } = await listFeedEvents(ctx.tx, {
            userId: feed.userId,
            hubId: feed.hubId,
            now: ctx.now,
          });
          return buildEventsCalendar({
            name: `${feed.hubName} events`,
            now: ctx.now,
            host,
            events: rows.map((row) => ({
              row,
              pageUrl: `${publicUrl}${webPaths.event(row.id)}`,
              virtualUrl: registeredIds.has(row.id) ? row.virtualUrl : null,
              descriptionText: row.descriptionText,
            })),
          });
        },
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    });

    tenantRoute(app, EVENT_ENDPOINTS.get, async (ctx, { params }) => {
      requireHubReader(ctx);
      return { event: await detail(ctx, await requireReadableEvent(ctx, params.id)) };
    });

    tenantRoute(app, EVENT_ENDPOINTS.update, async (ctx, { params, body }) => {
      requireHubReader(ctx);
      return { event: await detail(ctx, await updateEvent(ctx, { id: params.id, request: body })) };
    });

    tenantRoute(app, EVENT_ENDPOINTS.decide, async (ctx, { params, body }) => ({
      event: await detail(ctx, await decideEvent(ctx, { id: params.id, decision: body.decision })),
    }));

    tenantRoute(app, EVENT_ENDPOINTS.register, async (ctx, { params, body }) => {
      const registration = await register(ctx, { id: params.id, answers: body.answers });
      return {
        status: registration.status,
        event: await detail(ctx, await requireReadableEvent(ctx, params.id)),
      };
    });

    tenantRoute(app, EVENT_ENDPOINTS.cancelRegistration, async (ctx, { params }) => {
      await cancelRegistration(ctx, { id: params.id });
      return { event: await detail(ctx, await requireReadableEvent(ctx, params.id)) };
    });

    tenantRoute(app, EVENT_ENDPOINTS.attendees, async (ctx, { params }) => {
      const event = await requireOrganizedEvent(ctx, params.id);
      return { items: await listAttendees(ctx.tx, event.id) };
    });

    tenantRoute(app, EVENT_ENDPOINTS.decideRegistration, async (ctx, { params, body }) => {
      const registration = await decideRegistration(ctx, { ...params, decision: body.decision });
      return { status: registration.status };
    });

    tenantRoute(app, EVENT_ENDPOINTS.checkIn, async (ctx, { params, body }) => {
      const registration = await checkIn(ctx, { ...params, isCheckedIn: body.isCheckedIn });
      return { checkedInAt: registration.checkedInAt?.toISOString() ?? null };
    });

    // Files are sent after the transaction commits (the export is audited in it).
    const { attendeesCsv: csvEndpoint, inviteIcs } = EVENT_ENDPOINTS;
    route(app, csvEndpoint, async ({ params, request, reply }) => {
      const { event, csv } = await request.tenant(tenantOptionsOf(csvEndpoint), async (ctx) => {
        const found = await requireOrganizedEvent(ctx, params.id);
        await ctx.audit({ action: 'events.attendees_export', targetType: 'event', targetId: found.id });
        return {
          event: found,
          csv: attendeesCsv({
            questions: found.registrationQuestions,
            attendees: await listAttendees(ctx.tx, found.id),
          }),
        };
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendees-${event.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    });

    route(app, inviteIcs, async ({ params, request, reply }) => {
      const body = await request.tenant(tenantOptionsOf(inviteIcs), async (ctx) => {
        requireHubReader(ctx);
        const event = await requireReadableEvent(ctx, params.id);
        const registration = (
          await myRegistrations(ctx.tx, { userId: ctx.requireViewer().user.id, eventIds: [event.id] })
        ).get(event.id);
        const isInside = (await isOrganizer(ctx, event)) || registration?.status === 'registered';
        return buildEventsCalendar({
          name: event.title,
          now: ctx.now,
          host,
          events: [
            {
              row: event,
              pageUrl: `${publicUrl}${webPaths.event(event.id)}`,
              virtualUrl: isInside ? event.virtualUrl : null,
              descriptionText: event.descriptionText,
            },
          ],
        });
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${params.id}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });
  };
}
