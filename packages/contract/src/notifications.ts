import { z } from 'zod';
import { multiLineText, ZId, ZIsoDateTime, ZPageQuery, zPage } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Notifications (issue #5 item 4; spec 7 'notifications' document store, read where unread is true, by
 * notification type, or in createdAt order). One store per user and cluster for every area: inbox,
 * meetings, discussions and events. New notifications are pushed over the realtime gateway as
 * `notification.created` (REALTIME_INVALIDATIONS: ['notifications']).
 */
export const NOTIFICATION_PATHS = {
  list: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  /** POST: marks one notification read (`:id`). */
  markRead: '/api/notifications/:id/read',
  /** POST: marks all my notifications read (optionally one category or type). */
  markAllRead: '/api/notifications/read-all',
  /** GET: a confirmation page; POST (RFC 8058 one-click, `List-Unsubscribe=One-Click`): email digests off. */
  unsubscribe: '/api/email-digests/unsubscribe/:token',
} as const;

/** Builds the path of one notification action. */
export const notificationPath = {
  markRead: (id: string) => `/api/notifications/${encodeURIComponent(id)}/read`,
  unsubscribe: (token: string) => `/api/email-digests/unsubscribe/${encodeURIComponent(token)}`,
};

/** Inbox: a new message in one of my threads; a request (mentorship and the other request types) sent to me, accepted, declined or closed. */
const INBOX_NOTIFICATION_TYPES = [
  'inbox.message',
  'inbox.mentorship-requested',
  'inbox.mentorship-accepted',
  'inbox.mentorship-rejected',
  'inbox.mentorship-closed',
] as const;
/**
 * Meetings in my threads; `changed`: new times proposed, rescheduled, completed or marked no-show; `booked`: an
 * advising appointment was booked with me; `reminder`: an appointment of mine starts in 24 hours or 1 hour.
 */
const MEETING_NOTIFICATION_TYPES = [
  'meeting.requested',
  'meeting.accepted',
  'meeting.changed',
  'meeting.cancelled',
  'meeting.booked',
  'meeting.reminder',
] as const;
/**
 * Discussions (mentions, answers and comments on questions I follow, my answer accepted), events, and
 * moderation of what I posted; to approvers (approve-job-posts), a job post waiting for their approval.
 */
const CONTENT_NOTIFICATION_TYPES = [
  'discussion.mention',
  'discussion.answer',
  'discussion.comment',
  'event.registration-accepted',
  'discussion.question-approved',
  'discussion.question-rejected',
  'event.approved',
  'event.rejected',
  'discussion.answer-accepted',
  'job.approved',
  'job.rejected',
  'job.pending-approval',
] as const;

/**
 * Applications (issue #19 item 3): someone applied to my post; an application of mine, or to my post, changed
 * state (shortlisted, hired, rejected, withdrawn, work submitted, completed, not completed); and a
 * participation report of mine was reviewed (item 5).
 */
const APPLICATION_NOTIFICATION_TYPES = [
  'job.application-received',
  'job.application-updated',
  'experiential-learning.report-reviewed',
] as const;

/**
 * Pathways (issue #20 item 1): a member submitted a step that waits for my review (hub admins with
 * manage-pathways, the member's program mentors); a step of mine was approved or sent back.
 */
const PATHWAY_NOTIFICATION_TYPES = ['pathway.step-submitted', 'pathway.step-reviewed'] as const;

/** Admin announcements (issue #22 item 3): an announcement of my hub's admins addressed to me. */
const ANNOUNCEMENT_NOTIFICATION_TYPES = ['hub.announcement'] as const;

/** Every notification type. New types are only ever added. */
export const NOTIFICATION_TYPES = [
  ...INBOX_NOTIFICATION_TYPES,
  ...MEETING_NOTIFICATION_TYPES,
  ...CONTENT_NOTIFICATION_TYPES,
  ...APPLICATION_NOTIFICATION_TYPES,
  ...PATHWAY_NOTIFICATION_TYPES,
  ...ANNOUNCEMENT_NOTIFICATION_TYPES,
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Groups of types for filters and panels (the discussions panel lists `content`). */
export const NOTIFICATION_CATEGORIES = {
  inbox: INBOX_NOTIFICATION_TYPES,
  meetings: MEETING_NOTIFICATION_TYPES,
  content: CONTENT_NOTIFICATION_TYPES,
} as const satisfies Record<string, readonly TNotificationType[]>;
export const ZNotificationCategory = z.enum(['inbox', 'meetings', 'content']);
export type TNotificationCategory = z.infer<typeof ZNotificationCategory>;

/**
 * The headings the bell and the notifications page list notifications under (issue #16 item 1), in
 * their order of precedence. Requests ask something of me (a request or a meeting request); meeting
 * replies answer or change a meeting; answers include comments on questions I follow and my accepted
 * answers; a plain message (the inbox has its own count) and moderation outcomes fall under Other.
 */
export const NOTIFICATION_GROUPS = [
  'requests',
  'meetingReplies',
  'mentions',
  'answers',
  'events',
  'other',
] as const;
export const ZNotificationGroup = z.enum(NOTIFICATION_GROUPS);
export type TNotificationGroup = z.infer<typeof ZNotificationGroup>;

export const NOTIFICATION_GROUP_LABELS: Readonly<Record<TNotificationGroup, string>> = {
  requests: 'Requests',
  meetingReplies: 'Meeting replies',
  mentions: 'Mentions',
  answers: 'Answers',
  events: 'Events',
  other: 'Other',
};

// A Record, so a new type does not compile until it has a heading.
const GROUP_OF_TYPE: Readonly<Record<TNotificationType, TNotificationGroup>> = {
  'inbox.message': 'other',
  'inbox.mentorship-requested': 'requests',
  'inbox.mentorship-accepted': 'requests',
  'inbox.mentorship-rejected': 'requests',
  'inbox.mentorship-closed': 'requests',
  'meeting.requested': 'requests',
  'meeting.accepted': 'meetingReplies',
  'meeting.changed': 'meetingReplies',
  'meeting.cancelled': 'meetingReplies',
  'meeting.booked': 'requests',
  'meeting.reminder': 'other',
  'discussion.mention': 'mentions',
  'discussion.answer': 'answers',
  'discussion.comment': 'answers',
  'discussion.answer-accepted': 'answers',
  'event.registration-accepted': 'events',
  'event.approved': 'events',
  'event.rejected': 'events',
  'discussion.question-approved': 'other',
  'discussion.question-rejected': 'other',
  'job.approved': 'other',
  'job.rejected': 'other',
  'job.pending-approval': 'requests',
  'job.application-received': 'requests',
  'job.application-updated': 'other',
  'experiential-learning.report-reviewed': 'other',
  'pathway.step-submitted': 'requests',
  'pathway.step-reviewed': 'other',
  'hub.announcement': 'other',
};

/** The heading a notification type is listed under. */
export function notificationGroup(type: TNotificationType): TNotificationGroup {
  return GROUP_OF_TYPE[type];
}

/** The types listed under one heading (the list and read-all filter `group`). */
export function notificationTypesOfGroup(group: TNotificationGroup): TNotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => GROUP_OF_TYPE[type] === group);
}

/** The person whose action caused the notification. */
export const ZNotificationActor = z.object({
  id: ZId,
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
});
export type TNotificationActor = z.infer<typeof ZNotificationActor>;

/**
 * One notification. `title` is ready to show (toast, bell list); `url` is the web path it opens; `payload`
 * carries the ids of what it is about (threadId, messageId, meetingId, questionId, eventId, …).
 */
export const ZNotification = z.object({
  id: ZId,
  type: ZNotificationType,
  isUnread: z.boolean(),
  createdAt: ZIsoDateTime,
  /** The hub it happened in, when it belongs to one. */
  hubId: ZId.nullable(),
  actor: ZNotificationActor.nullable(),
  title: z.string(),
  url: z.string().nullable(),
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type TNotification = z.infer<typeof ZNotification>;

const ZBooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/notifications: newest first; `unread=true` only unread ones; `type`, `category` or `group` filter. */
export const ZNotificationListQuery = ZPageQuery.extend({
  unread: ZBooleanQuery.optional(),
  type: ZNotificationType.optional(),
  category: ZNotificationCategory.optional(),
  group: ZNotificationGroup.optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** A page of notifications with the unread count under the same filter. */
export const ZNotificationList = zPage(ZNotification).extend({ unreadCount: z.number().int() });
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** GET /api/notifications/unread-count (optionally `?category=`); `display` follows spec 9 'Count display'. */
export const ZNotificationUnreadCountQuery = z.object({ category: ZNotificationCategory.optional() });
export const ZNotificationUnreadCount = z.object({ count: z.number().int(), display: z.string() });
export type TNotificationUnreadCount = z.infer<typeof ZNotificationUnreadCount>;

export const ZNotificationResponse = z.object({ notification: ZNotification });

/** POST /api/notifications/read-all: every unread one, or only a category, type or group. */
export const ZMarkAllNotificationsReadRequest = z.object({
  category: ZNotificationCategory.optional(),
  type: ZNotificationType.optional(),
  group: ZNotificationGroup.optional(),
});
export type TMarkAllNotificationsReadRequest = z.infer<typeof ZMarkAllNotificationsReadRequest>;
export const ZMarkAllNotificationsReadResponse = z.object({
  markedCount: z.number().int(),
  unreadCount: z.number().int(),
});

/** Email digests of unread messages (issue #5 item 4): a per-user preference, daily by default. */
export const EMAIL_DIGEST_FREQUENCIES = ['immediately', 'daily', 'never'] as const;
export const ZEmailDigestFrequency = z.enum(EMAIL_DIGEST_FREQUENCIES);
export type TEmailDigestFrequency = z.infer<typeof ZEmailDigestFrequency>;
export const EMAIL_DIGEST_DEFAULT: TEmailDigestFrequency = 'daily';

export const ZDigestUnsubscribeResponse = z.object({ emailDigestFrequency: ZEmailDigestFrequency });

export const ZNotificationIdParams = z.object({ id: z.string().uuid() });
/** The signed token of an unsubscribe link (notifications.tokens on the server). */
export const ZUnsubscribeParams = z.object({ token: z.string().min(1).max(100) });

/** The bell's list, count and read marks, and one-click unsubscribe (paths in NOTIFICATION_PATHS). */
export const NOTIFICATION_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: NOTIFICATION_PATHS.list,
    operationId: 'listNotifications',
    summary: 'My notifications, newest first; unread=true, type=, category= or group= filter them (spec 7)',
    tag: 'notifications',
    query: ZNotificationListQuery,
    response: ZNotificationList,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: NOTIFICATION_PATHS.unreadCount,
    operationId: 'countUnreadNotifications',
    summary: 'How many of my notifications are unread, with the spec 9 count display text',
    tag: 'notifications',
    query: ZNotificationUnreadCountQuery,
    response: ZNotificationUnreadCount,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: NOTIFICATION_PATHS.markRead,
    operationId: 'markNotificationRead',
    summary: 'Mark one of my notifications read',
    tag: 'notifications',
    params: ZNotificationIdParams,
    response: ZNotificationResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  markAllRead: defineEndpoint({
    method: 'POST',
    path: NOTIFICATION_PATHS.markAllRead,
    operationId: 'markAllNotificationsRead',
    summary: 'Mark all my notifications read (or those of a category, type or group)',
    tag: 'notifications',
    body: ZMarkAllNotificationsReadRequest,
    response: ZMarkAllNotificationsReadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  /** A GET changes nothing: link scanners open links before people do. */
  unsubscribePage: defineEndpoint({
    method: 'GET',
    path: NOTIFICATION_PATHS.unsubscribe,
    operationId: 'getUnsubscribePage',
    summary: 'Confirmation page of an unsubscribe link (a GET changes nothing: link scanners)',
    tag: 'notifications',
    params: ZUnsubscribeParams,
    response: null,
    produces: ['text/html'],
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
  /** Answers a page to a browser form (Accept: text/html) and JSON otherwise. */
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: NOTIFICATION_PATHS.unsubscribe,
    operationId: 'unsubscribeEmailDigests',
    summary: 'One-click unsubscribe (RFC 8058): email digests become never; works without signing in',
    tag: 'notifications',
    params: ZUnsubscribeParams,
    response: ZDigestUnsubscribeResponse,
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
};

/**
 * Reply by email (spec 2 /email-response/{token}; INTERPRETATION: the twilio link becomes an inbound
 * address per thread and user). The token of a message email's Reply-To address also opens the web page.
 */

/** Longest reply accepted by email or the web page, in characters of plain text. */
export const EMAIL_RESPONSE_MAX_LENGTH = 5000;

/** GET /api/email-response/{token}: who the reply goes to and the latest message of the thread. */
export const ZEmailResponseThread = z.object({
  threadId: ZId,
  hubId: ZId,
  recipient: ZNotificationActor,
  latestMessage: z
    .object({ id: ZId, fromMe: z.boolean(), text: z.string(), createdAt: ZIsoDateTime })
    .nullable(),
  /** False when the thread is read-only (closed, rejected) for the token's user. */
  canReply: z.boolean(),
});
export type TEmailResponseThread = z.infer<typeof ZEmailResponseThread>;

/** POST /api/email-response/{token}: posts plain text as a message of the token's user. */
export const ZEmailResponseRequest = z.object({
  text: multiLineText().min(1).max(EMAIL_RESPONSE_MAX_LENGTH),
});
export const ZEmailResponseResult = z.object({ threadId: ZId, messageId: ZId });

/** The reply token of a message email's Reply-To address (also the path of its web page). */
export const ZEmailResponseParams = z.object({ token: z.string().min(1).max(200) });

/** Reply by email, web side: the token is the credential, so neither endpoint needs a sign-in. */
export const EMAIL_RESPONSE_ENDPOINTS = {
  thread: defineEndpoint({
    method: 'GET',
    path: '/api/email-response/:token',
    operationId: 'getEmailResponseThread',
    summary:
      'The conversation a reply-by-email token answers: recipient, latest message, whether a reply is possible',
    tag: 'email-response',
    params: ZEmailResponseParams,
    response: ZEmailResponseThread,
    errors: [400, 403, 404],
    auth: 'public',
    hub: 'none',
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/email-response/:token',
    operationId: 'postEmailResponse',
    summary: 'Reply in the conversation of a reply-by-email token (plain text; the inbox rules apply)',
    tag: 'email-response',
    params: ZEmailResponseParams,
    body: ZEmailResponseRequest,
    response: ZEmailResponseResult,
    status: 201,
    errors: [400, 403, 404],
    auth: 'public',
    hub: 'none',
  }),
};
