import {
  ADVISING_ADMIN_ENDPOINTS,
  ADVISING_DEMO_CALENDAR_ENDPOINT,
  ADVISING_ENDPOINTS,
  ZHubSettings,
  type TAdvisingReportQuery,
} from '@commons/contract';
import {
  addCalendarDays,
  ADVISING_STATUS_LABELS,
  isKnownTimeZone,
  NO_AVAILABLE_DATES_MESSAGE,
  zonedDate,
  zonedDayBounds,
  type TAdvisingStatus,
} from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { decodeCursor, INVALID_CURSOR_MESSAGE } from '../../lib/cursor.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';
import { demoCalendarIcs } from './advising.calendar.js';
import {
  bookAppointment,
  bookerOf,
  cancelAppointment,
  createAdviser,
  createAppointmentType,
  createTopic,
  deleteAdviser,
  deleteAppointmentType,
  deleteTopic,
  markFollowUpDone,
  reloadAppointment,
  rescheduleAppointment,
  saveFollowUp,
  saveStaffNotes,
  setAdvisingStatus,
  updateAdviser,
  updateAppointmentType,
  updateAvailability,
  updateTopic,
  type TAdvisingDeps,
} from './advising.commands.js';
import {
  adviserUnavailableMessage,
  appointmentRole,
  canEditAdviserHours,
  canManageAdvising,
  isAdvisingShown,
  mayBook,
  requireAdvisingAdmin,
  requireAdvisingMember,
  requireAppointmentRole,
  requireChange,
  requireFollowUpOwner,
  requireMover,
  requireStaff,
  servesTopic,
  type TBooker,
} from './advising.policy.js';
import {
  presentAdminAdviser,
  presentAdminType,
  presentAdviserCard,
  presentAppointment,
  presentAvailability,
  presentReport,
  presentTopic,
  presentTypeSummary,
  reportCsv,
} from './advising.presenter.js';
import {
  adviserCandidates,
  adviserCountsByTopic,
  advisersWithCalendar,
  appointmentCountsByTopic,
  appointmentsPage,
  findAdviser,
  findAdviserByUser,
  findAppointment,
  findCalendar,
  findSlotsInputs,
  listAdvisers,
  listAppointmentTypes,
  listTopics,
  reportCounts,
  upcomingBusyCount,
  upcomingCountsByAdviser,
  type TAdviserWithUser,
  type TAppointmentTypeRow,
  type TTopicRow,
} from './advising.queries.js';
import { freeSlotsFor } from './advising.slots.js';

/** The types of an adviser the viewer may book, of one topic when asked. */
function bookableTypes(options: {
  adviser: TAdviserWithUser;
  types: ReadonlyMap<string, TAppointmentTypeRow>;
  booker: TBooker;
  topicId?: string | undefined;
}): TAppointmentTypeRow[] {
  return options.adviser.adviser.appointmentTypeIds.flatMap((id) => {
    const type = options.types.get(id);
    if (!type || !servesTopic(type, options.topicId)) return [];
    return mayBook({ booker: options.booker, type, adviser: options.adviser }) ? [type] : [];
  });
}

/** What adviser cards need: the hub's active topics and types, and the viewer as a booker. */
async function cardContext(ctx: TRequestContext) {
  const hubId = ctx.requireHub().id;
  const topics = await listTopics(ctx.tx, { hubId, isAll: true });
  const types = await listAppointmentTypes(ctx.tx, { hubId, isAll: false });
  const booker = await bookerOf(ctx, [...new Set(types.flatMap((t) => t.bookerProgramIds))]);
  return {
    topics: new Map<string, TTopicRow>(topics.map((t) => [t.id, t])),
    types: new Map<string, TAppointmentTypeRow>(types.map((t) => [t.id, t])),
    booker,
  };
}

function presentCard(
  ctx: TRequestContext,
  row: TAdviserWithUser,
  context: Awaited<ReturnType<typeof cardContext>>,
  options: { topicId?: string | undefined; isBookingOpen: boolean },
) {
  return presentAdviserCard({
    row,
    topics: context.topics,
    bookableTypes: options.isBookingOpen
      ? bookableTypes({
          adviser: row,
          types: context.types,
          booker: context.booker,
          topicId: options.topicId,
        })
      : [],
    unavailableMessage: adviserUnavailableMessage(row, ctx.now),
    canEditHours: canEditAdviserHours(ctx, row),
  });
}

/** An active adviser of the request's hub (inactive ones only for advising admins), else 404. */
async function requireAdviser(ctx: TRequestContext, id: string): Promise<TAdviserWithUser> {
  return requireVisibleAdviser(ctx, await findAdviser(ctx.tx, { hubId: ctx.requireHub().id, id }));
}

/** An adviser the viewer may see: active with a live account, or the viewer's own, or any for advising admins. */
function requireVisibleAdviser(ctx: TRequestContext, row: TAdviserWithUser | null): TAdviserWithUser {
  if (!row) throw notFound('Adviser');
  const isVisible =
    (row.adviser.isActive && row.user.deleteRequestedAt === null) ||
    canManageAdvising(ctx) ||
    row.adviser.userId === ctx.requireViewer().user.id;
  if (!isVisible) throw notFound('Adviser');
  return row;
}

/** An adviser whose hours the viewer may edit (the adviser, advising admins); 403 for other members. */
async function requireHoursEditor(ctx: TRequestContext, id: string): Promise<TAdviserWithUser> {
  const row = await requireAdviser(ctx, id);
  if (!canEditAdviserHours(ctx, row))
    throw new AppError({
      statusCode: 403,
      code: 'forbidden',
      message: 'Only the adviser and advising admins can see or change these hours.',
      userMessage: 'Only the adviser and advising admins can see or change these hours.',
    });
  return row;
}

async function availabilityOf(ctx: TRequestContext, row: TAdviserWithUser) {
  return {
    availability: presentAvailability({
      row,
      calendar: await findCalendar(ctx.tx, row.adviser.id),
      busyCount: await upcomingBusyCount(ctx.tx, { adviserId: row.adviser.id, now: ctx.now }),
    }),
  };
}

/** The report's days: `from`/`to` of the query in its zone, by default the last 12 weeks and the next 4. */
function reportWindow(ctx: TRequestContext, query: TAdvisingReportQuery) {
  if (!isKnownTimeZone(query.tz)) throw validationError({ tz: 'Choose a time zone from the list.' });
  const today = zonedDate(ctx.now, query.tz);
  const from = query.from ?? addCalendarDays(today, -84);
  const to = query.to ?? addCalendarDays(today, 28);
  if (to < from) throw validationError({ to: 'The end must be on or after the start.' });
  return {
    from,
    to,
    fromInstant: zonedDayBounds(from, query.tz).start,
    toInstant: zonedDayBounds(to, query.tz).end,
  };
}

async function buildReport(ctx: TRequestContext, query: TAdvisingReportQuery) {
  const hubId = ctx.requireHub().id;
  const window = reportWindow(ctx, query);
  const counts = await reportCounts(ctx.tx, {
    hubId,
    groupBy: query.groupBy,
    from: window.fromInstant,
    to: window.toInstant,
    timeZone: query.tz,
  });
  const topics = new Map((await listTopics(ctx.tx, { hubId, isAll: true })).map((t) => [t.id, t.name]));
  const advisers = new Map(
    (await listAdvisers(ctx.tx, { hubId, isAll: true })).map((a) => [
      a.adviser.id,
      `${a.user.firstName} ${a.user.lastName}`.trim(),
    ]),
  );
  const labelOf = (key: string | null): string => {
    if (key === null) return query.groupBy === 'topic' ? 'No topic' : '';
    switch (query.groupBy) {
      case 'topic':
        return topics.get(key) ?? 'Removed topic';
      case 'adviser':
        return advisers.get(key) ?? 'Removed adviser';
      case 'status':
        return ADVISING_STATUS_LABELS[key as TAdvisingStatus] ?? key;
      case 'week':
        return `Week of ${key}`;
    }
  };
  return presentReport({
    groupBy: query.groupBy,
    from: window.from,
    to: window.to,
    timezone: query.tz,
    counts,
    labelOf,
  });
}

/**
 * Advising (issue #21): topics, advisers and their free slots for quick booking, appointments (book, list,
 * cancel, reschedule, check-in / completed / no-show, staff notes), advisers' hours and calendars, and the advising
 * admin (advisers, topics, appointment types, reports with CSV). Writes that queue mail kick the mail relay after
 * their transaction commits.
 */
export function advisingRoutes(deps: Pick<TAppDeps, 'config' | 'mail' | 'clock'>): FastifyPluginAsync {
  const advisingDeps: TAdvisingDeps = { publicUrl: deps.config.publicUrl, mailFrom: deps.config.mailFrom };
  return async (app) => {
    /** A member endpoint with the hub's settings checked (advising shown, approved member). */
    const member = async (ctx: TRequestContext) => {
      const settings = await getHubSettings(ctx.tx, ctx.requireHub().id);
      requireAdvisingMember(ctx, settings);
      return settings;
    };

    tenantRoute(app, ADVISING_ENDPOINTS.me, async (ctx) => {
      const viewer = ctx.requireViewer();
      const hub = ctx.requireHub();
      const settings = await getHubSettings(ctx.tx, hub.id);
      const own = await findAdviserByUser(ctx.tx, { hubId: hub.id, userId: viewer.user.id });
      const isMember = ctx.isClusterAdmin() || isApprovedMember(ctx.membership);
      return {
        adviser: own ? presentCard(ctx, own, await cardContext(ctx), { isBookingOpen: false }) : null,
        can: { book: isAdvisingShown(settings) && isMember, manage: canManageAdvising(ctx) },
      };
    });

    tenantRoute(app, ADVISING_ENDPOINTS.topics, async (ctx) => {
      await member(ctx);
      const hubId = ctx.requireHub().id;
      const counts = await adviserCountsByTopic(ctx.tx, hubId);
      const topics = await listTopics(ctx.tx, { hubId, isAll: false });
      return {
        items: topics
          .filter((t) => (counts.get(t.id) ?? 0) > 0)
          .map((t) => presentTopic(t, counts.get(t.id) ?? 0)),
      };
    });

    tenantRoute(app, ADVISING_ENDPOINTS.advisers, async (ctx, { query }) => {
      await member(ctx);
      const hubId = ctx.requireHub().id;
      const context = await cardContext(ctx);
      const rows = await listAdvisers(ctx.tx, { hubId, isAll: false, topicId: query.topicId });
      return {
        items: rows.map((row) =>
          presentCard(ctx, row, context, { topicId: query.topicId, isBookingOpen: true }),
        ),
      };
    });

    tenantRoute(app, ADVISING_ENDPOINTS.adviser, async (ctx, { params }) => {
      await member(ctx);
      const row = await requireAdviser(ctx, params.id);
      return {
        adviser: presentCard(ctx, row, await cardContext(ctx), { isBookingOpen: row.adviser.isActive }),
      };
    });

    tenantRoute(app, ADVISING_ENDPOINTS.slots, async (ctx, { params, query }) => {
      // One statement for the settings, the adviser, the type (and the appointment to move), one for the busy
      // time (a hot read).
      const inputs = await findSlotsInputs(ctx.tx, {
        hubId: ctx.requireHub().id,
        adviserId: params.id,
        appointmentTypeId: query.appointmentTypeId,
        appointmentId: query.appointmentId,
      });
      requireAdvisingMember(ctx, ZHubSettings.parse(inputs.settings));
      if (!isKnownTimeZone(query.tz)) throw validationError({ tz: 'Choose a time zone from the list.' });
      const adviser = requireVisibleAdviser(ctx, inputs.adviser);
      const { type, appointment } = inputs;
      if (query.appointmentId === undefined) {
        if (!type || !type.isActive || !adviser.adviser.appointmentTypeIds.includes(type.id))
          throw notFound('Appointment type');
        const booker = await bookerOf(ctx, type.bookerProgramIds);
        if (!mayBook({ booker, type, adviser }))
          throw new AppError({
            statusCode: 403,
            code: 'booking_not_allowed',
            message: 'You cannot book this appointment type.',
            userMessage: 'You cannot book this appointment type.',
          });
      } else {
        // A reschedule: the times the viewer may move their appointment to (its adviser and type, as the
        // reschedule command checks them; who may book was settled when it was booked).
        const role = appointment && type ? appointmentRole(ctx, { appointment, type }) : null;
        if (
          !appointment ||
          !type ||
          role === null ||
          appointment.adviserId !== adviser.adviser.id ||
          appointment.appointmentTypeId !== type.id
        )
          throw notFound('Appointment');
        requireMover(role);
        requireChange({ appointment, type }, role, ctx.now);
      }
      const unavailable = adviserUnavailableMessage(adviser, ctx.now);
      const days = await freeSlotsFor(ctx, {
        adviser,
        type,
        timezone: query.tz,
        from: query.from,
        to: query.to,
        ignoreAppointmentId: appointment?.id,
      });
      const hasSlots = days.some((d) => d.slots.length > 0);
      return {
        adviserId: adviser.adviser.id,
        appointmentType: presentTypeSummary(type),
        timezone: query.tz,
        stepMinutes: adviser.adviser.slotMinutes === 15 ? 15 : 30,
        days: days.map((d) => ({
          date: d.date,
          slots: d.slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
        })),
        emptyMessage: unavailable ?? (hasSlots ? null : NO_AVAILABLE_DATES_MESSAGE),
      };
    });

    tenantRoute(app, ADVISING_ENDPOINTS.availability, async (ctx, { params }) => {
      await member(ctx);
      return availabilityOf(ctx, await requireHoursEditor(ctx, params.id));
    });

    tenantRoute(app, ADVISING_ENDPOINTS.updateAvailability, async (ctx, { params, body }) => {
      await member(ctx);
      const row = await requireHoursEditor(ctx, params.id);
      await updateAvailability(ctx, { adviser: row, body });
      return availabilityOf(ctx, await requireAdviser(ctx, params.id));
    });

    route(app, ADVISING_ENDPOINTS.book, async ({ request, body }) => {
      const result = await request.tenant(tenantOptionsOf(ADVISING_ENDPOINTS.book), async (ctx) => {
        const settings = await member(ctx);
        const adviser = await requireAdviser(ctx, body.adviserId);
        if (!adviser.adviser.isActive) throw notFound('Adviser');
        const id = await bookAppointment(ctx, advisingDeps, { request: body, adviser, settings });
        const detail = await reloadAppointment(ctx, id);
        return { appointment: presentAppointment(detail, 'student', ctx.now) };
      });
      deps.mail.kick();
      return result;
    });

    tenantRoute(app, ADVISING_ENDPOINTS.appointments, async (ctx, { query }) => {
      await member(ctx);
      if (query.role === 'all') requireAdvisingAdmin(ctx);
      const cursor = decodeCursor(query.cursor);
      if (query.cursor !== undefined && cursor === null)
        throw validationError({ cursor: INVALID_CURSOR_MESSAGE });
      const viewerId = ctx.requireViewer().user.id;
      const page = await appointmentsPage(ctx.tx, {
        hubId: ctx.requireHub().id,
        viewerId,
        role: query.role,
        when: query.when,
        now: ctx.now,
        cursor,
        limit: query.limit,
      });
      return {
        items: page.rows.map((detail) => {
          const { role } = requireAppointmentRole(ctx, detail);
          return presentAppointment(detail, role, ctx.now);
        }),
        nextCursor: page.nextCursor,
      };
    });

    tenantRoute(app, ADVISING_ENDPOINTS.appointment, async (ctx, { params }) => {
      await member(ctx);
      const { detail, role } = requireAppointmentRole(
        ctx,
        await findAppointment(ctx.tx, { hubId: ctx.requireHub().id, id: params.id }),
      );
      return { appointment: presentAppointment(detail, role, ctx.now) };
    });

    route(app, ADVISING_ENDPOINTS.update, async ({ request, params, body }) => {
      const result = await request.tenant(tenantOptionsOf(ADVISING_ENDPOINTS.update), async (ctx) => {
        await member(ctx);
        const { detail, role } = requireAppointmentRole(
          ctx,
          await findAppointment(ctx.tx, { hubId: ctx.requireHub().id, id: params.id }),
        );
        requireStaff(role);
        const staffRole = role === 'adviser' ? 'adviser' : 'staff';
        if (body.advisingStatus !== undefined)
          await setAdvisingStatus(ctx, advisingDeps, {
            detail,
            role: staffRole,
            status: body.advisingStatus,
          });
        if (body.staffNotes !== undefined) await saveStaffNotes(ctx, { detail, notes: body.staffNotes });
        if (body.followUp !== undefined) {
          // A status set in the same request counts: completing and giving the follow-up at once.
          const current =
            body.advisingStatus === undefined ? detail : await reloadAppointment(ctx, detail.appointment.id);
          await saveFollowUp(ctx, { detail: current, followUp: body.followUp });
        }
        const updated = await reloadAppointment(ctx, detail.appointment.id);
        return { appointment: presentAppointment(updated, role, ctx.now) };
      });
      deps.mail.kick();
      return result;
    });

    tenantRoute(app, ADVISING_ENDPOINTS.followUpDone, async (ctx, { params, body }) => {
      await member(ctx);
      const { detail, role } = requireAppointmentRole(
        ctx,
        await findAppointment(ctx.tx, { hubId: ctx.requireHub().id, id: params.id }),
      );
      requireFollowUpOwner(detail, role);
      await markFollowUpDone(ctx, { detail, isDone: body.isDone });
      const updated = await reloadAppointment(ctx, detail.appointment.id);
      return { appointment: presentAppointment(updated, role, ctx.now) };
    });

    route(app, ADVISING_ENDPOINTS.cancel, async ({ request, params, body }) => {
      const result = await request.tenant(tenantOptionsOf(ADVISING_ENDPOINTS.cancel), async (ctx) => {
        await member(ctx);
        const { detail, role } = requireAppointmentRole(
          ctx,
          await findAppointment(ctx.tx, { hubId: ctx.requireHub().id, id: params.id }),
        );
        requireChange(detail, role, ctx.now);
        await cancelAppointment(ctx, advisingDeps, { detail, role, reason: body.reason });
        const updated = await reloadAppointment(ctx, detail.appointment.id);
        return { appointment: presentAppointment(updated, role, ctx.now) };
      });
      deps.mail.kick();
      return result;
    });

    route(app, ADVISING_ENDPOINTS.reschedule, async ({ request, params, body }) => {
      const result = await request.tenant(tenantOptionsOf(ADVISING_ENDPOINTS.reschedule), async (ctx) => {
        await member(ctx);
        const { detail, role } = requireAppointmentRole(
          ctx,
          await findAppointment(ctx.tx, { hubId: ctx.requireHub().id, id: params.id }),
        );
        requireMover(role);
        requireChange(detail, role, ctx.now);
        const adviser = await findAdviser(ctx.tx, { hubId: ctx.requireHub().id, id: detail.adviser.id });
        if (!adviser) throw notFound('Adviser');
        await rescheduleAppointment(ctx, advisingDeps, {
          detail,
          adviser,
          start: body.start,
          timezone: body.timezone,
        });
        const updated = await reloadAppointment(ctx, detail.appointment.id);
        return { appointment: presentAppointment(updated, role, ctx.now) };
      });
      deps.mail.kick();
      return result;
    });

    route(app, ADVISING_DEMO_CALENDAR_ENDPOINT, async ({ query, reply }) => {
      const zone = query.tz !== undefined && isKnownTimeZone(query.tz) ? query.tz : 'America/Los_Angeles';
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(demoCalendarIcs({ now: deps.clock(), timeZone: zone }));
    });

    // ---- Advising admin ----

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.advisers, async (ctx) => {
      requireAdvisingAdmin(ctx);
      const hubId = ctx.requireHub().id;
      const rows = await listAdvisers(ctx.tx, { hubId, isAll: true });
      const calendars = await advisersWithCalendar(ctx.tx, hubId);
      const upcoming = await upcomingCountsByAdviser(ctx.tx, { hubId, now: ctx.now });
      return {
        items: rows.map((row) =>
          presentAdminAdviser({
            row,
            hasCalendar: calendars.has(row.adviser.id),
            upcomingCount: upcoming.get(row.adviser.id) ?? 0,
          }),
        ),
      };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.candidates, async (ctx, { query }) => {
      requireAdvisingAdmin(ctx);
      const rows = await adviserCandidates(ctx.tx, { hubId: ctx.requireHub().id, q: query.q });
      return {
        items: rows.map((r) => ({
          userId: r.user.id,
          identifier: r.user.identifier,
          firstName: r.user.firstName,
          fullName: `${r.user.firstName} ${r.user.lastName}`.trim(),
          photoUrl: r.user.photoUrl,
          email: r.user.email,
          isAdviser: r.adviserId !== null,
        })),
      };
    });

    const adminAdviser = async (ctx: TRequestContext, id: string) => {
      const row = await findAdviser(ctx.tx, { hubId: ctx.requireHub().id, id });
      if (!row) throw notFound('Adviser');
      return presentAdminAdviser({
        row,
        hasCalendar: (await findCalendar(ctx.tx, id)) !== null,
        upcomingCount:
          (await upcomingCountsByAdviser(ctx.tx, { hubId: ctx.requireHub().id, now: ctx.now })).get(id) ?? 0,
      });
    };

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.createAdviser, async (ctx, { body }) => {
      requireAdvisingAdmin(ctx);
      const row = await createAdviser(ctx, body);
      return { adviser: await adminAdviser(ctx, row.id) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.updateAdviser, async (ctx, { params, body }) => {
      requireAdvisingAdmin(ctx);
      const row = await findAdviser(ctx.tx, { hubId: ctx.requireHub().id, id: params.id });
      if (!row) throw notFound('Adviser');
      await updateAdviser(ctx, { adviser: row, body });
      return { adviser: await adminAdviser(ctx, params.id) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.deleteAdviser, async (ctx, { params }) => {
      requireAdvisingAdmin(ctx);
      const row = await findAdviser(ctx.tx, { hubId: ctx.requireHub().id, id: params.id });
      if (!row) throw notFound('Adviser');
      await deleteAdviser(ctx, row);
      return undefined;
    });

    const adminTopics = async (ctx: TRequestContext) => {
      const hubId = ctx.requireHub().id;
      const advisers = await adviserCountsByTopic(ctx.tx, hubId);
      const appointments = await appointmentCountsByTopic(ctx.tx, hubId);
      return (row: TTopicRow) => ({
        ...presentTopic(row, advisers.get(row.id) ?? 0),
        isActive: row.isActive,
        appointmentCount: appointments.get(row.id) ?? 0,
      });
    };

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.topics, async (ctx) => {
      requireAdvisingAdmin(ctx);
      const present = await adminTopics(ctx);
      return { items: (await listTopics(ctx.tx, { hubId: ctx.requireHub().id, isAll: true })).map(present) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.createTopic, async (ctx, { body }) => {
      requireAdvisingAdmin(ctx);
      const row = await createTopic(ctx, body);
      return { topic: (await adminTopics(ctx))(row) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.updateTopic, async (ctx, { params, body }) => {
      requireAdvisingAdmin(ctx);
      const row = await updateTopic(ctx, { id: params.id, body });
      return { topic: (await adminTopics(ctx))(row) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.deleteTopic, async (ctx, { params }) => {
      requireAdvisingAdmin(ctx);
      await deleteTopic(ctx, params.id);
      return undefined;
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.appointmentTypes, async (ctx) => {
      requireAdvisingAdmin(ctx);
      const rows = await listAppointmentTypes(ctx.tx, { hubId: ctx.requireHub().id, isAll: true });
      return { items: rows.map(presentAdminType) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.createAppointmentType, async (ctx, { body }) => {
      requireAdvisingAdmin(ctx);
      return { appointmentType: presentAdminType(await createAppointmentType(ctx, body)) };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.updateAppointmentType, async (ctx, { params, body }) => {
      requireAdvisingAdmin(ctx);
      return {
        appointmentType: presentAdminType(await updateAppointmentType(ctx, { id: params.id, body })),
      };
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.deleteAppointmentType, async (ctx, { params }) => {
      requireAdvisingAdmin(ctx);
      await deleteAppointmentType(ctx, params.id);
      return undefined;
    });

    tenantRoute(app, ADVISING_ADMIN_ENDPOINTS.report, async (ctx, { query }) => {
      requireAdvisingAdmin(ctx);
      return buildReport(ctx, query);
    });

    // The file is sent after the transaction commits (the export is audited in it).
    route(app, ADVISING_ADMIN_ENDPOINTS.reportCsv, async ({ request, reply, query }) => {
      const { identifier, csv } = await request.tenant(
        tenantOptionsOf(ADVISING_ADMIN_ENDPOINTS.reportCsv),
        async (ctx) => {
          requireAdvisingAdmin(ctx);
          const report = await buildReport(ctx, query);
          const hub = ctx.requireHub();
          await ctx.audit({
            action: 'advising.report_export',
            targetType: 'hub',
            targetId: String(hub.id),
            data: { groupBy: report.groupBy, from: report.from, to: report.to },
          });
          return { identifier: hub.identifier, csv: reportCsv(report) };
        },
      );
      const fileName = `advising-${identifier.replace(/[^a-zA-Z0-9_-]/g, '_')}-by-${query.groupBy}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    });
  };
}
