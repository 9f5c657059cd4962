import {
  webPaths,
  type TCreateEventRequest,
  type TRegistrationQuestion,
  type TUpdateEventRequest,
} from '@commons/contract';
import { formatDate, isValidUrl } from '@commons/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { eventFeedTokens, eventRegistrations, events, users } from '../../db/schema/index.js';
import { feedTokenHash, feedTokenOf, newFeedSalt } from '../../lib/feed-tokens.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import { richTextToPlain } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { emitToUsers } from '../realtime/realtime.events.js';
import {
  creationStatus,
  requireOrganizedEvent,
  requireReadableEvent,
  type TEventRow,
} from './events.policy.js';
import { cleanBody, notifyUsers } from '../content/content.commands.js';
import { requireHubContributor } from '../content/content.policy.js';
import { requireCoverImage } from '../link-previews/cover-images.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';

export type TRegistrationRow = typeof eventRegistrations.$inferSelect;

/** Whether a string is a known IANA time zone. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Checks the where and when of an event: the format's place or link (spec 5 URL), an end after the start, a real time zone. */
function checkEventFields(values: {
  format: string;
  location: string | null;
  virtualUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}): void {
  const fields: Record<string, string> = {};
  if (values.format !== 'virtual' && !values.location)
    fields.location = 'Please say where the event takes place.';
  if (values.format !== 'inPerson') {
    if (!values.virtualUrl) fields.virtualUrl = 'Please add the link to join.';
    else if (!isValidUrl(values.virtualUrl))
      fields.virtualUrl = 'Enter a web address starting with http:// or https://.';
  }
  if (!(values.endsAt.getTime() > values.startsAt.getTime()))
    fields.endsAt = 'The event must end after it starts.';
  if (!isTimeZone(values.timeZone)) fields.timeZone = 'Choose a time zone.';
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/** Creates an event (issue #7 item 4) in the state creationStatus allows. */
export async function createEvent(ctx: TRequestContext, request: TCreateEventRequest): Promise<TEventRow> {
  requireHubContributor(ctx);
  const groupId = request.groupId ?? null;
  const status = await creationStatus(ctx, groupId);
  const values = {
    format: request.format,
    location: request.format === 'virtual' ? null : (request.location ?? null),
    virtualUrl: request.format === 'inPerson' ? null : (request.virtualUrl ?? null),
    startsAt: new Date(request.startsAt),
    endsAt: new Date(request.endsAt),
    timeZone: request.timeZone,
  };
  checkEventFields(values);
  const coverImageUrl = await requireCoverImage(ctx, request.coverImageUrl ?? null, ctx.requireHub().id);
  const body = cleanBody(request.description, { isRequired: false });
  const [event] = await ctx.tx
    .insert(events)
    .values({
      clusterId: ctx.clusterId,
      hubId: ctx.requireHub().id,
      groupId,
      createdByUserId: ctx.requireViewer().user.id,
      title: request.title.trim(),
      description: body.html,
      descriptionText: body.text,
      ...values,
      coverImageUrl,
      capacity: request.capacity,
      isApprovalRequired: request.isApprovalRequired,
      registrationQuestions: uniqueQuestions(request.registrationQuestions),
      status,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!event) throw new Error('event insert returned no row');
  await ctx.audit({ action: 'events.create', targetType: 'event', targetId: event.id, data: { status } });
  return event;
}

function uniqueQuestions(questions: readonly TRegistrationQuestion[]): TRegistrationQuestion[] {
  const seen = new Set<string>();
  return questions.filter((q) => (seen.has(q.id) ? false : (seen.add(q.id), true)));
}

/** Edits or cancels an event; every change raises its calendar SEQUENCE. */
export async function updateEvent(
  ctx: TRequestContext,
  options: { id: string; request: TUpdateEventRequest },
): Promise<TEventRow> {
  const event = await requireOrganizedEvent(ctx, options.id, { isLocked: true });
  const { request } = options;
  const format = request.format ?? event.format;
  const values = {
    format,
    location:
      format === 'virtual' ? null : request.location !== undefined ? request.location : event.location,
    virtualUrl:
      format === 'inPerson' ? null : request.virtualUrl !== undefined ? request.virtualUrl : event.virtualUrl,
    startsAt: request.startsAt ? new Date(request.startsAt) : event.startsAt,
    endsAt: request.endsAt ? new Date(request.endsAt) : event.endsAt,
    timeZone: request.timeZone ?? event.timeZone,
  };
  checkEventFields(values);
  const body =
    request.description === undefined ? null : cleanBody(request.description, { isRequired: false });
  if (
    request.capacity !== undefined &&
    request.capacity !== null &&
    request.capacity < event.registeredCount
  ) {
    throw validationError({ capacity: `${event.registeredCount} people are already registered.` });
  }
  const coverImageUrl =
    request.coverImageUrl === undefined
      ? event.coverImageUrl
      : await requireCoverImage(ctx, request.coverImageUrl, event.hubId);
  const [updated] = await ctx.tx
    .update(events)
    .set({
      ...values,
      coverImageUrl,
      ...(request.title ? { title: request.title.trim() } : {}),
      ...(body ? { description: body.html, descriptionText: body.text } : {}),
      ...(request.capacity !== undefined ? { capacity: request.capacity } : {}),
      ...(request.isApprovalRequired !== undefined ? { isApprovalRequired: request.isApprovalRequired } : {}),
      ...(request.registrationQuestions
        ? { registrationQuestions: uniqueQuestions(request.registrationQuestions) }
        : {}),
      ...(request.status === 'cancelled' ? { status: 'cancelled' as const } : {}),
      ...(values.startsAt.getTime() !== event.startsAt.getTime() ? { reminderSentAt: null } : {}),
      sequence: sql`${events.sequence} + 1`,
      updatedAt: ctx.now,
    })
    .where(eq(events.id, event.id))
    .returning();
  if (!updated) throw notFound('Event');
  await ctx.audit({
    action: request.status === 'cancelled' ? 'events.cancel' : 'events.update',
    targetType: 'event',
    targetId: event.id,
  });
  if (updated.capacity === null || updated.capacity > event.registeredCount)
    await promoteWaitlist(ctx, updated);
  return updated;
}

/** An admin with approve-events publishes or rejects a proposed event; the proposer is told. */
export async function decideEvent(
  ctx: TRequestContext,
  options: { id: string; decision: 'approve' | 'reject' },
): Promise<TEventRow> {
  ctx.requireRight('approve-events');
  const event = await requireReadableEvent(ctx, options.id);
  if (event.status !== 'pending') throw validationError({ decision: 'This event was already decided.' });
  const status = options.decision === 'approve' ? 'approved' : 'rejected';
  const [updated] = await ctx.tx
    .update(events)
    .set({ status, updatedAt: ctx.now })
    .where(eq(events.id, event.id))
    .returning();
  if (!updated) throw notFound('Event');
  await ctx.audit({ action: `events.${status}`, targetType: 'event', targetId: event.id });
  if (event.createdByUserId) {
    await notifyUsers(ctx, {
      hubId: event.hubId,
      userIds: [event.createdByUserId],
      kind: `event_${status}`,
      targetType: 'event',
      targetId: event.id,
      title:
        status === 'approved'
          ? `Your event “${event.title}” was published`
          : `Your event “${event.title}” was not approved`,
      url: webPaths.event(event.id),
    });
  }
  return updated;
}

/** Tells an attendee their place is confirmed: a notification and the realtime refetch of event lists (spec 4). */
async function announceAccepted(ctx: TRequestContext, event: TEventRow, userId: string): Promise<void> {
  await notifyUsers(ctx, {
    hubId: event.hubId,
    userIds: [userId],
    kind: 'event_registration_accepted',
    targetType: 'event',
    targetId: event.id,
    title: `You are registered for “${event.title}”`,
    url: webPaths.event(event.id),
  });
  await emitToUsers(ctx.tx, ctx.clusterId, [userId], {
    type: 'event.registration-accepted',
    payload: { hubId: String(event.hubId), eventId: event.id },
  });
}

/** Moves the oldest waitlisted people into free places (events without registration approval). */
async function promoteWaitlist(ctx: TRequestContext, event: TEventRow): Promise<void> {
  if (event.isApprovalRequired || event.status !== 'approved') return;
  const free = event.capacity === null ? Number.MAX_SAFE_INTEGER : event.capacity - event.registeredCount;
  if (free <= 0 || event.waitlistCount === 0) return;
  const waiting = await ctx.tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id))
    .limit(Math.min(free, 500));
  for (const registration of waiting) {
    await ctx.tx
      .update(eventRegistrations)
      .set({ status: 'registered', updatedAt: ctx.now })
      .where(eq(eventRegistrations.id, registration.id));
    await announceAccepted(ctx, event, registration.userId);
  }
  if (waiting.length > 0) {
    await ctx.tx
      .update(events)
      .set({
        registeredCount: sql`${events.registeredCount} + ${waiting.length}`,
        waitlistCount: sql`greatest(0, ${events.waitlistCount} - ${waiting.length})`,
      })
      .where(eq(events.id, event.id));
  }
}

/**
 * Registers the viewer (issue #7 item 4): required questions answered; with registration approval the
 * request waits for the organiser; otherwise a free place registers and a full event waitlists. The
 * event row is locked, so two people never take the last place.
 */
export async function register(
  ctx: TRequestContext,
  options: { id: string; answers: Record<string, string> },
): Promise<TRegistrationRow> {
  requireHubContributor(ctx);
  const event = await requireReadableEvent(ctx, options.id, { isLocked: true });
  if (event.status !== 'approved')
    throw new AppError({
      statusCode: 409,
      code: 'conflict',
      message: 'Event not open',
      userMessage: 'This event is not open for registration.',
    });
  if (event.endsAt.getTime() <= ctx.now.getTime())
    throw new AppError({
      statusCode: 409,
      code: 'conflict',
      message: 'Event over',
      userMessage: 'This event is over.',
    });
  const userId = ctx.requireViewer().user.id;
  const [existing] = await ctx.tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.userId, userId)))
    .limit(1);
  if (existing && ['pending', 'registered', 'waitlisted'].includes(existing.status)) return existing;
  const answers: Record<string, string> = {};
  const missing: Record<string, string> = {};
  for (const question of event.registrationQuestions) {
    const answer = (options.answers[question.id] ?? '').trim();
    if (answer !== '') answers[question.id] = answer;
    else if (question.isRequired) missing[`answers.${question.id}`] = `Please answer “${question.label}”.`;
  }
  if (Object.keys(missing).length > 0) throw validationError(missing);
  const hasPlace = event.capacity === null || event.registeredCount < event.capacity;
  const status = event.isApprovalRequired ? 'pending' : hasPlace ? 'registered' : 'waitlisted';
  const values = { status, answers, checkedInAt: null, updatedAt: ctx.now } as const;
  const [registration] = existing
    ? await ctx.tx
        .update(eventRegistrations)
        .set({ ...values, createdAt: ctx.now })
        .where(eq(eventRegistrations.id, existing.id))
        .returning()
    : await ctx.tx
        .insert(eventRegistrations)
        .values({
          clusterId: ctx.clusterId,
          hubId: event.hubId,
          eventId: event.id,
          userId,
          ...values,
          createdAt: ctx.now,
        })
        .returning();
  if (!registration) throw new Error('registration write returned no row');
  // Outgoing webhooks (issue #23 item 3), queued in this transaction.
  await enqueueWebhookEvent(ctx.tx, {
    type: 'event.registered',
    data: {
      eventId: event.id,
      registrationId: registration.id,
      userId,
      status,
      hub: ctx.hub?.identifier ?? null,
    },
    now: ctx.now,
  });
  if (status === 'registered')
    await ctx.tx
      .update(events)
      .set({ registeredCount: sql`${events.registeredCount} + 1` })
      .where(eq(events.id, event.id));
  if (status === 'waitlisted')
    await ctx.tx
      .update(events)
      .set({ waitlistCount: sql`${events.waitlistCount} + 1` })
      .where(eq(events.id, event.id));
  return registration;
}

/** The viewer cancels their registration; a freed place goes to the waitlist. */
export async function cancelRegistration(ctx: TRequestContext, options: { id: string }): Promise<void> {
  const event = await requireReadableEvent(ctx, options.id, { isLocked: true });
  const userId = ctx.requireViewer().user.id;
  const [registration] = await ctx.tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.userId, userId)))
    .limit(1);
  if (!registration || !['pending', 'registered', 'waitlisted'].includes(registration.status))
    throw notFound('Registration');
  await ctx.tx
    .update(eventRegistrations)
    .set({ status: 'cancelled', checkedInAt: null, updatedAt: ctx.now })
    .where(eq(eventRegistrations.id, registration.id));
  const [updated] = await ctx.tx
    .update(events)
    .set(
      registration.status === 'registered'
        ? { registeredCount: sql`greatest(0, ${events.registeredCount} - 1)` }
        : registration.status === 'waitlisted'
          ? { waitlistCount: sql`greatest(0, ${events.waitlistCount} - 1)` }
          : { updatedAt: event.updatedAt },
    )
    .where(eq(events.id, event.id))
    .returning();
  if (updated && registration.status === 'registered') await promoteWaitlist(ctx, updated);
}

/** The organiser approves (a free place registers, else waitlists) or declines a waiting registration. */
export async function decideRegistration(
  ctx: TRequestContext,
  options: { id: string; registrationId: string; decision: 'approve' | 'decline' },
): Promise<TRegistrationRow> {
  const event = await requireOrganizedEvent(ctx, options.id, { isLocked: true });
  const [registration] = await ctx.tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, options.registrationId), eq(eventRegistrations.eventId, event.id)))
    .limit(1);
  if (!registration) throw notFound('Registration');
  if (registration.status !== 'pending' && registration.status !== 'waitlisted')
    throw validationError({ decision: 'This registration was already decided.' });
  let status: TRegistrationRow['status'] = 'declined';
  if (options.decision === 'approve')
    status = event.capacity === null || event.registeredCount < event.capacity ? 'registered' : 'waitlisted';
  if (status === registration.status) return registration;
  const [updated] = await ctx.tx
    .update(eventRegistrations)
    .set({ status, updatedAt: ctx.now })
    .where(eq(eventRegistrations.id, registration.id))
    .returning();
  if (!updated) throw notFound('Registration');
  const wasWaitlisted = registration.status === 'waitlisted' ? 1 : 0;
  await ctx.tx
    .update(events)
    .set({
      registeredCount: sql`${events.registeredCount} + ${status === 'registered' ? 1 : 0}`,
      waitlistCount: sql`greatest(0, ${events.waitlistCount} + ${status === 'waitlisted' ? 1 : 0} - ${wasWaitlisted})`,
    })
    .where(eq(events.id, event.id));
  await ctx.audit({
    action: `events.registration_${status}`,
    targetType: 'event_registration',
    targetId: registration.id,
  });
  if (status === 'registered') await announceAccepted(ctx, event, registration.userId);
  return updated;
}

/** The organiser checks an attendee in at the door (or undoes it). */
export async function checkIn(
  ctx: TRequestContext,
  options: { id: string; registrationId: string; isCheckedIn: boolean },
): Promise<TRegistrationRow> {
  const event = await requireOrganizedEvent(ctx, options.id);
  const [registration] = await ctx.tx
    .update(eventRegistrations)
    .set({ checkedInAt: options.isCheckedIn ? ctx.now : null, updatedAt: ctx.now })
    .where(
      and(
        eq(eventRegistrations.id, options.registrationId),
        eq(eventRegistrations.eventId, event.id),
        eq(eventRegistrations.status, 'registered'),
      ),
    )
    .returning();
  if (!registration) throw notFound('Registration');
  return registration;
}

/**
 * The token of the viewer's calendar feed of the hub, made on first use; `isReplaced` makes a new one, and
 * the old URL stops working at once. Only its salt and hash are stored (lib/feed-tokens.ts).
 */
export async function eventFeedToken(
  ctx: TRequestContext,
  options: { secret: Uint8Array; isReplaced: boolean },
): Promise<string> {
  const userId = ctx.requireViewer().user.id;
  const hubId = ctx.requireHub().id;
  const [existing] = await ctx.tx
    .select()
    .from(eventFeedTokens)
    .where(and(eq(eventFeedTokens.userId, userId), eq(eventFeedTokens.hubId, hubId)))
    .limit(1);
  if (existing && !options.isReplaced) return feedTokenOf(options.secret, 'events-feed', existing.salt);
  const salt = newFeedSalt();
  const token = feedTokenOf(options.secret, 'events-feed', salt);
  const values = { salt, tokenHash: feedTokenHash(token), createdAt: ctx.now };
  await ctx.tx
    .insert(eventFeedTokens)
    .values({ clusterId: ctx.clusterId, hubId, userId, ...values })
    .onConflictDoUpdate({ target: [eventFeedTokens.userId, eventFeedTokens.hubId], set: values });
  if (existing) await ctx.audit({ action: 'events.feed.rotate', targetType: 'user', targetId: userId });
  return token;
}

/** Ends a user's event calendar feeds, of one hub (rejection, removal) or of every hub (account deletion). */
export async function deleteEventFeeds(
  tx: TRequestContext['tx'],
  options: { userId: string; hubId?: number },
): Promise<void> {
  await tx
    .delete(eventFeedTokens)
    .where(
      and(
        eq(eventFeedTokens.userId, options.userId),
        options.hubId === undefined ? undefined : eq(eventFeedTokens.hubId, options.hubId),
      ),
    );
}

const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Reminder mails for events starting within a day, to everyone registered; each event is reminded once. */
export async function sendEventReminders(
  tx: TRequestContext['tx'],
  options: { clusterId: string; now: Date; publicUrl: string },
): Promise<number> {
  const due = await tx
    .select()
    .from(events)
    .where(
      and(
        eq(events.clusterId, options.clusterId),
        eq(events.status, 'approved'),
        sql`${events.reminderSentAt} is null and ${events.hiddenAt} is null`,
        sql`${events.startsAt} > ${options.now} and ${events.startsAt} <= ${new Date(options.now.getTime() + REMINDER_WINDOW_MS)}`,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const event of due) {
    const attendees = await tx
      .select({ email: users.email, firstName: users.firstName, timezone: users.timezone })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'registered')));
    for (const attendee of attendees) {
      const when = `${formatDate(event.startsAt, { style: 'long', timeZone: attendee.timezone || event.timeZone })} at ${formatDate(event.startsAt, { style: 'time', timeZone: attendee.timezone || event.timeZone })}`;
      const place = event.format === 'virtual' ? 'Online' : (event.location ?? '');
      await enqueueMail(tx, options.clusterId, {
        to: attendee.email,
        subject: `Reminder: ${event.title}`,
        text: `Hi ${attendee.firstName},\n\n“${event.title}” starts ${when}.\n${place}\n\nEvent page: ${options.publicUrl}${webPaths.event(event.id)}\n\n${richTextToPlain(event.description).slice(0, 500)}`,
      });
      sent += 1;
    }
    await tx.update(events).set({ reminderSentAt: options.now }).where(eq(events.id, event.id));
  }
  return sent;
}
