import { randomBytes, randomUUID } from 'node:crypto';
import type {
  TAppointmentTypeRequest,
  TBookAppointmentRequest,
  TCreateAdviserRequest,
  THubSettings,
  TTopicRequest,
  TUpdateAdviserAvailabilityRequest,
  TUpdateAdviserRequest,
  TUpdateAppointmentTypeRequest,
  TUpdateTopicRequest,
} from '@commons/contract';
import { SLOT_TAKEN_ERROR_CODE, webPaths } from '@commons/contract';
import {
  appointmentTypeProblems,
  exceptionProblems,
  followUpRefusal,
  formatDurationHoursMinutes,
  heldInterval,
  isKnownTimeZone,
  isFreeAdvisingSlot,
  MEETING_MEDIUM_LABELS,
  NO_AVAILABLE_DATES_MESSAGE,
  SLOT_NOT_FREE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  weeklyHoursProblems,
  zonedDate,
  type TAdvisingSlotDay,
  type TStaffAdvisingStatus,
} from '@commons/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isExclusionViolation, unlessUniqueViolation } from '../../db/constraint-errors.js';
import {
  adviserBusyIntervals,
  adviserCalendars,
  advisers,
  advisingAppointmentNotes,
  advisingAppointments,
  advisingAppointmentTypes,
  advisingTopics,
  groups,
  meetings,
  threadParticipants,
  threads,
  userTypes,
} from '../../db/schema/index.js';
import { AppError, conflict, notFound, validationError } from '../../lib/app-error.js';
import type { TTx } from '../../db/client.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import {
  appendMessage,
  findRecipient,
  loadSendContext,
  messagingRuleError,
  systemBody,
} from '../inbox/inbox.commands.js';
import { isClosedFor } from '../inbox/inbox.policy.js';
import { threadView } from '../inbox/inbox.presenter.js';
import { findThreadFor } from '../inbox/inbox.queries.js';
import { endMeeting, notifyMeeting, sendInvites, type TMeetingDeps } from '../meetings/meetings.commands.js';
import type { TMeetingRow } from '../meetings/meetings.queries.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import { fullName } from '../notifications/thread-notifications.js';
import { emitToUsers } from '../realtime/realtime.events.js';
import {
  adviserUnavailableMessage,
  mayBook,
  servesTopic,
  statusRefusalFor,
  type TBooker,
} from './advising.policy.js';
import {
  adviserBusy,
  findAppointment,
  findAppointmentType,
  findTopic,
  isAppointmentTypeUsed,
  memberProgramIds,
  type TAdviserWithUser,
  type TAppointmentDetail,
  type TAppointmentTypeRow,
} from './advising.queries.js';
import { freeSlotsFor } from './advising.slots.js';

const DAY_MS = 86_400_000;

function refuse(message: string, code = 'forbidden'): AppError {
  return new AppError({ statusCode: 403, code, message, userMessage: message });
}

/** The one 409 of a slot another booking took first, with that day's fresh slots (issue #21 item 3). */
function slotTaken(days: TAdvisingSlotDay[]): AppError {
  return new AppError({
    statusCode: 409,
    code: SLOT_TAKEN_ERROR_CODE,
    message: 'The slot overlaps an appointment booked meanwhile',
    userMessage: SLOT_TAKEN_MESSAGE,
    details: {
      days: days.map((d) => ({
        date: d.date,
        slots: d.slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
      })),
    },
  });
}

// ---- Admin: topics ----

/** Adds a topic; a name the hub already has (any case) answers 409. */
export async function createTopic(ctx: TRequestContext, body: TTopicRequest) {
  const hub = ctx.requireHub();
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [created] = await sp
      .insert(advisingTopics)
      .values({
        clusterId: ctx.clusterId,
        hubId: hub.id,
        name: body.name,
        description: body.description,
        isActive: body.isActive,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return created;
  });
  if (!row) throw conflict('A topic with this name exists.', { name: 'A topic with this name exists.' });
  await ctx.audit({ action: 'advising.topic_create', targetType: 'advising_topic', targetId: row.id });
  return row;
}

/** Edits a topic of the hub (404 for any other). */
export async function updateTopic(ctx: TRequestContext, options: { id: string; body: TUpdateTopicRequest }) {
  const hub = ctx.requireHub();
  if (!(await findTopic(ctx.tx, { hubId: hub.id, id: options.id }))) throw notFound('Topic');
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [updated] = await sp
      .update(advisingTopics)
      .set({ ...options.body, updatedAt: ctx.now })
      .where(and(eq(advisingTopics.id, options.id), eq(advisingTopics.hubId, hub.id)))
      .returning();
    return updated;
  });
  if (!row) throw conflict('A topic with this name exists.', { name: 'A topic with this name exists.' });
  await ctx.audit({ action: 'advising.topic_update', targetType: 'advising_topic', targetId: row.id });
  return row;
}

/** Removes a topic no appointment names (409 otherwise: turn it inactive), and from advisers and types. */
export async function deleteTopic(ctx: TRequestContext, id: string): Promise<void> {
  const hub = ctx.requireHub();
  if (!(await findTopic(ctx.tx, { hubId: hub.id, id }))) throw notFound('Topic');
  const [used] = await ctx.tx
    .select({ id: advisingAppointments.id })
    .from(advisingAppointments)
    .where(and(eq(advisingAppointments.hubId, hub.id), eq(advisingAppointments.topicId, id)))
    .limit(1);
  if (used) throw conflict('Appointments name this topic. Turn it inactive instead, so reports keep it.');
  await ctx.tx
    .update(advisers)
    .set({ topicIds: sql`array_remove(${advisers.topicIds}, ${id}::uuid)` })
    .where(and(eq(advisers.hubId, hub.id), sql`${advisers.topicIds} @> array[${id}::uuid]`));
  await ctx.tx
    .update(advisingAppointmentTypes)
    .set({ topicIds: sql`array_remove(${advisingAppointmentTypes.topicIds}, ${id}::uuid)` })
    .where(
      and(
        eq(advisingAppointmentTypes.hubId, hub.id),
        sql`${advisingAppointmentTypes.topicIds} @> array[${id}::uuid]`,
      ),
    );
  await ctx.tx.delete(advisingTopics).where(and(eq(advisingTopics.id, id), eq(advisingTopics.hubId, hub.id)));
  await ctx.audit({ action: 'advising.topic_delete', targetType: 'advising_topic', targetId: id });
}

// ---- Admin: appointment types ----

/** Refuses ids that are not topics, user types or programs of the hub (400 on the field). */
async function requireHubReferences(
  ctx: TRequestContext,
  refs: { topicIds?: readonly string[]; userTypeIds?: readonly string[]; programIds?: readonly string[] },
): Promise<void> {
  const hubId = ctx.requireHub().id;
  const check = async (
    ids: readonly string[] | undefined,
    field: string,
    count: () => Promise<number>,
    message: string,
  ) => {
    if (!ids || ids.length === 0) return;
    if ((await count()) !== new Set(ids).size) throw validationError({ [field]: message });
  };
  await check(
    refs.topicIds,
    'topicIds',
    async () =>
      (
        await ctx.tx
          .select({ id: advisingTopics.id })
          .from(advisingTopics)
          .where(
            and(eq(advisingTopics.hubId, hubId), inArray(advisingTopics.id, [...new Set(refs.topicIds)])),
          )
      ).length,
    'Choose topics of this hub.',
  );
  await check(
    refs.userTypeIds,
    'whoMayBook.userTypeIds',
    async () =>
      (
        await ctx.tx
          .select({ id: userTypes.id })
          .from(userTypes)
          .where(and(eq(userTypes.hubId, hubId), inArray(userTypes.id, [...new Set(refs.userTypeIds)])))
      ).length,
    'Choose user types of this hub.',
  );
  await check(
    refs.programIds,
    'whoMayBook.programIds',
    async () =>
      (
        await ctx.tx
          .select({ id: groups.id })
          .from(groups)
          .where(
            and(
              eq(groups.hubId, hubId),
              eq(groups.groupType, 'mentorshipProgram'),
              inArray(groups.id, [...new Set(refs.programIds)]),
            ),
          )
      ).length,
    'Choose programs of this hub.',
  );
}

function typeColumns(body: TAppointmentTypeRequest) {
  return {
    name: body.name,
    description: body.description,
    durationMinutes: body.durationMinutes,
    medium: body.medium,
    location: body.location,
    phone: body.phone,
    videoUrl: body.videoUrl,
    bufferBeforeMinutes: body.bufferBeforeMinutes,
    bufferAfterMinutes: body.bufferAfterMinutes,
    minimumNoticeMinutes: body.minimumNoticeMinutes,
    maxDaysAhead: body.maxDaysAhead,
    maxPerDay: body.maxPerDay,
    bookerUserTypeIds: [...new Set(body.whoMayBook.userTypeIds)],
    bookerProgramIds: [...new Set(body.whoMayBook.programIds)],
    topicIds: [...new Set(body.topicIds)],
    isActive: body.isActive,
  };
}

/** Checks a type's settings with the domain rules and the hub's references (400 per field). */
async function requireValidType(ctx: TRequestContext, body: TAppointmentTypeRequest): Promise<void> {
  const problems = appointmentTypeProblems({
    ...body,
    whoMayBook: body.whoMayBook,
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
  await requireHubReferences(ctx, {
    topicIds: body.topicIds,
    userTypeIds: body.whoMayBook.userTypeIds,
    programIds: body.whoMayBook.programIds,
  });
}

/** Adds an appointment type (issue #21 item 1). */
export async function createAppointmentType(ctx: TRequestContext, body: TAppointmentTypeRequest) {
  const hub = ctx.requireHub();
  await requireValidType(ctx, body);
  const [row] = await ctx.tx
    .insert(advisingAppointmentTypes)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      ...typeColumns(body),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('appointment type insert returned no row');
  await ctx.audit({
    action: 'advising.type_create',
    targetType: 'advising_appointment_type',
    targetId: row.id,
  });
  return row;
}

/** Edits an appointment type; booked appointments keep their times and buffers. */
export async function updateAppointmentType(
  ctx: TRequestContext,
  options: { id: string; body: TUpdateAppointmentTypeRequest },
) {
  const hub = ctx.requireHub();
  const current = await findAppointmentType(ctx.tx, { hubId: hub.id, id: options.id });
  if (!current) throw notFound('Appointment type');
  const merged: TAppointmentTypeRequest = {
    name: current.name,
    description: current.description,
    durationMinutes: current.durationMinutes,
    medium: current.medium,
    location: current.location,
    phone: current.phone,
    videoUrl: current.videoUrl,
    bufferBeforeMinutes: current.bufferBeforeMinutes,
    bufferAfterMinutes: current.bufferAfterMinutes,
    minimumNoticeMinutes: current.minimumNoticeMinutes,
    maxDaysAhead: current.maxDaysAhead,
    maxPerDay: current.maxPerDay,
    whoMayBook: { userTypeIds: current.bookerUserTypeIds, programIds: current.bookerProgramIds },
    topicIds: current.topicIds,
    isActive: current.isActive,
    ...Object.fromEntries(Object.entries(options.body).filter(([, v]) => v !== undefined)),
  };
  await requireValidType(ctx, merged);
  const [row] = await ctx.tx
    .update(advisingAppointmentTypes)
    .set({ ...typeColumns(merged), updatedAt: ctx.now })
    .where(and(eq(advisingAppointmentTypes.id, options.id), eq(advisingAppointmentTypes.hubId, hub.id)))
    .returning();
  if (!row) throw notFound('Appointment type');
  await ctx.audit({
    action: 'advising.type_update',
    targetType: 'advising_appointment_type',
    targetId: row.id,
  });
  return row;
}

/** Removes a type no appointment used (409 otherwise: turn it inactive), and from advisers. */
export async function deleteAppointmentType(ctx: TRequestContext, id: string): Promise<void> {
  const hub = ctx.requireHub();
  if (!(await findAppointmentType(ctx.tx, { hubId: hub.id, id }))) throw notFound('Appointment type');
  if (await isAppointmentTypeUsed(ctx.tx, { hubId: hub.id, id }))
    throw conflict('Appointments used this type. Turn it inactive instead, so reports keep it.');
  await ctx.tx
    .update(advisers)
    .set({ appointmentTypeIds: sql`array_remove(${advisers.appointmentTypeIds}, ${id}::uuid)` })
    .where(and(eq(advisers.hubId, hub.id), sql`${advisers.appointmentTypeIds} @> array[${id}::uuid]`));
  await ctx.tx
    .delete(advisingAppointmentTypes)
    .where(and(eq(advisingAppointmentTypes.id, id), eq(advisingAppointmentTypes.hubId, hub.id)));
  await ctx.audit({ action: 'advising.type_delete', targetType: 'advising_appointment_type', targetId: id });
}

// ---- Admin: advisers ----

async function requireAdviserReferences(
  ctx: TRequestContext,
  body: { topicIds?: readonly string[] | undefined; appointmentTypeIds?: readonly string[] | undefined },
) {
  await requireHubReferences(ctx, { topicIds: body.topicIds ?? [] });
  const ids = [...new Set(body.appointmentTypeIds ?? [])];
  if (ids.length === 0) return;
  const found = await ctx.tx
    .select({ id: advisingAppointmentTypes.id })
    .from(advisingAppointmentTypes)
    .where(
      and(eq(advisingAppointmentTypes.hubId, ctx.requireHub().id), inArray(advisingAppointmentTypes.id, ids)),
    );
  if (found.length !== ids.length)
    throw validationError({ appointmentTypeIds: 'Choose appointment types of this hub.' });
}

/** Makes an approved member of the hub an adviser (409 when they advise already). */
export async function createAdviser(ctx: TRequestContext, body: TCreateAdviserRequest) {
  const hub = ctx.requireHub();
  const member = await findRecipient(ctx, body.userId);
  if (!member) throw validationError({ userId: 'Choose an approved member of this hub.' });
  const timezone = body.timezone ?? member.user.timezone;
  if (!isKnownTimeZone(timezone)) throw validationError({ timezone: 'Choose a time zone from the list.' });
  await requireAdviserReferences(ctx, body);
  const row = await unlessUniqueViolation(ctx.tx, async (sp) => {
    const [created] = await sp
      .insert(advisers)
      .values({
        clusterId: ctx.clusterId,
        hubId: hub.id,
        userId: body.userId,
        title: body.title,
        bio: body.bio,
        timezone,
        topicIds: [...new Set(body.topicIds)],
        appointmentTypeIds: [...new Set(body.appointmentTypeIds)],
        isActive: body.isActive,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return created;
  });
  if (!row) throw conflict(`${member.user.firstName} is an adviser already.`);
  await ctx.audit({
    action: 'advising.adviser_create',
    targetType: 'adviser',
    targetId: row.id,
    data: { userId: body.userId },
  });
  return row;
}

/** Edits an adviser (title, bio, zone, topics, types, active). */
export async function updateAdviser(
  ctx: TRequestContext,
  options: { adviser: TAdviserWithUser; body: TUpdateAdviserRequest },
) {
  const { body } = options;
  if (body.timezone !== undefined && !isKnownTimeZone(body.timezone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  await requireAdviserReferences(ctx, body);
  const [row] = await ctx.tx
    .update(advisers)
    .set({
      ...(body.title === undefined ? {} : { title: body.title }),
      ...(body.bio === undefined ? {} : { bio: body.bio }),
      ...(body.timezone === undefined ? {} : { timezone: body.timezone }),
      ...(body.topicIds === undefined ? {} : { topicIds: [...new Set(body.topicIds)] }),
      ...(body.appointmentTypeIds === undefined
        ? {}
        : { appointmentTypeIds: [...new Set(body.appointmentTypeIds)] }),
      ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
      updatedAt: ctx.now,
    })
    .where(eq(advisers.id, options.adviser.adviser.id))
    .returning();
  if (!row) throw notFound('Adviser');
  await ctx.audit({ action: 'advising.adviser_update', targetType: 'adviser', targetId: row.id });
  return row;
}

/** Removes an adviser without upcoming appointments (409 otherwise: turn them inactive). */
export async function deleteAdviser(ctx: TRequestContext, adviser: TAdviserWithUser): Promise<void> {
  const [upcoming] = await ctx.tx
    .select({ id: advisingAppointments.id })
    .from(advisingAppointments)
    .where(
      and(
        eq(advisingAppointments.adviserId, adviser.adviser.id),
        inArray(advisingAppointments.advisingStatus, ['scheduled', 'checkedIn']),
        sql`${advisingAppointments.endsAt} >= ${ctx.now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  if (upcoming)
    throw conflict(
      `${adviser.user.firstName} has upcoming appointments. Turn them inactive so no one books them, or cancel those first.`,
    );
  const [used] = await ctx.tx
    .select({ id: advisingAppointments.id })
    .from(advisingAppointments)
    .where(eq(advisingAppointments.adviserId, adviser.adviser.id))
    .limit(1);
  if (used)
    throw conflict(
      `${adviser.user.firstName} has past appointments. Turn them inactive instead, so reports keep them.`,
    );
  await ctx.tx.delete(advisers).where(eq(advisers.id, adviser.adviser.id));
  await ctx.audit({ action: 'advising.adviser_delete', targetType: 'adviser', targetId: adviser.adviser.id });
}

// ---- Availability ----

/**
 * Saves an adviser's weekly hours, date exceptions, zone, slot step and calendar address (issue #21 item 2). A new
 * address is read within minutes (due now); removing it removes its busy time; the old busy time of a changed
 * address is dropped until the new one is read.
 */
export async function updateAvailability(
  ctx: TRequestContext,
  options: { adviser: TAdviserWithUser; body: TUpdateAdviserAvailabilityRequest },
): Promise<void> {
  const { body, adviser } = options;
  if (!isKnownTimeZone(body.timezone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  const hourProblems = weeklyHoursProblems(body.weeklyHours);
  const exceptionProblemsFound = exceptionProblems(body.exceptions);
  const fields = {
    ...Object.fromEntries(Object.entries(hourProblems).map(([k, v]) => [`weeklyHours.${k}`, v])),
    ...Object.fromEntries(Object.entries(exceptionProblemsFound).map(([k, v]) => [`exceptions.${k}`, v])),
  };
  if (Object.keys(fields).length > 0) throw validationError(fields);
  await ctx.tx
    .update(advisers)
    .set({
      timezone: body.timezone,
      weeklyHours: body.weeklyHours,
      exceptions: [...body.exceptions].sort((a, b) => a.date.localeCompare(b.date)),
      slotMinutes: body.slotMinutes,
      updatedAt: ctx.now,
    })
    .where(eq(advisers.id, adviser.adviser.id));
  if (body.icsUrl !== undefined) {
    const [current] = await ctx.tx
      .select()
      .from(adviserCalendars)
      .where(eq(adviserCalendars.adviserId, adviser.adviser.id))
      .limit(1);
    if (body.icsUrl === null) {
      await ctx.tx.delete(adviserCalendars).where(eq(adviserCalendars.adviserId, adviser.adviser.id));
      await ctx.tx.delete(adviserBusyIntervals).where(eq(adviserBusyIntervals.adviserId, adviser.adviser.id));
    } else if (current?.icsUrl !== body.icsUrl) {
      await ctx.tx.delete(adviserBusyIntervals).where(eq(adviserBusyIntervals.adviserId, adviser.adviser.id));
      await ctx.tx
        .insert(adviserCalendars)
        .values({
          adviserId: adviser.adviser.id,
          clusterId: ctx.clusterId,
          hubId: adviser.adviser.hubId,
          userId: adviser.adviser.userId,
          icsUrl: body.icsUrl,
          syncedAt: null,
          nextSyncAt: null,
          lastError: null,
          updatedAt: ctx.now,
        })
        .onConflictDoUpdate({
          target: adviserCalendars.adviserId,
          set: { icsUrl: body.icsUrl, syncedAt: null, nextSyncAt: null, lastError: null, updatedAt: ctx.now },
        });
    }
  }
  await ctx.audit({
    action: 'advising.availability_update',
    targetType: 'adviser',
    targetId: adviser.adviser.id,
    data: { hasCalendar: body.icsUrl === undefined ? undefined : body.icsUrl !== null },
  });
}

// ---- Booking ----

/** What booking needs besides the request: links in mail and the sender as organiser. */
export type TAdvisingDeps = TMeetingDeps;

/** The viewer as a booker: their user type in the hub and their programs among those a type names. */
export async function bookerOf(ctx: TRequestContext, programIds: readonly string[]): Promise<TBooker> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  return {
    userId: viewer.user.id,
    userTypeId: ctx.membership?.userTypeId ?? null,
    programIds: await memberProgramIds(ctx.tx, { hubId: hub.id, userId: viewer.user.id, programIds }),
  };
}

/** The open adviserMeetingV2 thread of the student with the adviser in the hub, or a new one (accepted). */
async function appointmentThread(ctx: TRequestContext, adviserUserId: string): Promise<string> {
  const viewerId = ctx.requireViewer().user.id;
  const hub = ctx.requireHub();
  const candidates = await ctx.tx
    .select({ id: threads.id })
    .from(threads)
    .where(
      and(
        eq(threads.hubId, hub.id),
        eq(threads.messageType, 'adviserMeetingV2'),
        eq(threads.fromUserId, viewerId),
        eq(threads.toUserId, adviserUserId),
        eq(threads.status, 'accepted'),
        isNull(threads.groupId),
      ),
    )
    .orderBy(sql`${threads.lastMessageAt} desc`)
    .limit(1);
  const existing = candidates[0]
    ? await findThreadFor(ctx.tx, { threadId: candidates[0].id, viewerId, hubId: hub.id })
    : null;
  if (existing && !isClosedFor(threadView(existing, viewerId))) return existing.thread.id;
  const [thread] = await ctx.tx
    .insert(threads)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      groupId: null,
      messageType: 'adviserMeetingV2',
      fromUserId: viewerId,
      toUserId: adviserUserId,
      status: 'accepted',
      mentorshipStatus: null,
      createdAt: ctx.now,
      lastMessageAt: ctx.now,
      acceptedAt: ctx.now,
    })
    .returning({ id: threads.id });
  if (!thread) throw new Error('thread insert returned no row');
  await ctx.tx.insert(threadParticipants).values([
    {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      userId: viewerId,
      otherUserId: adviserUserId,
      lastMessageAt: ctx.now,
    },
    {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      userId: adviserUserId,
      otherUserId: viewerId,
      lastMessageAt: ctx.now,
    },
  ]);
  return thread.id;
}

/** Where an appointment of the type happens, as the meeting row keeps it (spec 9 Meeting mediums). */
function meetingPlace(type: TAppointmentTypeRow): { location: string | null; phone: string | null } {
  switch (type.medium) {
    case 'phone':
      return { location: null, phone: type.phone };
    case 'in-person':
    case 'external-meeting':
      return { location: type.location, phone: null };
    case 'video':
      return { location: type.videoUrl, phone: null };
    default:
      return { location: null, phone: null };
  }
}

/**
 * The start is one of the adviser's free slots for the type now (the domain's computation over the adviser's
 * busy time); else 409 slot_taken when an appointment holds it (booked meanwhile, with fresh slots) or 400.
 */
async function requireFreeSlot(
  ctx: TRequestContext,
  options: {
    adviser: TAdviserWithUser;
    type: TAppointmentTypeRow;
    start: Date;
    timezone: string;
    ignoreAppointmentId?: string;
  },
): Promise<void> {
  const { adviser, type, start } = options;
  const window = { from: new Date(start.getTime() - 2 * DAY_MS), to: new Date(start.getTime() + 2 * DAY_MS) };
  const busy = await adviserBusy(ctx.tx, {
    adviserId: adviser.adviser.id,
    ...window,
    ignoreAppointmentId: options.ignoreAppointmentId ?? null,
  });
  const slotOptions = {
    now: ctx.now,
    appointmentType: type,
    adviser: {
      timeZone: adviser.adviser.timezone,
      weeklyHours: adviser.adviser.weeklyHours,
      exceptions: adviser.adviser.exceptions,
      lastAvailabilityDate: adviser.user.lastAvailabilityDate?.toISOString().slice(0, 10) ?? null,
    },
    ...busy,
    viewerTimeZone: options.timezone,
    stepMinutes: adviser.adviser.slotMinutes === 15 ? (15 as const) : (30 as const),
    start,
  };
  if (isFreeAdvisingSlot(slotOptions)) return;
  const held = heldInterval({
    start,
    end: new Date(start.getTime() + type.durationMinutes * 60_000),
    ...type,
  });
  const isTaken = busy.appointments.some((a) => {
    const other = heldInterval(a);
    return other.start.getTime() < held.end.getTime() && held.start.getTime() < other.end.getTime();
  });
  if (isTaken && isFreeAdvisingSlot({ ...slotOptions, appointments: [] }))
    throw slotTaken(
      await freeSlotsFor(ctx, {
        adviser,
        type,
        timezone: options.timezone,
        day: zonedDate(start, options.timezone),
        ignoreAppointmentId: options.ignoreAppointmentId,
      }),
    );
  throw new AppError({
    statusCode: 400,
    code: 'slot_not_free',
    message: 'The start is not a free slot',
    userMessage: SLOT_NOT_FREE_MESSAGE,
    fields: { start: SLOT_NOT_FREE_MESSAGE },
  });
}

/** Inserts or moves the appointment in a savepoint, answering the exclusion constraint as 409 with fresh slots. */
async function holdSlot<T>(
  ctx: TRequestContext,
  options: {
    adviser: TAdviserWithUser;
    type: TAppointmentTypeRow;
    timezone: string;
    day: string;
    ignoreAppointmentId?: string;
  },
  write: (tx: TTx) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.tx.transaction((savepoint) => write(savepoint));
  } catch (error) {
    // The exclusion constraint that forbids double booking.
    if (!isExclusionViolation(error)) throw error;
    throw slotTaken(await freeSlotsFor(ctx, { ...options }));
  }
}

function describeAppointment(type: TAppointmentTypeRow): string {
  return `${type.name} (${formatDurationHoursMinutes(type.durationMinutes)}, ${MEETING_MEDIUM_LABELS[type.medium].toLowerCase()})`;
}

/**
 * Books a free slot (issue #21 items 3-4): the adviser, type and topic are active and go together, the viewer
 * may book the type (who may book) and message the adviser with an adviser meeting (spec 6 Messaging: the type is
 * enabled, advising shown, meetings not disabled for the pair), the adviser still has availability (spec 5), and
 * the start is one of their free slots. The appointment is an accepted adviserMeetingV2 meeting in the thread of
 * the two, with its message, invites (METHOD:REQUEST) and a notice to the adviser; the database refuses a double
 * booking (409 slot_taken with fresh slots). Booking completes the student's advising_meetings action item.
 */
export async function bookAppointment(
  ctx: TRequestContext,
  deps: TAdvisingDeps,
  options: { request: TBookAppointmentRequest; adviser: TAdviserWithUser; settings: THubSettings },
): Promise<string> {
  const { request, adviser } = options;
  const viewer = ctx.requireViewer().user;
  const hub = ctx.requireHub();
  if (adviser.adviser.userId === viewer.id)
    throw validationError({ adviserId: 'You cannot book an appointment with yourself.' });
  if (!isKnownTimeZone(request.timezone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  const type = await findAppointmentType(ctx.tx, { hubId: hub.id, id: request.appointmentTypeId });
  const topic = await findTopic(ctx.tx, { hubId: hub.id, id: request.topicId });
  if (!type || !type.isActive)
    throw validationError({ appointmentTypeId: 'Choose one of the adviser’s appointment types.' });
  if (!topic || !topic.isActive || !adviser.adviser.topicIds.includes(topic.id))
    throw validationError({ topicId: 'Choose one of the adviser’s topics.' });
  if (!servesTopic(type, topic.id))
    throw validationError({ appointmentTypeId: 'This appointment type is not offered for that topic.' });
  const booker = await bookerOf(ctx, type.bookerProgramIds);
  if (!mayBook({ booker, type, adviser }))
    throw refuse('You cannot book this appointment type.', 'booking_not_allowed');

  const recipient = await findRecipient(ctx, adviser.adviser.userId);
  if (!recipient) throw notFound('Adviser');
  const ruleError = messagingRuleError(ctx, await loadSendContext(ctx), recipient, 'adviserMeetingV2');
  if (ruleError) throw ruleError;
  if (adviserUnavailableMessage(adviser, ctx.now) !== null)
    throw refuse(NO_AVAILABLE_DATES_MESSAGE, 'recipient_unavailable');

  const start = new Date(request.start);
  await requireFreeSlot(ctx, { adviser, type, start, timezone: request.timezone });
  const end = new Date(start.getTime() + type.durationMinutes * 60_000);
  const held = heldInterval({ start, end, ...type });

  const threadId = await appointmentThread(ctx, adviser.adviser.userId);
  const message = await appendMessage(ctx, {
    threadId,
    fromUserId: viewer.id,
    body: systemBody(`${viewer.firstName} booked ${describeAppointment(type)} about ${topic.name}.`),
    type: 'meeting',
  });
  const [meeting] = await ctx.tx
    .insert(meetings)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      threadId,
      messageId: message.id,
      fromUserId: viewer.id,
      toUserId: adviser.adviser.userId,
      status: 'accepted',
      lastEvent: 'requestAccepted',
      medium: type.medium,
      durationMinutes: type.durationMinutes,
      timezone: request.timezone,
      proposedTimes: [],
      proposedByUserId: viewer.id,
      fromUserProposedTimes: [start],
      scheduledTime: start,
      scheduledEndTime: end,
      ...meetingPlace(type),
      note: request.note?.trim() || null,
      meetingToken: randomBytes(16).toString('base64url'),
      calendarEventId: `${randomUUID()}@commons`,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!meeting) throw new Error('meeting insert returned no row');
  const appointment = await holdSlot(
    ctx,
    { adviser, type, timezone: request.timezone, day: zonedDate(start, request.timezone) },
    async (tx) => {
      const [row] = await tx
        .insert(advisingAppointments)
        .values({
          clusterId: ctx.clusterId,
          hubId: hub.id,
          adviserId: adviser.adviser.id,
          adviserUserId: adviser.adviser.userId,
          studentUserId: viewer.id,
          appointmentTypeId: type.id,
          topicId: topic.id,
          threadId,
          meetingId: meeting.id,
          startsAt: start,
          endsAt: end,
          heldFrom: held.start,
          heldUntil: held.end,
          timezone: request.timezone,
          note: request.note?.trim() || null,
          bookedAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: advisingAppointments.id });
      if (!row) throw new Error('appointment insert returned no row');
      return row;
    },
  );
  await ctx.audit({
    action: 'advising.book',
    targetType: 'advising_appointment',
    targetId: appointment.id,
    data: { adviserId: adviser.adviser.id, appointmentTypeId: type.id, topicId: topic.id },
  });
  await notifyMeeting(ctx, {
    row: meeting,
    type: 'meeting.booked',
    title: `${fullName(viewer)} booked ${type.name} with you`,
  });
  await sendInvites(ctx, deps, {
    row: meeting,
    method: 'REQUEST',
    reason: `${viewer.firstName} ${viewer.lastName} booked ${describeAppointment(type)} about ${topic.name}.`,
  });
  await completeViewerActionItem(ctx, 'advising_meetings', { hubIds: [hub.id] });
  return appointment.id;
}

// ---- Appointment life ----

/** The meeting behind an appointment (its participants, or advising staff through 0036's policy). */
async function meetingOf(ctx: TRequestContext, detail: TAppointmentDetail): Promise<TMeetingRow> {
  const [row] = await ctx.tx
    .select()
    .from(meetings)
    .where(eq(meetings.id, detail.appointment.meetingId))
    .limit(1);
  if (!row) throw notFound('Appointment');
  return row;
}

/**
 * Tells both people's open pages that the appointment's meeting changed and notifies them when the actor is
 * advising staff outside the thread (the thread's own notices need a participant).
 */
async function tellStaffChange(ctx: TRequestContext, detail: TAppointmentDetail, title: string | null) {
  const people = [detail.appointment.studentUserId, detail.appointment.adviserUserId];
  await emitToUsers(ctx.tx, ctx.clusterId, people, {
    type: 'inbox.meeting',
    payload: {
      threadId: detail.appointment.threadId,
      hubId: String(detail.appointment.hubId),
      meetingId: detail.appointment.meetingId,
    },
  });
  if (title === null) return;
  await notifyUsers(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: ctx.requireViewer().user.id,
    userIds: people,
    hubId: detail.appointment.hubId,
    type: 'meeting.changed',
    title,
    url: null,
    payload: { threadId: detail.appointment.threadId, meetingId: detail.appointment.meetingId },
  });
}

/**
 * Cancels (issue #21 item 4; the caller checked the notice rule): the appointment is canceled and frees its time;
 * its meeting is cancelled with the thread message, notice and METHOD:CANCEL invite (meetings' endMeeting) when a
 * participant cancels, or directly with the CANCEL invite and notices when advising staff do.
 */
export async function cancelAppointment(
  ctx: TRequestContext,
  deps: TAdvisingDeps,
  options: { detail: TAppointmentDetail; role: 'student' | 'adviser' | 'staff'; reason: string | undefined },
): Promise<void> {
  const { detail } = options;
  const viewer = ctx.requireViewer().user;
  const reason = options.reason?.trim() || null;
  await ctx.tx
    .update(advisingAppointments)
    .set({
      advisingStatus: 'canceled',
      canceledAt: ctx.now,
      canceledByUserId: viewer.id,
      cancelReason: reason,
      updatedAt: ctx.now,
    })
    .where(eq(advisingAppointments.id, detail.appointment.id));
  const meeting = await meetingOf(ctx, detail);
  if (options.role === 'staff') {
    const [updated] = await ctx.tx
      .update(meetings)
      .set({ status: 'cancelled', updatedAt: ctx.now })
      .where(eq(meetings.id, meeting.id))
      .returning();
    if (updated?.calendarSentAt && updated.scheduledTime)
      await sendInvites(ctx, deps, {
        row: updated,
        method: 'CANCEL',
        reason: `${viewer.firstName} ${viewer.lastName} (advising staff) canceled the appointment.`,
      });
    await tellStaffChange(ctx, detail, `${fullName(viewer)} canceled the ${detail.type.name} appointment`);
  } else {
    await endMeeting(ctx, deps, { row: meeting, action: 'cancel', note: reason ?? undefined });
  }
  await ctx.audit({
    action: 'advising.cancel',
    targetType: 'advising_appointment',
    targetId: detail.appointment.id,
  });
}

/**
 * Moves an appointment to another free slot of the same adviser and type (its own time does not count as busy):
 * the appointment and its meeting take the new time, calendars get the updated invite (same UID, next
 * SEQUENCE), the reminders start over, and the thread says so.
 */
export async function rescheduleAppointment(
  ctx: TRequestContext,
  deps: TAdvisingDeps,
  options: { detail: TAppointmentDetail; adviser: TAdviserWithUser; start: string; timezone: string },
): Promise<void> {
  const { detail, adviser } = options;
  const viewer = ctx.requireViewer().user;
  if (!isKnownTimeZone(options.timezone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  const start = new Date(options.start);
  if (start.getTime() === detail.appointment.startsAt.getTime())
    throw validationError({ start: 'Choose a different time.' });
  const type = detail.type;
  await requireFreeSlot(ctx, {
    adviser,
    type,
    start,
    timezone: options.timezone,
    ignoreAppointmentId: detail.appointment.id,
  });
  const end = new Date(start.getTime() + type.durationMinutes * 60_000);
  const held = heldInterval({ start, end, ...type });
  await holdSlot(
    ctx,
    {
      adviser,
      type,
      timezone: options.timezone,
      day: zonedDate(start, options.timezone),
      ignoreAppointmentId: detail.appointment.id,
    },
    (tx) =>
      tx
        .update(advisingAppointments)
        .set({
          startsAt: start,
          endsAt: end,
          heldFrom: held.start,
          heldUntil: held.end,
          remindersSent: [],
          bookedAt: ctx.now,
          updatedAt: ctx.now,
        })
        .where(eq(advisingAppointments.id, detail.appointment.id)),
  );
  const meeting = await meetingOf(ctx, detail);
  const [updated] = await ctx.tx
    .update(meetings)
    .set({
      scheduledTime: start,
      scheduledEndTime: end,
      ...(viewer.id === meeting.fromUserId
        ? { fromUserProposedTimes: [start] }
        : { toUserProposedTimes: [start] }),
      updatedAt: ctx.now,
    })
    .where(eq(meetings.id, meeting.id))
    .returning();
  if (!updated) throw new Error('meeting update returned no row');
  await appendMessage(ctx, {
    threadId: detail.appointment.threadId,
    fromUserId: viewer.id,
    body: systemBody(`${viewer.firstName} moved the ${type.name} appointment to a new time.`),
    type: 'meetingRescheduled',
    isSystemMessage: true,
  });
  await notifyMeeting(ctx, {
    row: updated,
    type: 'meeting.changed',
    title: `${fullName(viewer)} moved the ${type.name} appointment`,
  });
  await sendInvites(ctx, deps, {
    row: updated,
    method: 'REQUEST',
    reason: `${viewer.firstName} ${viewer.lastName} moved the appointment to a new time.`,
  });
  await ctx.audit({
    action: 'advising.reschedule',
    targetType: 'advising_appointment',
    targetId: detail.appointment.id,
    data: { from: detail.appointment.startsAt.toISOString(), to: start.toISOString() },
  });
}

const MEETING_ACTION_OF = { completed: 'complete', noShow: 'no-show' } as const;

/**
 * Advising staff set check-in, completed or no-show (spec 3 advisingStatus; 409 with the reason when the
 * appointment's state or time does not allow it now). Completed and no-show end its meeting as meetings do (the
 * adviser in the thread; advising admins directly, with notices).
 */
export async function setAdvisingStatus(
  ctx: TRequestContext,
  deps: TAdvisingDeps,
  options: { detail: TAppointmentDetail; role: 'adviser' | 'staff'; status: TStaffAdvisingStatus },
): Promise<void> {
  const { detail, status } = options;
  const refusal = statusRefusalFor(detail, status, ctx.now);
  if (refusal !== null) throw conflict(refusal);
  await ctx.tx
    .update(advisingAppointments)
    .set({ advisingStatus: status, updatedAt: ctx.now })
    .where(eq(advisingAppointments.id, detail.appointment.id));
  if (status === 'checkedIn') {
    await tellStaffChange(ctx, detail, null);
  } else {
    const meeting = await meetingOf(ctx, detail);
    if (options.role === 'adviser') {
      await endMeeting(ctx, deps, { row: meeting, action: MEETING_ACTION_OF[status], note: undefined });
    } else {
      await ctx.tx
        .update(meetings)
        .set({
          status: status === 'completed' ? 'completed' : 'noShow',
          ...(status === 'completed' ? { lastEvent: 'completed' as const } : {}),
          updatedAt: ctx.now,
        })
        .where(eq(meetings.id, meeting.id));
      const viewer = ctx.requireViewer().user;
      await tellStaffChange(
        ctx,
        detail,
        status === 'completed'
          ? `${fullName(viewer)} marked the ${detail.type.name} appointment completed`
          : `${fullName(viewer)} marked the ${detail.type.name} appointment as a no-show`,
      );
    }
  }
  await ctx.audit({
    action: 'advising.status',
    targetType: 'advising_appointment',
    targetId: detail.appointment.id,
    data: { status },
  });
}

/** Saves (or clears) the notes only advising staff see. */
export async function saveStaffNotes(
  ctx: TRequestContext,
  options: { detail: TAppointmentDetail; notes: string | null },
): Promise<void> {
  const { detail } = options;
  const body = options.notes?.trim() ?? '';
  if (body === '') {
    await ctx.tx
      .delete(advisingAppointmentNotes)
      .where(eq(advisingAppointmentNotes.appointmentId, detail.appointment.id));
  } else {
    await ctx.tx
      .insert(advisingAppointmentNotes)
      .values({
        appointmentId: detail.appointment.id,
        clusterId: ctx.clusterId,
        hubId: detail.appointment.hubId,
        adviserUserId: detail.appointment.adviserUserId,
        body,
        updatedByUserId: ctx.requireViewer().user.id,
        updatedAt: ctx.now,
      })
      .onConflictDoUpdate({
        target: advisingAppointmentNotes.appointmentId,
        set: { body, updatedByUserId: ctx.requireViewer().user.id, updatedAt: ctx.now },
      });
  }
  await ctx.audit({
    action: 'advising.notes',
    targetType: 'advising_appointment',
    targetId: detail.appointment.id,
  });
}

/**
 * Gives, changes or removes the student's follow-up after a completed appointment (issue #21 item 4; 409 before
 * it is completed). A new or changed follow-up is open again and reaches the student as a thread message and a
 * notice; removing it tells nobody.
 */
export async function saveFollowUp(
  ctx: TRequestContext,
  options: { detail: TAppointmentDetail; followUp: string | null },
): Promise<void> {
  const { detail } = options;
  const refusal = followUpRefusal(detail.appointment.advisingStatus);
  if (refusal !== null) throw conflict(refusal);
  const text = options.followUp?.trim() || null;
  if (text === detail.appointment.followUp) return;
  await ctx.tx
    .update(advisingAppointments)
    .set(
      text === null
        ? { followUp: null, followUpSetAt: null, followUpDoneAt: null, updatedAt: ctx.now }
        : { followUp: text, followUpSetAt: ctx.now, followUpDoneAt: null, updatedAt: ctx.now },
    )
    .where(eq(advisingAppointments.id, detail.appointment.id));
  const viewer = ctx.requireViewer().user;
  if (text !== null) {
    await appendMessage(ctx, {
      threadId: detail.appointment.threadId,
      fromUserId: viewer.id,
      body: systemBody(`Follow-up after the ${detail.type.name} appointment: ${text}`),
      type: 'message',
      isSystemMessage: true,
    });
    await notifyUsers(ctx.tx, {
      clusterId: ctx.clusterId,
      now: ctx.now,
      actorUserId: viewer.id,
      userIds: [detail.appointment.studentUserId],
      hubId: detail.appointment.hubId,
      type: 'meeting.changed',
      title: `${fullName(viewer)} gave you a follow-up after the ${detail.type.name} appointment`,
      url: webPaths.advisingAppointments(),
      payload: { threadId: detail.appointment.threadId, meetingId: detail.appointment.meetingId },
    });
  }
  await tellStaffChange(ctx, detail, null);
  await ctx.audit({
    action: 'advising.follow_up',
    targetType: 'advising_appointment',
    targetId: detail.appointment.id,
    data: { isRemoved: text === null },
  });
}

/** The student marks their follow-up done (it leaves their action items) or open again. */
export async function markFollowUpDone(
  ctx: TRequestContext,
  options: { detail: TAppointmentDetail; isDone: boolean },
): Promise<void> {
  const { detail } = options;
  const wasDone = detail.appointment.followUpDoneAt !== null;
  if (wasDone === options.isDone) return;
  await ctx.tx
    .update(advisingAppointments)
    .set({ followUpDoneAt: options.isDone ? ctx.now : null, updatedAt: ctx.now })
    .where(eq(advisingAppointments.id, detail.appointment.id));
  await tellStaffChange(ctx, detail, null);
}

/** Re-reads an appointment after a change. */
export async function reloadAppointment(ctx: TRequestContext, id: string): Promise<TAppointmentDetail> {
  const detail = await findAppointment(ctx.tx, { hubId: ctx.requireHub().id, id });
  if (!detail) throw notFound('Appointment');
  return detail;
}
