import type { TMessage, TMessageAttachment, TThread } from '@commons/contract';
import { isMessageType } from '@commons/domain';
import { isClosedFor, threadAbilities, type TThreadView } from './inbox.policy.js';
import type { TAttachmentRow, TMessageRow, TOtherUser, TThreadListRow } from './inbox.queries.js';

/** The participant's view of a thread row, as the read-only rule and abilities need it. */
export function threadView(row: TThreadListRow, viewerId: string): TThreadView {
  return { thread: row.thread, viewerId, isArchived: row.participant.archivedAt !== null, isOtherUserDeleted: row.other.deleteRequestedAt !== null };
}

/** The other participant as the inbox shows them. */
export function presentOtherUser(other: TOtherUser): TThread['otherUser'] {
  return {
    id: other.id,
    identifier: other.identifier,
    fullName: `${other.firstName} ${other.lastName}`.trim(),
    firstName: other.firstName,
    photoUrl: other.photoUrl,
    isDeleted: other.deleteRequestedAt !== null,
  };
}

/** A thread for the viewer, with its read-only state and the viewer's abilities. */
export function presentThread(row: TThreadListRow, viewerId: string): TThread {
  const view = threadView(row, viewerId);
  const { thread, participant } = row;
  return {
    id: thread.id,
    hubId: String(thread.hubId),
    groupId: thread.groupId,
    messageType: isMessageType(thread.messageType) ? thread.messageType : 'message',
    status: thread.status,
    mentorshipStatus: thread.mentorshipStatus,
    isRequester: thread.fromUserId === viewerId,
    otherUser: presentOtherUser(row.other),
    lastMessage: thread.lastMessagePreview
      ? { preview: thread.lastMessagePreview, fromUserId: thread.lastMessageFromUserId, createdAt: thread.lastMessageAt.toISOString() }
      : null,
    unreadCount: participant.unreadCount,
    isArchived: view.isArchived,
    isClosed: isClosedFor(view),
    createdAt: thread.createdAt.toISOString(),
    lastMessageAt: participant.lastMessageAt.toISOString(),
    can: threadAbilities(view),
  };
}

/** An attachment; its URL answers only the thread's participants (with the bearer token). */
export function presentAttachment(row: TAttachmentRow): TMessageAttachment {
  return { id: row.id, name: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes, url: `/api/inbox/attachments/${row.id}` };
}

/** A message for the viewer, with its attachments. */
export function presentMessage(row: TMessageRow, viewerId: string, attachments: readonly TAttachmentRow[] = []): TMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    fromUserId: row.fromUserId,
    body: row.body,
    isSystemMessage: row.isSystemMessage,
    type: row.type,
    isMine: row.fromUserId === viewerId,
    createdAt: row.createdAt.toISOString(),
    attachments: attachments.map(presentAttachment),
  };
}
