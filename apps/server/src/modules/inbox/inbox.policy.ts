import type { THubSettings } from '@commons/contract';
import {
  isMeetingMessageType,
  isThreadClosed,
  messagingDenial,
  resolveMessageTypeSettings,
  ZMessageTypesSettings,
  type TMessageType,
  type TMessageTypeSettings,
  type TMessagingDenial,
  type TUserTypeMessaging,
  userTypeMessageTypeAccess,
} from '@commons/domain';
import { AppError, notFound } from '../../lib/app-error.js';
import type { TMembership, TRequestContext, TUserTypeRow } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';
import {
  findThreadFor,
  listThreadMessages,
  type TMessageWithFiles,
  type TThreadListRow,
  type TThreadRow,
} from './inbox.queries.js';

/** Mentorship statuses a participant or admin may set by closing a thread (spec 4). */
export type TCloseStatus = 'mentorClosed' | 'menteeClosed';

function refuse(message: string, code = 'forbidden'): AppError {
  return new AppError({ statusCode: 403, code, message, userMessage: message });
}

const ONLY_MEMBERS_MESSAGE = 'Only approved members of this hub can send messages.';

/** Why the viewer cannot start conversations in the request's hub, or null when they can. */
export function viewerMessagingRefusal(ctx: TRequestContext): string | null {
  // Unlike hubs.policy requireApprovedMember, a cluster admin needs a membership too: messages come from a member.
  const m = ctx.membership;
  return m && isApprovedMember(m) ? null : ONLY_MEMBERS_MESSAGE;
}

/** Only approved members of the hub (spec 4 approved user) start conversations. */
export function requireApprovedMember(ctx: TRequestContext): TMembership {
  const m = ctx.membership;
  if (!m || viewerMessagingRefusal(ctx) !== null) throw refuse(ONLY_MEMBERS_MESSAGE);
  return m;
}

/** spec 6 Messaging: meetings are disabled for a pair when either user type disables them. */
export function areMeetingsDisabled(
  senderType: TUserTypeRow | null,
  recipientType: TUserTypeRow | null,
): boolean {
  return Boolean(senderType?.meetingsDisabled || recipientType?.meetingsDisabled);
}

/** The hub's message type settings: hub moduleSettings.messageTypes over the domain defaults (spec 3). */
export function hubMessageTypeSettings(settings: THubSettings): Record<TMessageType, TMessageTypeSettings> {
  const parsed = ZMessageTypesSettings.safeParse(settings.moduleSettings['messageTypes']);
  return resolveMessageTypeSettings(parsed.success ? parsed.data : null);
}

/**
 * A program's effective message type settings (issue #6 item 4): its settings.messageTypes (spec 3 Group
 * settings) over the hub's, value by value, so a program value wins where set and a type the program
 * disables is not offered.
 */
export function programMessageTypeSettings(
  hubTypeSettings: Readonly<Record<TMessageType, TMessageTypeSettings>>,
  groupSettings: unknown,
): Record<TMessageType, TMessageTypeSettings> {
  const stored =
    typeof groupSettings === 'object' && groupSettings !== null
      ? (groupSettings as { messageTypes?: unknown }).messageTypes
      : undefined;
  const parsed = ZMessageTypesSettings.safeParse(stored ?? {});
  const program = parsed.success ? parsed.data : {};
  const merged = { ...hubTypeSettings };
  for (const type of Object.keys(merged) as TMessageType[]) {
    const own = Object.fromEntries(
      Object.entries(program[type] ?? {}).filter(([, value]) => value !== undefined),
    );
    merged[type] = { ...hubTypeSettings[type], ...own };
  }
  return merged;
}

/**
 * A sender user type's messaging for one message type (spec 3 User type messageTypes). The stored list
 * holds `type` (any recipient) or `type:recipientUserTypeId` entries; an empty list means the hub's
 * enabled types are open to every user type (no per-type restriction configured).
 */
export function userTypeMessaging(
  userType: TUserTypeRow | null,
  messageType: TMessageType,
): TUserTypeMessaging | null {
  if (!userType) return null;
  const access = userTypeMessageTypeAccess(userType.messageTypes, messageType);
  return access.recipientUserTypeIds.length === 0 ? { enabled: access.enabled } : access;
}

const DENIAL_MESSAGES: Record<Exclude<TMessagingDenial, null>, (name: string) => string> = {
  typeDisabled: () => 'This message type is not enabled in this hub.',
  senderTypeDisabled: () => 'Your user type cannot send this message type.',
  recipientTypeNotAllowed: (name) => `You cannot send this message type to ${name}.`,
  advisingHidden: () => 'Adviser meetings are not available in this hub.',
  meetingsDisabled: (name) => `Meetings with ${name} are not available.`,
};

/**
 * spec 6 Messaging through the domain's messagingDenial: the type is enabled for the hub, for the sender's
 * user type and towards the recipient's; adviser meetings need the advisers module; meeting types are
 * refused when either user type has meetings disabled. Null when allowed.
 */
export function messagingError(options: {
  hubSettings: THubSettings;
  typeSettings: TMessageTypeSettings;
  messageType: TMessageType;
  senderType: TUserTypeRow | null;
  recipientType: TUserTypeRow | null;
  recipientFirstName: string;
}): AppError | null {
  const recipientTypeId = options.recipientType?.id ?? '';
  const isMeetingDisabled = areMeetingsDisabled(options.senderType, options.recipientType);
  const denial = messagingDenial({
    isTypeEnabledForHubOrProgram: options.typeSettings.enabled,
    senderTypeSettings: userTypeMessaging(options.senderType, options.messageType),
    recipientUserTypeId: recipientTypeId,
    isMeetingType: isMeetingMessageType(options.messageType),
    isAdviserMeeting: options.messageType === 'adviserMeetingV2',
    isAdvisingShown: options.hubSettings.enabledModules.includes('advisers'),
    meetingsDisabledForUserTypeIds: isMeetingDisabled ? [recipientTypeId] : [],
  });
  return denial ? refuse(DENIAL_MESSAGES[denial](options.recipientFirstName), 'messaging_not_allowed') : null;
}

/** The viewer's side of a thread, for the read-only rule and the abilities. */
export type TThreadView = {
  thread: TThreadRow;
  viewerId: string;
  isArchived: boolean;
  isOtherUserDeleted: boolean;
};

/** spec 4: closed by mentorship status, rejection, my archive, or the other user's deletion. */
export function isClosedFor(view: TThreadView): boolean {
  return isThreadClosed({
    mentorshipStatus: view.thread.mentorshipStatus,
    isRejected: view.thread.status === 'rejected',
    isArchivedByCurrentUser: view.isArchived,
    isOtherUserDeleted: view.isOtherUserDeleted,
  });
}

/** What the viewer may do with a thread (presenter `can`). */
export function threadAbilities(view: TThreadView) {
  const { thread, viewerId } = view;
  const isRecipient = thread.toUserId === viewerId;
  const isPending = thread.status === 'pending';
  const isOpenMentorship =
    thread.messageType === 'longTermMentorship' && thread.mentorshipStatus === 'active' && !isClosedFor(view);
  return {
    reply: !isClosedFor(view),
    accept: isRecipient && isPending && !isClosedFor(view),
    reject: isRecipient && isPending && !isClosedFor(view),
    close: isOpenMentorship,
    archive: !view.isArchived,
    unarchive: view.isArchived,
  };
}

/** Posting into a closed thread answers 403 with the reason (spec 4 read-only thread). */
export function requireCanReply(view: TThreadView): void {
  if (!isClosedFor(view)) return;
  if (view.isArchived)
    throw refuse('You archived this conversation. Move it back to your inbox to reply.', 'thread_closed');
  if (view.isOtherUserDeleted)
    throw refuse(
      'This member is no longer on the platform, so the conversation is read-only.',
      'thread_closed',
    );
  throw refuse('This conversation is closed and read-only.', 'thread_closed');
}

/** Accept or reject: only the recipient of a pending request. */
export function requireCanDecide(view: TThreadView): void {
  const can = threadAbilities(view);
  if (!can.accept) throw refuse('Only the recipient can accept or reject a pending request.', 'forbidden');
}

/** Closing statuses of spec 4 that Commons sets: by a participant, by a hub admin, or by the job. */
export type TMentorshipCloseStatus = TCloseStatus | 'adminClosed' | 'autoClosed';

/** Close an active long-term mentorship: the mentor (recipient) gives mentorClosed, the mentee menteeClosed. */
export function closeStatusFor(view: TThreadView): TCloseStatus {
  if (!threadAbilities(view).close) throw refuse('Only an active mentorship can be closed.', 'forbidden');
  return view.thread.toUserId === view.viewerId ? 'mentorClosed' : 'menteeClosed';
}

/** Managing the hub's outreach templates takes the templates right (spec 6 hub access group 'templates'). */
export function requireOutreachTemplateManager(ctx: TRequestContext): void {
  ctx.requireRight('templates');
}

/** Overseeing the hub's long-term mentorships takes the programs right; custom-sql/inbox-rules.sql names it too. */
export function requireMentorshipOverseer(ctx: TRequestContext): void {
  ctx.requireRight('programs');
}

/** The viewer's thread in the request's hub; anyone who is not a participant gets 404. */
export async function requireThreadParticipant(
  ctx: TRequestContext,
  threadId: string,
): Promise<TThreadListRow> {
  const row = await findThreadFor(ctx.tx, {
    threadId,
    viewerId: ctx.requireViewer().user.id,
    hubId: ctx.requireHub().id,
  });
  if (!row) throw notFound('Thread');
  return row;
}

/**
 * A page of the messages of the viewer's thread in the request's hub, read together with the participant check
 * of requireThreadParticipant in one statement; anyone who is not a participant gets 404.
 */
export async function requireThreadMessages(
  ctx: TRequestContext,
  options: { threadId: string; cursor?: string | undefined; limit: number },
): Promise<{ rows: TMessageWithFiles[]; nextCursor: string | null }> {
  const page = await listThreadMessages(ctx.tx, {
    ...options,
    viewerId: ctx.requireViewer().user.id,
    hubId: ctx.requireHub().id,
  });
  if (!page) throw notFound('Thread');
  return page;
}
