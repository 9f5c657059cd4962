import { MEETING_ENDPOINTS, type TEndpointResponse, type TMeetingAction } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { route, tenantOptionsOf, tenantRoute, type TRouteInput } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isClosedFor } from '../inbox/inbox.policy.js';
import { threadView } from '../inbox/inbox.presenter.js';
import {
  acceptMeeting,
  createMeeting,
  endMeeting,
  proposeTimes,
  type TMeetingDeps,
} from './meetings.commands.js';
import {
  meetingStatus,
  requireMeeting,
  requireMeetingAbility,
  requireMeetingThread,
} from './meetings.policy.js';
import { presentMeetingResponse, presentThreadMeetings } from './meetings.presenter.js';
import {
  advisingOfMeetings,
  buildMeetingInvite,
  findMeetingByToken,
  findMeetingFor,
  findMeetingSlots,
  listThreadMeetings,
  type TMeetingRow,
} from './meetings.queries.js';

type TLoadedMeeting = Awaited<ReturnType<typeof requireMeeting>>;

/** 409 for a meeting action on an advising appointment, which changes through advising (issue #21). */
function advisingMeetingRefusal(): AppError {
  const message = 'This meeting is an advising appointment: change it from your appointments in Advising.';
  return new AppError({ statusCode: 409, code: 'advising_appointment', message, userMessage: message });
}
/** The meeting action endpoints: POST /api/meetings/{id}/{action}. */
type TActionEndpoint = (typeof MEETING_ENDPOINTS)[
  'accept' | 'propose' | 'reject' | 'cancel' | 'complete' | 'noShow'];

/** Meetings in threads (issue #5 item 2): request, answer, reschedule, end, invites and the by-token page. */
export function meetingRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsync {
  const meetingDeps: TMeetingDeps = { publicUrl: deps.config.publicUrl, mailFrom: deps.config.mailFrom };
  return async (app) => {
    tenantRoute(app, MEETING_ENDPOINTS.threadMeetings, async (ctx, { params }) => {
      const thread = await requireMeetingThread(ctx, params.id, ctx.requireHub().id);
      return {
        items: await presentThreadMeetings(ctx, await listThreadMeetings(ctx.tx, thread.thread.id), thread),
      };
    });

    tenantRoute(app, MEETING_ENDPOINTS.create, async (ctx, { params, body }) => {
      const thread = await requireMeetingThread(ctx, params.id, ctx.requireHub().id);
      const isThreadClosed = isClosedFor(threadView(thread, ctx.requireViewer().user.id));
      return presentMeetingResponse(ctx, await createMeeting(ctx, { thread, isThreadClosed, request: body }));
    });

    tenantRoute(app, MEETING_ENDPOINTS.threadSlots, async (ctx, { params, query }) =>
      findMeetingSlots(ctx, {
        thread: await requireMeetingThread(ctx, params.id, ctx.requireHub().id),
        query,
      }),
    );

    tenantRoute(app, MEETING_ENDPOINTS.meeting, async (ctx, { params }) => {
      const { row } = await requireMeeting(
        ctx,
        await findMeetingFor(ctx.tx, { meetingId: params.id, viewerId: ctx.requireViewer().user.id }),
      );
      return presentMeetingResponse(ctx, row);
    });

    tenantRoute(app, MEETING_ENDPOINTS.byToken, async (ctx, { params }) => {
      const { row } = await requireMeeting(
        ctx,
        await findMeetingByToken(ctx.tx, { token: params.token, viewerId: ctx.requireViewer().user.id }),
      );
      return presentMeetingResponse(ctx, row);
    });

    /** An action on one of my meetings, when its state lets me; the mail it queues is sent once the transaction committed. */
    const action = <E extends TActionEndpoint>(
      endpoint: E,
      name: TMeetingAction,
      run: (
        ctx: TRequestContext,
        loaded: TLoadedMeeting,
        body: TRouteInput<E>['body'],
      ) => Promise<TMeetingRow>,
    ) =>
      route(app, endpoint, async (input) => {
        const result = await input.request.tenant(tenantOptionsOf(endpoint), async (ctx) => {
          const viewerId = ctx.requireViewer().user.id;
          const loaded = await requireMeeting(
            ctx,
            await findMeetingFor(ctx.tx, { meetingId: input.params.id, viewerId }),
          );
          if ((await advisingOfMeetings(ctx.tx, [loaded.row.id])).size > 0) throw advisingMeetingRefusal();
          requireMeetingAbility(
            { row: loaded.row, viewerId, now: ctx.now, isThreadClosed: loaded.isThreadClosed },
            name,
          );
          return presentMeetingResponse(ctx, await run(ctx, loaded, input.body));
        });
        deps.mail.kick();
        // Every action endpoint answers ZMeetingResponse; E only keeps each one's body type.
        return result as TEndpointResponse<E>;
      });

    action(MEETING_ENDPOINTS.accept, 'accept', (ctx, loaded, body) =>
      acceptMeeting(ctx, meetingDeps, { row: loaded.row, thread: loaded.thread, time: body.time }),
    );
    action(MEETING_ENDPOINTS.propose, 'propose', (ctx, loaded, body) =>
      proposeTimes(ctx, meetingDeps, {
        row: loaded.row,
        isReschedule: meetingStatus(loaded.row, ctx.now) === 'upcoming',
        proposedTimes: body.proposedTimes,
        timezone: body.timezone,
        note: body.note,
      }),
    );
    for (const [endpoint, name] of [
      [MEETING_ENDPOINTS.reject, 'reject'],
      [MEETING_ENDPOINTS.cancel, 'cancel'],
      [MEETING_ENDPOINTS.complete, 'complete'],
      [MEETING_ENDPOINTS.noShow, 'no-show'],
    ] as const) {
      action(endpoint, name, (ctx, loaded, body) =>
        endMeeting(ctx, meetingDeps, { row: loaded.row, action: name, note: body.note }),
      );
    }

    tenantRoute(app, MEETING_ENDPOINTS.invite, async (ctx, { params, reply }) => {
      const ics = await buildMeetingInvite(ctx, { meetingId: params.id, deps: meetingDeps });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invite.ics"')
        .header('cache-control', 'no-store')
        .send(ics);
    });
  };
}
