import { MESSAGE_TYPES } from '@commons/domain';
import { z } from 'zod';
import {
  multiLineText,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  singleLineText,
  ZId,
  ZIsoDateTime,
} from './common.js';
import { ZOkResponse } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { ZOrganizationParams } from './organization-admin.js';

/** Inbox paths (issue #5 item 1). Every call carries x-hub-id: threads belong to one hub. */
export const INBOX_PATHS = {
  threads: '/api/inbox/threads',
  thread: '/api/inbox/threads/:id',
  messages: '/api/inbox/threads/:id/messages',
  read: '/api/inbox/threads/:id/read',
  archive: '/api/inbox/threads/:id/archive',
  unarchive: '/api/inbox/threads/:id/unarchive',
  accept: '/api/inbox/threads/:id/accept',
  reject: '/api/inbox/threads/:id/reject',
  close: '/api/inbox/threads/:id/close',
  unreadCount: '/api/inbox/unread-count',
  search: '/api/inbox/search',
  compose: '/api/inbox/compose',
  contactOptions: '/api/inbox/contact-options',
  attachments: '/api/inbox/threads/:id/attachments',
  attachment: '/api/inbox/attachments/:attachmentId',
} as const;

export const ZMessageType = z.enum(MESSAGE_TYPES);

/** Longest message body accepted, in characters of HTML before sanitising. */
export const MESSAGE_BODY_MAX = 20_000;

const ZPaging = {
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/**
 * Thread list tabs: `inbox` my conversations that I have not archived, `rooms` those of a group or
 * program (groupId set), `archived` the ones I archived.
 */
export const INBOX_TABS = ['inbox', 'rooms', 'archived'] as const;
export const ZThreadListQuery = z.object({ tab: z.enum(INBOX_TABS).default('inbox'), ...ZPaging });
export type TThreadListQuery = z.infer<typeof ZThreadListQuery>;

export const ZThreadParams = z.object({ id: z.string().uuid() });

export const ZThreadUser = z.object({
  id: ZId,
  identifier: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  photoUrl: z.string().nullable(),
  /** The account is being deleted: the thread is read-only (spec 4). */
  isDeleted: z.boolean(),
});

/** spec 4 mentorship statuses a thread can carry; the closing ones make it read-only. */
export const MENTORSHIP_STATUSES = [
  'pending',
  'active',
  'rejected',
  'mentorClosed',
  'menteeClosed',
  'autoClosed',
  'adminClosed',
] as const;

export const ZThread = z.object({
  id: ZId,
  hubId: ZId,
  groupId: z.string().nullable(),
  messageType: ZMessageType,
  status: z.enum(['pending', 'accepted', 'rejected']),
  mentorshipStatus: z.string().nullable(),
  /** The viewer started the conversation (the requester). */
  isRequester: z.boolean(),
  otherUser: ZThreadUser,
  lastMessage: z
    .object({ preview: z.string(), fromUserId: ZId.nullable(), createdAt: ZIsoDateTime })
    .nullable(),
  unreadCount: z.number().int().min(0),
  isArchived: z.boolean(),
  /** Read-only by the domain's isThreadClosed (spec 4). */
  isClosed: z.boolean(),
  createdAt: ZIsoDateTime,
  lastMessageAt: ZIsoDateTime,
  can: z.object({
    reply: z.boolean(),
    accept: z.boolean(),
    reject: z.boolean(),
    close: z.boolean(),
    archive: z.boolean(),
    unarchive: z.boolean(),
  }),
  /** Why a meeting cannot be requested in this thread (its type or mentorship state), or null when it can. */
  meetingUnavailableReason: z.string().nullable(),
});
export type TThread = z.infer<typeof ZThread>;

export const ZThreadListResponse = z.object({ items: z.array(ZThread), nextCursor: z.string().nullable() });
export const ZThreadResponse = z.object({ thread: ZThread });

/** A file attached to a message; `url` needs the bearer token and answers only the thread's participants. */
export const ZMessageAttachment = z.object({
  id: ZId,
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  url: z.string(),
});
export type TMessageAttachment = z.infer<typeof ZMessageAttachment>;

export const ZMessage = z.object({
  id: ZId,
  threadId: ZId,
  fromUserId: ZId.nullable(),
  /** Sanitised HTML (spec 5 Rich text allowlist). */
  body: z.string(),
  isSystemMessage: z.boolean(),
  type: z.string(),
  isMine: z.boolean(),
  createdAt: ZIsoDateTime,
  attachments: z.array(ZMessageAttachment),
});
export type TMessage = z.infer<typeof ZMessage>;

/** Messages of a thread, newest first; `nextCursor` pages towards older messages. */
export const ZMessageListQuery = z.object(ZPaging);
export const ZMessageListResponse = z.object({ items: z.array(ZMessage), nextCursor: z.string().nullable() });

export const ZMessageBody = multiLineText().min(1).max(MESSAGE_BODY_MAX);

export const ZCreateThreadRequest = z.object({
  recipientId: z.string().uuid(),
  messageType: ZMessageType,
  body: ZMessageBody,
  groupId: z.string().min(1).max(64).optional(),
});
export type TCreateThreadRequest = z.infer<typeof ZCreateThreadRequest>;
export const ZCreateThreadResponse = z.object({ thread: ZThread, message: ZMessage });

/** Most files one message carries. */
export const MESSAGE_ATTACHMENTS_MAX = 5;

/** A reply: text, attachments uploaded to the thread beforehand, or both. */
export const ZPostMessageRequest = z
  .object({
    body: multiLineText().max(MESSAGE_BODY_MAX).default(''),
    attachmentIds: z.array(z.string().uuid()).max(MESSAGE_ATTACHMENTS_MAX).default([]),
  })
  .refine((v) => v.body.length > 0 || v.attachmentIds.length > 0, {
    message: 'Please write a message.',
    path: ['body'],
  });
export type TPostMessageRequest = z.infer<typeof ZPostMessageRequest>;
export const ZPostMessageResponse = z.object({ message: ZMessage });

/** Unread threads and messages in the hub (the navigation badge shows unreadThreads) and unread threads per tab. */
export const ZUnreadCountResponse = z.object({
  unreadThreads: z.number().int().min(0),
  unreadMessages: z.number().int().min(0),
  tabs: z.object({ inbox: z.number().int().min(0), rooms: z.number().int().min(0) }),
});
export type TUnreadCountResponse = z.infer<typeof ZUnreadCountResponse>;

/** My messages matching every word (prefix), newest first. */
export const ZInboxSearchQuery = z.object({ q: z.string().trim().min(1).max(200), ...ZPaging });
export const ZInboxSearchResponse = z.object({
  items: z.array(z.object({ message: ZMessage, thread: z.object({ id: ZId, otherUser: ZThreadUser }) })),
  nextCursor: z.string().nullable(),
});

export const ZAttachmentParams = z.object({ attachmentId: z.string().uuid() });
export const ZAttachmentResponse = z.object({ attachment: ZMessageAttachment });

/** Attachments: PDF, Word (DOCX), JPEG, PNG or WebP, 10 MB at most (multipart field "file"). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** What starting a conversation with one member offers (spec 6 Messaging, spec 9 templates and response time). */
export const ZComposeQuery = z.object({
  recipientId: z.string().uuid(),
  groupId: z.string().min(1).max(64).optional(),
});

export const ZComposeMessageType = z.object({
  type: ZMessageType,
  label: z.string(),
  headlineText: z.string(),
  subText: z.string(),
  /** Long-term mentorship commitment text (spec 9 default 'at least 2 hours per month'). */
  mentorshipLength: z.string(),
  videoLink: z.string().nullable(),
  /** Null when the viewer may send it now; otherwise the spec message saying why not. */
  unavailableReason: z.string().nullable(),
});
export type TComposeMessageType = z.infer<typeof ZComposeMessageType>;

export const ZOutreachTemplate = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  isCustom: z.boolean(),
});
export type TOutreachTemplateItem = z.infer<typeof ZOutreachTemplate>;

/**
 * A template the composer offers: an organisation's (sender and recipient both its approved members) carries the
 * organisation's name and comes first; the hub's and the defaults carry null (spec 6 Organisation admins: templates).
 */
export const ZComposeTemplate = ZOutreachTemplate.extend({ organizationName: z.string().nullable() });
export type TComposeTemplate = z.infer<typeof ZComposeTemplate>;

export const ZComposeResponse = z.object({
  recipient: ZThreadUser,
  /** spec 9 Response time labels from the recipient's recent replies; null when unknown. */
  responseTimeLabel: z.string().nullable(),
  /** The message types the hub enables, in their order, each with whether the viewer may send it to this member. */
  messageTypes: z.array(ZComposeMessageType),
  /**
   * The templates of the organisations sender and recipient share for their user type pair first, then the hub's
   * templates of the pair, else the defaults (spec 6, spec 9).
   */
  templates: z.array(ZComposeTemplate),
});
export type TComposeResponse = z.infer<typeof ZComposeResponse>;

/** How many members one contact-options call answers for: a page of directory cards or group members. */
export const CONTACT_OPTIONS_MAX_USERS = 50;

/** The contact actions offered on profiles, directory cards, quiz matches and member lists (issue #16 item 2). */
export const ZContactOptionsQuery = z.object({
  userIds: z.array(z.string().uuid()).min(1).max(CONTACT_OPTIONS_MAX_USERS),
  /** Members of a group or program: its message types and pool apply, as when writing from the group. */
  groupId: z.string().min(1).max(64).optional(),
});

export const ZMeetingOption = z.object({
  /** An open conversation with the member in which a meeting can be requested: the booking happens there. */
  threadId: ZId.nullable(),
  /** Otherwise the message type that starts the conversation the booking goes into. */
  messageType: ZMessageType.nullable(),
  /** Null when a meeting can be booked now; otherwise the spec message saying why not. */
  unavailableReason: z.string().nullable(),
});
export type TMeetingOption = z.infer<typeof ZMeetingOption>;

export const ZContactOptions = z.object({
  userId: ZId,
  /** As compose answers them: the types spec 6 allows for this pair, each with why it cannot be sent now. */
  messageTypes: z.array(ZComposeMessageType),
  /** Null when spec 6 allows no meeting between the two (meetings disabled for the pair, no type carries one). */
  meeting: ZMeetingOption.nullable(),
});
export type TContactOptions = z.infer<typeof ZContactOptions>;

export const ZContactOptionsResponse = z.object({
  /** Null when the viewer may start conversations in this hub; otherwise why not. */
  unavailableReason: z.string().nullable(),
  /** One item per asked member the viewer may contact here; the viewer and non-members are left out. */
  items: z.array(ZContactOptions),
});
export type TContactOptionsResponse = z.infer<typeof ZContactOptionsResponse>;

/** Admin outreach templates of one sender/recipient user type pair. */
export const ZOutreachTemplateInput = z.object({
  title: singleLineText().min(1, 'Enter a title.').max(100, 'Use at most 100 characters.'),
  body: multiLineText().min(1, 'Write the message.').max(5000, 'Use at most 5000 characters.'),
});
export const ZPutOutreachTemplatesRequest = z.object({
  senderUserTypeId: z.string().uuid(),
  recipientUserTypeId: z.string().uuid(),
  /** The pair's whole set, in order; an empty list brings back the default templates. */
  templates: z.array(ZOutreachTemplateInput).max(10),
});
export type TPutOutreachTemplatesRequest = z.infer<typeof ZPutOutreachTemplatesRequest>;
export const ZOutreachTemplateSet = z.object({
  senderUserTypeId: ZId,
  recipientUserTypeId: ZId,
  templates: z.array(ZOutreachTemplate),
});
export const ZOutreachTemplatesResponse = z.object({
  items: z.array(ZOutreachTemplateSet),
  /** The default templates, by style: student senders get 'student', everyone else 'alumni'. */
  defaults: z.object({ student: z.array(ZOutreachTemplate), alumni: z.array(ZOutreachTemplate) }),
  /** The hub's user types, in order; student-style senders get the student defaults (spec 9). */
  userTypes: z.array(z.object({ id: ZId, title: z.string(), isStudentStyle: z.boolean() })),
});
export type TOutreachTemplatesResponse = z.infer<typeof ZOutreachTemplatesResponse>;

/**
 * One organisation's outreach templates (spec 6 Organisation admins: templates): its sets per user type pair, offered
 * before the hub's to its approved members writing to each other; the hub's user types and defaults as the hub's list.
 */
export const ZOrganizationOutreachTemplatesResponse = ZOutreachTemplatesResponse.extend({
  organization: z.object({ id: ZId, identifier: z.string(), name: z.string() }),
});
export type TOrganizationOutreachTemplatesResponse = z.infer<typeof ZOrganizationOutreachTemplatesResponse>;

/** Hub admins with the programs right: the hub's long-term mentorships (never their messages). */
export const MENTORSHIP_LIST_STATUSES = ['pending', 'active', 'closed'] as const;
export const ZMentorshipListQuery = z.object({
  status: z.enum(MENTORSHIP_LIST_STATUSES).default('active'),
  ...ZPaging,
});
export const ZMentorship = z.object({
  threadId: ZId,
  mentee: ZThreadUser,
  mentor: ZThreadUser,
  mentorshipStatus: z.string(),
  createdAt: ZIsoDateTime,
  acceptedAt: ZIsoDateTime.nullable(),
  closedAt: ZIsoDateTime.nullable(),
  /** When the job will close it (acceptedAt + the hub's mentorshipLength), when the length is a duration. */
  autoCloseAt: ZIsoDateTime.nullable(),
});
export type TMentorship = z.infer<typeof ZMentorship>;
export const ZMentorshipListResponse = z.object({
  items: z.array(ZMentorship),
  nextCursor: z.string().nullable(),
});
export const ZMentorshipResponse = z.object({ mentorship: ZMentorship });
export type TMentorshipListQuery = z.output<typeof ZMentorshipListQuery>;
export type TOutreachTemplateSet = z.infer<typeof ZOutreachTemplateSet>;

/**
 * Hub administration of the inbox: outreach templates per user type pair (templates right; spec 6 'Admin
 * templates replace the default outreach templates by user type pair') and the hub's long-term mentorships
 * (programs right; spec 4 adminClosed).
 */
export const INBOX_ADMIN_ENDPOINTS = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/hub/outreach-templates',
    operationId: 'listHubOutreachTemplates',
    summary:
      'Outreach templates of the hub per sender/recipient user type pair, and the defaults (templates right)',
    tag: 'inbox',
    response: ZOutreachTemplatesResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  replaceTemplates: defineEndpoint({
    method: 'PUT',
    path: '/api/hub/outreach-templates',
    operationId: 'replaceHubOutreachTemplates',
    summary:
      'Replace the outreach templates of one user type pair; an empty list brings back the defaults (templates right)',
    tag: 'inbox',
    body: ZPutOutreachTemplatesRequest,
    response: ZOutreachTemplatesResponse.pick({ items: true }),
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  mentorships: defineEndpoint({
    method: 'GET',
    path: '/api/hub/mentorships',
    operationId: 'listHubMentorships',
    summary: 'Long-term mentorships of the hub by state, newest first (programs right; never their messages)',
    tag: 'inbox',
    query: ZMentorshipListQuery,
    response: ZMentorshipListResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  closeMentorship: defineEndpoint({
    method: 'POST',
    path: '/api/hub/mentorships/:id/close',
    operationId: 'closeHubMentorship',
    summary: 'Close an active long-term mentorship as an administrator (adminClosed; programs right)',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZMentorshipResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};

/**
 * An organisation's outreach templates in its admins' console (spec 6 Organisation admins: templates; issue #22):
 * the templates right in that organisation, the hub's commands and validation with the organisation's scope.
 */
export const ORGANIZATION_TEMPLATE_ENDPOINTS = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/admin/organizations/:identifier/outreach-templates',
    operationId: 'listOrganizationOutreachTemplates',
    summary:
      'templates in one organisation: its outreach templates per sender/recipient user type pair, with the defaults',
    tag: 'admin',
    params: ZOrganizationParams,
    response: ZOrganizationOutreachTemplatesResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  replaceTemplates: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/organizations/:identifier/outreach-templates',
    operationId: 'replaceOrganizationOutreachTemplates',
    summary:
      'templates in one organisation: replace the templates of one user type pair; an empty list removes them',
    description:
      'Offered first to the organisation’s approved members writing to each other with that pair, labelled with ' +
      'its name, before the hub’s templates (or the defaults). Audited.',
    tag: 'admin',
    params: ZOrganizationParams,
    body: ZPutOutreachTemplatesRequest,
    response: ZOutreachTemplatesResponse.pick({ items: true }),
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};

/** Inbox threads and messages (issue #5 item 1); every endpoint works in the hub named by x-hub-id. */
export const INBOX_ENDPOINTS = {
  threads: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.threads,
    operationId: 'listInboxThreads',
    summary:
      'My threads in the hub, newest activity first (tab inbox: not archived; rooms: of a group; archived)',
    tag: 'inbox',
    query: ZThreadListQuery,
    response: ZThreadListResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  createThread: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.threads,
    operationId: 'createInboxThread',
    summary: 'Start a conversation with a member of the hub (spec 5 Request limit, spec 6 Messaging)',
    tag: 'inbox',
    body: ZCreateThreadRequest,
    response: ZCreateThreadResponse,
    status: 201,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  thread: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.thread,
    operationId: 'getInboxThread',
    summary: 'One of my threads',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.messages,
    operationId: 'listInboxMessages',
    summary: 'Messages of a thread, newest first; nextCursor pages towards older messages',
    tag: 'inbox',
    params: ZThreadParams,
    query: ZMessageListQuery,
    response: ZMessageListResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  postMessage: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.messages,
    operationId: 'postInboxMessage',
    summary: 'Reply in a thread, with files uploaded to it beforehand; closed threads are read-only (spec 4)',
    tag: 'inbox',
    params: ZThreadParams,
    body: ZPostMessageRequest,
    response: ZPostMessageResponse,
    status: 201,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  read: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.read,
    operationId: 'markInboxThreadRead',
    summary: 'Mark a thread read',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.archive,
    operationId: 'archiveInboxThread',
    summary: 'Archive a thread for me (it becomes read-only for me)',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  unarchive: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.unarchive,
    operationId: 'unarchiveInboxThread',
    summary: 'Move a thread back to my inbox',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.accept,
    operationId: 'acceptInboxRequest',
    summary: 'Accept a pending request (recipient only)',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.reject,
    operationId: 'rejectInboxRequest',
    summary: 'Reject a pending request (recipient only); the thread becomes read-only',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  close: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.close,
    operationId: 'closeInboxMentorship',
    summary: 'Close an active long-term mentorship (mentorClosed or menteeClosed)',
    tag: 'inbox',
    params: ZThreadParams,
    response: ZThreadResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.unreadCount,
    operationId: 'countInboxUnread',
    summary: 'My unread threads and messages in the hub',
    tag: 'inbox',
    response: ZUnreadCountResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  search: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.search,
    operationId: 'searchInbox',
    summary: 'Search my messages in the hub (every word as a prefix), newest first',
    tag: 'inbox',
    query: ZInboxSearchQuery,
    response: ZInboxSearchResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  compose: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.compose,
    operationId: 'getInboxCompose',
    summary:
      'Starting a conversation with a member: the message types I may send (and why not now), templates, response time',
    tag: 'inbox',
    query: ZComposeQuery,
    response: ZComposeResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
  contactOptions: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.contactOptions,
    operationId: 'getContactOptions',
    summary:
      'What I may do towards each of these members: the message types spec 6 allows (and why not now), booking a meeting',
    tag: 'inbox',
    query: ZContactOptionsQuery,
    response: ZContactOptionsResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'required',
  }),
};

/** Message attachments (spec 3 Meeting/message attachments): uploaded to a thread, sent with a reply, downloaded by its participants. */
export const INBOX_ATTACHMENT_ENDPOINTS = {
  upload: defineEndpoint({
    method: 'POST',
    path: INBOX_PATHS.attachments,
    operationId: 'uploadInboxAttachment',
    summary:
      'Upload a file to send in a thread (PDF, DOCX, JPEG, PNG or WebP, 10 MB at most; multipart field "file"); send it with attachmentIds',
    tag: 'inbox',
    params: ZThreadParams,
    consumes: 'multipart/form-data',
    response: ZAttachmentResponse,
    status: 201,
    errors: [400, 401, 403, 404, 413],
    auth: 'required',
    hub: 'required',
  }),
  download: defineEndpoint({
    method: 'GET',
    path: INBOX_PATHS.attachment,
    operationId: 'downloadInboxAttachment',
    summary: 'Download an attachment (participants of its thread only)',
    tag: 'inbox',
    params: ZAttachmentParams,
    response: null,
    produces: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/jpeg',
      'image/png',
      'image/webp',
    ],
    errors: [400, 401, 404],
    auth: 'required',
    hub: 'optional',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: INBOX_PATHS.attachment,
    operationId: 'removeInboxAttachment',
    summary: 'Remove one of my uploads that I have not sent yet',
    tag: 'inbox',
    params: ZAttachmentParams,
    response: ZOkResponse,
    errors: [400, 401, 404],
    auth: 'required',
    hub: 'optional',
  }),
};
