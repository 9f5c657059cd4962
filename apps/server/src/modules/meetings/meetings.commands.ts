import { randomBytes, randomUUID } from 'node:crypto';
import type { TCreateMeetingRequest, TNotificationType } from '@commons/contract';
import {
  formatDate,
  formatDurationHoursMinutes,
  HELD_MEETING_STATUS,
  isBlockedByAvailability,
  isKnownTimeZone,
  isMessageType,
  meetingInThreadRefusal,
  isValidUrl,
  MEETING_MEDIUM_LABELS,
  NO_AVAILABLE_DATES_MESSAGE,
} from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { hubMemberships, hubs, meetings, userTypes } from '../../db/schema/index.js';
import { AppError, conflict, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  completeOtherUserActionItem,
  completeViewerActionItem,
} from '../action-items/action-items.commands.js';
import { awardHubActivityBadges } from '../badges/badges.commands.js';
import { appendMessage, decideRequest } from '../inbox/inbox.commands.js';
import type { TThreadListRow } from '../inbox/inbox.queries.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { fullName, notifyThreadParticipants } from '../notifications/thread-notifications.js';
import { emitInboxEvent } from '../realtime/realtime.inbox.js';
import { buildCalendar, organizerFrom, type TInviteMethod } from './meetings.ical.js';
import { validateProposals, type TProposalRules } from './meetings.policy.js';
import { busyIntervals, loadPeople, type TMeetingPerson, type TMeetingRow } from './meetings.queries.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';

/** What meeting commands need beyond the request: links in mail and the sender shown as organiser. */
export type TMeetingDeps = { publicUrl: string; mailFrom: string };

/** Calendar day 'YYYY-MM-DD' of the stored lastAvailabilityDate (kept at noon UTC of that day). */
export function lastAvailabilityDay(date: Date | null): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

/** Links of one participant: their meeting page and, for video meetings, the video room (spec 2). */
export function meetingLinks(
  deps: Pick<TMeetingDeps, 'publicUrl'>,
  row: TMeetingRow,
  person: { identifier: string },
) {
  const address = encodeURIComponent(person.identifier);
  return {
    pageUrl: `${deps.publicUrl}/inbox/${address}/meeting/${row.meetingToken}`,
    videoUrl: row.medium === 'video' ? `${deps.publicUrl}/inbox/${address}/thread/${row.threadId}` : null,
  };
}

function refuse(code: string, userMessage: string): AppError {
  return new AppError({ statusCode: 403, code, message: userMessage, userMessage });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A thread message that records a meeting request or change; it moves the thread up both inboxes. */
function meetingMessage(
  ctx: TRequestContext,
  options: { threadId: string; text: string; type: string; isSystemMessage: boolean },
) {
  return appendMessage(ctx, {
    threadId: options.threadId,
    fromUserId: ctx.requireViewer().user.id,
    body: { html: `<p>${escapeHtml(options.text)}</p>`, text: options.text },
    type: options.type,
    isSystemMessage: options.isSystemMessage,
  });
}

function mediumLabel(medium: string): string {
  return (MEETING_MEDIUM_LABELS as Record<string, string>)[medium] ?? medium;
}

/** The two participants of a meeting, loaded with their calendars. */
async function participantsOf(
  ctx: TRequestContext,
  row: Pick<TMeetingRow, 'fromUserId' | 'toUserId'>,
): Promise<{ from: TMeetingPerson; to: TMeetingPerson }> {
  const people = await loadPeople(ctx.tx, [row.fromUserId, row.toUserId]);
  const from = people.get(row.fromUserId);
  const to = people.get(row.toUserId);
  if (!from || !to) throw new Error('meeting participant missing');
  return { from, to };
}

/** spec 6 Messaging: meetings are refused when either participant's user type in the hub has meetings disabled. */
async function requireMeetingsEnabled(
  ctx: TRequestContext,
  options: { hubId: number; other: TMeetingPerson; viewerId: string },
): Promise<void> {
  const rows = await ctx.tx
    .select({ meetingsDisabled: userTypes.meetingsDisabled })
    .from(hubMemberships)
    .innerJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        inArray(hubMemberships.userId, [options.viewerId, options.other.id]),
      ),
    );
  if (rows.some((r) => r.meetingsDisabled))
    throw refuse('messaging_not_allowed', `Meetings with ${options.other.firstName} are not available.`);
}

/** Rules the answering participant's calendar sets for proposals (spec 5 Meeting slots and Availability). */
async function proposalRules(
  ctx: TRequestContext,
  options: {
    answering: TMeetingPerson;
    proposer: TMeetingPerson;
    durationMinutes: number;
    pickerTimeZone: string;
    times: readonly string[];
    ignore?: TMeetingRow;
  },
): Promise<TProposalRules> {
  const instants = options.times.map((t) => new Date(t).getTime()).filter(Number.isFinite);
  const from = new Date(Math.min(...instants, ctx.now.getTime()));
  const to = new Date(Math.max(...instants, ctx.now.getTime()) + options.durationMinutes * 60_000);
  const busy = (
    await busyIntervals(ctx.tx, { userIds: [options.answering.id, options.proposer.id], from, to })
  ).filter(
    (b) =>
      !(
        options.ignore?.scheduledTime &&
        b.start.getTime() === options.ignore.scheduledTime.getTime() &&
        b.end.getTime() === options.ignore.scheduledEndTime?.getTime()
      ),
  );
  return {
    now: ctx.now,
    durationMinutes: options.durationMinutes,
    pickerTimeZone: options.pickerTimeZone,
    stepMinutes: options.answering.slotMinutes === 15 ? 15 : 30,
    other: {
      firstName: options.answering.firstName,
      timezone: options.answering.timezone,
      weeklyHours: options.answering.weeklyHours,
      lastAvailabilityDay: lastAvailabilityDay(options.answering.lastAvailabilityDate),
    },
    busy,
  };
}

/** Medium details (spec 9 Meeting mediums): a phone number for phone calls, a place or a link for the others. */
function mediumDetails(request: Pick<TCreateMeetingRequest, 'medium' | 'location' | 'phone'>): {
  location: string | null;
  phone: string | null;
} {
  const location = request.location?.trim() || null;
  const phone = request.phone?.trim() || null;
  switch (request.medium) {
    case 'phone':
      if (!phone || !/^\+?[0-9][0-9 ().-]{5,}$/.test(phone))
        throw validationError({ phone: 'Enter the phone number to call.' });
      return { location: null, phone };
    case 'in-person':
      if (!location) throw validationError({ location: 'Enter where you will meet.' });
      return { location, phone: null };
    case 'external-meeting':
      if (!location || !isValidUrl(location))
        throw validationError({ location: 'Enter the meeting link (http:// or https://).' });
      return { location, phone: null };
    default:
      return { location: null, phone: null };
  }
}

/**
 * Requests a meeting in a thread (issue #5 item 2): the thread is open, meetings are enabled for both user
 * types, the other participant still has availability (spec 5 Availability), and every proposed time is on
 * the grid, in the future, inside their weekly hours and free (spec 5 Meeting slots). The request is also a
 * message of the thread.
 */
export async function createMeeting(
  ctx: TRequestContext,
  options: { thread: TThreadListRow; isThreadClosed: boolean; request: TCreateMeetingRequest },
): Promise<TMeetingRow> {
  const viewer = ctx.requireViewer().user;
  const { thread } = options.thread;
  const { request } = options;
  if (options.isThreadClosed) throw refuse('thread_closed', 'This conversation is closed and read-only.');
  const refusal = meetingInThreadRefusal(thread);
  if (refusal !== null) throw refuse('meeting_not_allowed', refusal);
  const otherId = thread.fromUserId === viewer.id ? thread.toUserId : thread.fromUserId;
  const people = await loadPeople(ctx.tx, [viewer.id, otherId]);
  const me = people.get(viewer.id);
  const other = people.get(otherId);
  if (!me || !other) throw new Error('thread participant missing');
  await requireMeetingsEnabled(ctx, { hubId: thread.hubId, other, viewerId: viewer.id });
  if (
    isMessageType(thread.messageType) &&
    isBlockedByAvailability({
      messageType: thread.messageType,
      lastAvailabilityDate: other.lastAvailabilityDate,
      now: ctx.now,
      timeZone: viewer.timezone,
    })
  ) {
    throw refuse('recipient_unavailable', NO_AVAILABLE_DATES_MESSAGE);
  }
  if (!isKnownTimeZone(request.timezone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  const details = mediumDetails(request);
  const isEmail = request.medium === 'email';
  if (isEmail && request.proposedTimes.length > 0)
    throw validationError({ proposedTimes: 'Email meetings have no meeting time.' });
  const rules = await proposalRules(ctx, {
    answering: other,
    proposer: me,
    durationMinutes: request.durationMinutes,
    pickerTimeZone: request.timezone,
    times: request.proposedTimes,
  });
  const proposed = validateProposals(request.proposedTimes, rules, { isRequired: !isEmail });

  const count = proposed.length;
  const text = isEmail
    ? `${viewer.firstName} requested a meeting by email.`
    : // 'a video call of 30 minutes': the spec's duration text is a noun phrase ('a 30 minutes video call' read wrong).
      `${viewer.firstName} requested a ${mediumLabel(request.medium).toLowerCase()} of ${formatDurationHoursMinutes(request.durationMinutes)} and proposed ${count} ${count === 1 ? 'time' : 'times'}.`;
  const message = await meetingMessage(ctx, {
    threadId: thread.id,
    text,
    type: 'meeting',
    isSystemMessage: false,
  });
  const [row] = await ctx.tx
    .insert(meetings)
    .values({
      clusterId: ctx.clusterId,
      hubId: thread.hubId,
      threadId: thread.id,
      messageId: message.id,
      fromUserId: viewer.id,
      toUserId: other.id,
      status: 'pending',
      medium: request.medium,
      durationMinutes: request.durationMinutes,
      timezone: request.timezone,
      proposedTimes: proposed,
      proposedByUserId: viewer.id,
      fromUserProposedTimes: proposed,
      ...details,
      note: request.note?.trim() || null,
      meetingToken: randomBytes(16).toString('base64url'),
      calendarEventId: `${randomUUID()}@commons`,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('meeting insert returned no row');
  await ctx.audit({
    action: 'meeting.request',
    targetType: 'meeting',
    targetId: row.id,
    data: { medium: row.medium, proposals: count },
  });
  await notifyMeeting(ctx, {
    row,
    type: 'meeting.requested',
    title: `${fullName(viewer)} requested a meeting`,
  });
  return row;
}

/** The sequence of the next invite: 0 for the first one of a calendar event, then one more each time. */
function nextSequence(row: TMeetingRow): number {
  return row.calendarSentAt ? row.calendarSequence + 1 : 0;
}

/**
 * Emails an iCalendar invite (REQUEST or CANCEL) to both participants through the outbox, each with their own
 * meeting link and the time written in their time zone, and records the sequence that was sent.
 */
export async function sendInvites(
  ctx: TRequestContext,
  deps: TMeetingDeps,
  options: { row: TMeetingRow; method: TInviteMethod; reason: string },
): Promise<TMeetingRow> {
  const sequence = nextSequence(options.row);
  const [row] = await ctx.tx
    .update(meetings)
    .set({ calendarSequence: sequence, calendarSentAt: ctx.now })
    .where(eq(meetings.id, options.row.id))
    .returning();
  if (!row?.scheduledTime) throw new Error('invite of a meeting without a time');
  const { from, to } = await participantsOf(ctx, row);
  const organizer = organizerFrom(deps.mailFrom);
  for (const [recipient, other] of [
    [from, to],
    [to, from],
  ] as const) {
    const links = meetingLinks(deps, row, recipient);
    const content = buildCalendar({
      method: options.method,
      organizer,
      now: ctx.now,
      meetings: [{ row, from, to, ...links, isCancelled: options.method === 'CANCEL' }],
    });
    const when = `${formatDate(row.scheduledTime, { style: 'full', timeZone: recipient.timezone })} at ${formatDate(row.scheduledTime, { style: 'time', timeZone: recipient.timezone })} (${recipient.timezone})`;
    const what = `${mediumLabel(row.medium)} with ${other.firstName} ${other.lastName}, ${formatDurationHoursMinutes(row.durationMinutes)}`;
    const subject = options.method === 'REQUEST' ? `Meeting confirmed: ${what}` : `Meeting canceled: ${what}`;
    const lines = [
      `Hi ${recipient.firstName},`,
      '',
      options.reason,
      '',
      `${what}`,
      `When: ${when}`,
      ...(row.medium === 'phone' && row.phone ? [`Phone: ${row.phone}`] : []),
      ...(row.location ? [`Where: ${row.location}`] : []),
      ...(links.videoUrl && options.method === 'REQUEST' ? [`Video call: ${links.videoUrl}`] : []),
      '',
      `Meeting page: ${links.pageUrl}`,
      '',
      options.method === 'REQUEST'
        ? 'The attached invite adds it to your calendar.'
        : 'The attached update removes it from your calendar.',
    ];
    await enqueueMail(ctx.tx, ctx.clusterId, {
      to: recipient.email,
      subject,
      text: `${lines.join('\n')}\n`,
      icalEvent: { method: options.method, content },
    });
  }
  return row;
}

/**
 * Tells both participants' open pages that a meeting changed (inbox.meeting refetches their meetings) and
 * notifies the other participant (issue #5 item 4).
 */
export async function notifyMeeting(
  ctx: TRequestContext,
  options: { row: TMeetingRow; type: TNotificationType; title: string },
): Promise<void> {
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: options.row.threadId,
    event: { kind: 'meeting', meetingId: options.row.id },
  });
  await notifyThreadParticipants(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    threadId: options.row.threadId,
    actorUserId: ctx.requireViewer().user.id,
    type: options.type,
    title: options.title,
    meeting: { id: options.row.id, meetingToken: options.row.meetingToken },
  });
}

/** Whether calendars currently hold this meeting: an invite went out and the meeting is scheduled and accepted. */
function isOnCalendars(row: TMeetingRow): boolean {
  return row.calendarSentAt !== null && row.status === 'accepted' && row.scheduledTime !== null;
}

/**
 * Accepts one proposed time (spec 4: accepted, shown as Meeting Upcoming until it ends). An email meeting is
 * accepted without a time. A pending request thread is accepted with it, and both participants get the
 * invite (METHOD:REQUEST).
 */
export async function acceptMeeting(
  ctx: TRequestContext,
  deps: TMeetingDeps,
  options: { row: TMeetingRow; thread: TThreadListRow; time: string | undefined },
): Promise<TMeetingRow> {
  const viewer = ctx.requireViewer().user;
  const { row } = options;
  let scheduledTime: Date | null = null;
  if (row.medium !== 'email' || row.proposedTimes.length > 0) {
    if (!options.time) throw validationError({ time: 'Choose one of the proposed times.' });
    const chosen = new Date(options.time).getTime();
    const match = row.proposedTimes.find((t) => t.getTime() === chosen);
    if (!match) throw validationError({ time: 'Choose one of the proposed times.' });
    if (match.getTime() <= ctx.now.getTime())
      throw validationError({ time: 'This proposed time has passed. Propose new times instead.' });
    const end = new Date(match.getTime() + row.durationMinutes * 60_000);
    const busy = await busyIntervals(ctx.tx, {
      userIds: [row.fromUserId, row.toUserId],
      from: match,
      to: end,
    });
    if (busy.length > 0)
      throw conflict('This time overlaps another meeting. Choose another time or propose new ones.');
    scheduledTime = match;
  }
  const [updated] = await ctx.tx
    .update(meetings)
    .set({
      status: 'accepted',
      lastEvent: 'requestAccepted',
      scheduledTime,
      scheduledEndTime: scheduledTime
        ? new Date(scheduledTime.getTime() + row.durationMinutes * 60_000)
        : null,
      proposedTimes: [],
      updatedAt: ctx.now,
    })
    .where(eq(meetings.id, row.id))
    .returning();
  if (!updated) throw new Error('meeting update returned no row');
  if (options.thread.thread.status === 'pending' && options.thread.thread.toUserId === viewer.id) {
    await decideRequest(ctx, { row: options.thread, decision: 'accepted' });
  }
  await meetingMessage(ctx, {
    threadId: row.threadId,
    text: `${viewer.firstName} accepted the meeting.`,
    type: 'meetingAccepted',
    isSystemMessage: true,
  });
  await ctx.audit({ action: 'meeting.accept', targetType: 'meeting', targetId: row.id });
  // Outgoing webhooks (issue #23 item 3), queued in this transaction; the hub is the thread's.
  const [meetingHub] = await ctx.tx
    .select({ identifier: hubs.identifier })
    .from(hubs)
    .where(eq(hubs.id, options.thread.thread.hubId));
  await enqueueWebhookEvent(ctx.tx, {
    type: 'meeting.scheduled',
    data: {
      meetingId: updated.id,
      threadId: updated.threadId,
      fromUserId: updated.fromUserId,
      toUserId: updated.toUserId,
      medium: updated.medium,
      scheduledTime: updated.scheduledTime?.toISOString() ?? null,
      durationMinutes: updated.durationMinutes,
      hub: meetingHub?.identifier ?? null,
    },
    now: ctx.now,
  });
  // A booked meeting counts for both participants (issue #18 item 4: number_of_meetings, one meeting).
  const meetingHubIds = [options.thread.thread.hubId];
  await completeViewerActionItem(ctx, 'number_of_meetings', { hubIds: meetingHubIds });
  await completeOtherUserActionItem(ctx, {
    userId: row.fromUserId === viewer.id ? row.toUserId : row.fromUserId,
    hubIds: meetingHubIds,
    type: 'number_of_meetings',
  });
  await notifyMeeting(ctx, {
    row: updated,
    type: 'meeting.accepted',
    title: `${fullName(viewer)} accepted the meeting`,
  });
  if (!updated.scheduledTime) return updated;
  return sendInvites(ctx, deps, {
    row: updated,
    method: 'REQUEST',
    reason: `${viewer.firstName} ${viewer.lastName} accepted the meeting.`,
  });
}

/**
 * Proposes other times. On a pending request the proposals replace the open ones and the other participant
 * answers them. On an upcoming meeting it is a reschedule: the meeting records rescheduleRequested (shown as
 * rejected, spec 4), calendars get METHOD:CANCEL, and a new request with the proposals keeps the calendar UID.
 */
export async function proposeTimes(
  ctx: TRequestContext,
  deps: TMeetingDeps,
  options: {
    row: TMeetingRow;
    isReschedule: boolean;
    proposedTimes: string[];
    timezone: string | undefined;
    note: string | undefined;
  },
): Promise<TMeetingRow> {
  const viewer = ctx.requireViewer().user;
  const { row } = options;
  if (row.medium === 'email')
    throw validationError({ proposedTimes: 'Email meetings have no meeting time.' });
  const pickerTimeZone = options.timezone ?? viewer.timezone;
  if (!isKnownTimeZone(pickerTimeZone))
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  const { from, to } = await participantsOf(ctx, row);
  const me = from.id === viewer.id ? from : to;
  const answering = from.id === viewer.id ? to : from;
  const rules = await proposalRules(ctx, {
    answering,
    proposer: me,
    durationMinutes: row.durationMinutes,
    pickerTimeZone,
    times: options.proposedTimes,
    ignore: row,
  });
  const proposed = validateProposals(options.proposedTimes, rules, { isRequired: true });
  const isFromSide = viewer.id === row.fromUserId;
  const sideTimes = isFromSide ? { fromUserProposedTimes: proposed } : { toUserProposedTimes: proposed };
  const note = options.note?.trim() || null;

  if (!options.isReschedule) {
    const [updated] = await ctx.tx
      .update(meetings)
      .set({
        proposedTimes: proposed,
        proposedByUserId: viewer.id,
        ...sideTimes,
        ...(note ? { note } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(meetings.id, row.id))
      .returning();
    if (!updated) throw new Error('meeting update returned no row');
    await meetingMessage(ctx, {
      threadId: row.threadId,
      text: `${viewer.firstName} proposed new times.`,
      type: 'meetingProposed',
      isSystemMessage: true,
    });
    await ctx.audit({
      action: 'meeting.propose',
      targetType: 'meeting',
      targetId: row.id,
      data: { proposals: proposed.length },
    });
    await notifyMeeting(ctx, {
      row: updated,
      type: 'meeting.changed',
      title: `${fullName(viewer)} proposed new times`,
    });
    return updated;
  }

  let [old] = await ctx.tx
    .update(meetings)
    .set({ status: null, lastEvent: 'rescheduleRequested', updatedAt: ctx.now })
    .where(eq(meetings.id, row.id))
    .returning();
  if (!old) throw new Error('meeting update returned no row');
  if (row.calendarSentAt && row.scheduledTime) {
    old = await sendInvites(ctx, deps, {
      row: old,
      method: 'CANCEL',
      reason: `${viewer.firstName} ${viewer.lastName} asked to reschedule the meeting and proposed new times.`,
    });
  }
  const text = `${viewer.firstName} asked to reschedule and proposed ${proposed.length} new ${proposed.length === 1 ? 'time' : 'times'}.`;
  const message = await meetingMessage(ctx, {
    threadId: row.threadId,
    text,
    type: 'meeting',
    isSystemMessage: false,
  });
  const [next] = await ctx.tx
    .insert(meetings)
    .values({
      clusterId: ctx.clusterId,
      hubId: row.hubId,
      threadId: row.threadId,
      messageId: message.id,
      fromUserId: row.fromUserId,
      toUserId: row.toUserId,
      status: 'pending',
      medium: row.medium,
      durationMinutes: row.durationMinutes,
      timezone: row.timezone,
      proposedTimes: proposed,
      proposedByUserId: viewer.id,
      fromUserProposedTimes: isFromSide ? proposed : [],
      toUserProposedTimes: isFromSide ? [] : proposed,
      location: row.location,
      phone: row.phone,
      note: note ?? row.note,
      meetingToken: randomBytes(16).toString('base64url'),
      calendarEventId: row.calendarEventId,
      calendarSequence: old.calendarSequence,
      calendarSentAt: old.calendarSentAt,
      previousMeetingId: row.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!next) throw new Error('meeting insert returned no row');
  await ctx.audit({
    action: 'meeting.reschedule',
    targetType: 'meeting',
    targetId: next.id,
    data: { previous: row.id },
  });
  await notifyMeeting(ctx, {
    row: next,
    type: 'meeting.changed',
    title: `${fullName(viewer)} asked to reschedule the meeting`,
  });
  return next;
}

type TEndState = {
  status: 'rejected' | 'cancelled' | 'completed' | 'noShow';
  lastEvent: 'rejected' | 'completed' | null;
  text: (name: string) => string;
  messageType: string;
};

const END_STATES = {
  reject: {
    status: 'rejected',
    lastEvent: 'rejected',
    text: (n) => `${n} declined the meeting request.`,
    messageType: 'meetingRejected',
  },
  cancel: {
    status: 'cancelled',
    lastEvent: null,
    text: (n) => `${n} canceled the meeting.`,
    messageType: 'meetingCancelled',
  },
  complete: {
    status: 'completed',
    lastEvent: 'completed',
    text: (n) => `${n} marked the meeting completed.`,
    messageType: 'meetingCompleted',
  },
  'no-show': {
    status: 'noShow',
    lastEvent: null,
    text: (n) => `${n} marked the meeting as a no-show.`,
    messageType: 'meetingNoShow',
  },
} as const satisfies Record<string, TEndState>;

/**
 * Rejects, cancels, completes or marks a no-show (spec 4 Meetings). Open proposals close; a cancelled
 * meeting that calendars hold gets METHOD:CANCEL with the next sequence.
 */
export async function endMeeting(
  ctx: TRequestContext,
  deps: TMeetingDeps,
  options: { row: TMeetingRow; action: keyof typeof END_STATES; note: string | undefined },
): Promise<TMeetingRow> {
  const viewer = ctx.requireViewer().user;
  const state: TEndState = END_STATES[options.action];
  const wasOnCalendars = isOnCalendars(options.row);
  const note = options.note?.trim() || null;
  const [updated] = await ctx.tx
    .update(meetings)
    .set({
      status: state.status,
      lastEvent: state.lastEvent ?? options.row.lastEvent,
      proposedTimes: [],
      ...(note ? { note } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(meetings.id, options.row.id))
    .returning();
  if (!updated) throw new Error('meeting update returned no row');
  const text = state.text(viewer.firstName) + (note ? ` ${note}` : '');
  await meetingMessage(ctx, {
    threadId: updated.threadId,
    text,
    type: state.messageType,
    isSystemMessage: true,
  });
  await ctx.audit({ action: `meeting.${options.action}`, targetType: 'meeting', targetId: updated.id });
  // A meeting marked completed was held, for both participants (domain badges.ts meetings_held).
  if (updated.status === HELD_MEETING_STATUS)
    await awardHubActivityBadges(ctx, {
      userIds: [updated.fromUserId, updated.toUserId],
      hubId: updated.hubId,
      kind: 'meetings_held',
    });
  const isEnded = options.action === 'reject' || options.action === 'cancel';
  await notifyMeeting(ctx, {
    row: updated,
    type: isEnded ? 'meeting.cancelled' : 'meeting.changed',
    title: state.text(fullName(viewer)).replace(/\.$/, ''),
  });
  if (options.action === 'cancel' && wasOnCalendars) {
    return sendInvites(ctx, deps, {
      row: updated,
      method: 'CANCEL',
      reason: `${viewer.firstName} ${viewer.lastName} canceled the meeting.`,
    });
  }
  return updated;
}
