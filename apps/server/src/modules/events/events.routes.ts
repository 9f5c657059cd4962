import {
  EVENT_PATHS,
  ZAttendeeList,
  ZCheckInRequest,
  ZCreateEventRequest,
  ZErrorBody,
  ZEventDecisionRequest,
  ZEventListQuery,
  ZEventListResponse,
  ZEventParams,
  ZEventResponse,
  ZEventSettings,
  ZFeedParams,
  ZFeedUrlResponse,
  ZMyRegistrationResponse,
  ZRegisterRequest,
  ZRegistrationDecisionRequest,
  ZRegistrationParams,
  ZUpdateEventRequest,
  type TEventDetail,
  type TEventSummary,
  webPaths,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { feedTokenHash, parseFeedSegment } from '../../lib/feed-tokens.js';
import { isActiveApprovedMember } from '../hubs/hubs.queries.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  cancelRegistration,
  checkIn,
  createEvent,
  decideEvent,
  decideRegistration,
  eventFeedToken,
  register,
  requireOrganizedEvent,
  requireReadableEvent,
  updateEvent,
  type TRegistrationRow,
} from './events.commands.js';
import { attendeesCsv } from './events.csv.js';
import { buildEventsCalendar, calendarLinks } from './events.ical.js';
import { creationStatus, isOrganizer, type TEventRow } from './events.policy.js';
import { eventOrganizer, findEventFeed, listAttendees, listEvents, listFeedEvents, listPendingEvents, myRegistrations } from './events.queries.js';
import { mapInSeries } from '../../db/in-series.js';
import type { TAuthorRow } from '../content/content.queries.js';
import { presentAuthor } from '../content/content.presenter.js';
import { accessibleGroupIds, requireGroupContent, requireHubReader } from '../content/content.policy.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** Events (issue #7 item 4): create, list, register with capacity and waitlist, organise, calendars. */
export function eventRoutes(deps: Pick<TAppDeps, 'config'>): FastifyPluginAsyncZod {
  const publicUrl = deps.config.publicUrl;
  const host = new URL(publicUrl).host;
  const secret = deps.config.jwtSecret;
  const eventFeedUrl = (token: string) => `${publicUrl}${EVENT_PATHS.feed.replace(':token', `${token}.ics`)}`;

  async function summary(ctx: TRequestContext, event: TEventRow, organizer: TAuthorRow, registration: TRegistrationRow | undefined): Promise<TEventSummary> {
    const isOrganizing = await isOrganizer(ctx, event);
    const viewerId = ctx.viewer?.user.id ?? null;
    return {
      id: event.id,
      title: event.title,
      excerpt: event.descriptionText.length > 200 ? `${event.descriptionText.slice(0, 199)}…` : event.descriptionText,
      format: event.format,
      location: event.location,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      timeZone: event.timeZone,
      capacity: event.capacity,
      registeredCount: event.registeredCount,
      waitlistCount: event.waitlistCount,
      spotsLeft: event.capacity === null ? null : Math.max(0, event.capacity - event.registeredCount),
      status: event.status,
      groupId: event.groupId,
      myRegistration: registration && registration.status !== 'cancelled' ? registration.status : null,
      organizer: presentAuthor(organizer),
      can: {
        edit: isOrganizing,
        manage: isOrganizing,
        register: event.status === 'approved' && event.endsAt.getTime() > ctx.now.getTime(),
        report: viewerId !== null && event.createdByUserId !== viewerId,
      },
    };
  }

  async function detail(ctx: TRequestContext, event: TEventRow): Promise<TEventDetail> {
    const viewerId = ctx.requireViewer().user.id;
    const registration = (await myRegistrations(ctx.tx, { userId: viewerId, eventIds: [event.id] })).get(event.id);
    const base = await summary(ctx, event, await eventOrganizer(ctx.tx, event), registration);
    const isInside = base.can.manage || registration?.status === 'registered';
    const calendarEvent = { row: event, pageUrl: `${publicUrl}${webPaths.event(event.id)}`, virtualUrl: isInside ? event.virtualUrl : null, descriptionText: event.descriptionText };
    return {
      ...base,
      description: event.description,
      virtualUrl: isInside ? event.virtualUrl : null,
      isApprovalRequired: event.isApprovalRequired,
      registrationQuestions: event.registrationQuestions,
      calendarLinks: calendarLinks(calendarEvent),
    };
  }

  return async (app) => {
    app.get(
      EVENT_PATHS.events,
      { schema: { tags: ['events'], summary: 'Upcoming, past or my events of the hub or a group', querystring: ZEventListQuery, response: { 200: ZEventListResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          const groupId = request.query.groupId ?? null;
          if (groupId !== null) await requireGroupContent(ctx, groupId);
          const viewerId = ctx.requireViewer().user.id;
          const { rows, nextCursor } = await listEvents(ctx.tx, {
            hubId: ctx.requireHub().id,
            viewerId,
            groupIds: await accessibleGroupIds(ctx),
            groupId,
            when: request.query.when,
            q: request.query.q,
            now: ctx.now,
            cursor: request.query.cursor,
            limit: request.query.limit,
            canSeeProposals: ctx.hasRight('approve-events') || ctx.hasRight('manage-events'),
          });
          const registrations = await myRegistrations(ctx.tx, { userId: viewerId, eventIds: rows.map((r) => r.event.id) });
          return { items: await mapInSeries(rows, (r) => summary(ctx, r.event, r.organizer, registrations.get(r.event.id))), nextCursor };
        }),
    );

    app.post(
      EVENT_PATHS.events,
      { schema: { tags: ['events'], summary: 'Create an event (manage-events, group admins, or members when the hub allows: then approve-events)', body: ZCreateEventRequest, response: { 201: ZEventResponse, ...errors } } },
      async (request, reply) => {
        const result = await request.tenant(tenant, async (ctx) => ({ event: await detail(ctx, await createEvent(ctx, request.body)) }));
        return reply.code(201).send(result);
      },
    );

    app.get(
      EVENT_PATHS.settings,
      {
        schema: {
          tags: ['events'],
          summary: 'Whether the viewer may create events here, and whether they wait for approval',
          querystring: z.object({ groupId: z.string().uuid().optional() }),
          response: { 200: ZEventSettings, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          const canApprove = ctx.hasRight('approve-events');
          try {
            const status = await creationStatus(ctx, request.query.groupId ?? null);
            return { canCreate: true, isApprovalNeeded: status === 'pending', canApprove };
          } catch (error) {
            if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return { canCreate: false, isApprovalNeeded: false, canApprove };
            throw error;
          }
        }),
    );

    app.get(
      EVENT_PATHS.approvals,
      { schema: { tags: ['events'], summary: 'Events waiting for approval (approve-events)', response: { 200: ZEventListResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          ctx.requireRight('approve-events');
          const rows = await listPendingEvents(ctx.tx, ctx.requireHub().id);
          return { items: await mapInSeries(rows, (r) => summary(ctx, r.event, r.organizer, undefined)), nextCursor: null };
        }),
    );

    app.get(
      EVENT_PATHS.feedUrl,
      { schema: { tags: ['events'], summary: 'My private calendar feed URL of the hub’s events and mine (subscribe in a calendar app)', response: { 200: ZFeedUrlResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          return { url: eventFeedUrl(await eventFeedToken(ctx, { secret, isReplaced: false })) };
        }),
    );

    app.post(
      EVENT_PATHS.rotateFeedUrl,
      { schema: { tags: ['events'], summary: 'Replace my private calendar feed URL of the hub (the old URL stops working)', response: { 200: ZFeedUrlResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          return { url: eventFeedUrl(await eventFeedToken(ctx, { secret, isReplaced: true })) };
        }),
    );

    app.get(
      EVENT_PATHS.feed,
      {
        schema: {
          tags: ['events'],
          summary: 'A subscribed calendar feed (the token is the secret; no sign-in); it works while its owner is an approved member of the hub',
          security: [],
          params: ZFeedParams,
          produces: ['text/calendar'],
        },
      },
      async (request, reply) => {
        const token = parseFeedSegment(request.params.token);
        const feed = token ? await request.tenant({ auth: 'optional', hub: 'none' }, (ctx) => findEventFeed(ctx.tx, feedTokenHash(token))) : null;
        if (!feed) throw notFound('Feed');
        const body = await request.tenant({ auth: 'optional', hub: 'required', hubIdentifier: String(feed.hubId) }, async (ctx) => {
          if (!(await isActiveApprovedMember(ctx.tx, { userId: feed.userId, hubId: feed.hubId }))) throw notFound('Feed');
          const { rows, registeredIds } = await listFeedEvents(ctx.tx, { userId: feed.userId, hubId: feed.hubId, now: ctx.now });
          return buildEventsCalendar({
            name: `${feed.hubName} events`,
            now: ctx.now,
            host,
            events: rows.map((row) => ({ row, pageUrl: `${publicUrl}${webPaths.event(row.id)}`, virtualUrl: registeredIds.has(row.id) ? row.virtualUrl : null, descriptionText: row.descriptionText })),
          });
        });
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
      },
    );

    app.get(
      EVENT_PATHS.event,
      { schema: { tags: ['events'], summary: 'An event with the viewer’s registration and add-to-calendar links', params: ZEventParams, response: { 200: ZEventResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          return { event: await detail(ctx, await requireReadableEvent(ctx, request.params.id)) };
        }),
    );

    app.patch(
      EVENT_PATHS.event,
      { schema: { tags: ['events'], summary: 'Edit or cancel an event (organisers)', params: ZEventParams, body: ZUpdateEventRequest, response: { 200: ZEventResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          return { event: await detail(ctx, await updateEvent(ctx, { id: request.params.id, request: request.body })) };
        }),
    );

    app.post(
      EVENT_PATHS.decision,
      { schema: { tags: ['events'], summary: 'Publish or reject a proposed event (approve-events)', params: ZEventParams, body: ZEventDecisionRequest, response: { 200: ZEventResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => ({ event: await detail(ctx, await decideEvent(ctx, { id: request.params.id, decision: request.body.decision })) })),
    );

    app.post(
      EVENT_PATHS.registrations,
      { schema: { tags: ['events'], summary: 'Register for an event: registered, waitlisted when full, or waiting for the organiser', params: ZEventParams, body: ZRegisterRequest, response: { 201: ZMyRegistrationResponse, ...errors } } },
      async (request, reply) => {
        const result = await request.tenant(tenant, async (ctx) => {
          const registration = await register(ctx, { id: request.params.id, answers: request.body.answers });
          return { status: registration.status, event: await detail(ctx, await requireReadableEvent(ctx, request.params.id)) };
        });
        return reply.code(201).send(result);
      },
    );

    app.delete(
      EVENT_PATHS.myRegistration,
      { schema: { tags: ['events'], summary: 'Cancel my registration; a freed place goes to the waitlist', params: ZEventParams, response: { 200: ZEventResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          await cancelRegistration(ctx, { id: request.params.id });
          return { event: await detail(ctx, await requireReadableEvent(ctx, request.params.id)) };
        }),
    );

    app.get(
      EVENT_PATHS.registrations,
      { schema: { tags: ['events'], summary: 'Attendees with their answers and check-in (organisers)', params: ZEventParams, response: { 200: ZAttendeeList, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const event = await requireOrganizedEvent(ctx, request.params.id);
          return { items: await listAttendees(ctx.tx, event.id) };
        }),
    );

    app.post(
      EVENT_PATHS.registration,
      { schema: { tags: ['events'], summary: 'Approve or decline a registration (organisers)', params: ZRegistrationParams, body: ZRegistrationDecisionRequest, response: { 200: z.object({ status: z.string() }), ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const registration = await decideRegistration(ctx, { ...request.params, decision: request.body.decision });
          return { status: registration.status };
        }),
    );

    app.post(
      EVENT_PATHS.checkIn,
      { schema: { tags: ['events'], summary: 'Check an attendee in (organisers)', params: ZRegistrationParams, body: ZCheckInRequest, response: { 200: z.object({ checkedInAt: z.string().nullable() }), ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const registration = await checkIn(ctx, { ...request.params, isCheckedIn: request.body.isCheckedIn });
          return { checkedInAt: registration.checkedInAt?.toISOString() ?? null };
        }),
    );

    app.get(
      EVENT_PATHS.attendeesCsv,
      { schema: { tags: ['events'], summary: 'Attendee list as CSV (organisers)', params: ZEventParams, produces: ['text/csv'] } },
      async (request, reply) => {
        const { event, csv } = await request.tenant(tenant, async (ctx) => {
          const found = await requireOrganizedEvent(ctx, request.params.id);
          await ctx.audit({ action: 'events.attendees_export', targetType: 'event', targetId: found.id });
          return { event: found, csv: attendeesCsv({ questions: found.registrationQuestions, attendees: await listAttendees(ctx.tx, found.id) }) };
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="attendees-${event.id}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(csv);
      },
    );

    app.get(
      EVENT_PATHS.inviteIcs,
      { schema: { tags: ['events'], summary: 'The event as an .ics file for any calendar', params: ZEventParams, produces: ['text/calendar'] } },
      async (request, reply) => {
        const body = await request.tenant(tenant, async (ctx) => {
          requireHubReader(ctx);
          const event = await requireReadableEvent(ctx, request.params.id);
          const registration = (await myRegistrations(ctx.tx, { userId: ctx.requireViewer().user.id, eventIds: [event.id] })).get(event.id);
          const isInside = (await isOrganizer(ctx, event)) || registration?.status === 'registered';
          return buildEventsCalendar({
            name: event.title,
            now: ctx.now,
            host,
            events: [{ row: event, pageUrl: `${publicUrl}${webPaths.event(event.id)}`, virtualUrl: isInside ? event.virtualUrl : null, descriptionText: event.descriptionText }],
          });
        });
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="event-${request.params.id}.ics"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  };
}
