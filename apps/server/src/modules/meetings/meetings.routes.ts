import {
  MEETING_PATHS,
  ZAcceptMeetingRequest,
  ZCreateMeetingRequest,
  ZErrorBody,
  ZMeetingListResponse,
  ZMeetingNoteRequest,
  ZMeetingParams,
  ZMeetingResponse,
  ZMeetingSlotsQuery,
  ZMeetingSlotsResponse,
  ZMeetingTokenParams,
  ZProposeMeetingRequest,
  ZThreadParams,
  type TMeetingAction,
} from '@commons/contract';
import { meetingSlots } from '@commons/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppDeps } from '../../app-deps.js';
import { conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isClosedFor } from '../inbox/inbox.policy.js';
import { threadView } from '../inbox/inbox.presenter.js';
import { findThreadFor, type TThreadListRow } from '../inbox/inbox.queries.js';
import { acceptMeeting, createMeeting, endMeeting, lastAvailabilityDay, meetingLinks, proposeTimes, type TMeetingDeps } from './meetings.commands.js';
import { buildCalendar, organizerFrom } from './meetings.ical.js';
import { isKnownTimeZone, meetingStatus, proposalProblem, requireMeetingAbility, zonedDay } from './meetings.policy.js';
import { presentMeeting } from './meetings.presenter.js';
import { busyIntervals, findMeetingByToken, findMeetingFor, listThreadMeetings, loadPeople, type TMeetingRow } from './meetings.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const inThread = { auth: 'required', hub: 'required' } as const;
const anyHub = { auth: 'required', hub: 'none' } as const;

/** The viewer's thread in the request's hub; anyone else gets 404 (as the inbox answers). */
async function requireThread(ctx: TRequestContext, threadId: string, hubId: number): Promise<TThreadListRow> {
  const row = await findThreadFor(ctx.tx, { threadId, viewerId: ctx.requireViewer().user.id, hubId });
  if (!row) throw notFound('Thread');
  return row;
}

/** A meeting of the viewer with its thread as the viewer sees it (read-only rule of spec 4). */
async function requireMeeting(ctx: TRequestContext, row: TMeetingRow | null) {
  if (!row) throw notFound('Meeting');
  const viewerId = ctx.requireViewer().user.id;
  const thread = await requireThread(ctx, row.threadId, row.hubId);
  return { row, thread, isThreadClosed: isClosedFor(threadView(thread, viewerId)) };
}

/** Presents meetings of one thread for the viewer. */
async function present(ctx: TRequestContext, rows: TMeetingRow[], thread: TThreadListRow) {
  const viewerId = ctx.requireViewer().user.id;
  const people = await loadPeople(ctx.tx, rows.flatMap((r) => [r.fromUserId, r.toUserId]));
  const isThreadClosed = isClosedFor(threadView(thread, viewerId));
  return rows.map((row) => presentMeeting({ row, people, viewerId, now: ctx.now, isThreadClosed, threadMessageType: thread.thread.messageType }));
}

async function presentOne(ctx: TRequestContext, row: TMeetingRow) {
  const { thread } = await requireMeeting(ctx, row);
  const [meeting] = await present(ctx, [row], thread);
  if (!meeting) throw new Error('meeting not presented');
  return { meeting };
}

/** Meetings in threads (issue #5 item 2): request, answer, reschedule, end, invites and the by-token page. */
export function meetingRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsyncZod {
  const meetingDeps: TMeetingDeps = { publicUrl: deps.config.publicUrl, mailFrom: deps.config.mailFrom };
  return async (app) => {
    app.get(
      MEETING_PATHS.threadMeetings,
      {
        schema: { tags: ['meetings'], summary: 'Meetings of one of my threads, oldest first', params: ZThreadParams, response: { 200: ZMeetingListResponse, ...errors } },
      },
      async (request) =>
        request.tenant(inThread, async (ctx) => {
          const thread = await requireThread(ctx, request.params.id, ctx.requireHub().id);
          return { items: await present(ctx, await listThreadMeetings(ctx.tx, thread.thread.id), thread) };
        }),
    );

    app.post(
      MEETING_PATHS.threadMeetings,
      {
        schema: {
          tags: ['meetings'],
          summary: 'Request a meeting in a thread with proposed times on the meeting grid (spec 5 Meeting slots)',
          params: ZThreadParams,
          body: ZCreateMeetingRequest,
          response: { 201: ZMeetingResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await request.tenant(inThread, async (ctx) => {
          const thread = await requireThread(ctx, request.params.id, ctx.requireHub().id);
          const isThreadClosed = isClosedFor(threadView(thread, ctx.requireViewer().user.id));
          const row = await createMeeting(ctx, { thread, isThreadClosed, request: request.body });
          return presentOne(ctx, row);
        });
        return reply.code(201).send(result);
      },
    );

    app.get(
      MEETING_PATHS.threadSlots,
      {
        schema: {
          tags: ['meetings'],
          summary: 'Slots of one day for proposing times to the other participant (spec 5 Meeting slots and Availability)',
          params: ZThreadParams,
          querystring: ZMeetingSlotsQuery,
          response: { 200: ZMeetingSlotsResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(inThread, async (ctx) => {
          const viewer = ctx.requireViewer().user;
          const thread = await requireThread(ctx, request.params.id, ctx.requireHub().id);
          const { date, durationMinutes, timezone } = request.query;
          if (!isKnownTimeZone(timezone)) throw validationError({ timezone: 'Choose a time zone from the list.' });
          const otherId = thread.thread.fromUserId === viewer.id ? thread.thread.toUserId : thread.thread.fromUserId;
          const people = await loadPeople(ctx.tx, [viewer.id, otherId]);
          const other = people.get(otherId);
          if (!other) throw notFound('Thread');
          const day = zonedDay(date, timezone);
          if (!day) throw validationError({ date: 'Choose a date.' });
          const { dayStart, dayEnd } = day;
          const stepMinutes = other.slotMinutes === 15 ? 15 : 30;
          const busy = await busyIntervals(ctx.tx, { userIds: [viewer.id, otherId], from: dayStart, to: new Date(dayEnd.getTime() + durationMinutes * 60_000) });
          const rules = {
            now: ctx.now,
            durationMinutes,
            pickerTimeZone: timezone,
            stepMinutes,
            other: { firstName: other.firstName, timezone: other.timezone, weeklyHours: other.weeklyHours, lastAvailabilityDay: lastAvailabilityDay(other.lastAvailabilityDate) },
            busy,
          };
          return {
            stepMinutes,
            timezone,
            other: { id: other.id, identifier: other.identifier, firstName: other.firstName, fullName: `${other.firstName} ${other.lastName}`.trim(), photoUrl: other.photoUrl, timezone: other.timezone },
            hasWeeklyHours: other.weeklyHours.length > 0,
            lastAvailabilityDate: lastAvailabilityDay(other.lastAvailabilityDate),
            slots: meetingSlots({ dayStart, dayEnd, stepMinutes }).map((slot) => ({ start: slot.toISOString(), isDisabled: proposalProblem(slot, rules) !== null })),
          };
        }),
    );

    app.get(
      MEETING_PATHS.meeting,
      { schema: { tags: ['meetings'], summary: 'One of my meetings', params: ZMeetingParams, response: { 200: ZMeetingResponse, ...errors } } },
      async (request) =>
        request.tenant(anyHub, async (ctx) => presentOne(ctx, (await requireMeeting(ctx, await findMeetingFor(ctx.tx, { meetingId: request.params.id, viewerId: ctx.requireViewer().user.id }))).row)),
    );

    app.get(
      MEETING_PATHS.byToken,
      {
        schema: {
          tags: ['meetings'],
          summary: 'My meeting by its token (/inbox/{address}/meeting/{meetingToken}); others get 404',
          params: ZMeetingTokenParams,
          response: { 200: ZMeetingResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(anyHub, async (ctx) => {
          const row = await findMeetingByToken(ctx.tx, { token: request.params.token, viewerId: ctx.requireViewer().user.id });
          return presentOne(ctx, (await requireMeeting(ctx, row)).row);
        }),
    );

    const action = <TBody extends z.ZodType>(options: {
      path: string;
      name: TMeetingAction;
      summary: string;
      body: TBody;
      run: (ctx: TRequestContext, loaded: Awaited<ReturnType<typeof requireMeeting>>, body: z.infer<TBody>) => Promise<TMeetingRow>;
    }) =>
      app.post(
        options.path,
        { schema: { tags: ['meetings'], summary: options.summary, params: ZMeetingParams, body: options.body, response: { 200: ZMeetingResponse, ...errors } } },
        async (request) => {
          const result = await request.tenant(anyHub, async (ctx) => {
            const viewerId = ctx.requireViewer().user.id;
            const loaded = await requireMeeting(ctx, await findMeetingFor(ctx.tx, { meetingId: request.params.id, viewerId }));
            requireMeetingAbility({ row: loaded.row, viewerId, now: ctx.now, isThreadClosed: loaded.isThreadClosed }, options.name);
            const row = await options.run(ctx, loaded, request.body as z.infer<TBody>);
            return presentOne(ctx, row);
          });
          deps.mail.kick();
          return result;
        },
      );

    action({
      path: MEETING_PATHS.accept,
      name: 'accept',
      summary: 'Accept one proposed time; both participants get the invite (METHOD:REQUEST)',
      body: ZAcceptMeetingRequest,
      run: (ctx, loaded, body) => acceptMeeting(ctx, meetingDeps, { row: loaded.row, thread: loaded.thread, time: body.time }),
    });
    action({
      path: MEETING_PATHS.propose,
      name: 'propose',
      summary: 'Propose other times: a counter-proposal, or a reschedule of an upcoming meeting (METHOD:CANCEL, then a new request)',
      body: ZProposeMeetingRequest,
      run: (ctx, loaded, body) =>
        proposeTimes(ctx, meetingDeps, {
          row: loaded.row,
          isReschedule: meetingStatus(loaded.row, ctx.now) === 'upcoming',
          proposedTimes: body.proposedTimes,
          timezone: body.timezone,
          note: body.note,
        }),
    });
    for (const [name, path, summary] of [
      ['reject', MEETING_PATHS.reject, 'Decline a pending request (the participant who answers it)'],
      ['cancel', MEETING_PATHS.cancel, 'Cancel my pending request or an upcoming meeting; calendars get METHOD:CANCEL'],
      ['complete', MEETING_PATHS.complete, 'Mark a meeting that has started as completed'],
      ['no-show', MEETING_PATHS.noShow, 'Mark a meeting that has started as a no-show'],
    ] as const) {
      action({ path, name, summary, body: ZMeetingNoteRequest, run: (ctx, loaded, body) => endMeeting(ctx, meetingDeps, { row: loaded.row, action: name, note: body.note }) });
    }

    app.get(
      MEETING_PATHS.invite,
      {
        schema: {
          tags: ['meetings'],
          summary: 'The iCalendar invite of a scheduled meeting (METHOD:REQUEST; METHOD:CANCEL once canceled or rescheduled)',
          params: ZMeetingParams,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const ics = await request.tenant(anyHub, async (ctx) => {
          const viewerId = ctx.requireViewer().user.id;
          const { row } = await requireMeeting(ctx, await findMeetingFor(ctx.tx, { meetingId: request.params.id, viewerId }));
          if (!row.scheduledTime) throw conflict('This meeting has no time yet.');
          const people = await loadPeople(ctx.tx, [row.fromUserId, row.toUserId]);
          const from = people.get(row.fromUserId);
          const to = people.get(row.toUserId);
          const viewer = people.get(viewerId);
          if (!from || !to || !viewer) throw notFound('Meeting');
          const isCancelled = row.status === 'cancelled' || row.lastEvent === 'rescheduleRequested';
          return buildCalendar({
            method: isCancelled ? 'CANCEL' : 'REQUEST',
            organizer: organizerFrom(deps.config.mailFrom),
            now: ctx.now,
            meetings: [{ row, from, to, ...meetingLinks(meetingDeps, row, viewer), isCancelled }],
          });
        });
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'attachment; filename="invite.ics"')
          .header('cache-control', 'no-store')
          .send(ics);
      },
    );
  };
}
