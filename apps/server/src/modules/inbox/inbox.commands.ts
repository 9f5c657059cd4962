import type { TCreateThreadRequest } from '@commons/contract';
import {
  findUnfilledPlaceholders,
  isApprovedUser,
  isBlockedByAvailability,
  NO_AVAILABLE_DATES_MESSAGE,
  requestLimitError,
  unavailableMessage,
} from '@commons/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { hubMemberships, messages, threadParticipants, threads, users, userTypes } from '../../db/schema/index.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { hubMessageTypeSettings, requireApprovedMember, requireMessagingAllowed, type TCloseStatus } from './inbox.policy.js';
import { countOpenRequests, findThreadFor, type TMessageRow, type TThreadListRow } from './inbox.queries.js';
import { richTextToPlain, sanitizeRichText } from './inbox.sanitize.js';

const PREVIEW_LENGTH = 140;

/** Sanitised body and its plain text; a body with nothing left after sanitising is refused. */
function cleanBody(raw: string): { html: string; text: string } {
  const html = sanitizeRichText(raw);
  const text = richTextToPlain(html);
  if (!text) throw validationError({ body: 'Please write a message.' });
  return { html, text };
}

function preview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/** Adds a message, moves the thread up both lists and counts it unread for the other participant. */
async function appendMessage(
  ctx: TRequestContext,
  options: { threadId: string; fromUserId: string; body: { html: string; text: string }; type?: string; isSystemMessage?: boolean },
): Promise<TMessageRow> {
  const [message] = await ctx.tx
    .insert(messages)
    .values({
      clusterId: ctx.clusterId,
      threadId: options.threadId,
      fromUserId: options.fromUserId,
      body: options.body.html,
      bodyText: options.body.text,
      isSystemMessage: options.isSystemMessage ?? false,
      type: options.type ?? 'message',
      createdAt: ctx.now,
    })
    .returning();
  if (!message) throw new Error('message insert returned no row');
  await ctx.tx
    .update(threads)
    .set({ lastMessageAt: ctx.now, lastMessagePreview: preview(options.body.text), lastMessageFromUserId: options.fromUserId })
    .where(eq(threads.id, options.threadId));
  await ctx.tx
    .update(threadParticipants)
    .set({ lastMessageAt: ctx.now, lastReadAt: ctx.now, unreadCount: 0 })
    .where(and(eq(threadParticipants.threadId, options.threadId), eq(threadParticipants.userId, options.fromUserId)));
  // A new message brings an archived conversation back to the recipient's inbox.
  await ctx.tx
    .update(threadParticipants)
    .set({ lastMessageAt: ctx.now, unreadCount: sql`${threadParticipants.unreadCount} + 1`, archivedAt: null })
    .where(and(eq(threadParticipants.threadId, options.threadId), ne(threadParticipants.userId, options.fromUserId)));
  return message;
}

/**
 * Starts a conversation (issue #5 item 1): the recipient is an approved member of the hub, the message
 * type passes spec 6 Messaging, the sender is under the request limit (spec 5), meeting types respect the
 * recipient's availability, and a template's placeholders are filled (spec 5 Message template).
 */
export async function createThread(ctx: TRequestContext, request: TCreateThreadRequest): Promise<{ row: TThreadListRow; message: TMessageRow }> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const membership = requireApprovedMember(ctx);
  if (request.recipientId === viewer.user.id) throw validationError({ recipientId: 'You cannot send a message to yourself.' });

  const [recipient] = await ctx.tx
    .select({ user: users, membership: hubMemberships, userType: userTypes })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, request.recipientId)))
    .limit(1);
  const isRecipientMember =
    recipient &&
    recipient.user.deleteRequestedAt === null &&
    isApprovedUser({ importStatus: recipient.membership.importStatus, signupStage: recipient.membership.signupStage, approved: recipient.membership.approved });
  if (!recipient || !isRecipientMember) throw notFound('Recipient');

  const hubSettings = await getHubSettings(ctx.tx, hub.id);
  const typeSettings = hubMessageTypeSettings(hubSettings)[request.messageType];
  requireMessagingAllowed({
    hubSettings,
    typeSettings,
    messageType: request.messageType,
    senderType: membership.userType,
    recipientType: recipient.userType,
    recipientFirstName: recipient.user.firstName,
  });
  if (recipient.userType && !recipient.userType.canGetMessage) {
    throw new AppError({ statusCode: 403, code: 'recipient_unavailable', message: 'Recipient user type cannot get messages', userMessage: unavailableMessage(recipient.user.firstName) });
  }
  if (
    isBlockedByAvailability({
      messageType: request.messageType,
      lastAvailabilityDate: recipient.user.lastAvailabilityDate,
      now: ctx.now,
      timeZone: viewer.user.timezone,
    })
  ) {
    throw new AppError({ statusCode: 403, code: 'recipient_unavailable', message: 'No availability dates left', userMessage: NO_AVAILABLE_DATES_MESSAGE });
  }
  const requestedCount = await countOpenRequests(ctx.tx, { hubId: hub.id, fromUserId: viewer.user.id, messageType: request.messageType });
  const limitMessage = requestLimitError({ requestedCount, maxMessages: typeSettings.maxMessages });
  if (limitMessage) throw new AppError({ statusCode: 403, code: 'request_limit_reached', message: 'Request limit reached', userMessage: limitMessage });

  const body = cleanBody(request.body);
  const placeholders = findUnfilledPlaceholders(body.text);
  if (placeholders.length > 0) {
    throw validationError({ body: `Please replace ${placeholders.join(', ')} before sending.` }, { placeholders });
  }

  const isRequest = request.messageType !== 'message';
  const [thread] = await ctx.tx
    .insert(threads)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      groupId: request.groupId ?? null,
      messageType: request.messageType,
      fromUserId: viewer.user.id,
      toUserId: recipient.user.id,
      status: isRequest ? 'pending' : 'accepted',
      mentorshipStatus: request.messageType === 'longTermMentorship' ? 'pending' : null,
      createdAt: ctx.now,
      lastMessageAt: ctx.now,
    })
    .returning();
  if (!thread) throw new Error('thread insert returned no row');
  await ctx.tx.insert(threadParticipants).values([
    { clusterId: ctx.clusterId, threadId: thread.id, userId: viewer.user.id, otherUserId: recipient.user.id, lastMessageAt: ctx.now },
    { clusterId: ctx.clusterId, threadId: thread.id, userId: recipient.user.id, otherUserId: viewer.user.id, lastMessageAt: ctx.now },
  ]);
  const message = await appendMessage(ctx, { threadId: thread.id, fromUserId: viewer.user.id, body, type: request.messageType });
  const row = await findThreadFor(ctx.tx, { threadId: thread.id, viewerId: viewer.user.id, hubId: hub.id });
  if (!row) throw new Error('created thread not visible');
  return { row, message };
}

/** Adds the viewer's message to a thread they may reply in (the route checked the read-only rule). */
export function postMessage(ctx: TRequestContext, options: { threadId: string; body: string }): Promise<TMessageRow> {
  const viewer = ctx.requireViewer();
  return appendMessage(ctx, { threadId: options.threadId, fromUserId: viewer.user.id, body: cleanBody(options.body) });
}

/** Marks the thread read for the viewer. */
export async function markRead(ctx: TRequestContext, threadId: string): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx
    .update(threadParticipants)
    .set({ lastReadAt: ctx.now, unreadCount: 0 })
    .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, viewer.user.id)));
}

/** Archives or restores the thread for the viewer only (spec 4: archived by the current user). */
export async function setArchived(ctx: TRequestContext, options: { threadId: string; isArchived: boolean }): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx
    .update(threadParticipants)
    .set({ archivedAt: options.isArchived ? ctx.now : null })
    .where(and(eq(threadParticipants.threadId, options.threadId), eq(threadParticipants.userId, viewer.user.id)));
}

const SYSTEM_TEXT = {
  accepted: (name: string) => `${name} accepted the request.`,
  rejected: (name: string) => `${name} declined the request.`,
  mentorClosed: (name: string) => `${name} closed the mentorship.`,
  menteeClosed: (name: string) => `${name} closed the mentorship.`,
} as const;

/** The recipient accepts or rejects a pending request; a system message records it. */
export async function decideRequest(ctx: TRequestContext, options: { row: TThreadListRow; decision: 'accepted' | 'rejected' }): Promise<void> {
  const viewer = ctx.requireViewer();
  const { thread } = options.row;
  await ctx.tx
    .update(threads)
    .set({
      status: options.decision,
      mentorshipStatus: thread.messageType === 'longTermMentorship' ? (options.decision === 'accepted' ? 'active' : 'rejected') : thread.mentorshipStatus,
    })
    .where(eq(threads.id, thread.id));
  const text = SYSTEM_TEXT[options.decision](viewer.user.firstName);
  await appendMessage(ctx, { threadId: thread.id, fromUserId: viewer.user.id, body: { html: `<p>${escapeHtml(text)}</p>`, text }, type: options.decision, isSystemMessage: true });
}

/** Closes an active mentorship with the participant's closing status (spec 4). */
export async function closeMentorship(ctx: TRequestContext, options: { row: TThreadListRow; status: TCloseStatus }): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx.update(threads).set({ mentorshipStatus: options.status }).where(eq(threads.id, options.row.thread.id));
  const text = SYSTEM_TEXT[options.status](viewer.user.firstName);
  await appendMessage(ctx, { threadId: options.row.thread.id, fromUserId: viewer.user.id, body: { html: `<p>${escapeHtml(text)}</p>`, text }, type: options.status, isSystemMessage: true });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
