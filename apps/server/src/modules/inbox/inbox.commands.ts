import type {
  TComposeResponse,
  TCreateThreadRequest,
  THubSettings,
  TPutOutreachTemplatesRequest,
} from '@commons/contract';
import {
  applyUserTypeMessageTypeSettings,
  enabledMessageTypes,
  MESSAGE_TYPE_LABELS,
  findUnfilledPlaceholders,
  isApprovedUser,
  isBlockedByAvailability,
  NO_AVAILABLE_DATES_MESSAGE,
  NOT_GROUP_MEMBER_MESSAGE,
  OUTREACH_TEMPLATES,
  outreachTemplatesFor,
  RECIPIENT_NOT_IN_GROUP_MESSAGE,
  responseTimeLabel,
  unavailableMessage,
  type TMessageType,
  type TMessageTypeSettings,
} from '@commons/domain';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  groupMemberships,
  groups,
  hubMemberships,
  messageAttachments,
  messages,
  outreachTemplates,
  threadParticipants,
  threads,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { AppError, forbidden, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext, TUserTypeRow } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import {
  acceptCapacityError,
  countScope,
  recipientCapacityError,
  senderLimitError,
  type TMemberLimits,
} from './inbox.limits.js';
import {
  hubMessageTypeSettings,
  messagingError,
  programMessageTypeSettings,
  requireApprovedMember,
  type TMentorshipCloseStatus,
} from './inbox.policy.js';
import {
  findMentorship,
  findThreadFor,
  hubUserTypeIds,
  listComposeOutreachTemplates,
  listOutreachTemplates,
  recipientResponseHours,
  type TMentorshipRow,
  type TMessageRow,
  type TThreadListRow,
} from './inbox.queries.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import { presentComposeOption, presentOtherUser } from './inbox.presenter.js';
import { emitInboxEvent } from '../realtime/realtime.inbox.js';
import { markNotificationsRead } from '../notifications/notifications.commands.js';
import { fullName, notifyThreadParticipants } from '../notifications/thread-notifications.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';
import { greetingHubOfThread } from '../hub-welcome/hub-welcome.queries.js';
import { awardHubActivityBadges } from '../badges/badges.commands.js';
import { queueMentorshipClosed, queueMentorshipStarted, queueMessageSent } from './inbox.webhooks.js';

const PREVIEW_LENGTH = 140;

type TBody = { html: string; text: string };

/** Sanitised body and its plain text; a body with nothing left after sanitising is refused unless files go with it. */
function cleanBody(raw: string, options: { isEmptyAllowed?: boolean } = {}): TBody {
  const html = sanitizeRichText(raw);
  const text = richTextToPlain(html);
  if (!text && !options.isEmptyAllowed) throw validationError({ body: 'Please write a message.' });
  return { html: text ? html : '', text };
}

function preview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A one-paragraph system message body. */
export function systemBody(text: string): TBody {
  return { html: `<p>${escapeHtml(text)}</p>`, text };
}

/**
 * Adds a message, moves the thread up both lists and counts it unread for the other participant. The
 * recipient's first message stamps first_response_at (spec 9 response time labels).
 */
export async function appendMessage(
  ctx: TRequestContext,
  options: {
    threadId: string;
    fromUserId: string;
    body: TBody;
    type?: string;
    isSystemMessage?: boolean;
    previewText?: string;
  },
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
    .set({
      lastMessageAt: ctx.now,
      lastMessagePreview: preview(options.previewText ?? options.body.text),
      lastMessageFromUserId: options.fromUserId,
      firstResponseAt: sql`case when ${threads.toUserId} = ${options.fromUserId} then coalesce(${threads.firstResponseAt}, ${ctx.now}) else ${threads.firstResponseAt} end`,
    })
    .where(eq(threads.id, options.threadId));
  await ctx.tx
    .update(threadParticipants)
    .set({ lastMessageAt: ctx.now, lastReadAt: ctx.now, unreadCount: 0 })
    .where(
      and(
        eq(threadParticipants.threadId, options.threadId),
        eq(threadParticipants.userId, options.fromUserId),
      ),
    );
  // A new message brings an archived conversation back to the recipient's inbox.
  await ctx.tx
    .update(threadParticipants)
    .set({
      lastMessageAt: ctx.now,
      unreadCount: sql`${threadParticipants.unreadCount} + 1`,
      archivedAt: null,
    })
    .where(
      and(
        eq(threadParticipants.threadId, options.threadId),
        ne(threadParticipants.userId, options.fromUserId),
      ),
    );
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: options.threadId,
    event: { kind: 'message', messageId: message.id, fromUserId: options.fromUserId },
  });
  if (!message.isSystemMessage)
    await queueMessageSent(ctx.tx, {
      messageId: message.id,
      threadId: options.threadId,
      fromUserId: options.fromUserId,
      type: message.type,
      now: ctx.now,
    });
  return message;
}

/** A member of the request's hub as a possible recipient. */
export type TRecipient = {
  user: typeof users.$inferSelect;
  membership: typeof hubMemberships.$inferSelect;
  userType: TUserTypeRow | null;
};

/** The recipient when they are an approved member of the hub whose account is not being deleted; else null. */
export async function findRecipient(ctx: TRequestContext, recipientId: string): Promise<TRecipient | null> {
  return (await findRecipients(ctx, [recipientId])).get(recipientId) ?? null;
}

/** findRecipient for several members in one query, by user id; those who cannot be written to are left out. */
export async function findRecipients(
  ctx: TRequestContext,
  recipientIds: readonly string[],
): Promise<Map<string, TRecipient>> {
  if (recipientIds.length === 0) return new Map();
  const rows = await ctx.tx
    .select({ user: users, membership: hubMemberships, userType: userTypes })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(eq(hubMemberships.hubId, ctx.requireHub().id), inArray(hubMemberships.userId, [...recipientIds])),
    );
  const recipients = rows.filter((row) => {
    const { importStatus, signupStage, approved } = row.membership;
    return row.user.deleteRequestedAt === null && isApprovedUser({ importStatus, signupStage, approved });
  });
  return new Map(recipients.map((row) => [row.user.id, row]));
}

/** The limits a member set: membership values for this hub, the account's otherwise. */
export function memberLimits(
  user: typeof users.$inferSelect,
  membership: typeof hubMemberships.$inferSelect | null,
): TMemberLimits {
  return {
    connectLimit: user.connectLimit,
    mentorshipLimit: user.mentorshipLimit,
    maxConnect: membership?.maxConnect ?? null,
    maxMentorship: membership?.maxMentorship ?? null,
  };
}

/**
 * What a send needs to know, loaded once per request: the hub's settings, the effective message type settings
 * (a program's messageTypes over the hub's when the send is in a program), the hub's own message type settings
 * (for the hub pool) and the program, if any.
 */
export type TSendContext = {
  hubId: number;
  hubSettings: THubSettings;
  settings: Record<TMessageType, TMessageTypeSettings>;
  hubTypeSettings: Record<TMessageType, TMessageTypeSettings>;
  groupId: string | null;
  /**
   * The effective settings for a member of this user type (issue #22 item 1): the hub's, then the user type's
   * stored values (user_types.message_type_settings), then the program's. `settings` is this for the viewer;
   * a recipient's capacity (maxMentorshipLimit, maxConnectLimit) is read through the recipient's type.
   */
  settingsFor: (userType: TUserTypeRow | null) => Record<TMessageType, TMessageTypeSettings>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The settings of a group of the hub, or null when there is no such group. */
async function findGroupSettings(
  ctx: TRequestContext,
  options: { hubId: number; groupId: string },
): Promise<{ id: string; settings: unknown } | null> {
  if (!UUID.test(options.groupId)) return null;
  const [row] = await ctx.tx
    .select({ id: groups.id, settings: groups.settings })
    .from(groups)
    .where(and(eq(groups.id, options.groupId), eq(groups.hubId, options.hubId)))
    .limit(1);
  return row ?? null;
}

/** The settings and message type settings of the request's hub, or of the given hub, in the given program when there is one. */
export async function loadSendContext(
  ctx: TRequestContext,
  hubId: number = ctx.requireHub().id,
  groupId: string | null = null,
): Promise<TSendContext> {
  const hubSettings = await getHubSettings(ctx.tx, hubId);
  const hubTypeSettings = hubMessageTypeSettings(hubSettings);
  const group = groupId === null ? null : await findGroupSettings(ctx, { hubId, groupId });
  const settingsFor = (userType: TUserTypeRow | null) => {
    const own = userType
      ? applyUserTypeMessageTypeSettings(hubTypeSettings, userType.messageTypeSettings)
      : hubTypeSettings;
    return group ? programMessageTypeSettings(own, group.settings) : own;
  };
  const viewerType = ctx.viewer?.memberships.find((m) => m.hubId === hubId)?.userType ?? null;
  return {
    hubId,
    hubSettings,
    hubTypeSettings,
    settings: settingsFor(viewerType),
    groupId: group?.id ?? null,
    settingsFor,
  };
}

/**
 * A send within a program (issue #6 item 4): the group belongs to the request's hub and both the viewer and
 * the recipient are approved members in good standing (spec 4: approved, and registered unless they joined
 * on their own, as in content/content.policy.ts). A sender outside the group hears the spec 8 message (403);
 * a hidden group answers 404 'Group' to outsiders, as does a group of another hub, so neither is revealed.
 */
export async function loadProgramSendContext(
  ctx: TRequestContext,
  options: { groupId: string; recipientId: string },
): Promise<TSendContext> {
  const { send, memberIds } = await loadProgramSendContextFor(ctx, {
    groupId: options.groupId,
    recipientIds: [options.recipientId],
  });
  if (!memberIds.has(options.recipientId)) throw forbidden(RECIPIENT_NOT_IN_GROUP_MESSAGE);
  return send;
}

/**
 * The program send context for several possible recipients at once (the contact actions of a member list):
 * the viewer's membership is checked as loadProgramSendContext does; which recipients are members is answered.
 */
export async function loadProgramSendContextFor(
  ctx: TRequestContext,
  options: { groupId: string; recipientIds: readonly string[] },
): Promise<{ send: TSendContext; memberIds: Set<string> }> {
  const hubId = ctx.requireHub().id;
  const viewerId = ctx.requireViewer().user.id;
  const userIds = [viewerId, ...options.recipientIds];
  if (!UUID.test(options.groupId)) throw notFound('Group');
  const members = await ctx.tx
    .select({ userId: groupMemberships.userId })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(
      and(
        eq(groupMemberships.groupId, options.groupId),
        eq(groups.hubId, hubId),
        inArray(groupMemberships.userId, userIds),
        eq(groupMemberships.approved, true),
        sql`(${groupMemberships.importStatus} = 'joined' or ${groupMemberships.completedRegistrationDate} is not null)`,
      ),
    );
  const memberIds = new Set(members.map((m) => m.userId));
  if (!memberIds.has(viewerId)) {
    const [group] = await ctx.tx
      .select({ isHidden: groups.isHidden })
      .from(groups)
      .where(and(eq(groups.id, options.groupId), eq(groups.hubId, hubId)))
      .limit(1);
    if (!group || group.isHidden) throw notFound('Group');
    throw forbidden(NOT_GROUP_MEMBER_MESSAGE);
  }
  memberIds.delete(viewerId);
  const send = await loadSendContext(ctx, hubId, options.groupId);
  if (send.groupId === null) throw notFound('Group');
  return { send, memberIds };
}

/** spec 6 Messaging for the viewer towards one recipient and type; null when allowed. */
export function messagingRuleError(
  ctx: TRequestContext,
  send: TSendContext,
  recipient: TRecipient,
  type: TMessageType,
): AppError | null {
  return messagingError({
    hubSettings: send.hubSettings,
    typeSettings: send.settings[type],
    messageType: type,
    senderType: ctx.membership?.userType ?? null,
    recipientType: recipient.userType,
    recipientFirstName: recipient.user.firstName,
  });
}

/** How a limit check runs: a real send, or a preview of what may be sent (compose, contact actions). */
export type TLimitCheck = {
  /** Nothing is taken, so the recipient's capacity is counted without the lock a send needs. */
  isPreview?: boolean;
  /** Sender limits already counted in this request, by type: they do not depend on the recipient. */
  senderErrors?: Map<TMessageType, AppError | null>;
};

/**
 * Whether the viewer may send this type to this recipient right now, past spec 6 Messaging: the recipient's
 * user type gets messages, the recipient still has availability dates for meeting types (spec 5), the sender
 * is under the request and open mentorship limits, and the recipient has capacity (spec 5, spec 8).
 */
export async function sendLimitError(
  ctx: TRequestContext,
  send: TSendContext,
  recipient: TRecipient,
  type: TMessageType,
  check: TLimitCheck = {},
): Promise<AppError | null> {
  const viewer = ctx.requireViewer();
  const name = recipient.user.firstName;
  if (recipient.userType && !recipient.userType.canGetMessage) {
    return new AppError({
      statusCode: 403,
      code: 'recipient_unavailable',
      message: 'Recipient user type cannot get messages',
      userMessage: unavailableMessage(name),
    });
  }
  const isUnavailable = isBlockedByAvailability({
    messageType: type,
    lastAvailabilityDate: recipient.user.lastAvailabilityDate,
    now: ctx.now,
    timeZone: viewer.user.timezone,
  });
  if (isUnavailable) {
    return new AppError({
      statusCode: 403,
      code: 'recipient_unavailable',
      message: 'No availability dates left',
      userMessage: NO_AVAILABLE_DATES_MESSAGE,
    });
  }
  const scope = countScope(send, type);
  const known = check.senderErrors?.get(type);
  const senderError =
    known !== undefined
      ? known
      : await senderLimitError(ctx.tx, { scope, senderId: viewer.user.id, type, settings: send.settings });
  check.senderErrors?.set(type, senderError);
  if (senderError) return senderError;
  return recipientCapacityError(ctx.tx, {
    scope,
    recipientId: recipient.user.id,
    recipientFirstName: name,
    member: memberLimits(recipient.user, recipient.membership),
    type,
    settings: send.settingsFor(recipient.userType),
    isPreview: check.isPreview ?? false,
  });
}

/** One message type the viewer may send a recipient, with why it cannot be sent now (null when it can). */
export type TComposeOption = {
  type: TMessageType;
  settings: TMessageTypeSettings;
  unavailableReason: string | null;
};

/** The message types the hub enables that spec 6 lets the viewer send to the recipient, each with why it cannot be sent now. */
export async function composeOptions(
  ctx: TRequestContext,
  send: TSendContext,
  recipient: TRecipient,
  senderErrors?: Map<TMessageType, AppError | null>,
): Promise<TComposeOption[]> {
  const options = [];
  for (const type of enabledMessageTypes(send.settings)) {
    if (messagingRuleError(ctx, send, recipient, type)) continue;
    const error = await sendLimitError(ctx, send, recipient, type, {
      isPreview: true,
      ...(senderErrors ? { senderErrors } : {}),
    });
    options.push({
      type,
      settings: send.settings[type],
      unavailableReason: error ? (error.userMessage ?? error.message) : null,
    });
  }
  return options;
}

/**
 * Starts a conversation (issue #5 item 1): the recipient is an approved member of the hub, the message type
 * passes spec 6 Messaging, the limits and availability of spec 5 hold, and a template's placeholders are
 * filled (spec 5 Message template).
 */
export async function createThread(
  ctx: TRequestContext,
  request: TCreateThreadRequest,
): Promise<{ row: TThreadListRow; message: TMessageRow }> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  requireApprovedMember(ctx);
  if (request.recipientId === viewer.user.id)
    throw validationError({ recipientId: 'You cannot send a message to yourself.' });
  const recipient = await findRecipient(ctx, request.recipientId);
  if (!recipient) throw notFound('Recipient');

  const send =
    request.groupId === undefined
      ? await loadSendContext(ctx)
      : await loadProgramSendContext(ctx, { groupId: request.groupId, recipientId: recipient.user.id });
  const ruleError = messagingRuleError(ctx, send, recipient, request.messageType);
  if (ruleError) throw ruleError;
  const limitError = await sendLimitError(ctx, send, recipient, request.messageType);
  if (limitError) throw limitError;

  const body = cleanBody(request.body);
  const placeholders = findUnfilledPlaceholders(body.text);
  if (placeholders.length > 0) {
    throw validationError(
      { body: `Please replace ${placeholders.join(', ')} before sending.` },
      { placeholders },
    );
  }

  const isRequest = request.messageType !== 'message';
  const [thread] = await ctx.tx
    .insert(threads)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      groupId: send.groupId,
      messageType: request.messageType,
      fromUserId: viewer.user.id,
      toUserId: recipient.user.id,
      status: isRequest ? 'pending' : 'accepted',
      mentorshipStatus: request.messageType === 'longTermMentorship' ? 'pending' : null,
      createdAt: ctx.now,
      lastMessageAt: ctx.now,
      acceptedAt: isRequest ? null : ctx.now,
    })
    .returning();
  if (!thread) throw new Error('thread insert returned no row');
  await ctx.tx.insert(threadParticipants).values([
    {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      userId: viewer.user.id,
      otherUserId: recipient.user.id,
      lastMessageAt: ctx.now,
    },
    {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      userId: recipient.user.id,
      otherUserId: viewer.user.id,
      lastMessageAt: ctx.now,
    },
  ]);
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: thread.id,
    event: { kind: 'thread', change: 'created' },
  });
  const message = await appendMessage(ctx, {
    threadId: thread.id,
    fromUserId: viewer.user.id,
    body,
    type: request.messageType,
  });
  await notifyThreadParticipants(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    threadId: thread.id,
    actorUserId: viewer.user.id,
    type: isRequest ? 'inbox.mentorship-requested' : 'inbox.message',
    title: isRequest
      ? `${fullName(viewer.user)} sent you a ${MESSAGE_TYPE_LABELS[request.messageType].toLowerCase()} request`
      : `${fullName(viewer.user)} sent you a message`,
    messageId: message.id,
  });
  // Reaching out to someone new builds the sender's network in this hub (issue #18 item 4).
  await completeViewerActionItem(ctx, 'build_your_network', { hubIds: [hub.id] });
  const row = await findThreadFor(ctx.tx, { threadId: thread.id, viewerId: viewer.user.id, hubId: hub.id });
  if (!row) throw new Error('created thread not visible');
  return { row, message };
}

/**
 * Adds the viewer's message to a thread they may reply in (the route checked the read-only rule), with the
 * files they uploaded to this thread and have not sent yet.
 */
export async function postMessage(
  ctx: TRequestContext,
  options: { threadId: string; body: string; attachmentIds: readonly string[] },
): Promise<TMessageRow> {
  const viewer = ctx.requireViewer();
  const body = cleanBody(options.body, { isEmptyAllowed: options.attachmentIds.length > 0 });
  const files = options.attachmentIds.length
    ? await ctx.tx
        .select({ id: messageAttachments.id, name: messageAttachments.originalName })
        .from(messageAttachments)
        .where(
          and(
            inArray(messageAttachments.id, [...options.attachmentIds]),
            eq(messageAttachments.threadId, options.threadId),
            eq(messageAttachments.userId, viewer.user.id),
            isNull(messageAttachments.messageId),
          ),
        )
    : [];
  if (files.length !== new Set(options.attachmentIds).size) {
    throw validationError({ attachmentIds: 'An attachment was not found. Please upload it again.' });
  }
  const message = await appendMessage(ctx, {
    threadId: options.threadId,
    fromUserId: viewer.user.id,
    body,
    previewText: body.text || `Sent ${files.map((f) => f.name).join(', ')}`,
  });
  if (files.length > 0) {
    await ctx.tx
      .update(messageAttachments)
      .set({ messageId: message.id })
      .where(
        inArray(
          messageAttachments.id,
          files.map((f) => f.id),
        ),
      );
  }
  await notifyThreadParticipants(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    threadId: options.threadId,
    actorUserId: viewer.user.id,
    type: 'inbox.message',
    title: `${fullName(viewer.user)} sent you a message`,
    messageId: message.id,
  });
  return message;
}

/** Marks the thread read for the viewer. */
export async function markRead(ctx: TRequestContext, threadId: string): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx
    .update(threadParticipants)
    .set({ lastReadAt: ctx.now, unreadCount: 0 })
    .where(and(eq(threadParticipants.threadId, threadId), eq(threadParticipants.userId, viewer.user.id)));
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId,
    event: { kind: 'unread-removed' },
    onlyUserId: viewer.user.id,
  });
  // Reading the thread also reads its message notifications (bell and email digest).
  await markNotificationsRead(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: viewer.user.id,
    now: ctx.now,
    category: 'inbox',
    threadId,
  });
  // Opening the hub's auto-greeting completes its welcome action item (issue #22 item 1).
  const greetingHubId = await greetingHubOfThread(ctx.tx, { threadId, userId: viewer.user.id });
  if (greetingHubId !== null)
    await completeViewerActionItem(ctx, 'auto_greeting_welcome', { hubIds: [greetingHubId] });
}

/** Archives or restores the thread for the viewer only (spec 4: archived by the current user). */
export async function setArchived(
  ctx: TRequestContext,
  options: { threadId: string; isArchived: boolean },
): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx
    .update(threadParticipants)
    .set({ archivedAt: options.isArchived ? ctx.now : null })
    .where(
      and(eq(threadParticipants.threadId, options.threadId), eq(threadParticipants.userId, viewer.user.id)),
    );
  const change = options.isArchived ? 'archived' : 'unarchived';
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: options.threadId,
    event: { kind: 'thread', change },
    onlyUserId: viewer.user.id,
  });
}

const SYSTEM_TEXT = {
  accepted: (name: string) => `${name} accepted the request.`,
  rejected: (name: string) => `${name} declined the request.`,
  mentorClosed: (name: string) => `${name} closed the mentorship.`,
  menteeClosed: (name: string) => `${name} closed the mentorship.`,
  adminClosed: () => 'An administrator closed the mentorship.',
} as const;

/**
 * The recipient accepts or rejects a pending request; a system message records it. Accepting a meeting or
 * connection request needs room under the recipient's own limit (spec 8 connection limit message).
 */
export async function decideRequest(
  ctx: TRequestContext,
  options: { row: TThreadListRow; decision: 'accepted' | 'rejected' },
): Promise<void> {
  const viewer = ctx.requireViewer();
  const { thread } = options.row;
  if (options.decision === 'accepted') {
    // Meetings accept a request through here too, from routes without the hub header: use the thread's hub.
    // The thread's program, if it still exists, decides its pool as it did when the request was sent.
    const send = await loadSendContext(ctx, thread.hubId, thread.groupId);
    const type = options.row.thread.messageType as TMessageType;
    const error = await acceptCapacityError(ctx.tx, {
      scope: countScope(send, type),
      recipientId: viewer.user.id,
      member: memberLimits(viewer.user, viewer.memberships.find((m) => m.hubId === thread.hubId) ?? null),
      type,
      settings: send.settings,
    });
    if (error) throw error;
  }
  await ctx.tx
    .update(threads)
    .set({
      status: options.decision,
      acceptedAt: options.decision === 'accepted' ? ctx.now : null,
      mentorshipStatus:
        thread.messageType === 'longTermMentorship'
          ? options.decision === 'accepted'
            ? 'active'
            : 'rejected'
          : thread.mentorshipStatus,
    })
    .where(eq(threads.id, thread.id));
  if (options.decision === 'accepted' && thread.messageType === 'longTermMentorship')
    await queueMentorshipStarted(ctx.tx, { thread, now: ctx.now });
  await appendMessage(ctx, {
    threadId: thread.id,
    fromUserId: viewer.user.id,
    body: systemBody(SYSTEM_TEXT[options.decision](viewer.user.firstName)),
    type: options.decision,
    isSystemMessage: true,
  });
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: thread.id,
    event: { kind: 'thread', change: options.decision },
  });
  const label = MESSAGE_TYPE_LABELS[thread.messageType as TMessageType]?.toLowerCase() ?? 'message';
  await notifyThreadParticipants(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    threadId: thread.id,
    actorUserId: viewer.user.id,
    type: options.decision === 'accepted' ? 'inbox.mentorship-accepted' : 'inbox.mentorship-rejected',
    title: `${fullName(viewer.user)} ${options.decision === 'accepted' ? 'accepted' : 'declined'} your ${label} request`,
  });
}

/** A participant closes an active mentorship with their closing status (spec 4). */
export async function closeMentorship(
  ctx: TRequestContext,
  options: { row: TThreadListRow; status: 'mentorClosed' | 'menteeClosed' },
): Promise<void> {
  const viewer = ctx.requireViewer();
  await ctx.tx
    .update(threads)
    .set({ mentorshipStatus: options.status, closedAt: ctx.now, closedByUserId: viewer.user.id })
    .where(eq(threads.id, options.row.thread.id));
  await queueMentorshipClosed(ctx.tx, { thread: options.row.thread, status: options.status, now: ctx.now });
  await appendMessage(ctx, {
    threadId: options.row.thread.id,
    fromUserId: viewer.user.id,
    body: systemBody(SYSTEM_TEXT[options.status](viewer.user.firstName)),
    type: options.status,
    isSystemMessage: true,
  });
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId: options.row.thread.id,
    event: { kind: 'thread', change: 'closed' },
  });
  await notifyThreadParticipants(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    threadId: options.row.thread.id,
    actorUserId: viewer.user.id,
    type: 'inbox.mentorship-closed',
    title: `${fullName(viewer.user)} closed your mentorship`,
  });
  const { thread } = options.row;
  await awardHubActivityBadges(ctx, {
    userIds: [thread.fromUserId, thread.toUserId],
    hubId: thread.hubId,
    kind: 'mentorships_completed',
  });
}

/**
 * A hub admin with the programs right closes a mentorship (spec 4 adminClosed). The admin is not a
 * participant: the row-level policies of migrations/0008_inbox-rules.sql let them update the thread and both participant
 * rows and add the system message, never read the messages.
 */
export async function adminCloseMentorship(ctx: TRequestContext, threadId: string): Promise<void> {
  const viewer = ctx.requireViewer();
  const status: TMentorshipCloseStatus = 'adminClosed';
  const body = systemBody(SYSTEM_TEXT.adminClosed());
  const closed = await ctx.tx
    .update(threads)
    .set({
      mentorshipStatus: status,
      closedAt: ctx.now,
      closedByUserId: viewer.user.id,
      lastMessageAt: ctx.now,
      lastMessagePreview: preview(body.text),
      lastMessageFromUserId: null,
    })
    .where(eq(threads.id, threadId))
    .returning({
      id: threads.id,
      hubId: threads.hubId,
      fromUserId: threads.fromUserId,
      toUserId: threads.toUserId,
    });
  for (const thread of closed) await queueMentorshipClosed(ctx.tx, { thread, status, now: ctx.now });
  await ctx.tx.insert(messages).values({
    clusterId: ctx.clusterId,
    threadId,
    fromUserId: viewer.user.id,
    body: body.html,
    bodyText: body.text,
    isSystemMessage: true,
    type: status,
    createdAt: ctx.now,
  });
  await ctx.tx
    .update(threadParticipants)
    .set({ lastMessageAt: ctx.now, unreadCount: sql`${threadParticipants.unreadCount} + 1` })
    .where(eq(threadParticipants.threadId, threadId));
  await emitInboxEvent(ctx.tx, {
    clusterId: ctx.clusterId,
    threadId,
    event: { kind: 'thread', change: 'closed' },
  });
  await notifyThreadParticipants(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    threadId,
    actorUserId: viewer.user.id,
    type: 'inbox.mentorship-closed',
    title: 'An administrator closed your mentorship',
  });
}

/**
 * Replaces the outreach templates of one user type pair (an empty list brings back the defaults) of the hub, or,
 * with an organisation (its console checked the templates right in it), of that organisation of the hub (an empty
 * list leaves its members with the hub's); answers the pair's templates as saved.
 */
export async function replaceOutreachTemplates(
  ctx: TRequestContext,
  input: TPutOutreachTemplatesRequest,
  scope: { organizationId: string | null } = { organizationId: null },
) {
  const hubId = ctx.requireHub().id;
  const { organizationId } = scope;
  const { senderUserTypeId, recipientUserTypeId, templates } = input;
  const knownIds = await hubUserTypeIds(ctx.tx, { hubId, ids: [senderUserTypeId, recipientUserTypeId] });
  if (!knownIds.has(senderUserTypeId))
    throw validationError({ senderUserTypeId: 'Choose a user type of this hub.' });
  if (!knownIds.has(recipientUserTypeId))
    throw validationError({ recipientUserTypeId: 'Choose a user type of this hub.' });
  const pair = and(
    eq(outreachTemplates.hubId, hubId),
    organizationId === null
      ? isNull(outreachTemplates.organizationId)
      : eq(outreachTemplates.organizationId, organizationId),
    eq(outreachTemplates.senderUserTypeId, senderUserTypeId),
    eq(outreachTemplates.recipientUserTypeId, recipientUserTypeId),
  );
  await ctx.tx.delete(outreachTemplates).where(pair);
  if (templates.length > 0) {
    await ctx.tx.insert(outreachTemplates).values(
      templates.map((t, position) => ({
        clusterId: ctx.clusterId,
        hubId,
        organizationId,
        senderUserTypeId,
        recipientUserTypeId,
        position,
        title: t.title,
        body: t.body,
        updatedAt: ctx.now,
      })),
    );
  }
  await ctx.audit({
    action: 'inbox.outreach_templates',
    targetType: 'user_type_pair',
    targetId: `${senderUserTypeId}:${recipientUserTypeId}`,
    data: organizationId === null ? { count: templates.length } : { count: templates.length, organizationId },
  });
  return listOutreachTemplates(ctx.tx, { hubId, organizationId, senderUserTypeId, recipientUserTypeId });
}

/** Closes an active long-term mentorship of the hub as an administrator; answers it closed. */
export async function closeMentorshipAsAdmin(
  ctx: TRequestContext,
  threadId: string,
): Promise<TMentorshipRow> {
  const hubId = ctx.requireHub().id;
  const row = await findMentorship(ctx.tx, { hubId, threadId });
  if (!row) throw notFound('Mentorship');
  if (row.thread.mentorshipStatus !== 'active') throw forbidden('Only an active mentorship can be closed.');
  await adminCloseMentorship(ctx, row.thread.id);
  const closed = await findMentorship(ctx.tx, { hubId, threadId: row.thread.id });
  if (!closed) throw notFound('Mentorship');
  await ctx.audit({ action: 'inbox.mentorship_admin_closed', targetType: 'thread', targetId: row.thread.id });
  return closed;
}

/** Standard user types that write student-style outreach (spec 9 Outreach templates). */
export const STUDENT_STANDARD_TYPES: ReadonlySet<string> = new Set(['Student', 'Graduate Student']);

/**
 * Starting a conversation with a member: the message types the viewer may send (and why not now), the
 * outreach templates of their user type pair, and the recipient's response time.
 */
export async function loadCompose(
  ctx: TRequestContext,
  query: { recipientId: string; groupId?: string | undefined },
): Promise<TComposeResponse> {
  const viewer = ctx.requireViewer();
  const hub = ctx.requireHub();
  const membership = requireApprovedMember(ctx);
  if (query.recipientId === viewer.user.id)
    throw validationError({ recipientId: 'You cannot send a message to yourself.' });
  const recipient = await findRecipient(ctx, query.recipientId);
  if (!recipient) throw notFound('Recipient');
  // In a program, its message-type settings and its own pool apply (issue #6 item 4).
  const groupId = query.groupId;
  const send =
    groupId === undefined
      ? await loadSendContext(ctx)
      : await loadProgramSendContext(ctx, { groupId, recipientId: recipient.user.id });
  const options = await composeOptions(ctx, send, recipient);
  const senderTypeId = membership.userType?.id ?? '';
  const recipientTypeId = recipient.userType?.id ?? '';
  // One query: the organisations' templates both belong to (spec 6 Organisation admins: templates), then the hub's.
  const offered = await listComposeOutreachTemplates(ctx.tx, {
    hubId: hub.id,
    senderUserTypeId: senderTypeId,
    recipientUserTypeId: recipientTypeId,
    senderId: viewer.user.id,
    recipientId: recipient.user.id,
  });
  const ofOrganizations = offered.filter((t) => t.organizationName !== null);
  const custom = offered.filter((t) => t.organizationId === null);
  const templates = outreachTemplatesFor({
    senderUserTypeId: senderTypeId,
    recipientUserTypeId: recipientTypeId,
    isSenderStudent: STUDENT_STANDARD_TYPES.has(membership.userType?.standardUserType ?? ''),
    adminTemplates: custom.length
      ? [
          {
            senderUserTypeId: senderTypeId,
            recipientUserTypeId: recipientTypeId,
            templates: custom.map((t) => ({
              id: t.id,
              style: 'student' as const,
              title: t.title,
              body: t.body,
            })),
          },
        ]
      : [],
  });
  const hours = await recipientResponseHours(ctx.tx, { hubId: hub.id, userId: recipient.user.id });
  const defaultIds = new Set(OUTREACH_TEMPLATES.map((t) => t.id));
  return {
    recipient: presentOtherUser(recipient.user),
    responseTimeLabel: responseTimeLabel(hours),
    messageTypes: options.map(presentComposeOption),
    templates: [
      ...ofOrganizations.map((t) => ({
        id: t.id,
        title: t.title,
        body: t.body,
        isCustom: true,
        organizationName: t.organizationName,
      })),
      ...templates.map((t) => ({
        id: t.id,
        title: t.title,
        body: t.body,
        isCustom: !defaultIds.has(t.id),
        organizationName: null,
      })),
    ],
  };
}
