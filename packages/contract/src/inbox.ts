import { MESSAGE_TYPES } from '@commons/domain';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ZId, ZIsoDateTime } from './common.js';

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
export const MENTORSHIP_STATUSES = ['pending', 'active', 'rejected', 'mentorClosed', 'menteeClosed', 'autoClosed', 'adminClosed'] as const;

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
  lastMessage: z.object({ preview: z.string(), fromUserId: ZId.nullable(), createdAt: ZIsoDateTime }).nullable(),
  unreadCount: z.number().int().min(0),
  isArchived: z.boolean(),
  /** Read-only by the domain's isThreadClosed (spec 4). */
  isClosed: z.boolean(),
  createdAt: ZIsoDateTime,
  lastMessageAt: ZIsoDateTime,
  can: z.object({ reply: z.boolean(), accept: z.boolean(), reject: z.boolean(), close: z.boolean(), archive: z.boolean(), unarchive: z.boolean() }),
});
export type TThread = z.infer<typeof ZThread>;

export const ZThreadListResponse = z.object({ items: z.array(ZThread), nextCursor: z.string().nullable() });
export const ZThreadResponse = z.object({ thread: ZThread });

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
});
export type TMessage = z.infer<typeof ZMessage>;

/** Messages of a thread, newest first; `nextCursor` pages towards older messages. */
export const ZMessageListQuery = z.object(ZPaging);
export const ZMessageListResponse = z.object({ items: z.array(ZMessage), nextCursor: z.string().nullable() });

export const ZMessageBody = z.string().trim().min(1).max(MESSAGE_BODY_MAX);

export const ZCreateThreadRequest = z.object({
  recipientId: z.string().uuid(),
  messageType: ZMessageType,
  body: ZMessageBody,
  groupId: z.string().min(1).max(64).optional(),
});
export type TCreateThreadRequest = z.infer<typeof ZCreateThreadRequest>;
export const ZCreateThreadResponse = z.object({ thread: ZThread, message: ZMessage });

export const ZPostMessageRequest = z.object({ body: ZMessageBody });
export const ZPostMessageResponse = z.object({ message: ZMessage });

export const ZUnreadCountResponse = z.object({ unreadThreads: z.number().int().min(0), unreadMessages: z.number().int().min(0) });

/** My messages matching every word (prefix), newest first. */
export const ZInboxSearchQuery = z.object({ q: z.string().trim().min(1).max(200), ...ZPaging });
export const ZInboxSearchResponse = z.object({
  items: z.array(z.object({ message: ZMessage, thread: z.object({ id: ZId, otherUser: ZThreadUser }) })),
  nextCursor: z.string().nullable(),
});
